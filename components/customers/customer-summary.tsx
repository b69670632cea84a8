import type { ReactNode } from "react";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import Link from "@/components/layout/link";
import type { ContractRecord, CustomerRecord } from "@/lib/api/client";
import { customerHealthReason } from "@/lib/contracts/terms";
import { formatDate, formatEndDate, formatMoneyByCurrency, type MoneyLike } from "@/lib/format";
import { customerInvoicesHref } from "@/lib/lists/customer-invoices";
import { contractHref } from "@/lib/record-links";
import { HealthWithReason } from "../contracts/contract-detail-health";
import { Timestamp } from "../timestamp";

/** The customer's coverage contract as the server read it, or why it has none to show. */
export type CoverageRead = ContractRecord | "none" | "unreadable" | "not-listed";

/**
 * One customer: every field of its record, with its coverage contract's name and the
 * reason for its health, all rendered on the server (no script of its own). Its
 * invoices, contracts and payments follow in CustomerRecords, which the page streams
 * in once their first pages are read.
 */
export function CustomerSummary({
  customer,
  coverage,
  todayMs,
}: {
  customer: CustomerRecord;
  coverage: CoverageRead;
  todayMs: number;
}) {
  return (
    <>
      <Breadcrumb list={{ href: "/customers", label: "Customers" }} current={customer.name} />
      <header className="mb-5">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{customer.name}</h1>
          <HealthWithReason health={customer.contractHealth}>
            {healthReasonText(customer.contractHealth, coverage, todayMs)}
          </HealthWithReason>
        </div>
      </header>

      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-4">
        {/* What a person acts on first: what is owed, then the contract in force. */}
        <Card title="Amounts">
          <Field label="Outstanding on issued invoices">
            <Amounts amounts={customer.outstandingIssuedAmount} none="Nothing owed" />
            {formatMoneyByCurrency(customer.outstandingIssuedAmount).length > 0 ? (
              <Link
                href={customerInvoicesHref(customer.id, "unpaid")}
                className="inline-flex min-h-6 items-center text-accent underline"
              >
                Its unpaid invoices
              </Link>
            ) : null}
          </Field>
          <Field label="Contract value">
            <Amounts amounts={customer.contractValueAmount} none="None" />
          </Field>
          <Field label="Remaining to invoice">
            <Amounts amounts={customer.remainingToInvoiceAmount} none="Nothing" />
          </Field>
          <Field label="Contracts">{customer.contractCount.toLocaleString("en-US")}</Field>
        </Card>

        <Card title="Coverage contract">
          {customer.coverageContractId ? (
            <>
              <Field label="Contract">
                <Link
                  href={contractHref(customer.coverageContractId, customer.id)}
                  className="text-accent hover:underline"
                  title="Open this contract"
                >
                  {typeof coverage === "object" ? (
                    <span className="block">{coverage.name}</span>
                  ) : null}
                  <span className="font-mono text-xs">{customer.coverageContractId}</span>
                </Link>
              </Field>
              <Field label="Start">{formatDate(customer.coverageContractStartAt)}</Field>
              <Field label="Contract ends (last day covered)">
                {formatEndDate(customer.coverageContractEndAt)}
              </Field>
              <Field label="Auto-renew">{customer.coverageContractAutoRenew ? "Yes" : "No"}</Field>
              <Field label="Renewed">{customer.coverageContractRenewed ? "Yes" : "No"}</Field>
            </>
          ) : (
            <p className="text-fg-muted">No contract: the customer has no contract in force.</p>
          )}
        </Card>

        <Card title="Billing">
          <Field label="Billing email">
            <a
              className="inline-block py-1 text-accent hover:underline"
              href={`mailto:${customer.billingEmail}`}
            >
              {customer.billingEmail}
            </a>
          </Field>
          <Field label="Copied on emails">
            {customer.invoiceCcEmails.length > 0 ? (
              <ul>
                {customer.invoiceCcEmails.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            ) : (
              "No one"
            )}
          </Field>
          <Field label="Payment follow-up emails">
            {customer.emailPaymentFollowUps ? "On" : "Off"}
          </Field>
          <Field label="Last follow-up">
            {customer.lastPaymentFollowUpAt ? (
              <Timestamp iso={customer.lastPaymentFollowUpAt} />
            ) : (
              "Never"
            )}
          </Field>
        </Card>

        <Card title="Notes and record">
          <Field label="Staff note">{customer.note ?? "None"}</Field>
          <Field label="Note printed on invoices">{customer.invoiceNote ?? "None"}</Field>
          <Field label="Customer id">
            <span className="font-mono text-xs">{customer.id}</span>
          </Field>
          <Field label="Created">
            <Timestamp iso={customer.createdAt} />
          </Field>
          <Field label="Updated">
            <Timestamp iso={customer.updatedAt} />
          </Field>
        </Card>
      </div>
    </>
  );
}

function healthReasonText(health: string, coverage: CoverageRead, todayMs: number): string {
  if (coverage === "none") return customerHealthReason(health, null, todayMs);
  if (coverage === "unreadable") return "Its coverage contract could not be read.";
  if (coverage === "not-listed") return "Its coverage contract is not among its contracts.";
  return customerHealthReason(health, coverage, todayMs);
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-md border border-line bg-surface p-4 text-sm">
      <h2 className="mb-3 text-base font-medium">{title}</h2>
      <dl className="space-y-2">{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-fg-subtle">{label}</dt>
      <dd className="mt-0.5 break-words text-fg">{children}</dd>
    </div>
  );
}

/** One line per currency; currencies are never added together. */
function Amounts({ amounts, none }: { amounts: Record<string, MoneyLike>; none: string }) {
  const lines = formatMoneyByCurrency(amounts);
  if (lines.length === 0) return <span className="text-fg-muted">{none}</span>;
  return (
    <ul className="tabular-nums">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
