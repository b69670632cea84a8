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
  return ms === null ? null : new Date(ms).toISOString();
}
