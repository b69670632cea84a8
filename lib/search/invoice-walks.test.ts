/**
 * The number index on the real built-in API: built from every invoice, cut short and
 * taken up again, kept current by reading only what may have changed, shared through
 * the store by a second instance and by a restart.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sharedResultStore } from "@/lib/insights/result-store";
import { createMemoryStore } from "@/lib/shared-state/store";
import { RETRY_AFTER_MS } from "./index-walks";
import { NEAR_DAYS } from "./invoice-refresh";
import {
  DAY,
  everyInvoice,
  type Harness,
  openHarness,
  TODAY,
  upstream,
  walked,
} from "./testing/index-harness";

let h: Harness;
let invoices: Awaited<ReturnType<typeof everyInvoice>>;

beforeAll(async () => {
  h = openHarness("search-invoices", 40);
  invoices = await everyInvoice(h.sandbox);
});

afterAll(() => h.close());

const later = (ms: number) => {
  h.clock.now += ms;
};

/** An unissued invoice planned `from` to `to` days from TODAY (the first by id, or the last). */
function unissued(fromDays: number, toDays: number, last = false) {
  return h.sandbox.db
    .prepare(
      `SELECT id, number FROM invoices WHERE business_id = ? AND status = 'DRAFT'
       AND period_start_at >= ? AND period_start_at < ? ORDER BY id ${last ? "DESC" : ""} LIMIT 1`,
    )
    .get(h.sandbox.businessId, TODAY + fromDays * DAY, TODAY + toDays * DAY) as {
    id: string;
    number: string;
  };
}

describe("the number index", () => {
  it("is built from every invoice, voided ones included, and each number finds its invoice", async () => {
    const statuses = new Set(invoices.map((i) => i.status));
    expect([...statuses].sort()).toEqual(["APPROVED", "DRAFT", "ISSUED", "ISSUING", "VOIDED"]);
    const index = h.make();
    const before = await index.invoices("INV");
    expect(before.index.state).toBe("waiting");
    await walked(index);
    for (const invoice of invoices) {
      const { match } = await index.invoiceByNumber(invoice.number);
      expect(match?.id, invoice.number).toBe(invoice.id);
    }
    const after = await index.invoices(invoices[0]!.number.slice(-4));
    expect(after.index).toMatchObject({ state: "ready", invoices: invoices.length, error: null });
  });

  it("cut short, goes on where it was saved; what it read is found meanwhile", async () => {
    h.clock.now += DAY;
    const cut = upstream(h.sandbox, { failAfter: 5 });
    const fresh = h.make({
      upstream: cut,
      source: async () => "cut-short",
      // Saved after each page: the clock moves 11 s a call (the walk saves every 10 s).
      now: () => (h.clock.now += 11_000),
    });
    await walked(fresh);
    const partial = await fresh.invoices("INV");
    expect(partial.index.state).toBe("building");
    expect(partial.index.error).toMatch(/Injected failure/);
    expect(partial.index.invoices).toBeGreaterThanOrEqual(300);
    expect(partial.index.reachedCreatedAt).not.toBeNull();
    const first = await fresh.invoiceByNumber(invoices[0]!.number);
    expect(first.match?.id).toBe(invoices[0]!.id);

    // Another instance takes it up once the failure is old enough, from the saved cursor.
    const rest = upstream(h.sandbox);
    const next = h.make({ upstream: rest, source: async () => "cut-short" });
    h.clock.now += RETRY_AFTER_MS;
    await walked(next);
    const done = await next.invoices("INV");
    expect(done.index).toMatchObject({ state: "ready", invoices: invoices.length, error: null });
    const listPages = rest.calls.filter((c) =>
      c.includes("statuses=DRAFT%2CAPPROVED%2CISSUING%2CISSUED"),
    );
    expect(listPages.length).toBeLessThan(Math.ceil(invoices.length / 100));
    expect(listPages[0]).toContain("startingAfter=");
  });

  it("refreshed, reads only new invoices and those not issued yet, finds one issued since, and follows a renumbered draft", async () => {
    const source = async () => "refresh";
    const first = upstream(h.sandbox);
    const index = h.make({ upstream: first, source });
    await walked(index);
    const buildCalls = first.calls.length;

    const soon = unissued(1, NEAR_DAYS - 1);
    const far = unissued(NEAR_DAYS + 30, 3650);
    const toIssue = unissued(0, NEAR_DAYS - 1, true);
    expect(new Set([soon.id, far.id, toIssue.id]).size).toBe(3);
    const db = h.sandbox.db;
    db.prepare("UPDATE invoices SET number = ? WHERE id = ?").run("INV-RENUMBERED-SOON", soon.id);
    db.prepare("UPDATE invoices SET number = ? WHERE id = ?").run("INV-RENUMBERED-FAR", far.id);
    db.prepare("UPDATE invoices SET status = 'ISSUED', issued_at = ?, number = ? WHERE id = ?").run(
      TODAY,
      "INV-ISSUED-SINCE",
      toIssue.id,
    );
    // A new invoice, issued at once (backdated): after every other in creation order.
    const newId = "0d3f5c8e-1b2a-4c6d-8e9f-a0b1c2d3e4f5";
    db.prepare(
      `INSERT INTO invoices (id, business_id, customer_id, contract_id, currency_code, number, status,
         issued_at, period_start_at, period_end_at, created_at, updated_at, total_cents)
       SELECT ?, business_id, customer_id, contract_id, currency_code, 'INV-NEW-AFTER-BUILD', 'ISSUED',
         ?, period_start_at, period_end_at, ?, ?, 4200 FROM invoices WHERE id = ?`,
    ).run(newId, TODAY - 40 * DAY, h.clock.now + 1, h.clock.now + 1, soon.id);

    const refresh = upstream(h.sandbox);
    const again = h.make({ upstream: refresh, source });
    later(600_000);
    await walked(again);
    const found = await again.invoiceByNumber("INV-NEW-AFTER-BUILD");
    expect(found.match).toMatchObject({ id: newId, status: "ISSUED", total: { value: 4200 } });
    expect((await again.invoiceByNumber("INV-RENUMBERED-SOON")).match?.id).toBe(soon.id);
    expect((await again.invoiceByNumber(soon.number)).match).toBeNull();
    const issued = await again.invoiceByNumber("INV-ISSUED-SINCE");
    expect(issued.match).toMatchObject({ id: toIssue.id, status: "ISSUED" });
    expect(refresh.calls).toContain(`/invoices/${toIssue.id}`);
    // Only the invoices about to be issued were read again, not the whole list.
    expect(refresh.calls.length).toBeLessThan(buildCalls / 2);
    expect(refresh.calls.filter((c) => c.includes("periodStartAtOrAfter"))).toEqual([]);
    // The status says what the refresh cost: every call of it was a page of the budget.
    const invoiceCalls = refresh.calls.filter((c) => c.startsWith("/invoices"));
    expect(issued.index.lastRefresh?.pages).toBe(invoiceCalls.length);
    // A draft planned far ahead is read again once a day.
    expect((await again.invoiceByNumber("INV-RENUMBERED-FAR")).match).toBeNull();
    later(DAY);
    await walked(again);
    expect((await again.invoiceByNumber("INV-RENUMBERED-FAR")).match?.id).toBe(far.id);
    expect((await again.invoiceByNumber(far.number)).match).toBeNull();
    const all = await again.invoices("INV");
    expect(all.index.invoices).toBe(invoices.length + 1);
  });

  it("restarted, finds what it had at once, reading nothing", async () => {
    const idle = upstream(h.sandbox);
    const restarted = h.make({ upstream: idle, source: async () => "refresh" });
    expect((await restarted.invoiceByNumber("INV-NEW-AFTER-BUILD")).match).not.toBeNull();
    await walked(restarted);
    expect(idle.calls).toEqual([]);
  });
});

describe("the shared store away", () => {
  it("a lock that cannot be asked for starts no walk and fails nothing; the next tick walks", async () => {
    const store = createMemoryStore();
    const acquire = store.acquireLock.bind(store);
    store.acquireLock = () => Promise.reject(new Error("Stream isn't writeable"));
    const index = h.make({ store, source: async () => "store-away" });
    await expect(walked(index)).resolves.toBeUndefined();
    expect((await index.invoices("INV")).index.state).toBe("waiting");
    store.acquireLock = acquire;
    await walked(index);
    expect((await index.invoices("INV")).index.state).toBe("ready");
  });
});

describe("two instances through Redis", () => {
  const redisUrl = inject("redisUrl");
  it.skipIf(!redisUrl)("walk once; the other finds every number from the store", async () => {
    const store = await h.redis(redisUrl!);
    const results = sharedResultStore(store, { collection: "search-index" });
    const one = upstream(h.sandbox);
    const two = upstream(h.sandbox);
    const a = h.make({ upstream: one, store, results });
    const b = h.make({ upstream: two, store, results });
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.idle(), b.idle()]);
    const invoicePages = (u: typeof one) => u.calls.filter((c) => c.startsWith("/invoices"));
    expect(invoicePages(one).length === 0 || invoicePages(two).length === 0).toBe(true);
    // Each looks at the store again at its next tick (and at a search, every few seconds).
    await Promise.all([a.tick(), b.tick()]);
    for (const invoice of invoices.slice(0, 50)) {
      expect((await b.invoiceByNumber(invoice.number)).match?.id).toBe(invoice.id);
      expect((await a.invoiceByNumber(invoice.number)).match?.id).toBe(invoice.id);
    }
  });
});
