import "server-only";
import type { RateLimiter } from "@/lib/api/server/rate-limit";
import { serverRateLimiter } from "@/lib/api/server/shared-rate-limit";

/**
 * Failed password attempts per account: 10 at once, then one every 12 s. Only
 * failures draw from the bucket, so a person who types the password right is never
 * slowed; a guesser gets five tries a minute per address. (better-auth's own limiter
 * guards its HTTP endpoints; this one guards the sign-in form's server action.)
 */
let limiter: RateLimiter | null = null;
const failures = () => {
  limiter ??= serverRateLimiter("sign-in-failures", { ratePerSec: 1 / 12, burst: 10 });
  return limiter;
};

const keyOf = (email: string) => email.trim().toLowerCase();

/** Seconds to wait before another attempt on this address, or 0. */
export function attemptWait(email: string): number {
  const verdict = failures().peek(keyOf(email));
  return verdict.ok ? 0 : verdict.retryAfterSec;
}

export function recordFailure(email: string): void {
  failures().take(keyOf(email));
}
