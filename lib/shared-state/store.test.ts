/**
 * The shared store, in memory and on a real Redis (a throwaway redis-server, see
 * lib/testing/services-setup.ts): the same behaviour from both, and locks that
 * expire, extend and release only for their holder.
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

async function redisStore(): Promise<SharedStore> {
  const client = connectRedis(redisUrl!);
  clients.push(client);
  await waitForRedis(client);
  // A prefix of its own: tests never see each other's keys.
  return createRedisStore(client, `test:${randomUUID()}:`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const kinds: [string, () => Promise<SharedStore>][] = [
  ["memory", async () => createMemoryStore()],
  ...(redisUrl ? ([["redis", redisStore]] as [string, () => Promise<SharedStore>][]) : []),
];

describe.each(kinds)("the %s store", (_kind, make) => {
  it("keeps values, with and without a lifetime", async () => {
    const store = await make();
    expect(await store.get("a")).toBeNull();
    await store.set("a", "1");
    await store.set("b", "2", 50);
    expect(await store.get("a")).toBe("1");
    expect(await store.get("b")).toBe("2");
    await sleep(80);
    expect(await store.get("b")).toBeNull();
    await store.delete("a");
    expect(await store.get("a")).toBeNull();
  });

  it("gives a lock to one holder at a time, and only its holder extends or releases it", async () => {
    const store = await make();
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
    const store = await make();
    const crashed = await store.acquireLock("walk", 60);
    expect(crashed).not.toBeNull();
    expect(await store.acquireLock("walk", 60)).toBeNull();
    await sleep(100);
    const next = await store.acquireLock("walk", 60);
    expect(next).not.toBeNull();
    expect(await store.extendLock("walk", crashed!, 60)).toBe(false);
  });
});
