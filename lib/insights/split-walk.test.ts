/**
 * The split walk on the real built-in API (the seeded test database): the same
 * figures as one cursor walk of the same query, every invoice folded once, rows on
 * the ranges' boundaries included.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceRecord } from "@/lib/api/client";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";

let walker: typeof import("./walker");
let split: typeof import("./split-walk");
let home: typeof import("./home");
let receivables: typeof import("./receivables");
let aggregate: typeof import("./aggregate");
let quick: typeof import("@/lib/lists/quick-views");

const TODAY = Date.parse("2026-11-22T00:00:00.000Z");

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  walker = await import("./walker");
  split = await import("./split-walk");
  home = await import("./home");
  receivables = await import("./receivables");
  aggregate = await import("./aggregate");
  quick = await import("@/lib/lists/quick-views");
});

const collect = (acc: string[], rows: InvoiceRecord[]) => {
  for (const r of rows) acc.push(r.id);
  return acc;
};

/** Queries long enough to be split, and one short. */
const QUERIES = [
  "statuses=ISSUED",
  "statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED",
  "needsApproval=true",
  "statuses=ISSUED&hasOutstandingBalance=true",
  "statuses=ISSUED&issueDateStartAt=2025-03-01&issueDateEndAt=2026-02-28T23:59:59.999Z",
  "statuses=VOIDED",
];

describe("walkInvoicesSplit", () => {
  it.each(QUERIES)("folds each invoice of %s once, as one walk does", async (query) => {
    const expected = (await walkForward<{ id: string }>(`/invoices?${query}`)).map((r) => r.id);
    for (const parallel of [1, 2, 5, 16]) {
      const ctx = walker.createWalkContext({ concurrency: 4 });
      const { acc, complete, cuts } = await split.walkInvoicesSplit(ctx, query, [], collect, {
        parallel,
      });
      expect(complete).toBe(true);
      expect(new Set(acc).size, `${query}, ${parallel} ranges: no row twice`).toBe(acc.length);
      expect([...acc].sort(), `${query}, ${parallel} ranges`).toEqual([...expected].sort());
      if (parallel > 1 && expected.length > 1000) expect(cuts.length).toBeGreaterThan(0);
      if (expected.length <= 100) expect(ctx.progress.pages).toBe(1);
      // The first cut costs a partly filled page a range; later cuts only long ranges.
      const pages = Math.ceil(expected.length / 100);
      expect(ctx.progress.pages, `${query}, ${parallel} ranges`).toBeLessThanOrEqual(
        Math.ceil(pages * 1.15) + parallel + 1,
      );
    }
  });

  it("cuts ranges where invoices are, and keeps the rows on a cut in one range", async () => {
    // Unissued invoices sit on their period's start, a UTC midnight, where ranges are cut.
    const query = "statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED";
    const all = await walkForward<InvoiceRecord>(`/invoices?${query}`);
    const ctx = walker.createWalkContext({ concurrency: 8 });
    const { acc, cuts } = await split.walkInvoicesSplit(ctx, query, [], collect, {
      parallel: 8,
    });
    const onCuts = all.filter((i) => cuts.includes(split.issueSortOf(i)));
    expect(onCuts.length).toBeGreaterThan(0);
    for (const i of onCuts) expect(acc.filter((id) => id === i.id)).toHaveLength(1);
  });

  it("gives the home page's overdue figures of one walk", async () => {
    const query = quick.overdueQuery(TODAY);
    const one = await walker.walkList(
      walker.createWalkContext(),
      "invoices",
      query,
      home.emptyOverdue(),
      home.foldOverdue,
    );
    expect(Object.keys(one.counts).length).toBeGreaterThan(0);
    for (const parallel of [2, 4, 16]) {
      const ctx = walker.createWalkContext({ concurrency: parallel });
      const { acc } = await split.walkInvoicesSplit(
        ctx,
        query,
        home.emptyOverdue(),
        home.foldOverdue,
      );
      expect(acc).toEqual(one);
    }
  });

  it("gives each aging bucket's figures of one walk", async () => {
    for (const { key } of aggregate.AGING_BUCKETS) {
      const query = receivables.bucketQuery(key, TODAY);
      const fold = (acc: import("./receivables").BucketWalk, rows: InvoiceRecord[]) =>
        receivables.foldBucket(acc, rows, key, TODAY);
      const one = await walker.walkList(
        walker.createWalkContext(),
        "invoices",
        query,
        receivables.emptyBucketWalk(),
        fold,
      );
      const ctx = walker.createWalkContext({ concurrency: 6 });
      const { acc } = await split.walkInvoicesSplit(
        ctx,
        query,
        receivables.emptyBucketWalk(),
        fold,
      );
      expect(acc, key).toEqual(one);
      expect(acc.misplaced, key).toBe(0);
    }
  });

  it("counts to a cap as countList does", async () => {
    const query = "statuses=ISSUED";
    const total = (await walkForward(`/invoices?${query}`)).length;
    expect(total).toBeGreaterThan(500);
    for (const cap of [1, 100, 250, 300, total - 1, total, total + 1, 100_000]) {
      const one = await walker.countList(walker.createWalkContext(), "invoices", query, cap);
      const ctx = walker.createWalkContext({ concurrency: 4 });
      expect(await split.countInvoicesSplit(ctx, query, cap), `cap ${cap}`).toEqual(one);
    }
  });

  it("reads no more pages for a capped count than the cap needs, and the ranges' ends", async () => {
    const ctx = walker.createWalkContext({ concurrency: 4 });
    await split.countInvoicesSplit(ctx, "statuses=ISSUED", 300);
    // Three pages' worth, plus the newest-date read and one page per range in flight.
    expect(ctx.progress.pages).toBeLessThanOrEqual(3 + 1 + 4);
  });
});

describe("cutBetween", () => {
  it("cuts at a UTC midnight inside the span, else halfway", () => {
    const day = 86_400_000;
    const from = Date.parse("2026-01-01T00:00:00.000Z");
    expect(split.cutBetween(from, from + 10 * day)).toBe(from + 5 * day);
    const cut = split.cutBetween(from + 1000, from + 5000);
    expect(cut).toBeGreaterThan(from + 1000);
    expect(cut).toBeLessThan(from + 5000);
  });
});
