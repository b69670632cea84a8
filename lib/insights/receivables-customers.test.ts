/**
 * Aged receivables by customer on the real built-in API (the seeded test database),
 * through the server's own fetch path. Every row and cell is checked against a plain
 * computation from the API's own lists, made here: one walk of the outstanding
 * invoices bucketed by hand, the customers list for names, and a read by id to tell
 * a deleted customer.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Fetcher } from "@/lib/api/client";
import { handleApiRequest } from "@/lib/sandbox/http/handler";
import { createKey } from "@/lib/sandbox/keys";
import { api, sandboxInfo, testDatabase, walkForward } from "@/lib/sandbox/testing/sandbox";
import type { AgedCustomerRow } from "./aged-customers";
import type { AgedByCustomer } from "./receivables-customers";

const DAY = 86_400_000;
const TODAY = Math.floor(Date.parse("2026-11-22T09:30:00.000Z") / DAY) * DAY;

let compute: typeof import("./receivables-customers").computeAgedByCustomer;
let walker: typeof import("./walker");
let upstream: typeof import("@/lib/upstream/server-fetcher");

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  ({ computeAgedByCustomer: compute } = await import("./receivables-customers"));
  walker = await import("./walker");
  upstream = await import("@/lib/upstream/server-fetcher");
});

/** Runs the view's walk; its kept rows are returned beside the figures. */
async function run(fetcher = upstream.serverFetcher) {
  let kept: AgedCustomerRow[] = [];
  const figures: AgedByCustomer = await compute({
    walk: walker.createWalkContext({ fetcher }),
    today: TODAY,
    saveRows: async (rows) => {
      kept = rows as AgedCustomerRow[];
      return { id: "test", count: rows.length, pageSize: 100 };
    },
  });
  return { figures, rows: kept };
}

interface Invoice {
  customerId: string;
  customerName: string | null;
  issuedAt: string;
  dueAt: string;
  totalAmount: { value: number; currencyCode: string };
  appliedAmount: { value: number };
  pendingPaymentAmount: { value: number };
}

/** The bucket by days past due, written out plainly. */
function bucketOf(dueAt: string): string {
  const days = (TODAY - Math.floor(Date.parse(dueAt) / DAY) * DAY) / DAY;
  if (days <= 0) return "current";
  if (days <= 30) return "1-30";
  if (days <= 60) return "31-60";
  if (days <= 90) return "61-90";
  return "90+";
}

/** The expected rows, from one walk of the outstanding invoices and the customers list. */
async function expectedRows() {
  const invoices = await walkForward<Invoice>(
    "/invoices?statuses=ISSUED&hasOutstandingBalance=true",
  );
  const names = new Map(
    (await walkForward<{ id: string; name: string }>("/customers")).map((c) => [c.id, c.name]),
  );
  const rows = new Map<string, Record<string, bigint | number | string | boolean>>();
  const latest = new Map<string, Invoice>();
  for (const i of invoices) {
    const key = `${i.customerId}:${i.totalAmount.currencyCode}`;
    const row = rows.get(key) ?? { pending: 0n };
    const bucket = bucketOf(i.dueAt);
    row[bucket] =
      ((row[bucket] as bigint) ?? 0n) + BigInt(i.totalAmount.value - i.appliedAmount.value);
    row[`n:${bucket}`] = ((row[`n:${bucket}`] as number) ?? 0) + 1;
    row.pending = (row.pending as bigint) + BigInt(i.pendingPaymentAmount.value);
    rows.set(key, row);
    const last = latest.get(i.customerId);
    if (!last || i.issuedAt >= last.issuedAt) latest.set(i.customerId, i);
  }
  const deleted = new Set<string>();
  for (const id of latest.keys())
    if (!names.has(id)) {
      expect((await api(`/customers/${id}`)).status).toBe(404);
      deleted.add(id);
    }
  return { rows, names, latest, deleted };
}

describe("aged receivables by customer", () => {
  it("has every cell of every row as the API's lists say, deleted customers included and labelled", async () => {
    const { figures, rows } = await run();
    const expected = await expectedRows();
    expect(rows.length).toBe(expected.rows.size);
    expect(figures.deletedCustomers).toBe(expected.deleted.size);
    expect(figures.deletedCustomers).toBeGreaterThan(0);
    expect(figures.misplaced).toBe(0);
    for (const row of rows) {
      const want = expected.rows.get(row.id)!;
      expect(want, row.id).toBeDefined();
      for (const bucket of ["current", "1-30", "31-60", "61-90", "90+"] as const) {
        expect(row.amounts[bucket], `${row.id} ${bucket}`).toBe(String(want[bucket] ?? 0n));
        expect(row.counts[bucket], `${row.id} ${bucket} count`).toBe(want[`n:${bucket}`] ?? 0);
      }
      expect(row.pending).toBe(String(want.pending));
      const isDeleted = expected.deleted.has(row.customerId);
      expect(row.deleted).toBe(isDeleted);
      // The current name; a deleted customer's as on its latest invoice.
      expect(row.name).toBe(
        isDeleted
          ? expected.latest.get(row.customerId)!.customerName
          : expected.names.get(row.customerId),
      );
    }
  });

  it("puts the oldest money first, never comparing two currencies' amounts", async () => {
    const { rows } = await run();
    const order = ["current", "1-30", "31-60", "61-90", "90+"] as const;
    const oldest = (r: AgedCustomerRow) =>
      Math.max(...order.map((b, i) => (r.counts[b] > 0 ? i : -1)));
    const currencies = ["USD", "CAD", "EUR", "USDC"];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(oldest(a), `${a.id} before ${b.id}`).toBeGreaterThanOrEqual(oldest(b));
      if (oldest(a) !== oldest(b)) continue;
      expect(currencies.indexOf(a.currency)).toBeLessThanOrEqual(currencies.indexOf(b.currency));
      if (a.currency === b.currency) {
        const bucket = order[oldest(a)]!;
        expect(BigInt(a.amounts[bucket]) >= BigInt(b.amounts[bucket]), `${a.id} ${b.id}`).toBe(
          true,
        );
      }
    }
    expect(oldest(rows[0]!)).toBe(4);
  });

  it("totals each currency at the foot as the /receivables buckets do", async () => {
    const { figures } = await run();
    const invoices = await walkForward<Invoice>(
      "/invoices?statuses=ISSUED&hasOutstandingBalance=true",
    );
    for (const total of figures.totals) {
      const mine = invoices.filter((i) => i.totalAmount.currencyCode === total.currency);
      const owed = mine.reduce(
        (n, i) => n + BigInt(i.totalAmount.value - i.appliedAmount.value),
        0n,
      );
      expect(total.total).toBe(String(owed));
      expect(total.count).toBe(mine.length);
    }
    expect(figures.totals.map((t) => t.currency)).toEqual(["USD", "CAD", "EUR", "USDC"]);
  });

  it("names customers as their invoices do, with no one marked deleted, when the key may not read customers", async () => {
    const key = createKey(testDatabase(), {
      businessId: sandboxInfo().demoBusinessId,
      claims: ["invoices:read"],
      name: "invoices only",
    }).secret;
    // The built-in API's own handler, called with that key as any client would.
    const fetcher: Fetcher = (pathAndQuery) => {
      const url = new URL(`http://sandbox.test/api/v1${pathAndQuery}`);
      const request = new Request(url, { headers: { authorization: `Bearer ${key}` } });
      return handleApiRequest(request, url.pathname.replace(/^\/api\/v1/, ""), {
        db: testDatabase,
      });
    };
    const { figures, rows } = await run(fetcher);
    expect(figures.namesRefused?.kind).toBe("unauthorized");
    expect(rows.every((r) => r.deleted === null)).toBe(true);
    expect(figures.deletedCustomers).toBe(0);
  });
});
