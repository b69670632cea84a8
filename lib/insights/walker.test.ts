/**
 * The walker on the real built-in API (the seeded test database), through the
 * server's own fetch path.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Fetcher } from "@/lib/api/client";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";

let walker: typeof import("./walker");
let serverFetcher: Fetcher;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  walker = await import("./walker");
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

  it("counts up to a cap and says when the list holds more", async () => {
    const total = (await walkForward("/invoices?statuses=ISSUED")).length;
    expect(total).toBeGreaterThan(300);
    const ctx = walker.createWalkContext();
    expect(await walker.countList(ctx, "invoices", "statuses=ISSUED", 250)).toEqual({
      count: 300,
      capped: true,
    });
    // Three pages read, not the whole list.
    expect(ctx.progress.pages).toBe(3);
    const exact = walker.createWalkContext();
    expect(await walker.countList(exact, "invoices", "statuses=ISSUED", total)).toEqual({
      count: total,
      capped: false,
    });
  });

  it("takes every page from the budget before reading it", async () => {
    let taken = 0;
    const { fetcher, stats } = instrumented();
    const ctx = walker.createWalkContext({
      fetcher,
      budget: {
        take: async () => {
          taken += 1;
          // A page is never read before its token.
          expect(stats.calls).toBe(taken - 1);
        },
      },
      concurrency: 1,
    });
    await walker.walkList(ctx, "customers", "", 0, (n, rows) => n + rows.length);
    expect(taken).toBe(ctx.progress.pages);
    expect(stats.calls).toBe(ctx.progress.pages);
  });
});
