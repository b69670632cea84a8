/**
 * Pure aggregation rules of the insight views: which aging bucket an invoice is in,
 * days left on a coverage contract, sums per currency. Money is summed exactly, in
 * BigInt minor units (a sum of safe integers can pass 2^53), and currencies are
 * never added together: every sum is keyed by currency code.
 */
import { daysPastDue } from "../invoice-state";

export const DAY_MS = 86_400_000;

/** UTC midnight of the day holding `ms`. */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** "2026-11-22" for a UTC-midnight ms. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- money

/** Exact sums of minor units per currency code, as decimal strings of integers (JSON-safe). */
export type CurrencySums = Record<string, string>;

export function addMinor(sums: CurrencySums, currency: string, minor: number | bigint | string) {
  sums[currency] = (BigInt(sums[currency] ?? "0") + BigInt(minor)).toString();
}

export function mergeSums(into: CurrencySums, from: CurrencySums): CurrencySums {
  for (const [code, value] of Object.entries(from)) addMinor(into, code, value);
  return into;
}

/** Currency codes in a stable display order: the API's order first, then others by name. */
export function currencyOrder(codes: Iterable<string>): string[] {
  const known = ["USD", "CAD", "EUR", "USDC"];
  return [...new Set(codes)].sort((a, b) => {
    const ia = known.indexOf(a);
    const ib = known.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    return a.localeCompare(b);
  });
}

/** Minor units as an exact decimal string: "-123456" → "-1234.56" (2 minor digits, docs/readings.md, Records). */
export function minorToDecimal(minor: string | bigint): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const cents = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${abs / 100n}.${cents}`;
}

const ISO = new Set(["USD", "CAD", "EUR"]);
const formats = new Map<string, Intl.NumberFormat>();
function formatFor(code: string | null): Intl.NumberFormat {
  const key = code ?? "";
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      "en-US",
      code
        ? {
            style: "currency",
            currency: code,
            currencyDisplay: code === "USD" ? "symbol" : "code",
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }
        : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
    formats.set(key, format);
  }
  return format;
}

/**
 * A BigInt sum with its currency, as lib/format.ts shows money: "$1,234.56",
 * "CAD 5.00", USDC and unknown codes by hand ("1,234.56 USDC"). Intl formats the
 * decimal string exactly, with no float in between.
 */
export function formatMinor(minor: string | bigint, currency: string): string {
  const decimal = minorToDecimal(minor) as `${number}`;
  if (ISO.has(currency)) return formatFor(currency).format(decimal);
  return `${formatFor(null).format(decimal)} ${currency}`;
}

// ---------------------------------------------------------------- aging

export const AGING_BUCKETS = [
  { key: "current", label: "Not yet due", minDays: null, maxDays: 0 },
  { key: "1-30", label: "1–30 days past due", minDays: 1, maxDays: 30 },
  { key: "31-60", label: "31–60 days past due", minDays: 31, maxDays: 60 },
  { key: "61-90", label: "61–90 days past due", minDays: 61, maxDays: 90 },
  { key: "90+", label: "Over 90 days past due", minDays: 91, maxDays: null },
] as const;
export type AgingBucketKey = (typeof AGING_BUCKETS)[number]["key"];

export function agingBucketOf(dueAtIso: string, todayMs: number): AgingBucketKey {
  const days = daysPastDue(dueAtIso, todayMs);
  for (const bucket of AGING_BUCKETS)
    if (
      (bucket.minDays === null || days >= bucket.minDays) &&
      (bucket.maxDays === null || days <= bucket.maxDays)
    )
      return bucket.key;
  return "90+";
}

/**
 * A bucket as the API's due-date filters (both bounds "at or …"): the dueAt range
 * of the days past due it holds. An inclusive end is the last millisecond of the
 * day, as the invoice list's date filter writes it (lib/lists/define.ts endBoundFor).
 */
export function agingDueRange(
  key: AgingBucketKey,
  todayMs: number,
): { dueDateStartAt?: string; dueDateEndAt?: string } {
  const bucket = AGING_BUCKETS.find((b) => b.key === key)!;
  const today = utcDay(todayMs);
  const range: { dueDateStartAt?: string; dueDateEndAt?: string } = {};
  // Days past due d means dueAt on the day today − d.
  if (bucket.maxDays !== null) range.dueDateStartAt = isoDay(today - bucket.maxDays * DAY_MS);
  if (bucket.minDays !== null)
    range.dueDateEndAt = new Date(today - bucket.minDays * DAY_MS + DAY_MS - 1).toISOString();
  return range;
}

// ---------------------------------------------------------------- coverage

/**
 * Days of coverage left, today included: from today's UTC date to the exclusive
 * end date. A contract whose last covered day is today has 1 day left.
 */
export function daysLeft(exclusiveEndIso: string, todayMs: number): number {
  return Math.round((utcDay(Date.parse(exclusiveEndIso)) - utcDay(todayMs)) / DAY_MS);
}

/** The month ("2026-11") of the last day an exclusive end date covers. */
export function monthOfLastDay(exclusiveEndIso: string): string {
  return new Date(Date.parse(exclusiveEndIso) - DAY_MS).toISOString().slice(0, 7);
}

/** The six months of the timeline: this UTC month and the five after it, as "YYYY-MM". */
export function nextSixMonths(todayMs: number): string[] {
  const d = new Date(utcDay(todayMs));
  const months: string[] = [];
  for (let i = 0; i < 6; i++)
    months.push(
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + i, 1)).toISOString().slice(0, 7),
    );
  return months;
}

/**
 * The timeline month a coverage end falls in, or null when it is outside the next
 * six months or already past (a coverage that ended before today is not "ending").
 */
export function timelineMonthOf(exclusiveEndIso: string | null, todayMs: number): string | null {
  if (!exclusiveEndIso) return null;
  if (daysLeft(exclusiveEndIso, todayMs) < 1) return null;
  const month = monthOfLastDay(exclusiveEndIso);
  return nextSixMonths(todayMs).includes(month) ? month : null;
}

/** Renewal rows in the order managers read them: coverage end first (none last), then name, id. */
export function compareByCoverageEnd(
  a: { endAt: string | null; name: string; id: string },
  b: { endAt: string | null; name: string; id: string },
): number {
  if (a.endAt !== b.endAt) {
    if (a.endAt === null) return 1;
    if (b.endAt === null) return -1;
    const diff = Date.parse(a.endAt) - Date.parse(b.endAt);
    if (diff !== 0) return diff;
  }
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}
