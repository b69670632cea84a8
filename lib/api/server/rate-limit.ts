/**
 * A per-client token bucket for the data route (and failed sign-ins), in memory.
 * Hand-written because it is a dozen lines: a library earns its place when limits
 * must be shared across machines (Redis and the like). The processes of one server
 * share their buckets through SQLite instead (./shared-rate-limit.ts, same rule).
 */
export interface BucketOptions {
  /** tokens added per second */
  ratePerSec: number;
  /** bucket size: the burst a client may send at once */
  burst: number;
  /** buckets kept before idle (full) ones are dropped */
  maxClients?: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterSec: number };

export interface RateLimiter {
  /** The verdict `take` would give, without drawing a token. */
  peek(client: string, now?: number): Verdict;
  /** Draws a token for `client` if it has one. */
  take(client: string, now?: number): Verdict;
  /** Buckets held. */
  readonly size: number;
}

export function createRateLimiter(options: BucketOptions): RateLimiter {
  const { ratePerSec, burst, maxClients = 10_000 } = options;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    peek(client: string, now: number = Date.now()): Verdict {
      const bucket = buckets.get(client);
      if (!bucket) return { ok: true };
      const tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSec);
      if (tokens >= 1) return { ok: true };
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil((1 - tokens) / ratePerSec)) };
    },
    take(client: string, now: number = Date.now()): Verdict {
      let bucket = buckets.get(client);
      if (!bucket) {
        if (buckets.size >= maxClients) sweep(now);
        bucket = { tokens: burst, at: now };
        buckets.set(client, bucket);
      }
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSec);
      bucket.at = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSec)) };
    },
    get size() {
      return buckets.size;
    },
  };
  /** Drops buckets that have refilled (they hold no state worth keeping), else the oldest. */
  function sweep(now: number) {
    for (const [client, b] of buckets)
      if (b.tokens + ((now - b.at) / 1000) * ratePerSec >= burst) buckets.delete(client);
    if (buckets.size >= maxClients) {
      const oldest = buckets.keys().next();
      if (!oldest.done) buckets.delete(oldest.value);
    }
  }
}

/**
 * Whose bucket a request draws from: the signed-in session's when there is one (so
 * a person keeps their own limit whatever address they come from, and staff behind
 * one office address do not share one), else the client address (the open demo).
 */
export function limitKey(sessionId: string | null, headers: Headers, trustProxy: boolean): string {
  return sessionId ? `session:${sessionId}` : `ip:${clientKey(headers, trustProxy)}`;
}

/**
 * Who is asking. Behind a proxy we trust (TRUST_PROXY=1) the last X-Forwarded-For
 * entry is the address that proxy saw. Otherwise the header as the Next.js server
 * records it: Next sets it to the socket's address when the client sent none
 * (route handlers get no socket), so a client that sends its own only changes
 * which bucket it draws from. With sign-in on, limitKey uses the session instead.
 */
export function clientKey(headers: Headers, trustProxy: boolean): string {
  const forwarded = headers.get("x-forwarded-for");
  if (!forwarded) return "unknown";
  const hops = forwarded
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return (trustProxy ? hops.at(-1) : hops[0]) ?? "unknown";
}
