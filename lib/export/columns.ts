/**
 * The columns of each list's CSV export, defined once: the header row and how a
 * record becomes its rows. Pure (types only from the API client), so it is unit
 * tested against real API pages.
 *
 * Layout rules:
 * - Names are the API's field names (camelCase), so a column is easy to trace.
 * - Money: the amount as a decimal string ("1234.56") plus a `currency` column.
 *   An invoice's amounts share its contract's currency (docs/readings.md, Invoices).
 * - Payments carry cents with no currency in the API, so their amounts are decimals
 *   with no currency column: the API does not say which currency they are in.
 * - Customers' sums are per currency and never added: one row per customer and
 *   currency (the union of the currencies of the three sums, in code order), the
 *   customer's other columns repeated; a currency absent from one sum is 0 there
 *   (the API omits zero totals). A customer with no amounts has one row with an
 *   empty currency and empty amounts.
 * - Calendar dates are YYYY-MM-DD; an exclusive end date is written as the last day
 *   it covers (the column name ends in `LastDay`), as every page shows it.
 *   Timestamps are full ISO 8601 UTC.
 * - Enum values, known or not, pass through as the API wrote them.
 */
import type { ListName, ListRecord } from "../api/client";
import { calendarDateCell, decimalOfMinor, lastDayCell, textCell, timestampCell } from "./csv";

export interface Column<R> {
  header: string;
  cell: (record: R) => string;
}

export interface ExportTable<R> {
  header: string[];
  /** The CSV rows of one record (one, except a customer with several currencies). */
  rows: (record: R) => string[][];
}

function table<R>(columns: Column<R>[]): ExportTable<R> {
  return {
    header: columns.map((c) => c.header),
    rows: (record) => [columns.map((c) => c.cell(record))],
  };
}

interface MoneyLike {
  value: number;
  currencyCode: string;
}
const money = (amount: MoneyLike | null | undefined) =>
  amount ? decimalOfMinor(amount.value) : "";
const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : decimalOfMinor(value);

type Invoice = ListRecord<"invoices">;
type Customer = ListRecord<"customers">;
type Contract = ListRecord<"contracts">;
type Payment = ListRecord<"payments">;

export const invoiceExport = table<Invoice>([
  { header: "id", cell: (i) => i.id },
  { header: "number", cell: (i) => i.number },
  { header: "status", cell: (i) => i.status },
  { header: "customerId", cell: (i) => i.customerId },
  { header: "customerName", cell: (i) => textCell(i.customerName) },
  { header: "contractId", cell: (i) => i.contractId },
  { header: "currency", cell: (i) => i.totalAmount.currencyCode },
  { header: "totalAmount", cell: (i) => money(i.totalAmount) },
  { header: "appliedAmount", cell: (i) => money(i.appliedAmount) },
  { header: "pendingPaymentAmount", cell: (i) => money(i.pendingPaymentAmount) },
  { header: "remainingAmount", cell: (i) => money(i.remainingAmount) },
  { header: "periodStart", cell: (i) => calendarDateCell(i.periodStartAt) },
  { header: "periodLastDay", cell: (i) => lastDayCell(i.periodEndAt) },
  { header: "issuedAt", cell: (i) => timestampCell(i.issuedAt) },
  { header: "dueAt", cell: (i) => timestampCell(i.dueAt) },
  { header: "paymentTermsDays", cell: (i) => textCell(i.paymentTermsDays) },
  { header: "paidAt", cell: (i) => timestampCell(i.paidAt) },
  { header: "lastPaidAt", cell: (i) => timestampCell(i.lastPaidAt) },
  { header: "approvedAt", cell: (i) => timestampCell(i.approvedAt) },
  { header: "voidedAt", cell: (i) => timestampCell(i.voidedAt) },
  { header: "deliveryMethod", cell: (i) => textCell(i.deliveryMethod) },
  { header: "lastSentAt", cell: (i) => timestampCell(i.lastSentAt) },
  { header: "notes", cell: (i) => textCell(i.notes) },
  { header: "createdAt", cell: (i) => timestampCell(i.createdAt) },
  { header: "updatedAt", cell: (i) => timestampCell(i.updatedAt) },
]);

export const contractExport = table<Contract>([
  { header: "id", cell: (c) => c.id },
  { header: "name", cell: (c) => c.name },
  { header: "customerId", cell: (c) => c.customerId },
  { header: "currency", cell: (c) => c.currencyCode },
  { header: "lifecycleStatus", cell: (c) => c.lifecycleStatus },
  { header: "contractHealth", cell: (c) => c.contractHealth },
  { header: "start", cell: (c) => calendarDateCell(c.startAt) },
  { header: "endLastDay", cell: (c) => lastDayCell(c.endAt) },
  { header: "cancelsLastDay", cell: (c) => lastDayCell(c.cancelsAt) },
  { header: "paymentTermsDays", cell: (c) => textCell(c.paymentTermsDays) },
  { header: "autoIssue", cell: (c) => textCell(c.autoIssue) },
  { header: "autoRenew", cell: (c) => textCell(c.autoRenew) },
  { header: "autoRenewalDate", cell: (c) => calendarDateCell(c.autoRenewalAt) },
  { header: "renewalNoticeDays", cell: (c) => textCell(c.renewalNoticeDays) },
  { header: "processingInvoices", cell: (c) => textCell(c.processingInvoices) },
  {
    header: "processingInvoicesStartedAt",
    cell: (c) => timestampCell(c.processingInvoicesStartedAt),
  },
  { header: "subscriptionBillableCount", cell: (c) => textCell(c.subscriptionBillableCount) },
  { header: "oneTimeBillableCount", cell: (c) => textCell(c.oneTimeBillableCount) },
  { header: "currentAmendmentId", cell: (c) => textCell(c.currentAmendmentId) },
  { header: "currentAmendmentStatus", cell: (c) => textCell(c.currentAmendmentStatus) },
  { header: "currentAmendmentStart", cell: (c) => calendarDateCell(c.currentAmendmentStartAt) },
  { header: "futureAmendmentId", cell: (c) => textCell(c.futureAmendment?.id) },
  { header: "draftAmendmentId", cell: (c) => textCell(c.draftAmendmentId) },
  { header: "renewingContractId", cell: (c) => textCell(c.renewingContractId) },
  { header: "renewalContractId", cell: (c) => textCell(c.renewalContractId) },
  { header: "notes", cell: (c) => textCell(c.notes) },
  { header: "createdAt", cell: (c) => timestampCell(c.createdAt) },
  { header: "updatedAt", cell: (c) => timestampCell(c.updatedAt) },
]);

export const paymentExport = table<Payment>([
  { header: "id", cell: (p) => p.id },
  { header: "receivedDate", cell: (p) => calendarDateCell(p.receivedDate) },
  { header: "customerId", cell: (p) => textCell(p.customerId) },
  { header: "customerName", cell: (p) => textCell(p.customerName) },
  { header: "type", cell: (p) => p.type },
  { header: "amount", cell: (p) => cents(p.amountCents) },
  { header: "appliedAmount", cell: (p) => cents(p.appliedAmountCents) },
  { header: "unappliedAmount", cell: (p) => cents(p.unappliedAmountCents) },
  { header: "bankFeeAmount", cell: (p) => cents(p.bankFee?.amountCents) },
  { header: "bankFeeAppliedAmount", cell: (p) => cents(p.bankFee?.appliedAmountCents) },
  { header: "bankFeeUnappliedAmount", cell: (p) => cents(p.bankFee?.unappliedAmountCents) },
  { header: "parentPaymentId", cell: (p) => textCell(p.parentPaymentId) },
  { header: "journalEntryId", cell: (p) => textCell(p.journalEntryId) },
  { header: "createdAt", cell: (p) => timestampCell(p.createdAt) },
  { header: "updatedAt", cell: (p) => timestampCell(p.updatedAt) },
]);

type MoneyByCurrency = Record<string, MoneyLike>;
const CUSTOMER_SUMS = [
  "outstandingIssuedAmount",
  "contractValueAmount",
  "remainingToInvoiceAmount",
] as const;

const customerColumns: Column<Customer>[] = [
  { header: "id", cell: (c) => c.id },
  { header: "name", cell: (c) => c.name },
  { header: "billingEmail", cell: (c) => c.billingEmail },
  { header: "invoiceCcEmails", cell: (c) => c.invoiceCcEmails.join("; ") },
  { header: "contractHealth", cell: (c) => c.contractHealth },
  { header: "contractCount", cell: (c) => textCell(c.contractCount) },
  { header: "coverageContractId", cell: (c) => textCell(c.coverageContractId) },
  { header: "coverageContractStart", cell: (c) => calendarDateCell(c.coverageContractStartAt) },
  { header: "coverageContractLastDay", cell: (c) => lastDayCell(c.coverageContractEndAt) },
  { header: "coverageContractAutoRenew", cell: (c) => textCell(c.coverageContractAutoRenew) },
  { header: "coverageContractRenewed", cell: (c) => textCell(c.coverageContractRenewed) },
  { header: "emailPaymentFollowUps", cell: (c) => textCell(c.emailPaymentFollowUps) },
  { header: "lastPaymentFollowUpAt", cell: (c) => timestampCell(c.lastPaymentFollowUpAt) },
  { header: "note", cell: (c) => textCell(c.note) },
  { header: "invoiceNote", cell: (c) => textCell(c.invoiceNote) },
  { header: "createdAt", cell: (c) => timestampCell(c.createdAt) },
  { header: "updatedAt", cell: (c) => timestampCell(c.updatedAt) },
];

/** The currencies any of a customer's sums holds, in code order. */
export function customerCurrencies(customer: Customer): string[] {
  const codes = new Set<string>();
  for (const sum of CUSTOMER_SUMS)
    for (const code of Object.keys(customer[sum] as MoneyByCurrency)) codes.add(code);
  return [...codes].sort();
}

export const customerExport: ExportTable<Customer> = {
  header: [...customerColumns.map((c) => c.header), "currency", ...CUSTOMER_SUMS],
  rows: (customer) => {
    const base = customerColumns.map((c) => c.cell(customer));
    const currencies = customerCurrencies(customer);
    if (currencies.length === 0) return [[...base, "", "", "", ""]];
    return currencies.map((code) => [
      ...base,
      code,
      // The API omits a currency whose total is 0: absent here means 0.00.
      ...CUSTOMER_SUMS.map((sum) =>
        decimalOfMinor((customer[sum] as MoneyByCurrency)[code]?.value ?? 0),
      ),
    ]);
  },
};

export const EXPORTS: { [L in ListName]: ExportTable<ListRecord<L>> } = {
  invoices: invoiceExport,
  customers: customerExport,
  contracts: contractExport,
  payments: paymentExport,
};
