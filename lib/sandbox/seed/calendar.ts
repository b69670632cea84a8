/** Calendar arithmetic on UTC-midnight epoch milliseconds, for the generator's dates. */
import { utcMidnight } from "../clock";

/** UTC year, month (0-11) and day of a UTC-midnight time. */
export function ymd(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

export function addMonths(ms: number, months: number): number {
  const [y, m, d] = ymd(ms);
  return Date.UTC(y, m + months, d);
}

/** The day holding `ms`, moved to the 1st of the next month when it is a 29th, 30th or 31st. */
export function alignDay(ms: number): number {
  const day = utcMidnight(ms);
  const [y, m, d] = ymd(day);
  return d > 28 ? Date.UTC(y, m + 1, 1) : day;
}
