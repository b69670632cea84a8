/**
 * The CSV of /receivables/customers: the table's rows as the walk kept them, then
 * the totals per currency of its foot. Columns follow lib/export/columns.ts's rules:
 * amounts as exact decimals beside a `currency` column, dates as YYYY-MM-DD.
 */

import type {
  AgedCurrencyTotals,
  AgedCustomerRow,
  AgedFigures,
} from "@/lib/insights/aged-customers";
import { AGING_BUCKETS, minorToDecimal } from "@/lib/insights/aggregate";
import { calendarDateCell } from "./csv";

const BUCKET_COLUMNS = {
  current: "notYetDue",
  "1-30": "days1to30",
  "31-60": "days31to60",
  "61-90": "days61to90",
  "90+": "over90Days",
} as const;

export const AGED_CUSTOMERS_HEADER = [
  "row",
  "customerId",
  "customerName",
  "customerDeleted",
  "currency",
  ...AGING_BUCKETS.map((b) => BUCKET_COLUMNS[b.key]),
  "total",
  "invoices",
  "pendingCardPayments",
  "oldestDue",
];

function figures(f: AgedFigures): string[] {
  return [
    ...AGING_BUCKETS.map((b) => minorToDecimal(f.amounts[b.key])),
    minorToDecimal(f.total),
    String(f.count),
    minorToDecimal(f.pending),
  ];
}

/** One customer's row; `customerDeleted` is empty when the names could not be read. */
export function agedCustomerRecord(row: AgedCustomerRow): string[] {
  return [
    "customer",
    row.customerId,
    row.name,
    row.deleted === null ? "" : String(row.deleted),
    row.currency,
    ...figures(row),
    calendarDateCell(row.oldestDueAt),
  ];
}

/** A currency's totals, as the foot of the table shows them. */
export function agedTotalsRecord(totals: AgedCurrencyTotals): string[] {
  return ["total", "", `Total ${totals.currency}`, "", totals.currency, ...figures(totals), ""];
}

/** The file's name: what it is and the UTC day the buckets count from. */
export function agedCustomersFileName(today: string): string {
  return `receivables-by-customer-${today.slice(0, 10)}.csv`;
}
