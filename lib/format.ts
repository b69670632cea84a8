/**
 * Display rules, in one place:
 * - Money shows with its currency; amounts in different currencies are never added.
 *   `Intl.NumberFormat` rejects `USDC` (not an ISO 4217 code), so it is formatted by
 *   hand; every currency has 2 minor digits (docs/readings.md, Records).
 * - Calendar dates (UTC midnight in the API) show in UTC, so no viewer's time zone
 *   can shift them a day.
 * - Exclusive end dates show as the last day covered: a period [Nov 1, Dec 1) reads
 *   "Nov 1 – Nov 30, 2026", everywhere.
 * - Timestamps show in the viewer's zone, with the zone named.
 */
const DAY_MS = 86_400_000;

export interface MoneyLike {
  value: number;
  currencyCode: string;
}

const ISO_CURRENCIES = new Set(["USD", "CAD", "EUR"]);
const moneyFormats = new Map<string, Intl.NumberFormat>();

function isoCurrencyFormat(code: string): Intl.NumberFormat {
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      currencyDisplay: code === "USD" ? "symbol" : "code",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(code, format);
  }
  return format;
}

const plainAmount = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Minor units as an exact decimal string ("-1234.56"): dividing by 100 in floating
 * point would round amounts near the spec's 2^53 range.
 */
function decimalOf(minor: number): `${number}` {
  const abs = Math.abs(minor);
  const cents = String(abs % 100).padStart(2, "0");
  return `${minor < 0 ? "-" : ""}${Math.floor(abs / 100)}.${cents}` as `${number}`;
}

/** `{ value: 123456, currencyCode: "USD" }` → "$1,234.56"; USDC and unknown codes → "1,234.56 USDC". */
export function formatMoney(money: MoneyLike): string {
  const decimal = decimalOf(money.value);
  if (ISO_CURRENCIES.has(money.currencyCode))
    return isoCurrencyFormat(money.currencyCode).format(decimal);
  return `${plainAmount.format(decimal)} ${money.currencyCode}`;
}

const countFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A count with thousands separators: 1801 → "1,801". */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/**
 * A count and what it counts, named in the plural form the lists use ("invoices",
 * "customers", "contracts", "payments"), in the singular for one: "1 contract".
 */
export function formatCountOf(count: number, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? plural.replace(/s$/, "") : plural}`;
}

/** Cents without a currency (the payments list carries cents only). */
export function formatCents(cents: number): string {
  return plainAmount.format(decimalOf(cents));
}

/** Per-currency amounts, one per currency in code order, never summed: "$1.00 · €2.00". */
export function formatMoneyByCurrency(
  amounts: Record<string, MoneyLike> | null | undefined,
): string[] {
  if (!amounts) return [];
  return Object.keys(amounts)
    .sort()
    .map((code) => formatMoney(amounts[code]!));
}

const calendarDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
});
const calendarDateNoYear = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
});

/** A calendar date carried at UTC midnight → "Nov 22, 2026", whatever the viewer's zone. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : calendarDate.format(ms);
}

/** The last day covered by an exclusive end date: [start, end) ends on end − 1 day. */
export function lastDayOf(exclusiveEndIso: string): string {
  return new Date(Date.parse(exclusiveEndIso) - DAY_MS).toISOString();
}

/** An exclusive end date shown as the last day covered: "Nov 30, 2026". */
export function formatEndDate(exclusiveEndIso: string | null | undefined): string {
  if (!exclusiveEndIso) return "—";
  return formatDate(lastDayOf(exclusiveEndIso));
}

/** A period [start, end) as "Nov 1 – Nov 30, 2026" (first and last day covered). */
export function formatPeriod(startIso: string | null, exclusiveEndIso: string | null): string {
  if (!startIso || !exclusiveEndIso) return "—";
  const start = Date.parse(startIso);
  const last = Date.parse(exclusiveEndIso) - DAY_MS;
  if (Number.isNaN(start) || Number.isNaN(last)) return `${startIso} – ${exclusiveEndIso}`;
  if (last <= start) return calendarDate.format(start);
  const sameYear = new Date(start).getUTCFullYear() === new Date(last).getUTCFullYear();
  return `${(sameYear ? calendarDateNoYear : calendarDate).format(start)} – ${calendarDate.format(last)}`;
}

const timestampFormats = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl formatter costs far more than using one: keep one per zone and style. */
function timestampFormat(timeZone: string | undefined, short: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${short}`;
  let format = timestampFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      "en-US",
      short
        ? {
            timeZone,
            year: "numeric",
            month: "short",
            day: "numeric",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
            timeZoneName: "short",
          }
        : {
            timeZone,
            year: "numeric",
            month: "short",
            day: "numeric",
            hour: "numeric",
            minute: "2-digit",
            timeZoneName: "short",
          },
    );
    timestampFormats.set(key, format);
  }
  return format;
}

/** A timestamp in a given zone with the zone named: "Nov 22, 2026, 9:30 AM PST". */
export function formatTimestamp(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return timestampFormat(timeZone, false).format(ms);
}

/** A timestamp for a table cell: "Nov 22, 2026 01:30 PST" (24-hour clock, zone named). */
export function formatShortTimestamp(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const parts = timestampFormat(timeZone, true).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("month")} ${get("day")}, ${get("year")} ${get("hour")}:${get("minute")} ${get("timeZoneName")}`;
}

/** Whole days from `todayMs` to a UTC-midnight date (negative when past). */
export function daysUntil(iso: string, todayMs: number): number {
  return Math.round((Date.parse(iso) - Math.floor(todayMs / DAY_MS) * DAY_MS) / DAY_MS);
}

/** "ISSUED" → "Issued", "RENEWAL_DUE" → "Renewal due"; unknown values read the same way. */
export function humanize(value: string): string {
  const words = value.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
