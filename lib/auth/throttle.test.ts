/**
 * The sign-in throttle's rules, in memory and on a real Redis shared by two
 * instances: a guesser's tries per account and client with a growing wait, the
 * per-client ceiling, the per-account slow-down that the real person passes, and
 * counts that hold under a parallel flood and across instances.
 */
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import type { ThrottleRules } from "./throttle";

const redisUrl = inject("redisUrl");

const RULES: ThrottleRules = {
  triesPerMinute: 5,
  clientTriesPerMinute: 10,
  accountTriesPerHour: 10,
  slowedTriesPerHour: 2,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.resetModules();
  const holder = globalThis as { __invoicingRedis?: { client: { disconnect(): void } } };
  holder.__invoicingRedis?.client.disconnect();
  holder.__invoicingRedis = undefined;
});

/** The throttle module as an instance of the dashboard loads it (its own Redis connection). */
async function instance(url: string | undefined) {
  vi.stubEnv("REDIS_URL", url ?? "");
  vi.resetModules();
  (globalThis as { __invoicingRedis?: unknown }).__invoicingRedis = undefined;
  const throttle = await import("./throttle");
  if (url) {
    const redis = await import("@/lib/shared-state/redis");
    await redis.waitForRedis(redis.redisClient()!);
  }
  return throttle;
}

/** A throttle of its own (fresh counts) with the default rules. */
async function fresh(url?: string, rules = RULES) {
  const { createSignInThrottle } = await instance(url);
  return createSignInThrottle(rules, `test-${Math.random()}`);
}

const oks = (admissions: { ok: boolean }[]) => admissions.filter((a) => a.ok).length;

const kinds = [["memory", undefined], ...(redisUrl ? [["redis", redisUrl]] : [])] as [
  string,
  string | undefined,
][];

describe.each(kinds)("the sign-in throttle in %s", (_kind, url) => {
  it("gives a guesser five tries a minute on an account from one client, then says how long to wait", async () => {
    const throttle = await fresh(url);
    const tries = [];
    for (let i = 0; i < 8; i++) tries.push(await throttle.admit("ana", "203.0.113.9"));
    expect(tries.map((t) => t.ok)).toEqual([true, true, true, true, true, false, false, false]);
    const refused = tries[5]!;
    expect(refused.ok === false && refused.retryAfterSec).toBeGreaterThan(50);
    expect(refused.ok === false && refused.retryAfterSec).toBeLessThanOrEqual(60);
    // The same account from another client, and another account from this client, go on.
    expect((await throttle.admit("ana", "198.51.100.4")).ok).toBe(true);
    expect((await throttle.admit("bo", "203.0.113.9")).ok).toBe(true);
  });

  it("admits exactly five of 200 parallel guesses (each counted as it arrives)", async () => {
    const throttle = await fresh(url);
    const flood = await Promise.all(
      Array.from({ length: 200 }, () => throttle.admit("ana", "203.0.113.9")),
    );
    expect(oks(flood)).toBe(5);
  });

  it("caps one client's tries over all accounts at ten a minute", async () => {
    const throttle = await fresh(url);
    const spray = [];
    for (let i = 0; i < 15; i++) spray.push(await throttle.admit(`user-${i}`, "203.0.113.9"));
    expect(oks(spray)).toBe(10);
    expect(spray.slice(10).every((t) => !t.ok)).toBe(true);
  });

  it("counts a body refused unread against its client, on every account", async () => {
    const throttle = await fresh(url);
    for (let i = 0; i < 9; i++) await throttle.refusedUnread("203.0.113.9");
    expect((await throttle.admit("ana", "203.0.113.9")).ok).toBe(true);
    const over = await throttle.admit("bo", "203.0.113.9");
    expect(over.ok).toBe(false);
    expect((await throttle.admit("ana", "198.51.100.4")).ok).toBe(true);
  });

  it("a right password gives the attempt back and forgives the client's earlier tries", async () => {
    const throttle = await fresh(url);
    for (let i = 0; i < 4; i++) await throttle.admit("ana", "203.0.113.9");
    await throttle.succeeded("ana", "203.0.113.9");
    const again = [];
    for (let i = 0; i < 6; i++) again.push(await throttle.admit("ana", "203.0.113.9"));
    expect(oks(again)).toBe(5);
  });

  it("slows an account guessed at from many clients, and the real person still gets in", async () => {
    const throttle = await fresh(url);
    // Ten guessers, one try each: the account's hour allows ten.
    for (let i = 0; i < 10; i++)
      expect((await throttle.admit("ana", `198.51.100.${i}`)).ok).toBe(true);
    // Slowed: a new guesser gets two tries an hour, then waits.
    const late = [];
    for (let i = 0; i < 3; i++) late.push(await throttle.admit("ana", "192.0.2.77"));
    expect(late.map((t) => t.ok)).toEqual([true, true, false]);
    const wait = late[2]!.ok ? 0 : late[2]!.retryAfterSec;
    expect(wait).toBeGreaterThan(3000);
    // The person at their own computer: admitted, and after the right password again.
    expect((await throttle.admit("ana", "192.0.2.10")).ok).toBe(true);
    await throttle.succeeded("ana", "192.0.2.10");
    expect((await throttle.admit("ana", "192.0.2.10")).ok).toBe(true);
    await throttle.succeeded("ana", "192.0.2.10");
    expect((await throttle.admit("ana", "192.0.2.10")).ok).toBe(true);
    // Other accounts are not slowed.
    expect((await throttle.admit("bo", "192.0.2.77")).ok).toBe(true);
  });
});

describe("the wait grows the longer a guesser keeps at it", () => {
  it("a minute, then ten, then an hour, then a day (fake clock, memory)", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-22T09:00:00Z") });
    const throttle = await fresh(undefined, { ...RULES, clientTriesPerMinute: 1000 });
    const waits: number[] = [];
    let admitted = 0;
    // Try again each time the throttle says to, for two days.
    const end = Date.now() + 2 * 24 * 3600_000;
    while (Date.now() < end) {
      const answer = await throttle.admit("ana", "203.0.113.9");
      if (answer.ok) {
        admitted++;
        continue;
      }
      waits.push(answer.retryAfterSec);
      vi.advanceTimersByTime(answer.retryAfterSec * 1000);
    }
    // Five a minute at first; after ten the wait is up to 10 minutes, after twenty
    // up to an hour, after fifty up to a day: at most 100 tries in two days.
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(Math.max(...waits)).toBeGreaterThan(3600);
    expect(Math.max(...waits)).toBeLessThanOrEqual(24 * 3600);
    const distinct = [
      ...new Set(waits.map((w) => (w <= 60 ? 60 : w <= 600 ? 600 : w <= 3600 ? 3600 : 86400))),
    ];
    expect(distinct).toEqual([60, 600, 3600, 86400]);
    expect(admitted).toBeLessThanOrEqual(100);
    expect(admitted).toBeGreaterThanOrEqual(50);
  });
});

describe.skipIf(!redisUrl)("instances on one Redis", () => {
  it("share the counts: 200 guesses through two instances get five tries in all", async () => {
    const name = `shared-${Math.random()}`;
    const first = (await instance(redisUrl!)).createSignInThrottle(RULES, name);
    const second = (await instance(redisUrl!)).createSignInThrottle(RULES, name);
    const flood = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? first : second).admit("ana", "203.0.113.9")),
    );
    expect(oks(flood)).toBe(5);
    // And the account's slow-down too: ten clients through alternate instances, then a new one.
    for (let i = 0; i < 9; i++) await (i % 2 ? first : second).admit("ana", `198.51.100.${i}`);
    const slowed = [];
    for (let i = 0; i < 3; i++) slowed.push(await first.admit("ana", "192.0.2.77"));
    expect(slowed.map((t) => t.ok)).toEqual([true, true, false]);
  });
});
