/**
 * Limits in memory and on a real Redis: the same rule from both; two instances on one
 * Redis share one allowance; with Redis gone each instance falls back to its memory.
 */
import { afterAll, afterEach, describe, expect, inject, it, vi } from "vitest";
import { startTestRedis } from "@/lib/testing/redis-server";
import { within } from "@/lib/testing/within";
import { burstRule } from "./limiter";

const redisUrl = inject("redisUrl");

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  const holder = globalThis as { __invoicingRedis?: { client: { disconnect(): void } } };
  holder.__invoicingRedis?.client.disconnect();
  holder.__invoicingRedis = undefined;
});

/** The limiter module as a fresh instance of the dashboard loads it. */
async function instance(env: { REDIS_URL?: string }) {
  vi.stubEnv("REDIS_URL", env.REDIS_URL ?? "");
  vi.resetModules();
  const holder = globalThis as { __invoicingRedis?: unknown };
  holder.__invoicingRedis = undefined;
  const limiter = await import("./limiter");
  // As instrumentation.ts does before an instance takes traffic.
  if (env.REDIS_URL) {
    const redis = await import("@/lib/shared-state/redis");
    await redis.waitForRedis(redis.redisClient()!);
  }
  return limiter;
}

const kinds = [["memory", undefined], ...(redisUrl ? [["redis", redisUrl]] : [])] as [
  string,
  string | undefined,
][];

describe.each(kinds)("a limit in %s", (_kind, url) => {
  it("grants the burst, then refuses with the wait, and peek spends nothing", async () => {
    const { createLimiter } = await instance({ REDIS_URL: url });
    const limit = createLimiter(`test-${Math.random()}`, { points: 3, durationSec: 60 });
    expect(await limit.peek("a")).toEqual({ ok: true, remaining: 3 });
    for (let i = 0; i < 3; i++) expect((await limit.consume("a")).ok).toBe(true);
    const refused = await limit.consume("a");
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok === false && refused.retryAfterSec).toBeGreaterThan(50);
    expect((await limit.peek("a")).ok).toBe(false);
    // Another client has its own allowance.
    expect((await limit.consume("b")).ok).toBe(true);
    await limit.reset("a");
    expect((await limit.consume("a")).ok).toBe(true);
  });

  it("penalizes and rewards", async () => {
    const { createLimiter } = await instance({ REDIS_URL: url });
    const limit = createLimiter(`test-${Math.random()}`, { points: 2, durationSec: 60 });
    await limit.penalize("a", 2);
    expect((await limit.consume("a")).ok).toBe(false);
    await limit.reward("a", 3);
    expect((await limit.consume("a")).ok).toBe(true);
  });
});

describe("burstRule", () => {
  it("keeps the burst and, over time, at most the rate: whole-second windows", () => {
    expect(burstRule(20, 60)).toEqual({ points: 60, durationSec: 3 });
    // 10 per 3.33 s rounds the window up: the rate stays under 3 a second.
    expect(burstRule(3, 10)).toEqual({ points: 10, durationSec: 4 });
    expect(burstRule(0.01, 10)).toEqual({ points: 10, durationSec: 1000 });
    expect(burstRule(1000, 5)).toEqual({ points: 5, durationSec: 1 });
    expect(burstRule(5, 0.5)).toEqual({ points: 1, durationSec: 1 });
  });

  it("grants the burst at once, then refuses until the window ends", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-22T09:30:00Z") });
    try {
      const { createLimiter } = await instance({});
      const limit = createLimiter(`burst-${Math.random()}`, burstRule(2, 6));
      const first = await Promise.all(Array.from({ length: 8 }, () => limit.consume("a")));
      expect(first.map((v) => v.ok)).toEqual([true, true, true, true, true, true, false, false]);
      expect(first[6]).toEqual({ ok: false, retryAfterSec: 3, remaining: 0 });
      vi.advanceTimersByTime(3_001);
      expect((await limit.consume("a")).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!redisUrl)("instances on one Redis", () => {
  it("share one allowance: N + N requests through two instances get exactly N", async () => {
    const name = `shared-${Math.random()}`;
    const rule = { points: 5, durationSec: 60 };
    const first = (await instance({ REDIS_URL: redisUrl! })).createLimiter(name, rule);
    // A second instance: its own module and its own connection, the same Redis.
    const second = (await instance({ REDIS_URL: redisUrl! })).createLimiter(name, rule);
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).consume("client")),
    );
    expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
  });
});

describe("with Redis unreachable", () => {
  let stop: (() => Promise<void>) | null = null;
  afterAll(async () => stop?.());

  it.skipIf(!redisUrl)(
    "falls back to this instance's memory: still limits, never throws",
    async () => {
      const redis = await startTestRedis();
      stop = redis!.stop;
      const { createLimiter } = await instance({ REDIS_URL: redis!.url });
      const limit = createLimiter(`down-${Math.random()}`, { points: 2, durationSec: 60 });
      expect((await limit.consume("a")).ok).toBe(true);
      await redis!.stop();
      const after = [await limit.consume("a"), await limit.consume("a"), await limit.consume("a")];
      expect(after.map((v) => v.ok)).toEqual([true, true, false]);
    },
  );

  it.skipIf(!redisUrl)(
    "connected but not answering (stopped): one check waits REDIS_COMMAND_TIMEOUT_MS at most, the next answer at once, from memory",
    async () => {
      const redis = (await startTestRedis())!;
      vi.stubEnv("REDIS_COMMAND_TIMEOUT_MS", "1000");
      const { createLimiter } = await instance({ REDIS_URL: redis.url });
      const { redisClient } = await import("@/lib/shared-state/redis");
      const said = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const limit = createLimiter(`stopped-${Math.random()}`, { points: 2, durationSec: 60 });
        expect((await limit.consume("a")).ok).toBe(true);
        redis.freeze();
        const after = [await within(limit.consume("a"), 5_000)];
        // The unanswered PING drops the connection: no later check waits out the second.
        await expect.poll(() => redisClient()!.status, { timeout: 5_000 }).not.toBe("ready");
        for (let i = 0; i < 2; i++) after.push(await within(limit.consume("a"), 300));
        expect(after.map((v) => typeof v === "object" && v.ok)).toEqual([true, true, false]);
      } finally {
        said.mockRestore();
        await redis.stop();
      }
    },
  );
});
