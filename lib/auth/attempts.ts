import "server-only";
import { createLimiter } from "@/lib/rate-limits/limiter";

/**
 * Failed password attempts per account: 10 per two minutes. Only failures count, so
 * a person who types the password right is never slowed; shared by every instance
 * through Redis when REDIS_URL is set. (better-auth's own limiter guards its HTTP
 * endpoints; this one guards the sign-in form's server action.)
 */
const failures = createLimiter("sign-in-failures", { points: 10, durationSec: 120 });

const keyOf = (email: string) => email.trim().toLowerCase();

/** Seconds to wait before another attempt on this address, or 0. */
export async function attemptWait(email: string): Promise<number> {
  const verdict = await failures.peek(keyOf(email));
  return verdict.ok ? 0 : verdict.retryAfterSec;
}

export async function recordFailure(email: string): Promise<void> {
  await failures.penalize(keyOf(email));
}
