/**
 * "What changed since yesterday" with two days of snapshots on a built-in API of the
 * test's own (moving its clock recomputes health, which the shared database must not
 * see): the walk at day 1, then at day 2 from a result store opened afresh (a
 * restart), each figure against a plain computation from the API's whole lists.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CustomerRecord, Fetcher, InvoiceRecord, PaymentRecord } from "@/lib/api/client";
import { type OwnSandbox, openOwnSandbox } from "@/lib/sandbox/testing/own-sandbox";
import type { ChangesData } from "./changes";
import type { KeptValues } from "./parts";

const DAY = 86_400_000;
const DAY1 = Date.parse("2026-11-18T00:00:00.000Z");
const DAY2 = Date.parse("2026-11-22T00:00:00.000Z");
const at = (day: number) => new Date(day + 9.5 * 3_600_000).toISOString();

let changes: typeof import("./changes");
let walker: typeof import("./walker");
let results: typeof import("./result-store");
let sandbox: OwnSandbox;
let fetcher: Fetcher;
let dir: string;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_NOW", at(DAY2));
  sandbox = openOwnSandbox("changes", 400);
  fetcher = async (pathAndQuery) => {
    const { status, body } = await sandbox.get(pathAndQuery);
    return Response.json(body, { status });
  };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "changes-kept-"));
  changes = await import("./changes");
  walker = await import("./walker");
  results = await import("./result-store");
});

afterAll(() => {
  sandbox?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The result store on disk, opened afresh each time (as after a restart). */
function keptOnDisk(): KeptValues {
  const store = results.diskResultStore(dir, { secret: async () => "test-secret" });
  return { get: store.get, set: store.set, delete: store.delete };
}

async function walkAt(
  day: number,
  kept: KeptValues,
  payersReadById?: number,
): Promise<ChangesData> {
  vi.stubEnv("SANDBOX_NOW", at(day));
  return changes.walkChanges(
    {
      walk: walker.createWalkContext({ fetcher }),
      today: day,
      saveRows: async () => ({ id: "none", count: 0, pageSize: 100 }),
      kept,
    },
    { now: () => day + 10 * 3_600_000, payersReadById },
  );
}

/** A whole list, read forward here. */
async function all<T>(list: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor = "";
  const sep = list.includes("?") ? "&" : "?";
  for (;;) {
    const { status, body } = await sandbox.get<{ data: T[]; hasMore: boolean; nextCursor: string }>(
      `/${list}${sep}limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
    );
    expect(status, list).toBe(200);
    rows.push(...body.data);
    if (!body.hasMore) return rows;
    cursor = body.nextCursor;
  }
}

type Customer = CustomerRecord;
type Invoice = InvoiceRecord;
type Payment = PaymentRecord;

async function healthsAt(day: number): Promise<Map<string, Customer>> {
  vi.stubEnv("SANDBOX_NOW", at(day));
  return new Map((await all<Customer>("customers")).map((c) => [c.id, c]));
}

function tally(invoices: Invoice[], amount: (i: Invoice) => number) {
  const counts: Record<string, number> = {};
  const amounts: Record<string, string> = {};
  for (const i of invoices) {
    const code = i.totalAmount.currencyCode;
    counts[code] = (counts[code] ?? 0) + 1;
    amounts[code] = (BigInt(amounts[code] ?? "0") + BigInt(amount(i))).toString();
  }
  return { counts, amounts };
}

describe("what changed since yesterday", () => {
  let day1: ChangesData;
  let day2: ChangesData;
  let before: Map<string, Customer>;
  let after: Map<string, Customer>;

  beforeAll(async () => {
    before = await healthsAt(DAY1);
    day1 = await walkAt(DAY1, keptOnDisk());
    after = await healthsAt(DAY2);
    day2 = await walkAt(DAY2, keptOnDisk());
  }, 240_000);

  it("says there is nothing to compare on the first day, and compares with it the next", () => {
    expect(day1.base).toBeNull();
    expect(day2.base).toEqual({ day: "2026-11-18", takenAt: "2026-11-18T10:00:00.000Z" });
    expect(day2.from).toBe("2026-11-18");
    expect(day2.today).toBe("2026-11-22");
  });

  it("counts the customers who entered Renewal due and Ending, by id", () => {
    expect(day2.entered.ok).toBe(true);
    const entered = day2.entered.ok ? day2.entered.data : null;
    let total = 0;
    for (const health of changes.CHANGE_HEALTHS) {
      const fresh = [...after.values()]
        .filter((c) => c.contractHealth === health && before.get(c.id)?.contractHealth !== health)
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      total += fresh.length;
      expect(entered?.[health].count, health).toBe(fresh.length);
      expect(entered?.[health].customers.map((c) => c.id)).toEqual(
        fresh.slice(0, changes.NAMED_CUSTOMERS).map((c) => c.id),
      );
      expect(entered?.[health].href).toBe(`/customers?contractHealths=${health}`);
    }
    expect(total, "the seeded days hold a change to show").toBeGreaterThan(0);
  });

  it("counts the invoices that became overdue and those issued since the base's day, per currency", async () => {
    vi.stubEnv("SANDBOX_NOW", at(DAY2));
    const invoices = (
      await all<Invoice>("invoices?statuses=ISSUED,DRAFT,APPROVED,ISSUING,VOIDED")
    ).filter((i) => i.status === "ISSUED");
    const overdue = invoices.filter((i) => {
      const due = Date.parse(i.dueAt ?? "");
      return i.appliedAmount.value < i.totalAmount.value && due >= DAY1 && due < DAY2;
    });
    const issued = invoices.filter((i) => Date.parse(i.issuedAt ?? "") >= DAY1);
    expect(overdue.length).toBeGreaterThan(0);
    expect(issued.length).toBeGreaterThan(0);
    expect(day2.overdue).toMatchObject({
      ok: true,
      data: tally(overdue, (i) => i.remainingAmount.value),
    });
    expect(day2.issued).toMatchObject({
      ok: true,
      data: tally(issued, (i) => i.totalAmount.value),
    });
    // Each link's list holds exactly the invoices counted.
    for (const figure of [day2.overdue, day2.issued]) {
      if (!figure.ok) throw new Error("not read");
      const query = figure.data.href.replace("/invoices?", "");
      const listed = await all<Invoice>(`invoices?${query}`);
      const counted = Object.values(figure.data.counts).reduce((a, b) => a + b, 0);
      expect(listed.length, query).toBe(counted);
    }
  });

  it("counts the payments received since the base's day, in the payer's one currency", async () => {
    vi.stubEnv("SANDBOX_NOW", at(DAY2));
    const payments = (await all<Payment>("payments")).filter(
      (p) => Date.parse(p.receivedDate) >= DAY1,
    );
    expect(payments.length).toBeGreaterThan(0);
    const byCurrency: Record<string, { count: number; amount: string }> = {};
    let noCurrency = 0;
    for (const p of payments) {
      const codes = Object.keys(after.get(p.customerId ?? "")?.contractValueAmount ?? {});
      if (codes.length !== 1) {
        noCurrency += 1;
        continue;
      }
      const sum = byCurrency[codes[0]!] ?? { count: 0, amount: "0" };
      byCurrency[codes[0]!] = {
        count: sum.count + 1,
        amount: (BigInt(sum.amount) + BigInt(p.amountCents)).toString(),
      };
    }
    expect(day2.payments).toEqual({
      ok: true,
      data: { count: payments.length, byCurrency, noCurrency, href: "/payments" },
    });
    // The list it opens, newest received first: the counted payments are its first rows.
    const listed = await all<Payment>("payments");
    // The payers' currencies read by id, or from one walk of the customers list: the same figure.
    const payers = new Set(payments.map((p) => p.customerId).filter(Boolean)).size;
    for (const readById of [0, payers]) {
      const again = await walkAt(DAY2, keptOnDisk(), readById);
      expect(again.base?.day, "the same day's walk compares with the same base").toBe("2026-11-18");
      expect(again.payments).toEqual(day2.payments);
    }
    expect(listed.slice(0, payments.length).every((p) => Date.parse(p.receivedDate) >= DAY1)).toBe(
      true,
    );
    expect(Date.parse(listed[payments.length]?.receivedDate ?? "1970-01-01")).toBeLessThan(DAY1);
  });
});

describe("the kept snapshots", () => {
  /** A fetcher whose every list is one empty page: only the snapshots' bookkeeping is under test. */
  const empty: Fetcher = async () => Response.json({ data: [], hasMore: false });

  function memoryKept(): KeptValues & { names: () => string[] } {
    const values = new Map<string, string>();
    return {
      get: async (name) => values.get(name) ?? null,
      set: async (name, value) => void values.set(name, value),
      delete: async (name) => void values.delete(name),
      names: () => [...values.keys()].sort(),
    };
  }

  it("compares with the last walk of the newest earlier day and keeps a week of days", async () => {
    const kept = memoryKept();
    const walk = (day: number, hour: number) =>
      changes.walkChanges(
        {
          walk: walker.createWalkContext({ fetcher: empty }),
          today: day,
          saveRows: async () => ({ id: "none", count: 0, pageSize: 100 }),
          kept,
        },
        { now: () => day + hour * 3_600_000 },
      );
    expect((await walk(DAY1, 8)).base).toBeNull();
    // A second walk the same day replaces that day's snapshot, and still has nothing to compare.
    expect((await walk(DAY1, 20)).base).toBeNull();
    // Two days later (a day without walks between): the base is day 1's last walk.
    expect((await walk(DAY1 + 2 * DAY, 9)).base).toEqual({
      day: "2026-11-18",
      takenAt: "2026-11-18T20:00:00.000Z",
    });
    for (let d = 3; d <= 12; d++) await walk(DAY1 + d * DAY, 9);
    const days = kept.names().filter((n) => n.startsWith("changes:day:"));
    expect(days).toHaveLength(changes.SNAPSHOT_DAYS_KEPT);
    expect(days[0]).toBe("changes:day:2026-11-24");
  });
});
