/**
 * The renewal value at stake, on the real built-in API (the seeded test database,
 * through the server's own fetch path), against the test's own walk of the lists.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ContractRecord, CustomerRecord, Fetcher, InvoiceRecord } from "@/lib/api/client";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";

let renewals: typeof import("./renewals");
let value: typeof import("./renewal-value");
let walker: typeof import("./walker");
let serverFetcher: Fetcher;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  renewals = await import("./renewals");
  value = await import("./renewal-value");
  walker = await import("./walker");
  ({ serverFetcher } = await import("@/lib/upstream/server-fetcher"));
});

const TODAY = Date.parse("2026-11-22T00:00:00.000Z");
const DAY = 86_400_000;

type Customer = CustomerRecord;
type Contract = ContractRecord;
type Invoice = InvoiceRecord;

/** Whole months between two dates on the same day of the month (the demo's terms are). */
function wholeMonths(start: string, end: string): number {
  const s = new Date(start);
  const e = new Date(end);
  expect(e.getUTCDate(), `${start} → ${end}`).toBe(s.getUTCDate());
  return (e.getUTCFullYear() - s.getUTCFullYear()) * 12 + e.getUTCMonth() - s.getUTCMonth();
}

/**
 * The expected sums: per currency, group and window, each customer's terms in force
 * valued from every invoice of its contract (voided ones aside) whose period starts
 * within them, per 12 months.
 */
async function expectedValueAtStake() {
  const customers = await walkForward<Customer>("/customers");
  const contracts = new Map(
    (await walkForward<Contract>("/contracts")).map((c) => [c.id, c] as const),
  );
  const sums: Record<string, Record<string, number[]>> = {};
  const counts: Record<string, number[]> = {};
  for (const c of customers) {
    const group =
      c.contractHealth === "RENEWAL_DUE" || c.contractHealth === "ENDING"
        ? c.contractHealth
        : c.contractHealth === "HEALTHY" && c.coverageContractAutoRenew
          ? "AUTO_RENEW"
          : null;
    if (!group || !c.coverageContractId) continue;
    const contract = contracts.get(c.coverageContractId)!;
    const end = contract.futureAmendment?.startAt ?? contract.endAt;
    const left = Math.round((Date.parse(end) - TODAY) / DAY);
    if (left < 1 || left > 90) continue;
    const start = contract.currentAmendmentStartAt ?? contract.startAt;
    const invoices = (
      await walkForward<Invoice>(
        `/invoices?contractId=${contract.id}&statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED`,
      )
    ).filter((i) => i.status !== "VOIDED" && i.periodStartAt >= start && i.periodStartAt < end);
    const billed = invoices.reduce((sum, i) => sum + i.totalAmount.value, 0);
    const perYear = Math.round((billed * 12) / wholeMonths(start, end));
    [30, 60, 90].forEach((days, w) => {
      if (left > days) return;
      counts[group] ??= [0, 0, 0];
      counts[group][w]! += 1;
      if (invoices.length === 0) return;
      sums[contract.currencyCode] ??= {};
      sums[contract.currencyCode]![group] ??= [0, 0, 0];
      sums[contract.currencyCode]![group]![w]! += perYear;
    });
  }
  return { sums, counts };
}

describe("what terms bill a year", () => {
  it("spreads the terms' invoices over their length; one year is what it bills", () => {
    const invoice = (value: number) => ({ totalAmount: { value } });
    const threeYears = Array.from({ length: 36 }, () => invoice(30_000));
    expect(
      value.termsValue("USD", threeYears, "2024-01-15T00:00:00.000Z", "2027-01-15T00:00:00.000Z"),
    ).toEqual({ currencyCode: "USD", billed: 1_080_000, perYear: 360_000, invoices: 36 });
    expect(
      value.termsValue(
        "EUR",
        [invoice(120_000)],
        "2026-03-01T00:00:00.000Z",
        "2027-03-01T00:00:00.000Z",
      )?.perYear,
    ).toBe(120_000);
    expect(
      value.termsValue("USD", [], "2026-03-01T00:00:00.000Z", "2027-03-01T00:00:00.000Z"),
    ).toBeNull();
  });
});

describe("the value at stake", () => {
  it("per currency, group and window equals the sums of the API's own lists", async () => {
    const expected = await expectedValueAtStake();
    const saved: unknown[][] = [];
    const data = await renewals.computeRenewals({
      walk: walker.createWalkContext({ fetcher: serverFetcher }),
      today: TODAY,
      saveRows: async (rows) => {
        saved.push(rows);
        return { id: crypto.randomUUID(), count: rows.length, pageSize: 100 };
      },
    });
    const shown = Object.fromEntries(
      Object.entries(data.valueAtStake.byCurrency).map(([code, groups]) => [
        code,
        Object.fromEntries(
          Object.entries(groups)
            .filter(([, windows]) => windows.some((v) => v !== "0"))
            .map(([group, windows]) => [group, windows.map(Number)]),
        ),
      ]),
    );
    expect(shown).toEqual(expected.sums);
    // Every group holds customers in the demo, and auto-renewing ones are valued too.
    expect(Object.keys(expected.counts).sort()).toEqual(["AUTO_RENEW", "ENDING", "RENEWAL_DUE"]);
    for (const group of value.VALUE_GROUPS)
      expect(data.valueAtStake.customers[group], group).toEqual(expected.counts[group]);
    // The auto-renewing customers are kept as their own rows, each with its value.
    const autoRows = saved[1] as { autoRenew: boolean; value: unknown }[];
    expect(autoRows.length).toBe(expected.counts.AUTO_RENEW![2]);
    expect(autoRows.every((r) => r.autoRenew)).toBe(true);
  });
});

describe("valueRows", () => {
  it("values each row as a walk of its contract's invoices does, in fewer pages", async () => {
    const customers = await walkForward<import("@/lib/api/client").CustomerRecord>(
      "/customers?contractHealths=RENEWAL_DUE,ENDING,HEALTHY",
    );
    const rows = await renewals.renewalRows(walker.createWalkContext(), customers, TODAY);
    const ctx = walker.createWalkContext();
    const valued = await value.valueRows(ctx, rows);
    let withTerms = 0;
    for (const row of valued) {
      if (!row.contractId || !row.currencyCode || !row.termsStartAt || !row.termsEndAt) {
        expect(row.value).toBeNull();
        continue;
      }
      withTerms += 1;
      const invoices = await walkForward<Invoice>(
        `/invoices?${value.termsInvoicesQuery(row.contractId, row.termsStartAt, row.termsEndAt)}`,
      );
      const expected = value.termsValue(
        row.currencyCode,
        invoices,
        row.termsStartAt,
        row.termsEndAt,
      );
      expect(row.value, row.id).toEqual(expected);
    }
    expect(withTerms).toBeGreaterThan(100);
    // One walk per contract read a page each at least.
    expect(ctx.progress.pages).toBeLessThan(withTerms / 4);
  });
});
