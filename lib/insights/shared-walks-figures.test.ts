/**
 * The insight views' figures and their progress, walked on the real built-in API
 * (the seeded test database, through the server's own fetch path) by one instance
 * (a createInsights() with its own fetcher, results on a real disk): each figure is
 * what a walk of the lists over the API adds up to, and the progress reaches the
 * event stream as the walk goes. The instances and the walks they share:
 * shared-walks-sharing.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";
import type { InsightEvent } from "./shared-walks";
import {
  type Contract,
  type Customer,
  instance,
  killInstances,
  loadInsights,
  removeAll,
  resultOf,
  sw,
  upstream,
} from "./testing/shared-walks";

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  await loadInsights();
});

afterEach(killInstances);

afterAll(removeAll);

describe("the views' figures", () => {
  it("renewals: counts per health state, and every renewal row, by the end of its terms in force, in pages", async () => {
    const insights = instance();
    await resultOf(insights.follow("renewals"));
    const { result } = await insights.peek("renewals");
    const data = result!.parts.renewals;
    const all = await walkForward<Customer>("/customers");
    for (const { health, count } of data.healthCounts)
      expect(count, health).toBe(all.filter((c) => c.contractHealth === health).length);

    // The end of the terms in force, from the coverage contract (docs/readings.md, Contracts).
    const contracts = new Map(
      (await walkForward<Contract>("/contracts")).map((c) => [c.id, c] as const),
    );
    const termsEnd = (c: Customer) => {
      const contract = contracts.get(c.coverageContractId!)!;
      return contract.futureAmendment?.startAt ?? contract.endAt;
    };
    const expected = all
      .filter((c) => ["RENEWAL_DUE", "ENDING"].includes(c.contractHealth))
      .sort(
        (a, b) =>
          Date.parse(termsEnd(a)) - Date.parse(termsEnd(b)) ||
          a.name.localeCompare(b.name) ||
          a.id.localeCompare(b.id),
      );
    expect(data.rows.count).toBe(expected.length);
    const rows: { id: string; termsEndAt: string; withinWindow: boolean }[] = [];
    for (let page = 0; ; page++) {
      const text = await insights.rowsPage("renewals", data.rows.id, page);
      const body = JSON.parse(text!) as { data: (typeof rows)[number][]; hasMore: boolean };
      expect(body.data.length).toBeLessThanOrEqual(sw.ROWS_PAGE_SIZE);
      rows.push(...body.data);
      if (!body.hasMore) break;
    }
    expect(rows.map((r) => r.id)).toEqual(expected.map((c) => c.id));
    expect(rows.map((r) => r.termsEndAt)).toEqual(expected.map(termsEnd));
    const day = 86_400_000;
    const within = expected.filter(
      (c) => (Date.parse(termsEnd(c)) - Date.parse(result!.today)) / day <= 30,
    );
    expect(within.length).toBeGreaterThan(0);
    expect(data.withinWindow).toBe(within.length);
    expect(rows.filter((r) => r.withinWindow).map((r) => r.id)).toEqual(within.map((c) => c.id));

    // The home page's figure counts the same customers.
    await resultOf(insights.follow("home"));
    const home = (await insights.peek("home")).result!.parts;
    expect(home.renewals).toMatchObject({ ok: true, data: { count: within.length } });
  });

  it("receivables: sums per currency exactly as the invoice list adds up; unapplied payments counted", async () => {
    const insights = instance();
    await resultOf(insights.follow("receivables"));
    const { receivablesData } = await import("./receivables");
    const { result } = await insights.peek("receivables");
    const data = receivablesData(result!.parts, Date.parse(result!.today));
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
    expect(data.totals!.outstanding).toEqual(expected);
    expect(data.buckets.every((b) => b.walked!.misplaced === 0)).toBe(true);
    expect(Object.values(data.totals!.counts).reduce((a, b) => a + b, 0)).toBe(open.length);
    const unapplied = await walkForward<{ id: string }>("/payments?hasUnappliedAmount=true");
    expect(data.unapplied).toMatchObject({
      ok: true,
      data: { count: unapplied.length, capped: false },
    });
  });

  it("home: the four figures as the lists hold them", async () => {
    const insights = instance();
    await resultOf(insights.follow("home"));
    const { result } = await insights.peek("home");
    const parts = result!.parts;
    const drafts = await walkForward("/invoices?needsApproval=true");
    const unapplied = await walkForward("/payments?hasUnappliedAmount=true");
    expect(parts.drafts).toMatchObject({ ok: true, data: { count: drafts.length, capped: false } });
    expect(parts.unapplied).toMatchObject({
      ok: true,
      data: { count: unapplied.length, capped: false },
    });
    expect(parts.overdue.ok).toBe(true);
    expect(parts.renewals.ok).toBe(true);
    // Overdue: what is still owed (Remaining) and, apart, what pending card payments cover.
    const { overdueQuery } = await import("@/lib/lists/quick-views");
    const overdue = await walkForward<{
      totalAmount: { value: number; currencyCode: string };
      appliedAmount: { value: number };
      remainingAmount: { value: number };
      pendingPaymentAmount: { value: number };
    }>(`/invoices?${overdueQuery(Date.parse(result!.today))}`);
    const sums = { outstanding: {}, remaining: {}, pending: {} } as Record<
      string,
      Record<string, string>
    >;
    const add = (into: Record<string, string>, code: string, value: number) => {
      into[code] = String(BigInt(into[code] ?? 0) + BigInt(value));
    };
    for (const i of overdue) {
      const code = i.totalAmount.currencyCode;
      add(sums.outstanding!, code, i.totalAmount.value - i.appliedAmount.value);
      add(sums.remaining!, code, i.remainingAmount.value);
      add(sums.pending!, code, i.pendingPaymentAmount.value);
    }
    expect(Object.values(sums.pending!).some((v) => v !== "0")).toBe(true);
    expect(parts.overdue).toMatchObject({ ok: true, data: sums });
  });
});

describe("progress", () => {
  it("reaches the stream as the walk goes, not at its end, with each part as soon as it is walked", async () => {
    const { insightEventStream } = await import("./route");
    // 10 ms of the thread per page: the built-in API's SQLite at scale does this.
    const insights = instance({ fetcher: upstream({ busyMs: 10 }).fetcher, pollMs: 50 });
    const started = performance.now();
    const reader = insightEventStream("home", false, insights)
      .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
      .getReader();
    const arrivals: { at: number; event: InsightEvent }[] = [];
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines)
        if (line) arrivals.push({ at: performance.now() - started, event: JSON.parse(line) });
    }
    const end = arrivals.at(-1)!;
    expect(end.event.type).toBe("result");
    const progress = arrivals.filter(
      (a) => a.event.type === "progress" && (a.event as { pages: number }).pages > 0,
    );
    // Spread over the walk: several distinct counts, the first well before the end.
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress[0]!.at).toBeLessThan(end.at / 2);
    // Each of the four parts announced once, before the result.
    const parts = arrivals.filter((a) => a.event.type === "part");
    expect(parts.map((p) => (p.event as { name: string }).name).sort()).toEqual([
      "drafts",
      "overdue",
      "renewals",
      "unapplied",
    ]);
  });
});
