/**
 * The limits of the costly routes (exports, insight refreshes, sums, the built-in API
 * per key), in memory: whose allowance a request spends, what each allows, the 429 it answers, and the export slot given
 * back however a download ends. e2e/flows/security.spec.ts floods the routes over HTTP.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Module = typeof import("./costly-routes");
let routes: Module;

beforeEach(async () => {
  vi.stubEnv("REDIS_URL", "");
  vi.resetModules();
  routes = await import("./costly-routes");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

async function expect429(response: Response | null, maxWait: number) {
  expect(response?.status).toBe(429);
  const wait = Number(response!.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  const body = await response!.json();
  expect(body).toEqual({
    message: expect.stringContaining(`${wait} s`),
    code: "RATE_LIMITED",
    issues: [],
  });
  return body.message as string;
}

describe("whose allowance a request spends", () => {
  const user = (userId: string, sessionId: string) =>
    ({ kind: "user", userId, email: `${userId}@example.com`, name: userId, sessionId }) as const;

  it("an account's, whichever of its sessions asks and from wherever; a client's when open", () => {
    const office = new Headers({ "x-forwarded-for": "203.0.113.9" });
    const home = new Headers({ "x-forwarded-for": "198.51.100.2" });
    const key = routes.limitKey(user("u-1", "s-1"), office);
    expect(key).toBe("account:u-1");
    expect(routes.limitKey(user("u-1", "s-2"), home)).toBe(key);
    expect(routes.limitKey(user("u-1", "s-3"), office)).toBe(key);
    expect(routes.limitKey(user("u-2", "s-1"), office)).not.toBe(key);
    expect(routes.limitKey({ kind: "open" }, office)).toMatch(/^client:/);
  });

  it("three sessions of one account share one allowance of sums", async () => {
    vi.stubEnv("VIEW_SUMS_PER_MINUTE", "3");
    vi.resetModules();
    const tight = await import("./costly-routes");
    const headers = new Headers();
    for (const session of ["s-1", "s-2", "s-3"])
      expect(await tight.admitViewSum(tight.limitKey(user("u-3", session), headers))).toBeNull();
    await expect429(await tight.admitViewSum(tight.limitKey(user("u-3", "s-4"), headers)), 60);
    expect(await tight.admitViewSum(tight.limitKey(user("u-4", "s-1"), headers))).toBeNull();
  });
});

describe("exports", () => {
  it("two at once per allowance; the third is refused until one ends", async () => {
    const first = await routes.admitExport("account:a");
    const second = await routes.admitExport("account:a");
    expect(first.ok && second.ok).toBe(true);
    const third = await routes.admitExport("account:a");
    expect(third.ok).toBe(false);
    if (!third.ok) expect(await expect429(third.response, 10)).toMatch(/at once/);
    // Another account is not held up.
    expect((await routes.admitExport("account:b")).ok).toBe(true);
    if (first.ok) {
      await first.release();
      await first.release(); // once only
    }
    expect((await routes.admitExport("account:a")).ok).toBe(true);
    expect((await routes.admitExport("account:a")).ok).toBe(false);
  });

  it("ten a minute per allowance, then a 429 saying when", async () => {
    const admitted = [];
    for (let i = 0; i < 10; i++) {
      const admission = await routes.admitExport("account:c");
      expect(admission.ok).toBe(true);
      if (admission.ok) await admission.release();
      admitted.push(admission);
    }
    const eleventh = await routes.admitExport("account:c");
    expect(eleventh.ok).toBe(false);
    if (!eleventh.ok) expect(await expect429(eleventh.response, 60)).toMatch(/^Too many exports:/);
    // The refused one holds no slot.
    const other = await routes.admitExport("account:d");
    expect(other.ok).toBe(true);
  });

  it("EXPORTS_PER_MINUTE and EXPORTS_AT_ONCE set the limits", async () => {
    vi.stubEnv("EXPORTS_PER_MINUTE", "1");
    vi.stubEnv("EXPORTS_AT_ONCE", "1");
    vi.resetModules();
    const tight = await import("./costly-routes");
    const one = await tight.admitExport("account:e");
    expect(one.ok).toBe(true);
    expect((await tight.admitExport("account:e")).ok).toBe(false);
    if (one.ok) await one.release();
    expect((await tight.admitExport("account:e")).ok).toBe(false);
  });
});

describe("releasingWhenDone", () => {
  function source(chunks: number, fail = false) {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          if (pulls > chunks) {
            if (fail) controller.error(new Error("upstream failed"));
            else controller.close();
          } else controller.enqueue(new Uint8Array([pulls]));
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulls: () => pulls };
  }

  it("gives the slot back when the download is read to the end, and only reads as asked", async () => {
    const release = vi.fn(async () => {});
    const { stream, pulls } = source(3);
    const reader = routes.releasingWhenDone(stream, release).getReader();
    await reader.read();
    expect(pulls()).toBe(1);
    expect(release).not.toHaveBeenCalled();
    while (!(await reader.read()).done) {}
    expect(release).toHaveBeenCalledTimes(1);
  });

  it("gives it back when the download is cancelled or the export fails", async () => {
    const cancelled = vi.fn(async () => {});
    const a = routes.releasingWhenDone(source(5).stream, cancelled).getReader();
    await a.read();
    await a.cancel();
    expect(cancelled).toHaveBeenCalledTimes(1);

    const failed = vi.fn(async () => {});
    const b = routes.releasingWhenDone(source(1, true).stream, failed).getReader();
    await b.read();
    await expect(b.read()).rejects.toThrow("upstream failed");
    expect(failed).toHaveBeenCalledTimes(1);
  });
});

describe("insight refreshes", () => {
  it("five a minute per allowance, then a 429 saying when", async () => {
    for (let i = 0; i < 5; i++) expect(await routes.admitInsightRefresh("account:a")).toBeNull();
    expect(await expect429(await routes.admitInsightRefresh("account:a"), 60)).toMatch(
      /^Too many refreshes:/,
    );
    expect(await routes.admitInsightRefresh("account:b")).toBeNull();
  });
});

describe("searches", () => {
  it("thirty at once per allowance, then a 429 saying when; SEARCH_RATE_LIMIT_* set it", async () => {
    for (let i = 0; i < 30; i++) expect(await routes.admitSearch("account:a")).toBeNull();
    expect(await expect429(await routes.admitSearch("account:a"), 6)).toMatch(
      /^Too many searches:/,
    );
    expect(await routes.admitSearch("account:b")).toBeNull();
    vi.stubEnv("SEARCH_RATE_LIMIT_BURST", "2");
    vi.resetModules();
    const tight: Module = await import("./costly-routes");
    expect(await tight.admitSearch("account:c")).toBeNull();
    expect(await tight.admitSearch("account:c")).toBeNull();
    await expect429(await tight.admitSearch("account:c"), 1);
  });
});

describe("the built-in API", () => {
  const bearer = (key: string) => new Headers({ authorization: `Bearer ${key}` });

  it("is limited per key, by a hash of it, never the key itself", () => {
    const key = "inv_sk_0123456789abcdefghijklmnop";
    const limitKey = routes.apiLimitKey(bearer(key));
    expect(limitKey).toMatch(/^key:[0-9a-f]{32}$/);
    expect(limitKey).not.toContain(key.slice(7));
    expect(routes.apiLimitKey(bearer(key))).toBe(limitKey);
    expect(routes.apiLimitKey(bearer(`${key}x`))).not.toBe(limitKey);
    expect(routes.apiLimitKey(new Headers())).toBe("client:unknown");
  });

  it("answers 100 requests per key in a second, then a 429 in the API's error shape", async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 101 }, () => routes.admitApiRequest(bearer("inv_sk_flood"))),
    );
    expect(verdicts.filter((v) => v === null)).toHaveLength(100);
    await expect429(verdicts.find((v) => v !== null) ?? null, 1);
    expect(await routes.admitApiRequest(bearer("inv_sk_other"))).toBeNull();
  });
});
