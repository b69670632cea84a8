/** Retries with backoff for reads from a real API, on a fake clock. */
import { describe, expect, it } from "vitest";
import { upstreamUrl } from "./call";
import {
  AttemptsFailed,
  backoffMs,
  fetchWithRetry,
  parseRetryAfter,
  type RetryDeps,
  type RetryPolicy,
} from "./retry";

const policy: RetryPolicy = {
  retries: 2,
  baseMs: 100,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 2_000,
  totalMs: 10_000,
  attemptTimeoutMs: 5_000,
};

/** A fake upstream answering from a script; the clock moves only by sleeps. */
function fake(script: Array<number | "drop" | { status: number; retryAfter: string }>) {
  let clock = 0;
  const sleeps: number[] = [];
  let hits = 0;
  const deps: RetryDeps = {
    now: () => clock,
    random: () => 1,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    fetch: async () => {
      const step = script[Math.min(hits, script.length - 1)]!;
      hits++;
      if (step === "drop") throw new TypeError("fetch failed");
      if (typeof step === "number") return new Response("{}", { status: step });
      return new Response("{}", {
        status: step.status,
        headers: { "retry-after": step.retryAfter },
      });
    },
  };
  return { deps, sleeps, hits: () => hits };
}

describe("fetchWithRetry", () => {
  it("returns a success at once", async () => {
    const f = fake([200]);
    expect((await fetchWithRetry("http://x/", {}, policy, f.deps)).status).toBe(200);
    expect(f.hits()).toBe(1);
  });

  it("retries 5xx twice with growing backoff, then returns the last answer", async () => {
    const f = fake([500, 502, 503]);
    expect((await fetchWithRetry("http://x/", {}, policy, f.deps)).status).toBe(503);
    expect(f.hits()).toBe(3);
    expect(f.sleeps).toEqual([100, 200]);
  });

  it("recovers when a retry succeeds", async () => {
    const f = fake([500, 200]);
    expect((await fetchWithRetry("http://x/", {}, policy, f.deps)).status).toBe(200);
    expect(f.hits()).toBe(2);
  });

  it("retries dropped connections and then fails with the attempt count", async () => {
    const f = fake(["drop"]);
    const error = await fetchWithRetry("http://x/", {}, policy, f.deps).catch((e) => e);
    expect(error).toBeInstanceOf(AttemptsFailed);
    expect(error.attempts).toBe(3);
    expect(f.hits()).toBe(3);
  });

  it("never retries a 401 or another 4xx", async () => {
    for (const status of [401, 400, 403, 404]) {
      const f = fake([status, 200]);
      expect((await fetchWithRetry("http://x/", {}, policy, f.deps)).status).toBe(status);
      expect(f.hits()).toBe(1);
    }
  });

  it("retries only GET and HEAD", async () => {
    const f = fake([500, 200]);
    const res = await fetchWithRetry("http://x/", { method: "POST" }, policy, f.deps);
    expect(res.status).toBe(500);
    expect(f.hits()).toBe(1);
  });

  it("honours a 429's Retry-After under the cap, and gives up on a longer one", async () => {
    const short = fake([{ status: 429, retryAfter: "1" }, 200]);
    expect((await fetchWithRetry("http://x/", {}, policy, short.deps)).status).toBe(200);
    expect(short.sleeps).toEqual([1_000]);
    const long = fake([{ status: 429, retryAfter: "60" }, 200]);
    expect((await fetchWithRetry("http://x/", {}, policy, long.deps)).status).toBe(429);
    expect(long.hits()).toBe(1);
  });

  it("stops retrying when the total time cap would be passed", async () => {
    const f = fake([500]);
    const tight = { ...policy, totalMs: 140 };
    expect((await fetchWithRetry("http://x/", {}, tight, f.deps)).status).toBe(500);
    expect(f.hits()).toBe(1);
  });

  it("jitters the backoff within an exponential ceiling", () => {
    expect(backoffMs(1, policy, () => 0.5)).toBe(50);
    expect(backoffMs(3, policy, () => 0.999)).toBe(399);
    expect(backoffMs(10, policy, () => 0.999)).toBe(999);
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(parseRetryAfter("3", 0)).toBe(3_000);
    expect(parseRetryAfter(new Date(5_000).toUTCString(), 1_000)).toBe(4_000);
    expect(parseRetryAfter("soon", 0)).toBeNull();
    expect(parseRetryAfter(null, 0)).toBeNull();
  });
});

describe("upstreamUrl", () => {
  const base = "https://api.example.com/api/v1";
  it("joins allow-listed paths under the configured base", () => {
    expect(upstreamUrl(base, "/invoices?limit=3")).toBe(
      "https://api.example.com/api/v1/invoices?limit=3",
    );
  });
  it("refuses any path that would leave the configured origin or base path", () => {
    for (const path of [
      "//evil.example/x",
      "@evil.example/x",
      "http://evil.example/",
      "/../../x",
      "/%2e%2e/%2e%2e/x",
    ])
      expect(() => upstreamUrl(base, path), path).toThrow();
  });
});
