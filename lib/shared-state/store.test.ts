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
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectRedis, waitForRedis } from "./redis";
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
  return { store, pass: (ms) => new Promise((r) => setTimeout(r, ms)) };
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
