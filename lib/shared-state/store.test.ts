/**
 * The shared store, in memory and on a real Redis (a throwaway redis-server, see
 * lib/testing/services-setup.ts): the same behaviour from both, and locks that
 * expire, extend and release only for their holder.
 *
 * Time passes on a fake clock for the memory store. Redis keeps its own clock, so
 * there it passes for real; every check that a value or lock is still there runs
 * under a lifetime of seconds, and only the lapses use short ones, which a slow
 * machine can only overshoot.
 */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { startTestRedis } from "@/lib/testing/redis-server";
import { within } from "@/lib/testing/within";
import { connectRedis, PING_EVERY_MS, redisCommandTimeoutMs, waitForRedis } from "./redis";
import { createMemoryStore, createRedisStore, type SharedStore } from "./store";

const redisUrl = inject("redisUrl");
const clients: { disconnect(): void }[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

/** A store, and a way to let `ms` pass on its clock. */
interface Timed {
  store: SharedStore;
  pass(ms: number): Promise<void>;
}

async function redisStore(): Promise<Timed> {
  const client = connectRedis(redisUrl!);
  clients.push(client);
  await waitForRedis(client);
  // A prefix of its own: tests never see each other's keys.
  const store = createRedisStore(client, `test:${randomUUID()}:`);
  return { store, pass: sleep };
}

async function memoryStore(): Promise<Timed> {
  let now = Date.parse("2026-11-22T09:30:00.000Z");
  const store = createMemoryStore(() => now);
  return {
    store,
    pass: async (ms) => {
      now += ms;
    },
  };
}

const LONG = 10_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const kinds: [string, () => Promise<Timed>][] = [
  ["memory", memoryStore],
  ...(redisUrl ? ([["redis", redisStore]] as [string, () => Promise<Timed>][]) : []),
];

describe.each(kinds)("the %s store", (_kind, make) => {
  it("keeps values, with and without a lifetime", async () => {
    const { store, pass } = await make();
    expect(await store.get("a")).toBeNull();
    await store.set("a", "1");
    await store.set("b", "2", LONG);
    expect(await store.get("a")).toBe("1");
    expect(await store.get("b")).toBe("2");
    await store.set("b", "2", 50);
    await pass(80);
    expect(await store.get("b")).toBeNull();
    expect(await store.get("a")).toBe("1");
    await store.delete("a");
    expect(await store.get("a")).toBeNull();
  });

  it("gives a lock to one holder at a time, and only its holder extends or releases it", async () => {
    const { store } = await make();
    const first = await store.acquireLock("walk", 10_000);
    expect(first).toEqual(expect.any(String));
    expect(await store.acquireLock("walk", 10_000)).toBeNull();
    expect(await store.extendLock("walk", "not-the-token", 10_000)).toBe(false);
    await store.releaseLock("walk", "not-the-token");
    expect(await store.acquireLock("walk", 10_000)).toBeNull();
    expect(await store.extendLock("walk", first!, 10_000)).toBe(true);
    await store.releaseLock("walk", first!);
    expect(await store.acquireLock("walk", 10_000)).toEqual(expect.any(String));
  });

  it("lets a lock lapse when its holder stops extending it (a crashed instance)", async () => {
    const { store, pass } = await make();
    const crashed = await store.acquireLock("walk", LONG);
    expect(crashed).not.toBeNull();
    expect(await store.acquireLock("walk", LONG)).toBeNull();
    // Its last extension was a short one, and then it stopped.
    expect(await store.extendLock("walk", crashed!, 60)).toBe(true);
    await pass(100);
    const next = await store.acquireLock("walk", LONG);
    expect(next).not.toBeNull();
    expect(await store.extendLock("walk", crashed!, LONG)).toBe(false);
  });
});

describe.each(kinds)("the %s store's bounded collections", (_kind, make) => {
  it("keeps the newest entries up to the count, deleting the ones written longest ago", async () => {
    const { store } = await make();
    const bounds = { maxAgeMs: LONG, maxEntries: 3 };
    for (const key of ["a", "b", "c", "d", "e"]) {
      await store.setBounded("sums", key, `value of ${key}`, bounds);
      // Redis orders them by its clock, in ms.
      await sleep(2);
    }
    expect(await store.get("a")).toBeNull();
    expect(await store.get("b")).toBeNull();
    expect(await store.get("c")).toBe("value of c");
    expect(await store.get("e")).toBe("value of e");
    // Written again: the newest once more, so the oldest left is the one to go.
    await store.setBounded("sums", "c", "c again", bounds);
    await sleep(2);
    await store.setBounded("sums", "f", "value of f", bounds);
    expect(await store.get("d")).toBeNull();
    expect(await store.get("c")).toBe("c again");
    // Another collection counts its own.
    await store.setBounded("other", "x", "1", { maxAgeMs: LONG, maxEntries: 1 });
    expect(await store.get("e")).toBe("value of e");
    await store.deleteBounded("sums", "e");
    expect(await store.get("e")).toBeNull();
  });

  it("lets entries lapse at their age, and counts only the live ones", async () => {
    const { store, pass } = await make();
    await store.setBounded("sums", "old", "1", { maxAgeMs: 50, maxEntries: 2 });
    await pass(80);
    expect(await store.get("old")).toBeNull();
    await store.setBounded("sums", "new", "2", { maxAgeMs: LONG, maxEntries: 2 });
    await store.setBounded("sums", "newer", "3", { maxAgeMs: LONG, maxEntries: 2 });
    expect(await store.get("new")).toBe("2");
    expect(await store.get("newer")).toBe("3");
  });

  it("sets a value once: later writers get the first one", async () => {
    const { store } = await make();
    expect(await store.setIfAbsent("secret", "first")).toBe("first");
    expect(await store.setIfAbsent("secret", "second")).toBe("first");
    expect(await store.get("secret")).toBe("first");
  });
});

describe("the memory store's own bound", () => {
  it("holds at most its count of values, the oldest written going first, locks kept", async () => {
    const store = createMemoryStore(Date.now, 3);
    const lock = await store.acquireLock("walk", LONG);
    for (const key of ["a", "b", "c", "d"]) await store.set(key, key, LONG);
    expect(await store.get("a")).toBeNull();
    expect(await store.get("b")).toBeNull();
    expect(await store.get("d")).toBe("d");
    expect(await store.extendLock("walk", lock!, LONG)).toBe(true);
  });
});

describe("a Redis that stops answering", () => {
  it("REDIS_COMMAND_TIMEOUT_MS: a positive whole number of ms, else 5 s", () => {
    expect(redisCommandTimeoutMs({})).toBe(5_000);
    expect(redisCommandTimeoutMs({ REDIS_COMMAND_TIMEOUT_MS: "250" })).toBe(250);
    for (const wrong of ["", "0", "-1", "2.5", "soon"])
      expect(redisCommandTimeoutMs({ REDIS_COMMAND_TIMEOUT_MS: wrong }), wrong).toBe(5_000);
  });

  it.skipIf(!redisUrl)(
    "fails a command after the timeout, then drops the connection: commands fail at once until Redis answers again",
    async () => {
      // A Redis of its own, frozen: the connection stays open, nothing answers.
      const own = (await startTestRedis())!;
      const said = vi.spyOn(console, "error").mockImplementation(() => {});
      const client = connectRedis(own.url, 300);
      clients.push(client);
      try {
        await waitForRedis(client);
        const store = createRedisStore(client, `test:${randomUUID()}:`);
        await store.set("a", "1");
        own.freeze();
        // Bounded here too: without the timeout the command would wait for ever.
        await expect(within(store.get("a"), 5_000)).rejects.toThrow("Command timed out");
        // The next PING goes unanswered too: the connection is dropped, not kept "ready"
        // for every later command to wait out the timeout.
        await expect.poll(() => client.status, { timeout: 5_000 }).not.toBe("ready");
        expect(said).toHaveBeenCalledWith(
          expect.stringMatching(/no answer within 0.3 s: reconnecting/),
        );
        // Now at once: a command waiting out its 300 ms would still be waiting at 100.
        await expect(within(store.acquireLock("l", LONG), 100)).rejects.toThrow(/writeable/);
        await expect(within(store.get("a"), 100)).rejects.toThrow(/writeable/);
        own.thaw();
        await waitForRedis(client, 10_000);
        expect(await store.get("a")).toBe("1");
        expect(said).toHaveBeenCalledWith("[redis] answering again");
      } finally {
        said.mockRestore();
        await own.stop();
      }
    },
  );

  it.skipIf(!redisUrl)("keeps a connection that answers: its PINGs drop nothing", async () => {
    // The PINGs' interval on a fake clock (the command timeout's timers stay real).
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const client = connectRedis(redisUrl!, 300);
      clients.push(client);
      await waitForRedis(client);
      const ping = vi.spyOn(client, "ping");
      const dropped = vi.fn();
      client.on("close", dropped);
      for (let i = 1; i <= 3; i++) {
        vi.advanceTimersByTime(PING_EVERY_MS);
        expect(ping).toHaveBeenCalledTimes(i);
        expect(await ping.mock.results[i - 1]!.value).toBe("PONG");
        // The heartbeat's own handling of the answer, before the next one is due.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(dropped).not.toHaveBeenCalled();
      expect(client.status).toBe("ready");
    } finally {
      vi.useRealTimers();
    }
  });
});
