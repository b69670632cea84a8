/**
 * The walker and the views' cache on the real built-in API (the seeded test
 * database), through the server's own fetch path.
 */
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { Fetcher } from "@/lib/api/client";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";

let walker: typeof import("./walker");
let cache: typeof import("./cache");
let serverFetcher: Fetcher;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  walker = await import("./walker");
  cache = await import("./cache");
  ({ serverFetcher } = await import("@/lib/api/server/fetcher"));
});

/**
 * The real fetcher, counting requests in flight and failing from call `failAfter` on.
 * `idle()` resolves once no call is in flight and none started after the last one.
 */
function instrumented(options: { failAfter?: number; delayMs?: number } = {}) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const pending = new Set<Promise<unknown>>();
  const idle = async () => {
    while (pending.size > 0) {
      await Promise.allSettled([...pending]);
      // One turn of the event loop: a walk that goes on starts its next call first.
      await new Promise((r) => setImmediate(r));
    }
  };
  const track: Fetcher = (path, init) => {
    const call = counted(path, init);
    pending.add(call);
    call.finally(() => pending.delete(call)).catch(() => {});
    return call;
  };
  const counted: Fetcher = async (path, init) => {
    stats.calls += 1;
    if (options.failAfter !== undefined && stats.calls > options.failAfter)
      return Response.json(
        { message: "Injected failure", code: "INTERNAL_SERVER_ERROR", issues: [] },
        { status: 500 },
      );
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      return await serverFetcher(path, init);
    } finally {
      stats.inFlight -= 1;
    }
  };
  return { fetcher: track, stats, idle };
}

const collectIds = (ids: string[], rows: { id: string }[]) => {
  for (const r of rows) ids.push(r.id);
  return ids;
};

describe("walkList", () => {
  it("reads the same rows, in order, as a plain walk of the API", async () => {
    const ctx = walker.createWalkContext();
    const ids = await walker.walkList(ctx, "invoices", "statuses=ISSUED", [], collectIds);
    const expected = (await walkForward<{ id: string }>("/invoices?statuses=ISSUED")).map(
      (r) => r.id,
    );
    expect(ids).toEqual(expected);
    expect(ctx.progress.pages).toBe(Math.ceil(expected.length / 100));
    expect(ctx.progress.rows).toBe(expected.length);
  });

  it("reports progress after every page", async () => {
    const seen: number[] = [];
    const ctx = walker.createWalkContext({ onProgress: (p) => seen.push(p.pages) });
    await walker.walkList(ctx, "customers", "", 0, (n, rows) => n + rows.length);
    expect(seen).toEqual(seen.map((_, i) => i + 1));
    expect(seen.length).toBeGreaterThan(1);
  });

  it("keeps requests in flight under the limit across parallel walks", async () => {
    const { fetcher, stats } = instrumented({ delayMs: 5 });
    const ctx = walker.createWalkContext({ fetcher, concurrency: 2 });
    const queries = ["statuses=ISSUED", "statuses=DRAFT", "statuses=VOIDED", "needsApproval=true"];
    const counts = await Promise.all(
      queries.map((q) => walker.walkList(ctx, "invoices", q, 0, (n, rows) => n + rows.length)),
    );
    expect(stats.maxInFlight).toBe(2);
    for (const [i, q] of queries.entries())
      expect(counts[i], q).toBe((await walkForward(`/invoices?${q}`)).length);
  });

  it("surfaces a failure part-way as an error with the pages read", async () => {
    const { fetcher } = instrumented({ failAfter: 3 });
    const ctx = walker.createWalkContext({ fetcher, concurrency: 1 });
    const error = await walker
      .runWalks(ctx, (inner) =>
        walker.walkList(inner, "invoices", "statuses=ISSUED", 0, (n, rows) => n + rows.length),
      )
      .catch((e) => e);
    expect(error).toBeInstanceOf(walker.WalkFailed);
    expect(error.pagesRead).toBe(3);
    expect(error.rowsRead).toBe(300);
    expect(error.cause.kind).toBe("server");
    expect(error.message).toBe("Injected failure");
  });

  it("stops the other walks of a view when one fails", async () => {
    const { fetcher, stats, idle } = instrumented({ failAfter: 2 });
    const ctx = walker.createWalkContext({ fetcher, concurrency: 1 });
    await expect(
      walker.runWalks(ctx, (inner) =>
        Promise.all(
          ["statuses=ISSUED", "statuses=DRAFT", "statuses=APPROVED"].map((q) =>
            walker.walkList(inner, "invoices", q, 0, (n, rows) => n + rows.length),
          ),
        ),
      ),
    ).rejects.toBeInstanceOf(walker.WalkFailed);
    await idle();
    // The failing call, plus at most one per other walk already past its abort check.
    expect(stats.calls).toBeLessThanOrEqual(5);
  });
});

describe("insight cache", () => {
  it("walks once for concurrent viewers, then serves the stored result until forced", async () => {
    const progress: number[] = [];
    const [a, b] = await Promise.all([
      cache.getInsight("renewals", { onProgress: (p) => progress.push(p.pages) }),
      cache.getInsight("renewals"),
    ]);
    expect(a).toBe(b);
    expect(progress.at(-1)).toBe(a.pages);
    const again = await cache.getInsight("renewals");
    expect(again).toBe(a);
    expect(cache.peekInsight("renewals").fresh).toBe(true);
    // A later moment on a fake clock (Date only: the walk's own timers stay real).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 });
    const forced = await cache.getInsight("renewals", { force: true }).finally(() => {
      vi.useRealTimers();
    });
    expect(forced).not.toBe(a);
    expect(forced.asOf > a.asOf).toBe(true);
    expect(forced.data).toEqual(a.data);
  });

  it("counts what the customers list holds per health state", async () => {
    const { data } = await cache.getInsight("renewals");
    const all = await walkForward<{
      id: string;
      contractHealth: string;
      coverageContractEndAt: string | null;
    }>("/customers");
    for (const { health, count } of data.healthCounts)
      expect(count, health).toBe(all.filter((c) => c.contractHealth === health).length);
    const renewals = all.filter((c) => ["RENEWAL_DUE", "ENDING"].includes(c.contractHealth));
    expect(data.rows.map((r) => r.id).sort()).toEqual(renewals.map((c) => c.id).sort());
    const ends = data.rows.map((r) => r.endAt ?? "~");
    expect(ends).toEqual([...ends].sort());
  });

  it("sums receivables per currency exactly as the invoice list adds up", async () => {
    const { data } = await cache.getInsight("receivables");
    const open = await walkForward<{
      totalAmount: { value: number; currencyCode: string };
      appliedAmount: { value: number };
    }>("/invoices?statuses=ISSUED&hasOutstandingBalance=true");
    const expected: Record<string, string> = {};
    for (const i of open) {
      const code = i.totalAmount.currencyCode;
      expected[code] = String(
        BigInt(expected[code] ?? 0) + BigInt(i.totalAmount.value - i.appliedAmount.value),
      );
    }
    expect(data.totals.outstanding).toEqual(expected);
    expect(data.buckets.every((b) => b.misplaced === 0)).toBe(true);
    expect(Object.values(data.totals.counts).reduce((a, b) => a + b, 0)).toBe(open.length);
  });
});

describe("insight cache staleness", () => {
  it("keeps a result past its TTL visible as stale until a new walk replaces it", async () => {
    vi.stubEnv("INSIGHTS_CACHE_TTL_MS", "1000");
    // Time passes on a fake clock (Date only: the walk's own timers stay real).
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const first = await cache.getInsight("home", { force: true });
    expect(cache.peekInsight("home")).toMatchObject({ fresh: true, running: false });
    vi.advanceTimersByTime(999);
    expect(cache.peekInsight("home").fresh).toBe(true);
    vi.advanceTimersByTime(1);
    const stale = cache.peekInsight("home");
    expect(stale.fresh).toBe(false);
    expect(stale.result).toBe(first);
    const next = cache.getInsight("home");
    // While the new walk runs, the stale result is still what a page renders.
    expect(cache.peekInsight("home")).toMatchObject({ result: first, running: true });
    expect((await next).asOf > first.asOf).toBe(true);
    expect(cache.peekInsight("home").fresh).toBe(true);
    vi.stubEnv("INSIGHTS_CACHE_TTL_MS", "");
  });
});
