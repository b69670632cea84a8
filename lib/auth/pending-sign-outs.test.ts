/**
 * Sign-outs kept until the storage answers: each ended once it does, one that fails
 * kept for the next time, the same session kept once, the oldest dropped past the
 * bound, and a second call while one runs joining it (no session signed out twice
 * at once). Shared through a real Redis (lib/testing/services-setup.ts): one queued by
 * an instance that restarted is ended by another; bounded and expiring there too;
 * Redis down loses nothing this instance holds.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { connectRedis, waitForRedis } from "@/lib/shared-state/redis";
import {
  endPendingSignOuts,
  MAX_PENDING_SIGN_OUTS,
  pendingSignOuts,
  queueSignOut,
  redisSignOuts,
} from "./pending-sign-outs";

const redisUrl = inject("redisUrl");
const clients: { disconnect(): void }[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

const cookieOf = (headers: Headers) => headers.get("cookie")!;

beforeEach(async () => {
  // Empty the process's queue between tests.
  await endPendingSignOuts(async () => {});
});

describe("pending sign-outs", () => {
  it("ends each once the storage answers; one that fails stays for the next time", async () => {
    await queueSignOut("s=a");
    await queueSignOut("s=b");
    await queueSignOut("s=a");
    expect(await pendingSignOuts()).toBe(2);
    const signOut = vi.fn(async (headers: Headers) => {
      if (cookieOf(headers) === "s=b") throw new Error("Query read timeout");
    });
    expect(await endPendingSignOuts(signOut)).toBe(1);
    // Queued again, "s=a" is the newest.
    expect(signOut.mock.calls.map(([headers]) => cookieOf(headers))).toEqual(["s=b", "s=a"]);
    expect(await pendingSignOuts()).toBe(1);
    expect(await endPendingSignOuts(async () => {})).toBe(1);
    expect(await pendingSignOuts()).toBe(0);
  });

  it("keeps the newest MAX_PENDING_SIGN_OUTS", async () => {
    for (let i = 0; i <= MAX_PENDING_SIGN_OUTS; i++) await queueSignOut(`s=${i}`);
    expect(await pendingSignOuts()).toBe(MAX_PENDING_SIGN_OUTS);
    const ended: string[] = [];
    await endPendingSignOuts(async (headers) => {
      ended.push(cookieOf(headers));
    });
    expect(ended[0]).toBe("s=1");
    expect(ended.at(-1)).toBe(`s=${MAX_PENDING_SIGN_OUTS}`);
  });

  it("a call while one runs joins it", async () => {
    await queueSignOut("s=a");
    let release = () => {};
    const signOut = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = endPendingSignOuts(signOut);
    const second = endPendingSignOuts(signOut);
    await vi.waitFor(() => expect(signOut).toHaveBeenCalled());
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

/** This process's own queue emptied, as a restart empties it. */
const restart = () => {
  (globalThis as { __invoicingPendingSignOuts?: Set<string> }).__invoicingPendingSignOuts =
    undefined;
};

describe.skipIf(!redisUrl)("pending sign-outs shared through Redis", () => {
  /** An instance's view of one queue on the test's Redis (a key of the test's own). */
  async function sharedQueue(key: string, ttlSec = 3600) {
    const client = connectRedis(redisUrl!, 1_000);
    clients.push(client);
    await waitForRedis(client);
    return { client, shared: redisSignOuts(client, ttlSec, key) };
  }

  it("one queued by an instance that restarted is ended by another, once", async () => {
    const key = `test:${randomUUID()}`;
    const first = await sharedQueue(key);
    const second = await sharedQueue(key);
    await queueSignOut("s=left", first.shared);
    restart();
    expect(await pendingSignOuts()).toBe(0);
    expect(await pendingSignOuts(second.shared)).toBe(1);
    const signOut = vi.fn(async (_headers: Headers) => {});
    expect(await endPendingSignOuts(signOut, second.shared)).toBe(1);
    expect(signOut.mock.calls.map(([headers]) => cookieOf(headers))).toEqual(["s=left"]);
    // Gone from the shared queue: no instance ends it again.
    expect(await first.client.exists(key)).toBe(0);
    expect(await endPendingSignOuts(signOut, first.shared)).toBe(0);
  });

  it("one that fails stays shared; the queue keeps the newest MAX_PENDING_SIGN_OUTS and lives as long as a session", async () => {
    const key = `test:${randomUUID()}`;
    const { client, shared } = await sharedQueue(key, 600);
    await queueSignOut("s=a", shared);
    restart();
    await endPendingSignOuts(async () => {
      throw new Error("Query read timeout");
    }, shared);
    expect(await client.zrange(key, 0, -1)).toEqual(["s=a"]);
    for (let i = 0; i < MAX_PENDING_SIGN_OUTS; i++) await shared.add(`s=${i}`);
    expect(await client.zcard(key)).toBe(MAX_PENDING_SIGN_OUTS);
    expect(await client.zscore(key, "s=a")).toBeNull();
    const ttl = await client.ttl(key);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
    await client.del(key);
  });

  it("Redis down: queueing neither throws nor loses the sign-out, which this instance still ends", async () => {
    const client = connectRedis("redis://127.0.0.1:1", 500);
    clients.push(client);
    const shared = redisSignOuts(client, 3600, `test:${randomUUID()}`);
    await queueSignOut("s=here", shared);
    expect(await pendingSignOuts(shared)).toBe(1);
    const signOut = vi.fn(async (_headers: Headers) => {});
    expect(await endPendingSignOuts(signOut, shared)).toBe(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
