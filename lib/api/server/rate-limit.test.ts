/** The data route's per-client token bucket: in memory, and shared by a server's processes (SQLite). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runInServerProcess } from "@/lib/testing/server-process";
import { type BucketOptions, clientKey, createRateLimiter, limitKey } from "./rate-limit";
import { createSharedRateLimiter, openSharedBuckets } from "./shared-rate-limit";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rate-limits-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;
/** A new shared file, opened by as many connections as asked (as server processes would). */
function sharedFile(connections: number): Database.Database[] {
  const file = path.join(dir, `limits-${++files}.sqlite`);
  return Array.from({ length: connections }, () => openSharedBuckets(file));
}

describe.each([
  ["in memory", (o: BucketOptions) => createRateLimiter(o)],
  ["shared (SQLite)", (o: BucketOptions) => createSharedRateLimiter(sharedFile(1)[0]!, "t", o)],
])("rate limiter, %s", (_, createRateLimiter) => {
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

  it("never holds much more than its client cap", () => {
    const limiter = createRateLimiter({ ratePerSec: 1, burst: 1, maxClients: 100 });
    for (let i = 0; i < 1_000; i++) limiter.take(`c${i}`, i);
    // In memory exactly; shared buckets are swept every tenth of the cap.
    expect(limiter.size).toBeLessThanOrEqual(110);
  });

  it("sustains its rate: 20 req/s burst 60 lets 80 through in one second", () => {
    const limiter = createRateLimiter({ ratePerSec: 20, burst: 60 });
    let ok = 0;
    for (let t = 0; t < 1_000; t += 5) if (limiter.take("a", t).ok) ok++;
    expect(ok).toBeGreaterThanOrEqual(79);
    expect(ok).toBeLessThanOrEqual(80);
  });
});

describe.each([
  ["in memory", (o: BucketOptions) => createRateLimiter(o)],
  ["shared (SQLite)", (o: BucketOptions) => createSharedRateLimiter(sharedFile(1)[0]!, "t", o)],
])("peek, %s", (_, createRateLimiter) => {
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

describe("a limiter shared by a server's processes", () => {
  it("draws one bucket from every connection to the file", () => {
    const [a, b, c] = sharedFile(3);
    const options = { ratePerSec: 1, burst: 4 };
    const limiters = [a!, b!, c!].map((db) => createSharedRateLimiter(db, "data", options));
    const verdicts = Array.from({ length: 6 }, (_, i) => limiters[i % 3]!.take("ip:1", 0).ok);
    expect(verdicts).toEqual([true, true, true, true, false, false]);
    expect(limiters[1]!.peek("ip:1", 0)).toEqual({ ok: false, retryAfterSec: 1 });
    expect(limiters[2]!.take("ip:1", 1000).ok).toBe(true);
    expect(limiters[0]!.take("ip:1", 1000).ok).toBe(false);
  });

  it("keeps limiters of different names apart in one file", () => {
    const [db] = sharedFile(1);
    const data = createSharedRateLimiter(db!, "data", { ratePerSec: 1, burst: 1 });
    const signIn = createSharedRateLimiter(db!, "sign-in", { ratePerSec: 1, burst: 1 });
    expect(data.take("x", 0).ok).toBe(true);
    expect(data.take("x", 0).ok).toBe(false);
    expect(signIn.take("x", 0).ok).toBe(true);
  });

  it("holds from two processes drawing at once: no token is spent twice", async () => {
    const file = path.join(dir, "two-processes.sqlite");
    // Each process: the limiter module itself (react-server: it is server-only), 1,000 takes.
    const script = path.join(dir, "draw.ts");
    fs.writeFileSync(
      script,
      `import { createSharedRateLimiter, openSharedBuckets } from ${JSON.stringify(path.resolve(import.meta.dirname, "shared-rate-limit.ts"))};
       const db = openSharedBuckets(${JSON.stringify(file)});
       const limiter = createSharedRateLimiter(db, "data", { ratePerSec: 0.0001, burst: 1500 });
       // Both start drawing at the same moment, whichever loaded first.
       while (Date.now() < Number(process.env.START_AT));
       let granted = 0;
       // A take every 0.1 ms or so, as requests arrive: the two processes interleave.
       for (let i = 0; i < 1000; i++) {
         if (limiter.take("c", 0).ok) granted++;
         const next = performance.now() + 0.1;
         while (performance.now() < next);
       }
       console.log(granted);`,
    );
    const startAt = String(Date.now() + 4_000);
    const run = async () => Number(await runInServerProcess(script, { START_AT: startAt }));
    const granted = await Promise.all([run(), run()]);
    expect(granted[0]! + granted[1]!).toBe(1500);
    // Both drew: the file, not one process's memory, held the bucket.
    expect(Math.min(...granted)).toBeGreaterThan(0);
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
