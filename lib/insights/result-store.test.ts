/**
 * Where results are kept, on disk and in a real Redis (the throwaway one the vitest
 * set-up starts): names of one length whatever the view, keyed with the server's
 * secret; bounded by count and by age; failures said without the server's detail.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, inject, it, vi } from "vitest";
import { connectRedis, waitForRedis } from "@/lib/shared-state/redis";
import { createRedisStore } from "@/lib/shared-state/store";
import { identifierSecret } from "./identifier-secret";
import { diskResultStore, RESULTS_UNAVAILABLE, sharedResultStore } from "./result-store";

const redisUrl = inject("redisUrl");
const clients: { disconnect(): void }[] = [];
const dirs: string[] = [];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
afterAll(() => {
  for (const client of clients) client.disconnect();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "result-store-test-"));
  dirs.push(dir);
  return dir;
}

/** The key of a summed view as the shared walks make it: the whole API query in it. */
const API = "https://api.example.com/v1\ninv_sk_a-real-looking-key";
const SOURCE = createHash("sha256").update(API).digest("hex").slice(0, 24);
const LONG_VIEW = `insights:${SOURCE}:totals:customers:search=${"é".repeat(40)}${"x".repeat(160)}&customerIds=${Array.from({ length: 5 }, () => randomUUID()).join(",")}:result`;

const secret = (value: string) => async () => value;

describe("on disk", () => {
  it("keeps a view of any length under a 32-hex name that says nothing of the key", async () => {
    const dir = tempDir();
    expect(Buffer.byteLength(encodeURIComponent(LONG_VIEW))).toBeGreaterThan(255);
    const store = diskResultStore(dir, { secret: secret("s".repeat(64)) });
    await store.set(LONG_VIEW, '{"totals":1}');
    expect(await store.get(LONG_VIEW)).toBe('{"totals":1}');
    const names = fs.readdirSync(dir);
    expect(names).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.json$/)]);
    expect(names[0]).not.toContain(SOURCE);
    // Keyed: another secret, another name, so a name cannot be computed from a guess.
    const other = tempDir();
    await diskResultStore(other, { secret: secret("t".repeat(64)) }).set(LONG_VIEW, "{}");
    expect(fs.readdirSync(other)).not.toEqual(names);
    await store.delete(LONG_VIEW);
    expect(await store.get(LONG_VIEW)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("keeps at most its count: the results written longest ago go first, also after a restart", async () => {
    const dir = tempDir();
    const bounds = { maxAgeMs: 86_400_000, maxEntries: 3 };
    const store = diskResultStore(dir, { secret: secret("s".repeat(64)), bounds });
    for (const view of ["a", "b", "c", "d", "e"]) {
      await store.set(view, view);
      // Files' times are as fine as the file system's clock (a few ms): apart, for the restart.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fs.readdirSync(dir)).toHaveLength(3);
    expect(await store.get("a")).toBeNull();
    expect(await store.get("b")).toBeNull();
    expect(await store.get("c")).toBe("c");
    // A restart lists the folder: what an earlier process left counts too.
    const restarted = diskResultStore(dir, {
      secret: secret("s".repeat(64)),
      bounds: { ...bounds, maxEntries: 2 },
    });
    expect(await restarted.get("e")).toBe("e");
    await restarted.set("f", "f");
    expect(fs.readdirSync(dir)).toHaveLength(2);
    expect(await restarted.get("c")).toBeNull();
    expect(await restarted.get("d")).toBeNull();
  });

  it("drops a result older than its age when it is read or another is written", async () => {
    const dir = tempDir();
    let clock = Date.now();
    const store = diskResultStore(dir, {
      secret: secret("s".repeat(64)),
      bounds: { maxAgeMs: 60_000, maxEntries: 100 },
      now: () => clock,
    });
    await store.set("old", "1");
    await store.set("older", "0");
    clock += 30_000;
    await store.set("new", "2");
    expect(await store.get("old")).toBe("1");
    clock += 40_000;
    expect(await store.get("old")).toBeNull();
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(await store.get("new")).toBe("2");
  });

  it("a failure is said in general words; its detail (the folder) only in the log", async () => {
    const file = path.join(tempDir(), "not-a-folder");
    fs.writeFileSync(file, "");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = diskResultStore(path.join(file, "insights"), { secret: secret("s".repeat(64)) });
    const failure = await store.set(LONG_VIEW, "{}").catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(RESULTS_UNAVAILABLE);
    expect(JSON.stringify(failure)).not.toContain(file);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(file));
  });
});

describe("the secret names are keyed with", () => {
  it("is derived from AUTH_SECRET when set, never the AUTH_SECRET itself", async () => {
    vi.stubEnv("AUTH_SECRET", "a".repeat(40));
    const one = await identifierSecret(tempDir());
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(one).not.toContain("a".repeat(40));
    expect(await identifierSecret(tempDir())).toBe(one);
  });

  it("without AUTH_SECRET, made once per results folder and kept in it, readable by the server only", async () => {
    vi.stubEnv("AUTH_SECRET", "");
    vi.stubEnv("BETTER_AUTH_SECRET", "");
    const dir = tempDir();
    const one = await identifierSecret(dir);
    expect(one.length).toBeGreaterThanOrEqual(32);
    expect(await identifierSecret(dir)).toBe(one);
    const file = path.join(dir, "identifier-secret");
    expect(fs.readFileSync(file, "utf8")).toBe(one);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await identifierSecret(tempDir())).not.toBe(one);
    // A restarted server's store finds the results its last run kept.
    await diskResultStore(dir).set("view", "kept");
    expect(await diskResultStore(dir).get("view")).toBe("kept");
  });
});

describe.skipIf(!redisUrl)("in Redis", () => {
  async function redisStore(prefix = `test:${randomUUID()}:`) {
    const client = connectRedis(redisUrl!);
    clients.push(client);
    await waitForRedis(client);
    return { client, prefix, store: createRedisStore(client, prefix) };
  }

  it("keeps a view under a 32-hex name with its lifetime, and at most its count", async () => {
    const { client, prefix, store } = await redisStore();
    const results = sharedResultStore(store, {
      secret: secret("s".repeat(64)),
      bounds: { maxAgeMs: 60_000, maxEntries: 2 },
    });
    await results.set(LONG_VIEW, "long");
    const keys = await client.keys(`${prefix}*`);
    const named = keys.filter((k) => k.startsWith(`${prefix}insights:result:`));
    expect(named).toEqual([expect.stringMatching(/^.*insights:result:[0-9a-f]{32}$/)]);
    expect(keys.join()).not.toContain(SOURCE);
    const ttl = await client.pttl(named[0]!);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await results.set("b", "b");
    await results.set("c", "c");
    expect(await results.get(LONG_VIEW)).toBeNull();
    expect(await results.get("b")).toBe("b");
    expect(await results.get("c")).toBe("c");
    await results.delete("c");
    expect(await results.get("c")).toBeNull();
  });

  it("without AUTH_SECRET, instances sharing a Redis share one secret", async () => {
    vi.stubEnv("AUTH_SECRET", "");
    vi.stubEnv("BETTER_AUTH_SECRET", "");
    const prefix = `test:${randomUUID()}:`;
    const one = await redisStore(prefix);
    const two = await redisStore(prefix);
    await sharedResultStore(one.store).set("view", "walked by one");
    expect(await sharedResultStore(two.store).get("view")).toBe("walked by one");
    expect(await identifierSecret(two.store)).toBe(await identifierSecret(one.store));
  });
});
