/**
 * The renewals table as CSV (/renewals' "Export CSV"): the rows a walk kept, with the
 * value a year of their terms in force. Pure: the route reads the rows.
 */
import type { RenewalRow } from "@/lib/insights/renewals";
import { BOM, csvRecords, decimalOfMinor, textCell } from "./csv";

const DAY_MS = 86_400_000;

/** The last day an exclusive end covers, as YYYY-MM-DD (the tables' "last day" dates). */
function lastDay(exclusiveEnd: string | null): string {
  if (!exclusiveEnd) return "";
  return new Date(Date.parse(exclusiveEnd) - DAY_MS).toISOString().slice(0, 10);
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

export const RENEWALS_CSV_HEADER = [
  "Customer id",
  "Customer",
  "Billing e-mail",
  "Health",
  "Auto-renew",
  "Renewed",
  "Terms in force start",
  "Terms in force end (last day)",
  "Days left",
  "Within 30 days",
  "Renewal notice days",
  "Coverage contract id",
  "Coverage contract",
  "Contract ends (last day)",
  "Currency",
  "Terms billed",
  "Value a year",
] as const;

/** One CSV record of a renewal row; money as exact decimals in the contract's currency. */
export function renewalRecord(row: RenewalRow): string[] {
  return [
    row.id,
    row.name,
    textCell(row.billingEmail),
    row.health,
    String(row.autoRenew),
    String(row.renewed),
    day(row.termsStartAt),
    lastDay(row.termsEndAt),
    textCell(row.daysLeft),
    String(row.withinWindow),
    textCell(row.renewalNoticeDays),
    textCell(row.contractId),
    textCell(row.contractName),
    lastDay(row.endAt),
    textCell(row.value?.currencyCode ?? row.currencyCode),
    row.value ? decimalOfMinor(row.value.billed) : "",
    row.value ? decimalOfMinor(row.value.perYear) : "",
  ];
}

/** The whole file: a byte order mark (Excel reads UTF-8 then), the header, a record per row. */
export function renewalsCsv(rows: readonly RenewalRow[]): string {
  return BOM + csvRecords([[...RENEWALS_CSV_HEADER], ...rows.map(renewalRecord)]);
}
