import type { ReactNode } from "react";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import Link from "@/components/layout/link";
import type { ContractRecord } from "@/lib/api/client";
import { healthReason, noticePeriodStart, termsInForceEnd } from "@/lib/contracts/terms";
import { formatDate, formatEndDate, formatPeriod, humanize } from "@/lib/format";
import { contractHref, contractInvoicesHref } from "@/lib/record-links";
import { HealthBadge, LifecycleBadge } from "../badges";
import { Timestamp } from "../timestamp";

type Amendment = NonNullable<ContractRecord["futureAmendment"]>;

const none = <span className="text-fg-muted">None</span>;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="min-w-0 rounded-md border border-line bg-surface p-4 text-sm"
    >
      <h2 className="mb-3 text-base font-medium text-fg">{title}</h2>
      <dl className="space-y-2">{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-fg">{children}</dd>
    </div>
  );
}

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/** Another contract of the same customer, by name when the customer's contracts hold it. */
function OtherContract({ id, siblings }: { id: string; siblings: ContractRecord[] }) {
  const other = siblings.find((c) => c.id.toLowerCase() === id.toLowerCase());
  return (
    <Link
      href={contractHref(id, other?.customerId)}
      className="text-accent underline"
      title={`Contract ${id}`}
    >
      {other?.name ?? <span className="font-mono text-xs">{id}</span>}
    </Link>
  );
}

function AmendmentFields({ amendment }: { amendment: Amendment }) {
  return (
    <ul className="space-y-0.5">
      <li>
        #{amendment.amendmentNumber} · {humanize(amendment.type)} · {humanize(amendment.status)}
      </li>
      <li>{formatPeriod(amendment.startAt, amendment.endAt)}</li>
      <li>Payment terms {days(amendment.paymentTermsDays)}</li>
      {amendment.finalizedAt ? (
        <li>
          Agreed <Timestamp iso={amendment.finalizedAt} />
        </li>
      ) : null}
      <li className="font-mono text-xs text-fg-muted">{amendment.id}</li>
    </ul>
  );
}

/**
 * One contract, every field of its record, rendered on the server: its customer,
 * status and health with the reason for it, its terms, renewal links and amendments.
 * Its invoices follow (ContractInvoices).
 */
export function ContractSummary({
  contract,
  siblings,
  customerName,
  todayMs,
}: {
  contract: ContractRecord;
  siblings: ContractRecord[];
  /** null: the customer could not be read (deleted): its id shows */
  customerName: string | null;
  todayMs: number;
}) {
  return (
    <>
      <Breadcrumb list={{ href: "/contracts", label: "Contracts" }} current={contract.name} />
      <header className="mb-5">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{contract.name}</h1>
          <LifecycleBadge status={contract.lifecycleStatus} />
          <HealthBadge health={contract.contractHealth} />
        </div>
        <p className="mt-2 max-w-3xl text-sm text-fg-muted" data-testid="health-reason">
          <span className="font-medium text-fg">Why {humanize(contract.contractHealth)}: </span>
          {healthReason(contract, todayMs)}
        </p>
        <p className="mt-2 text-sm">
          <Link href={contractInvoicesHref(contract.id)} className="text-accent underline">
            Its invoices in the invoices list
          </Link>
        </p>
      </header>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <ContractCard contract={contract} customerName={customerName} />

        <TermsCard contract={contract} />

        <RenewalCard contract={contract} siblings={siblings} />

        <AmendmentsCard contract={contract} />
      </div>
    </>
  );
}

/** Whose the contract is, its currency, processing, billables, notes and record times. */
function ContractCard({
  contract,
  customerName,
}: {
  contract: ContractRecord;
  customerName: string | null;
}) {
  return (
    <Card title="Contract">
      <Field label="Customer">
        <Link href={`/customers/${contract.customerId}`} className="text-accent underline">
          {customerName ?? <span className="font-mono text-xs">{contract.customerId}</span>}
        </Link>
      </Field>
      <Field label="Currency">{contract.currencyCode}</Field>
      <Field label="Processing invoices">
        {contract.processingInvoices ? (
          <>
            Yes, since <Timestamp iso={contract.processingInvoicesStartedAt} />
          </>
        ) : (
          "No"
        )}
      </Field>
      <Field label="Issues its invoices itself">{contract.autoIssue ? "Yes" : "No"}</Field>
      <Field label="Billables">
        {contract.subscriptionBillableCount} subscription · {contract.oneTimeBillableCount} one-time
      </Field>
      <Field label="Notes">
        {contract.notes ? <span className="whitespace-pre-wrap">{contract.notes}</span> : none}
      </Field>
      <Field label="Contract id">
        <span className="font-mono text-xs">{contract.id}</span>
      </Field>
      <Field label="Created">
        <Timestamp iso={contract.createdAt} />
      </Field>
      <Field label="Updated">
        <Timestamp iso={contract.updatedAt} />
      </Field>
    </Card>
  );
}

/** Its dates, the end of the terms in force and the notice period before it, renewal. */
function TermsCard({ contract }: { contract: ContractRecord }) {
  const termsEnd = termsInForceEnd(contract);
  const noticeFrom = termsEnd ? noticePeriodStart(termsEnd, contract.renewalNoticeDays) : null;
  const running = ["RENEWAL_DUE", "ENDING", "HEALTHY"].includes(contract.contractHealth);
  return (
    <Card title="Terms">
      <Field label="Start">{formatDate(contract.startAt)}</Field>
      <Field label="Contract ends (last day covered)">{formatEndDate(contract.endAt)}</Field>
      <Field label="Terms in force end (last day covered)">
        <span data-testid="terms-in-force-end">
          {running ? formatEndDate(termsEnd) : "No terms in force"}
        </span>
      </Field>
      <Field label="Cancellation (last day covered)">
        {contract.cancelsAt ? formatEndDate(contract.cancelsAt) : "None agreed"}
      </Field>
      <Field label="Payment terms">{days(contract.paymentTermsDays)}</Field>
      <Field label="Renewal notice period">
        <span data-testid="notice-period">
          {contract.renewalNoticeDays ? days(contract.renewalNoticeDays) : "None"}
        </span>
        {running && noticeFrom ? (
          <span className="block text-fg-muted">from {formatDate(noticeFrom)}</span>
        ) : null}
      </Field>
      <Field label="Renews automatically">
        {contract.autoRenew
          ? `Yes${contract.autoRenewalAt ? `, on ${formatDate(contract.autoRenewalAt)}` : ""}`
          : "No"}
      </Field>
    </Card>
  );
}

/** The contracts this one renews and is renewed by. */
function RenewalCard({
  contract,
  siblings,
}: {
  contract: ContractRecord;
  siblings: ContractRecord[];
}) {
  return (
    <Card title="Renewal">
      <Field label="Renews">
        {contract.renewingContractId ? (
          <OtherContract id={contract.renewingContractId} siblings={siblings} />
        ) : (
          none
        )}
      </Field>
      <Field label="Renewed by">
        {contract.renewalContractId ? (
          <OtherContract id={contract.renewalContractId} siblings={siblings} />
        ) : (
          none
        )}
      </Field>
    </Card>
  );
}

/** The terms in force, the agreed future terms and a draft. */
function AmendmentsCard({ contract }: { contract: ContractRecord }) {
  return (
    <Card title="Amendments">
      <Field label="Terms in force">
        {contract.currentAmendmentId || contract.currentAmendmentStatus ? (
          <ul className="space-y-0.5">
            <li>
              {contract.currentAmendmentStatus
                ? humanize(contract.currentAmendmentStatus)
                : "Status not given"}
              {contract.currentAmendmentStartAt
                ? `, from ${formatDate(contract.currentAmendmentStartAt)}`
                : ""}
            </li>
            {contract.currentAmendmentId ? (
              <li className="font-mono text-xs text-fg-muted">{contract.currentAmendmentId}</li>
            ) : null}
          </ul>
        ) : (
          none
        )}
      </Field>
      <Field label="Future terms (agreed)">
        <div data-testid="future-amendment">
          {contract.futureAmendment ? (
            <AmendmentFields amendment={contract.futureAmendment} />
          ) : (
            none
          )}
        </div>
      </Field>
      <Field label="Draft terms">
        {contract.draftAmendmentId ? (
          <span className="font-mono text-xs">{contract.draftAmendmentId}</span>
        ) : (
          none
        )}
      </Field>
    </Card>
  );
}
