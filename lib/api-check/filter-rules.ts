import "server-only";
import { CONTRACT_HEALTHS, INVOICE_STATUSES, LIFECYCLE_STATUSES } from "@/lib/api/enums";
import { parseDateBound } from "@/lib/api/list-params";

/**
 * What each filter keeps and each order sorts by, as docs/api.md (Lists) and
 * docs/readings.md (Invoices, Orders) say, so the check can tell a filter or an
 * order the API accepted but ignored. Which filters and orders are probed comes
 * from the list definitions, not from here: a filter without a rule is still
 * probed, only what it keeps is not checked.
 */
type Row = Record<string, unknown>;
type Keeps = (row: Row, sent: string) => boolean;

const money = (row: Row, field: string) => (row[field] as { value?: number } | null)?.value ?? 0;
const time = (value: unknown) => (typeof value === "string" ? Date.parse(value) : Number.NaN);
const bound = (sent: string) => parseDateBound(sent) ?? Number.NaN;
const sameId = (value: unknown, id: string) =>
  typeof value === "string" && value.toLowerCase() === id.toLowerCase();
const anyOf = (sent: string) => sent.split(",");
const yes = (sent: string) => sent === "true";
/**
 * Whether an enum value fits the values sent. A value the contract does not know is
 * not judged: it is reported as an unknown value, and a service that adds one
 * decides which of its filters keep it.
 */
const oneOf = (known: readonly string[], value: unknown, sent: string) =>
  !known.includes(String(value)) || anyOf(sent).includes(String(value));
/** "Issued invoices" (docs/readings.md, Invoices); an unknown status is not judged. */
const issued = (row: Row) =>
  row.status === "ISSUED" || !(INVOICE_STATUSES as readonly unknown[]).includes(row.status);
/** Issue date as the invoice filters read it: `issuedAt`, or `periodStartAt` while not issued. */
const issueDate = (row: Row) => time(row.issuedAt ?? row.periodStartAt);

export const FILTER_KEEPS: Record<string, Record<string, Keeps>> = {
  invoices: {
    customerId: (r, v) => sameId(r.customerId, v),
    customerIds: (r, v) => anyOf(v).some((id) => sameId(r.customerId, id)),
    contractId: (r, v) => sameId(r.contractId, v),
    statuses: (r, v) => oneOf(INVOICE_STATUSES, r.status, v),
    needsApproval: (r, v) => !yes(v) || r.status === "DRAFT",
    issueDateStartAt: (r, v) => issueDate(r) >= bound(v),
    issueDateEndAt: (r, v) => issueDate(r) <= bound(v),
    dueDateStartAt: (r, v) => issued(r) && time(r.dueAt) >= bound(v),
    dueDateEndAt: (r, v) => issued(r) && time(r.dueAt) <= bound(v),
    periodStartAtOrAfter: (r, v) => time(r.periodStartAt) >= bound(v),
    periodStartBefore: (r, v) => time(r.periodStartAt) < bound(v),
    hasOutstandingBalance: (r, v) =>
      issued(r) && money(r, "appliedAmount") < money(r, "totalAmount") === yes(v),
    hasAppliedPayments: (r, v) => issued(r) && money(r, "appliedAmount") > 0 === yes(v),
    hasUncoveredBalance: (r, v) => issued(r) && money(r, "remainingAmount") > 0 === yes(v),
  },
  customers: {
    // Plain lower-casing: the check searches with ASCII letters (docs/readings.md, Search).
    search: (r, v) => String(r.name).toLowerCase().includes(v.toLowerCase()),
    contractHealths: (r, v) => oneOf(CONTRACT_HEALTHS, r.contractHealth, v),
  },
  contracts: {
    customerIds: (r, v) => anyOf(v).some((id) => sameId(r.customerId, id)),
    statuses: (r, v) => oneOf(LIFECYCLE_STATUSES, r.lifecycleStatus, v),
    processingInvoices: (r, v) => r.processingInvoices === yes(v),
  },
  payments: {
    customerId: (r, v) => sameId(r.customerId, v),
    isAttributed: (r, v) => (r.customerId !== null) === yes(v),
    hasUnappliedAmount: (r, v) =>
      (Number(r.unappliedAmountCents) > 0 ||
        Number((r.bankFee as Row | null)?.unappliedAmountCents ?? 0) > 0) === yes(v),
  },
};

/**
 * The value a record sorts by, for the orders whose values compare plainly; null
 * leaves the record out of the comparison (where nulls sort is a reading, and names
 * sort by a collation the API chooses).
 */
export const ORDER_KEYS: Record<string, Record<string, (row: Row) => number | null>> = {
  invoices: { issuedAt: (r) => orNull(issueDate(r)) },
  customers: {
    createdAt: (r) => orNull(time(r.createdAt)),
    coverageContractStartAt: (r) => orNull(time(r.coverageContractStartAt)),
    contractHealth: (r) => {
      const index = (CONTRACT_HEALTHS as readonly unknown[]).indexOf(r.contractHealth);
      return index < 0 ? null : index;
    },
  },
  payments: {
    receivedDate: (r) => orNull(time(r.receivedDate)),
    amountCents: (r) => orNull(Number(r.amountCents)),
    appliedAmountCents: (r) => orNull(Number(r.appliedAmountCents)),
    unappliedAmountCents: (r) => orNull(Number(r.unappliedAmountCents)),
    bankFeeAmountCents: (r) => Number((r.bankFee as Row | null)?.amountCents ?? 0),
  },
};

function orNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** The record fields a date filter bounds, to pick bounds inside the data. */
export const DATE_FIELD_OF: Record<string, (row: Row) => number> = {
  issueDateStartAt: issueDate,
  dueDateStartAt: (r) => time(r.dueAt),
  periodStartAtOrAfter: (r) => time(r.periodStartAt),
};
