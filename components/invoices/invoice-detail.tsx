import type { ReactNode } from "react";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import Link from "@/components/layout/link";
import type { InvoiceRecord } from "@/lib/api/client";
import {
  formatDate,
  formatMoney,
  formatMoneyByCurrency,
  formatPeriod,
  humanize,
} from "@/lib/format";
import { invoiceStanding, isOverdue, paymentStateOf } from "@/lib/invoice-state";
import { contractHref, customerPaymentsHref } from "@/lib/record-links";
import { InvoiceStatusBadge, PaymentStateBadge } from "../badges";
import { DueDate, Timestamp } from "../timestamp";

type Line = NonNullable<InvoiceRecord["lines"]>[number];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[11rem_1fr] sm:gap-3 border-b border-line py-2 last:border-b-0">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-md border border-line bg-surface p-4">
      <h2 id={id} className="mb-2 text-base font-medium">
        {title}
      </h2>
      <dl className="text-sm">{children}</dl>
    </section>
  );
}

const none = <span className="text-fg-subtle">—</span>;

function Approver({ invoice }: { invoice: InvoiceRecord }) {
  const user = invoice.approvedByUser;
  if (user) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
    return (
      <span>
        {name !== user.email ? <span className="font-medium">{name} </span> : null}
        <a className="text-accent underline" href={`mailto:${user.email}`}>
          {user.email}
        </a>{" "}
        <span className="text-fg-muted">({humanize(user.role)}, current role)</span>
      </span>
    );
  }
  if (invoice.approvedByApiKeyId)
    return (
      <span>
        API key <code className="text-xs">{invoice.approvedByApiKeyId}</code>
      </span>
    );
  if (invoice.approvedByUserId)
    return (
      <span>
        User <code className="text-xs">{invoice.approvedByUserId}</code>
      </span>
    );
  return none;
}

/** Sum of the lines per currency: currencies are never added together. */
function sumOfLines(lines: Line[]): Record<string, { value: number; currencyCode: string }> {
  const sums: Record<string, { value: number; currencyCode: string }> = {};
  for (const line of lines) {
    const code = line.amount.currencyCode;
    sums[code] = { value: (sums[code]?.value ?? 0) + line.amount.value, currencyCode: code };
  }
  return sums;
}

/**
 * Every field of one invoice, its approver and its lines. `contractName` and
 * `currentCustomerName` are read apart (null when they could not be): the contract
 * shows by name, and a customer renamed since the invoice was billed shows both names.
 */
export function InvoiceDetail({
  invoice,
  nowMs,
  contractName = null,
  currentCustomerName = null,
}: {
  invoice: InvoiceRecord;
  /** the dashboard's now (lib/insights/today.ts), for Overdue */
  nowMs: number;
  contractName?: string | null;
  currentCustomerName?: string | null;
}) {
  const renamed =
    invoice.customerName !== null &&
    currentCustomerName !== null &&
    invoice.customerName !== currentCustomerName;
  const lines = invoice.lines ?? [];
  const sums = formatMoneyByCurrency(sumOfLines(lines));
  const overdue = isOverdue(invoice, nowMs);
  const standing = invoiceStanding(invoice, nowMs);
  return (
    <article aria-labelledby="invoice-heading">
      <Breadcrumb list={{ href: "/invoices", label: "Invoices" }} current={invoice.number} />
      <header className="mb-5">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="invoice-heading" className="text-2xl font-semibold tracking-tight">
            Invoice {invoice.number}
          </h1>
          <InvoiceStatusBadge status={invoice.status} />
          <PaymentStateBadge state={paymentStateOf(invoice)} />
          {overdue ? (
            <span className="rounded bg-danger-soft px-1.5 py-0.5 text-xs font-medium text-danger">
              Overdue
            </span>
          ) : null}
        </div>
        <p className="mt-2 text-fg-muted" data-testid="invoice-standing">
          <span className="text-xl font-semibold tabular-nums text-fg">{standing.figure}</span>{" "}
          {standing.words}
        </p>
      </header>

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="grid gap-4">
          <Section title="Invoice" id="invoice-section">
            <Field label="Number">{invoice.number}</Field>
            <Field label="Status">
              <InvoiceStatusBadge status={invoice.status} />
            </Field>
            <Field label="Payment">
              <PaymentStateBadge state={paymentStateOf(invoice)} />
            </Field>
            <Field label="Customer">
              <Link
                href={`/customers/${invoice.customerId}`}
                className="text-accent underline"
                data-testid="invoice-customer"
              >
                {renamed
                  ? currentCustomerName
                  : (invoice.customerName ?? currentCustomerName ?? "Unnamed customer")}
              </Link>
              {renamed ? (
                <span className="block text-fg-muted" data-testid="billed-name">
                  Billed as &ldquo;{invoice.customerName}&rdquo;, the customer&apos;s name when the
                  invoice was issued
                </span>
              ) : null}
              <Link
                href={customerPaymentsHref(invoice.customerId)}
                className="mt-0.5 block text-accent underline"
              >
                The customer&apos;s payments
              </Link>
            </Field>
            <Field label="Contract">
              <Link
                href={contractHref(invoice.contractId, invoice.customerId)}
                className="text-accent underline"
                data-testid="invoice-contract"
              >
                {contractName ?? <code className="text-xs">{invoice.contractId}</code>}
              </Link>
            </Field>
            <Field label="Period">
              {formatPeriod(invoice.periodStartAt, invoice.periodEndAt)}{" "}
              <span className="text-fg-subtle">(first – last day billed, UTC)</span>
            </Field>
            <Field label="Payment terms">
              {invoice.paymentTermsDays === null
                ? none
                : `${invoice.paymentTermsDays} day${invoice.paymentTermsDays === 1 ? "" : "s"}`}
            </Field>
            <Field label="Delivery">
              {invoice.deliveryMethod ? humanize(invoice.deliveryMethod) : "None recorded"}
            </Field>
            <Field label="Notes">
              {invoice.notes ? <span className="whitespace-pre-wrap">{invoice.notes}</span> : none}
            </Field>
            <Field label="Invoice id">
              <code className="text-xs">{invoice.id}</code>
            </Field>
          </Section>

          <Section title="Approval" id="approval-section">
            <Field label="Approved by">
              <Approver invoice={invoice} />
            </Field>
            <Field label="Approved">
              <Timestamp iso={invoice.approvedAt} />
            </Field>
          </Section>
        </div>
        <div className="grid gap-4">
          <Section title="Amounts" id="amounts-section">
            <Field label="Total">{formatMoney(invoice.totalAmount)}</Field>
            <Field label="Applied">{formatMoney(invoice.appliedAmount)}</Field>
            <Field label="Pending card payments">{formatMoney(invoice.pendingPaymentAmount)}</Field>
            <Field label="Remaining">{formatMoney(invoice.remainingAmount)}</Field>
          </Section>
          <Section title="Dates" id="dates-section">
            <Field label="Issued">
              <Timestamp iso={invoice.issuedAt} />
            </Field>
            <Field label="Due">
              <DueDate iso={invoice.dueAt} />
            </Field>
            <Field label="Paid">
              {invoice.paidAt ? `${formatDate(invoice.paidAt)} (UTC date)` : none}
            </Field>
            <Field label="Last paid">
              {invoice.lastPaidAt ? `${formatDate(invoice.lastPaidAt)} (UTC date)` : none}
            </Field>
            <Field label="Voided">
              <Timestamp iso={invoice.voidedAt} />
            </Field>
            <Field label="Last sent">
              <Timestamp iso={invoice.lastSentAt} />
            </Field>
            <Field label="Created">
              <Timestamp iso={invoice.createdAt} />
            </Field>
            <Field label="Updated">
              <Timestamp iso={invoice.updatedAt} />
            </Field>
          </Section>
        </div>
      </div>

      <section aria-labelledby="lines-heading" className="mt-6">
        <h2 id="lines-heading" className="mb-2 text-base font-medium">
          Lines
        </h2>
        {lines.length === 0 ? (
          <p className="text-sm text-fg-muted">
            {invoice.lines === null
              ? "The API did not send the lines."
              : "This invoice has no lines."}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-md border border-line bg-surface">
            <table className="w-full text-sm">
              <caption className="sr-only">Lines of invoice {invoice.number}</caption>
              <thead className="bg-surface-muted text-left text-xs uppercase tracking-wide text-fg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Description
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Billing period
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.id} className="border-t border-line">
                    <td className="px-3 py-2">{line.description}</td>
                    <td className="px-3 py-2">
                      {formatPeriod(line.billingStartAt, line.billingEndAt)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatMoney(line.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-line-strong font-medium">
                  <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                    Sum of {lines.length} line{lines.length === 1 ? "" : "s"}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {sums.map((sum) => (
                      <div key={sum}>{sum}</div>
                    ))}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}
