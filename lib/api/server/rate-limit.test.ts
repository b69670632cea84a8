/** The data route's per-client token bucket. */
import { describe, expect, it } from "vitest";
import { clientKey, createRateLimiter, limitKey } from "./rate-limit";

describe("rate limiter", () => {
  it("allows a burst, then refuses with Retry-After, then refills", () => {
    const limiter = createRateLimiter({ ratePerSec: 2, burst: 3 });
    for (let i = 0; i < 3; i++) expect(limiter.take("a", 0).ok).toBe(true);
    const refused = limiter.take("a", 0);
    expect(refused).toEqual({ ok: false, retryAfterSec: 1 });
    expect(limiter.take("a", 499).ok).toBe(false);
    expect(limiter.take("a", 500).ok).toBe(true);
  });

  it("keeps clients apart", () => {
    const limiter = createRateLimiter({ ratePerSec: 1, burst: 1 });
    expect(limiter.take("a", 0).ok).toBe(true);
    expect(limiter.take("a", 0).ok).toBe(false);
    expect(limiter.take("b", 0).ok).toBe(true);
  });

  it("never holds more than its client cap", () => {
    const limiter = createRateLimiter({ ratePerSec: 1, burst: 1, maxClients: 100 });
    for (let i = 0; i < 1_000; i++) limiter.take(`c${i}`, i);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });

  it("sustains its rate: 20 req/s burst 60 lets 80 through in one second", () => {
    const limiter = createRateLimiter({ ratePerSec: 20, burst: 60 });
    let ok = 0;
    for (let t = 0; t < 1_000; t += 5) if (limiter.take("a", t).ok) ok++;
    expect(ok).toBeGreaterThanOrEqual(79);
    expect(ok).toBeLessThanOrEqual(80);
  });
});

describe("peek", () => {
  it("tells what take would answer without drawing a token", () => {
    const limiter = createRateLimiter({ ratePerSec: 1, burst: 2 });
    expect(limiter.peek("a", 0)).toEqual({ ok: true });
    limiter.take("a", 0);
    limiter.take("a", 0);
    expect(limiter.peek("a", 0)).toEqual({ ok: false, retryAfterSec: 1 });
    expect(limiter.peek("a", 0)).toEqual({ ok: false, retryAfterSec: 1 });
    expect(limiter.peek("a", 1000).ok).toBe(true);
    expect(limiter.take("a", 1000).ok).toBe(true);
    expect(limiter.take("a", 1000).ok).toBe(false);
  });
});

describe("limitKey", () => {
  const h = new Headers({ "x-forwarded-for": "10.0.0.7" });
  it("keys a signed-in request by its session, whatever its address", () => {
    expect(limitKey("s1", h, false)).toBe("session:s1");
    expect(limitKey("s1", new Headers({ "x-forwarded-for": "10.9.9.9" }), false)).toBe(
      "session:s1",
    );
  });
  it("keys an open request by address", () => {
    expect(limitKey(null, h, false)).toBe("ip:10.0.0.7");
  });
  it("gives two sessions from one address their own buckets", () => {
    const limiter = createRateLimiter({ ratePerSec: 1, burst: 1 });
    expect(limiter.take(limitKey("s1", h, false), 0).ok).toBe(true);
    expect(limiter.take(limitKey("s1", h, false), 0).ok).toBe(false);
    expect(limiter.take(limitKey("s2", h, false), 0).ok).toBe(true);
  });
});

describe("clientKey", () => {
  const h = (xff?: string) => new Headers(xff ? { "x-forwarded-for": xff } : {});
  it("takes the last hop only behind a trusted proxy", () => {
    expect(clientKey(h("1.1.1.1, 10.0.0.2"), true)).toBe("10.0.0.2");
    expect(clientKey(h("1.1.1.1, 10.0.0.2"), false)).toBe("1.1.1.1");
    expect(clientKey(h(), false)).toBe("unknown");
  });
});
