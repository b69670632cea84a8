/**
 * What /trends shows of a kept trends result, for the range a person chose: the
 * range's months with each currency's figures, the links each figure opens, DSO and
 * the share paid late worked out. Pure: shared by the page and its tests.
 */
import { invoiceList } from "@/lib/lists/invoices";
import { isoDay } from "./aggregate";
import {
  DEFAULT_TRENDS_RANGE,
  dsoSince,
  isTrendsRange,
  monthIssueRange,
  rangeIndexes,
  type TrendsRangeKey,
} from "./trends-calendar";
import type { DaysToPay, DsoFigures } from "./trends-summary";

/** Invoice-list links from /trends show the Paid column (a display parameter). */
const WITH_PAID = "columns=paidAt";

function invoicesWithPaid(values: Parameters<typeof invoiceList.apiQuery>[0]): string {
  const query = invoiceList.apiQuery(values);
  return `/invoices?${query ? `${query}&` : ""}${WITH_PAID}`;
}

/** The invoices issued in a month: what its bar and row were computed from. */
export function monthHref(month: string): string {
  return invoicesWithPaid({
    statuses: ["ISSUED"],
    orderBy: "issuedAt:ASC",
    ...monthIssueRange(month),
  });
}

/** The invoices with an outstanding balance now: DSO's numerator. */
export function owedHref(): string {
  return invoicesWithPaid({ statuses: ["ISSUED"], hasOutstandingBalance: true });
}

/** The invoices issued over the 90 days DSO looks back over, today included. */
export function invoiced90Href(today: number): string {
  return invoicesWithPaid({ statuses: ["ISSUED"], issueDateStartAt: isoDay(dsoSince(today)) });
}

/** The issued invoices paid in full (the list cannot filter on the paid day). */
export function paidHref(customerId?: string): string {
  return invoicesWithPaid({
    statuses: ["ISSUED"],
    hasOutstandingBalance: false,
    ...(customerId ? { customerId } : {}),
  });
}

/** The range from the page's `range` parameter; an unknown one is said, and the default used. */
export function parseRange(value: string | string[] | undefined): {
  range: TrendsRangeKey;
  unknown: string | null;
} {
  const given = Array.isArray(value) ? value[0] : value;
  if (given === undefined || given === "") return { range: DEFAULT_TRENDS_RANGE, unknown: null };
  return isTrendsRange(given)
    ? { range: given, unknown: null }
    : { range: DEFAULT_TRENDS_RANGE, unknown: given };
}

/** The range's indexes in the kept months, oldest first. */
export function rangeMonths(range: TrendsRangeKey, months: string[]): number[] {
  return rangeIndexes(range, months);
}

/** DSO in days: owed now ÷ invoiced over the last 90 days × 90; null when nothing was invoiced. */
export function dsoDays(dso: DsoFigures): number | null {
  const invoiced = BigInt(dso.invoiced90);
  if (invoiced === 0n) return null;
  // Tenths of a day, exactly, then one decimal.
  return Number((BigInt(dso.owed) * 900n) / invoiced) / 10;
}

export function averageDays(d: DaysToPay): number | null {
  return d.paid === 0 ? null : d.sumDays / d.paid;
}

/** The share paid after the due day, of those that had one; null when none had. */
export function shareLate(d: DaysToPay): number | null {
  const withDue = d.paid - d.noDueDate;
  return withDue === 0 ? null : d.late / withDue;
}

/** "12.5" days, "—" when not defined. */
export function formatDays(days: number | null): string {
  return days === null ? "—" : days.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

export function formatShare(share: number | null): string {
  return share === null
    ? "—"
    : share.toLocaleString("en-US", { style: "percent", maximumFractionDigits: 1 });
}
