/**
 * The totals of a list's view: the rules (per currency, exact, never across
 * currencies), and the walk on the real built-in API (the seeded test database),
 * checked against the API's own list of the same filters summed here by hand.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Fetcher, InvoiceRecord, PaymentRecord } from "@/lib/api/client";
import { exportQuery } from "@/lib/export/query";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";
import { createMemoryStore } from "@/lib/shared-state/store";
import type { InsightEvent, Insights } from "./shared-walks";
import { addToTotals, emptyTotals, totalsViewName, type ViewTotals } from "./view-totals";
import type { WalkedView } from "./views";

let sw: typeof import("./shared-walks");
let resultStores: typeof import("./result-store");
let budgets: typeof import("./budget");
let route: typeof import("./totals-route");
let serverFetcher: Fetcher;
const made: Insights[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  sw = await import("./shared-walks");
  resultStores = await import("./result-store");
  budgets = await import("./budget");
  route = await import("./totals-route");
  ({ serverFetcher } = await import("@/lib/upstream/server-fetcher"));
});

afterEach(() => {
  for (const insights of made.splice(0)) insights.kill();
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** One instance of the shared walks on the real built-in API, counting its pages. */
function instance(fetcher?: Fetcher) {
  const stats = { calls: 0 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "totals-test-"));
  dirs.push(dir);
  const insights = sw.createInsights({
    store: createMemoryStore(),
    results: resultStores.diskResultStore(dir),
    source: () => "test-source",
    budgetFor: () => budgets.unlimitedBudget,
    fetcher: (pathAndQuery, init) => {
      stats.calls += 1;
      return (fetcher ?? serverFetcher)(pathAndQuery, init);
    },
    refreshIntervalMs: 600_000,
    pollMs: 20,
  });
  made.push(insights);
  return { insights, stats };
}

function viewOf(list: "invoices" | "customers" | "payments", urlQuery: string): WalkedView {
  const query = exportQuery(list, new URLSearchParams(urlQuery));
  if (!query.ok) throw new Error(query.issues.join("; "));
  return totalsViewName(list, query.apiQuery) as WalkedView;
}

async function totalsOf(insights: Insights, view: WalkedView): Promise<ViewTotals> {
  const events: InsightEvent[] = [];
  for await (const event of insights.follow(view)) events.push(event);
  expect(events.at(-1)?.type).toBe("result");
  const result = await insights.lastResult(view);
  return (result!.parts as unknown as { totals: ViewTotals }).totals;
}

/** Sums of `rows` per currency, written out here (Number is exact at this size). */
function byCurrency<T>(rows: T[], pick: (row: T) => [string, number][]): Record<string, string> {
  const sums: Record<string, number> = {};
  for (const row of rows)
    for (const [currency, value] of pick(row)) sums[currency] = (sums[currency] ?? 0) + value;
  return Object.fromEntries(Object.entries(sums).map(([c, v]) => [c, String(v)]));
}

describe("the rules", () => {
  it("sums per currency, never across, exactly past 2^53", () => {
    const big = Number.MAX_SAFE_INTEGER;
    const invoice = (value: number, currencyCode: string, pending = 0) =>
      ({
        totalAmount: { value, currencyCode },
        remainingAmount: { value: value - 1, currencyCode },
        pendingPaymentAmount: { value: pending, currencyCode },
      }) as InvoiceRecord;
    const totals = addToTotals("invoices", emptyTotals("invoices"), [
      invoice(big, "USD"),
      invoice(big, "USD", 5),
      invoice(100, "CAD"),
    ]);
    expect(totals.count).toBe(3);
    expect(totals.sums.total).toEqual({ USD: (2n * BigInt(big)).toString(), CAD: "100" });
    expect(totals.sums.remaining).toEqual({
      USD: (2n * BigInt(big) - 2n).toString(),
      CAD: "99",
    });
    expect(totals.sums.pending).toEqual({ USD: "5", CAD: "0" });
  });

  it("payments, which carry no currency, sum amount and unapplied as plain numbers", () => {
    const payment = (amountCents: number, unappliedAmountCents: number) =>
      ({ amountCents, unappliedAmountCents }) as PaymentRecord;
    const totals = addToTotals("payments", emptyTotals("payments"), [
      payment(1_000, 0),
      payment(250, 250),
    ]);
    expect(totals).toEqual({
      count: 2,
      sums: { amount: { "": "1250" }, unapplied: { "": "250" } },
    });
  });
});

describe("a view's totals walked on the built-in API", () => {
  it("unpaid issued invoices: count and sums equal the API's own list of the same filters", async () => {
    const filters = "statuses=ISSUED&hasOutstandingBalance=true";
    const rows = await walkForward<InvoiceRecord>(`/invoices?${filters}`);
    expect(rows.length).toBeGreaterThan(100); // more than one walk page: the cursor is followed
    const { insights } = instance();
    const totals = await totalsOf(insights, viewOf("invoices", filters));
    expect(totals.count).toBe(rows.length);
    expect(totals.sums.total).toEqual(
      byCurrency(rows, (r) => [[r.totalAmount.currencyCode, r.totalAmount.value]]),
    );
    expect(totals.sums.remaining).toEqual(
      byCurrency(rows, (r) => [[r.remainingAmount.currencyCode, r.remainingAmount.value]]),
    );
    expect(totals.sums.pending).toEqual(
      byCurrency(rows, (r) => [
        [r.pendingPaymentAmount.currencyCode, r.pendingPaymentAmount.value],
      ]),
    );
  });

  it("payments with something unapplied, and every customer's outstanding", async () => {
    const payments = await walkForward<PaymentRecord>("/payments?hasUnappliedAmount=true");
    const customers = await walkForward<{
      outstandingIssuedAmount: Record<string, { value: number; currencyCode: string }>;
    }>("/customers");
    const { insights } = instance();
    const paid = await totalsOf(insights, viewOf("payments", "hasUnappliedAmount=true"));
    expect(paid.count).toBe(payments.length);
    expect(paid.sums.amount).toEqual(byCurrency(payments, (p) => [["", p.amountCents]]));
    expect(paid.sums.unapplied).toEqual(
      byCurrency(payments, (p) => [["", p.unappliedAmountCents]]),
    );
    const owed = await totalsOf(insights, viewOf("customers", ""));
    expect(owed.count).toBe(customers.length);
    expect(owed.sums.outstanding).toEqual(
      byCurrency(customers, (c) =>
        Object.values(c.outstandingIssuedAmount).map((m) => [m.currencyCode, m.value]),
      ),
    );
  });

  it("a second viewer of the same view is answered from the cached result: no page read again", async () => {
    const { insights, stats } = instance();
    const view = viewOf("invoices", "statuses=ISSUED");
    const first = await totalsOf(insights, view);
    const pages = stats.calls;
    expect(pages).toBeGreaterThan(1);
    expect(await totalsOf(insights, view)).toEqual(first);
    expect(stats.calls).toBe(pages);
  });

  it("a cancelled sum stops its walk and stores nothing", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { insights, stats } = instance(async (pathAndQuery, init) => {
      if (stats.calls > 2) await held;
      return serverFetcher(pathAndQuery, init);
    });
    const view = viewOf("invoices", "");
    const abort = new AbortController();
    const following = (async () => {
      for await (const event of insights.follow(view, { signal: abort.signal }))
        if (event.type === "progress" && event.pages >= 2) break;
    })();
    await following;
    expect(insights.cancel(view)).toBe(true);
    release();
    await insights.idle();
    expect(await insights.lastResult(view)).toBeNull();
    const calls = stats.calls;
    await new Promise((r) => setTimeout(r, 50));
    expect(stats.calls).toBe(calls);
  });
});

describe("GET /api/totals/{list}", () => {
  const get = (list: string, query: string) =>
    route.serveTotalsRequest(new Request(`http://x/api/totals/${list}?${query}`), list);

  it("names every problem of the query with 400, as the export does", async () => {
    const response = get("invoices", "statuses=NOPE&foo=1&refresh=maybe");
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: { message: string }[] };
    const messages = body.issues.map((i) => i.message).join("\n");
    expect(messages).toMatch(/refresh/);
    expect(messages).toMatch(/statuses/);
    expect(messages).toMatch(/foo/);
  });

  it("a repeated refresh is a 400 naming it, as other repeated parameters are", async () => {
    for (const query of ["refresh=true&refresh=false", "refresh=true&refresh=true"]) {
      const response = get("invoices", query);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { issues: { message: string }[] };
      expect(body.issues.map((i) => i.message)).toEqual(["refresh: given more than once"]);
    }
  });

  it("an unknown list is a 404", async () => {
    expect(get("refunds", "").status).toBe(404);
  });
});
