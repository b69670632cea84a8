import "server-only";
import { burstRule, createLimiter, envNumber, type Limiter } from "@/lib/rate-limits/limiter";

/**
 * The data route's limit: DATA_RATE_LIMIT_BURST (default 60) requests at once, and
 * DATA_RATE_LIMIT_PER_SEC (default 20) a second over time, as one window of the
 * burst per burst ÷ rate seconds (burstRule says how that differs from a token
 * bucket), per account when signed in, per client address when open (limitKey,
 * lib/rate-limits/costly-routes.ts). Shared by every instance through Redis when
 * REDIS_URL is set.
 */
let limiter: Limiter | null = null;
export function dataLimiter(): Limiter {
  limiter ??= createLimiter(
    "data",
    burstRule(envNumber("DATA_RATE_LIMIT_PER_SEC", 20), envNumber("DATA_RATE_LIMIT_BURST", 60)),
  );
  return limiter;
}
