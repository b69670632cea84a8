import type { ReactNode } from "react";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import Link from "@/components/layout/link";
import type { InvoiceRecord } from "@/lib/api/client";
import { formatDate, formatMoney, formatPeriod, humanize } from "@/lib/format";
import { invoiceStanding, isOverdue, paymentStateOf } from "@/lib/invoice-state";
import { contractHref, customerPaymentsHref } from "@/lib/record-links";
import { InvoiceStatusBadge, PaymentStateBadge } from "../badges";
import { DueDate, Timestamp } from "../timestamp";
import { InvoiceLines } from "./invoice-lines";

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

/** The number, status and payment badges, and the figure people decide on. */
function InvoiceHeader({ invoice, nowMs }: { invoice: InvoiceRecord; nowMs: number }) {
  const overdue = isOverdue(invoice, nowMs);
  const standing = invoiceStanding(invoice, nowMs);
  return (
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
  );
}

/** The customer, by its current name when renamed since billing, and a link to its payments. */
function CustomerField({
  invoice,
  currentCustomerName,
}: {
  invoice: InvoiceRecord;
  currentCustomerName: string | null;
}) {
  const renamed =
    invoice.customerName !== null &&
    currentCustomerName !== null &&
    invoice.customerName !== currentCustomerName;
  return (
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
          Billed as &ldquo;{invoice.customerName}&rdquo;, the customer&apos;s name when the invoice
          was issued
        </span>
      ) : null}
      <Link
        href={customerPaymentsHref(invoice.customerId)}
        className="mt-0.5 block text-accent underline"
      >
        The customer&apos;s payments
      </Link>
    </Field>
  );
}

function InvoiceSection({
  invoice,
  contractName,
  currentCustomerName,
}: {
  invoice: InvoiceRecord;
  contractName: string | null;
  currentCustomerName: string | null;
}) {
  return (
    <Section title="Invoice" id="invoice-section">
      <Field label="Number">{invoice.number}</Field>
      <Field label="Status">
        <InvoiceStatusBadge status={invoice.status} />
      </Field>
      <Field label="Payment">
        <PaymentStateBadge state={paymentStateOf(invoice)} />
      </Field>
      <CustomerField invoice={invoice} currentCustomerName={currentCustomerName} />
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
  );
}

function DatesSection({ invoice }: { invoice: InvoiceRecord }) {
  return (
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
  );
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
  return (
    <article aria-labelledby="invoice-heading">
      <Breadcrumb list={{ href: "/invoices", label: "Invoices" }} current={invoice.number} />
      <InvoiceHeader invoice={invoice} nowMs={nowMs} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="grid gap-4">
          <InvoiceSection
            invoice={invoice}
            contractName={contractName}
            currentCustomerName={currentCustomerName}
          />
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
            <Field label="Pending card payments">
              {formatMoney(invoice.pendingPaymentAmount)}
              {invoice.pendingPaymentAmount.value > 0 ? (
                <span className="block text-fg-muted" data-testid="pending-note">
                  Card payments awaiting their funds: not paid until they arrive. The API gives no
                  date for them.
                </span>
              ) : null}
            </Field>
            <Field label="Remaining">{formatMoney(invoice.remainingAmount)}</Field>
          </Section>
          <DatesSection invoice={invoice} />
        </div>
      </div>
      <InvoiceLines invoice={invoice} />
    </article>
  );
}
