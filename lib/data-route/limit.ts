import "server-only";
import { clientAddress } from "@/lib/rate-limits/client-address";
import { burstRule, createLimiter, envNumber, type Limiter } from "@/lib/rate-limits/limiter";

/**
 * The data route's limit: DATA_RATE_LIMIT_BURST (default 60) requests at once, and
 * DATA_RATE_LIMIT_PER_SEC (default 20) a second over time, as one window of the
 * burst per burst ÷ rate seconds (burstRule says how that differs from a token
 * bucket). Shared by every instance through Redis when REDIS_URL is set.
 */
let limiter: Limiter | null = null;
export function dataLimiter(): Limiter {
  limiter ??= createLimiter(
    "data",
    burstRule(envNumber("DATA_RATE_LIMIT_PER_SEC", 20), envNumber("DATA_RATE_LIMIT_BURST", 60)),
  );
  return limiter;
}

/**
 * Whose allowance a request spends: the signed-in session's (a person keeps their
 * own limit whatever address they come from, and staff behind one office address do
 * not share one), else the client's address as this deployment can know it (the
 * open demo): the socket's, or with TRUST_PROXY the address our proxy saw, never an
 * X-Forwarded-For the client wrote.
 */
export function dataLimitKey(sessionId: string | null, headers: Headers): string {
  return sessionId ? `session:${sessionId}` : `address:${clientAddress(headers)}`;
}
