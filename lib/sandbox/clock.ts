/**
 * "Today" for states and health is the server's UTC date; `SANDBOX_NOW` (an ISO
 * date-time) pins it so tests and demos are reproducible.
 */
export const DAY_MS = 86_400_000;

export function now(): number {
  const pinned = process.env.SANDBOX_NOW;
  if (pinned) {
    const ms = Date.parse(pinned);
    if (Number.isNaN(ms)) throw new Error(`SANDBOX_NOW is not an ISO date-time: ${pinned}`);
    return ms;
  }
  return Date.now();
}

/** UTC midnight of the day holding `ms`. */
export function utcMidnight(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function today(): number {
  return utcMidnight(now());
}

/** ISO 8601 UTC with milliseconds, as every record carries it. */
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : isoFromEpochMs(ms);
}

const LAST_MS_OF_YEAR_9999 = 253_402_300_799_999;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `new Date(ms).toISOString()` by arithmetic (H. Hinnant's days-to-civil), for
 * integer ms in years 0000–9999; anything else goes to Date. Why: a page formats
 * hundreds of timestamps, and this is faster than Date (docs/decisions.md).
 * `clock.test.ts` checks it equals Date's output.
 */
export function isoFromEpochMs(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_MS_OF_YEAR_9999)
    return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const z = days + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${String(millis).padStart(3, "0")}Z`;
}
