/**
 * The calendar of /trends: the 24 UTC months a walk covers (today's month last),
 * where each month starts and ends, and the ranges a person can choose, each a set
 * of whole months of that window. Pure: shared by the walk and the page.
 */
import { DAY_MS, isoDay, utcDay } from "./aggregate";

/** Months a walk keeps figures for: the longest range offered, and last year whole. */
export const TRENDS_MONTHS = 24;

/** "2026-11" for the UTC month holding `ms`. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** UTC midnight of the first day of "YYYY-MM" shifted by `shift` months. */
export function monthStart(month: string, shift = 0): number {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return Date.UTC(year, mon - 1 + shift, 1);
}

/** The window's months, oldest first, ending with today's month. */
export function windowMonths(todayMs: number, count = TRENDS_MONTHS): string[] {
  const current = monthOf(utcDay(todayMs));
  return Array.from({ length: count }, (_, i) => monthOf(monthStart(current, i - count + 1)));
}

/**
 * Finds a month's index in the window quickly: months are consecutive, so the index
 * is the distance in months from the first. -1 outside the window.
 */
export function monthIndexer(months: string[]): (ms: number) => number {
  const first = monthStart(months[0]!);
  const [y0, m0] = months[0]!.split("-").map(Number) as [number, number];
  return (ms: number) => {
    if (ms < first) return -1;
    const d = new Date(ms);
    const index = (d.getUTCFullYear() - y0) * 12 + d.getUTCMonth() - (m0 - 1);
    return index < months.length ? index : -1;
  };
}

/** The issue-date filters of a month, as the invoice list's Issued filter writes them (both ends inclusive). */
export function monthIssueRange(month: string): {
  issueDateStartAt: string;
  issueDateEndAt: string;
} {
  return {
    issueDateStartAt: isoDay(monthStart(month)),
    issueDateEndAt: new Date(monthStart(month, 1) - 1).toISOString(),
  };
}

/** "Nov 2026" */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(monthStart(month));
}

/** "November 2026" */
export function monthName(month: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(monthStart(month));
}

export const TRENDS_RANGES = [
  { key: "3m", label: "Last 3 months" },
  { key: "6m", label: "Last 6 months" },
  { key: "12m", label: "Last 12 months" },
  { key: "24m", label: "Last 24 months" },
  { key: "this-year", label: "This year" },
  { key: "last-year", label: "Last year" },
] as const;
export type TrendsRangeKey = (typeof TRENDS_RANGES)[number]["key"];
export const DEFAULT_TRENDS_RANGE: TrendsRangeKey = "12m";

export function isTrendsRange(value: string): value is TrendsRangeKey {
  return TRENDS_RANGES.some((r) => r.key === value);
}

/**
 * The window's indexes a range covers: "last N months" are today's month and the
 * N − 1 before it; this year is January to today's month; last year is the
 * previous calendar year, whole.
 */
export function rangeIndexes(range: TrendsRangeKey, months: string[]): number[] {
  const last = months.length - 1;
  const thisYear = months[last]!.slice(0, 4);
  const lastYear = String(Number(thisYear) - 1);
  const counts: Partial<Record<TrendsRangeKey, number>> = {
    "3m": 3,
    "6m": 6,
    "12m": 12,
    "24m": 24,
  };
  const count = counts[range];
  if (count !== undefined)
    return months.map((_, i) => i).filter((i) => i > last - Math.min(count, months.length));
  const year = range === "this-year" ? thisYear : lastYear;
  return months.map((m, i) => (m.startsWith(`${year}-`) ? i : -1)).filter((i) => i >= 0);
}

/** The first day of the 90 days DSO looks back over, today included. */
export function dsoSince(todayMs: number): number {
  return utcDay(todayMs) - 89 * DAY_MS;
}
