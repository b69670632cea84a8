import { describe, expect, it } from "vitest";
import {
  type AgedCustomerRow,
  agedCellHref,
  compareOldestMoneyFirst,
  finishRow,
  foldInvoice,
  type RowFold,
  totalsPerCurrency,
} from "./aged-customers";

const TODAY = Date.parse("2026-11-22T00:00:00.000Z");
const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";

function invoice(
  customerId: string,
  currency: string,
  total: number,
  applied: number,
  due: string,
) {
  return {
    customerId,
    customerName: `Name of ${customerId.slice(0, 1)} at ${due}`,
    issuedAt: `${due}T08:00:00.000Z`,
    dueAt: `${due}T08:00:00.000Z`,
    totalAmount: { value: total, currencyCode: currency },
    appliedAmount: { value: applied, currencyCode: currency },
    pendingPaymentAmount: { value: applied > 0 ? 100 : 0, currencyCode: currency },
  };
}

describe("rows by customer and currency", () => {
  it("folds each invoice into its customer's row in its currency, exactly", () => {
    const rows = new Map<string, RowFold>();
    foldInvoice(rows, "90+", invoice(A, "USD", 2 ** 53 - 1, 0, "2026-01-05"));
    foldInvoice(rows, "90+", invoice(A, "USD", 2 ** 53 - 1, 1, "2026-02-05"));
    foldInvoice(rows, "1-30", invoice(A, "EUR", 500, 200, "2026-11-01"));
    foldInvoice(rows, "current", invoice(A.toUpperCase(), "USD", 300, 0, "2026-12-01"));
    expect([...rows.keys()].sort()).toEqual([`${A}:EUR`, `${A}:USD`]);
    const usd = finishRow(rows.get(`${A}:USD`)!, new Map([[A, "Alpha today"]]));
    expect(usd.amounts["90+"]).toBe(String(2n * (2n ** 53n - 1n) - 1n));
    expect(usd.counts).toEqual({ current: 1, "1-30": 0, "31-60": 0, "61-90": 0, "90+": 2 });
    expect(usd.total).toBe(String(2n * (2n ** 53n - 1n) - 1n + 300n));
    expect(usd.pending).toBe("100");
    expect(usd.oldestDueAt).toBe("2026-01-05T08:00:00.000Z");
    expect(usd).toMatchObject({ name: "Alpha today", deleted: false, count: 3 });
  });

  it("names a customer the API no longer lists by its latest invoice, marked deleted", () => {
    const rows = new Map<string, RowFold>();
    foldInvoice(rows, "90+", invoice(B, "CAD", 100, 0, "2026-01-05"));
    foldInvoice(rows, "61-90", invoice(B, "CAD", 100, 0, "2026-09-01"));
    const fold = rows.get(`${B}:CAD`)!;
    expect(finishRow(fold, new Map())).toMatchObject({
      name: "Name of b at 2026-09-01",
      deleted: true,
    });
    // Names not readable: the invoice's name, and no claim that it is deleted.
    expect(finishRow(fold, null)).toMatchObject({ deleted: null });
  });
});

function row(
  id: string,
  currency: string,
  amounts: Partial<AgedCustomerRow["amounts"]>,
): AgedCustomerRow {
  const full = { current: "0", "1-30": "0", "31-60": "0", "61-90": "0", "90+": "0", ...amounts };
  const counts = Object.fromEntries(
    Object.entries(full).map(([k, v]) => [k, v === "0" ? 0 : 1]),
  ) as AgedCustomerRow["counts"];
  return {
    id: `${id}:${currency}`,
    customerId: id,
    name: id,
    deleted: false,
    currency,
    oldestDueAt: "",
    amounts: full,
    counts,
    total: "0",
    count: 0,
    pending: "0",
  };
}

describe("the oldest money first", () => {
  it("orders by the oldest bucket owed, then currency, then that bucket's amount", () => {
    const rows = [
      row("small-90", "USD", { "90+": "100" }),
      row("eur-90", "EUR", { "90+": "999999" }),
      row("big-90", "USD", { "90+": "5000", current: "1" }),
      row("only-current", "USD", { current: "99999999" }),
      row("big-61", "USD", { "61-90": "700000" }),
      row("tie-90", "USD", { "90+": "100", "61-90": "5" }),
    ];
    expect(rows.sort(compareOldestMoneyFirst).map((r) => r.customerId)).toEqual([
      "big-90",
      "tie-90",
      "small-90",
      "eur-90",
      "big-61",
      "only-current",
    ]);
  });

  it("totals each currency apart", () => {
    const totals = totalsPerCurrency([
      row("a", "EUR", { "90+": "100" }),
      row("b", "USD", { current: "7" }),
      row("c", "EUR", { "1-30": "5" }),
    ]);
    expect(totals.map((t) => [t.currency, t.customers, t.total, t.amounts["90+"]])).toEqual([
      ["USD", 1, "7", "0"],
      ["EUR", 2, "105", "100"],
    ]);
  });
});

describe("a cell's link", () => {
  it("opens the customer's outstanding invoices due in the bucket's days", () => {
    const href = agedCellHref(A, "31-60", TODAY);
    const query = new URLSearchParams(href.split("?")[1]);
    expect(href.startsWith("/invoices?")).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      customerId: A,
      statuses: "ISSUED",
      hasOutstandingBalance: "true",
      // Due 31 to 60 days before today: from Sep 23 through the end of Oct 22.
      dueDateStartAt: "2026-09-23",
      dueDateEndAt: "2026-10-22T23:59:59.999Z",
    });
    expect(
      new URLSearchParams(agedCellHref(A, null, TODAY).split("?")[1]).has("dueDateStartAt"),
    ).toBe(false);
  });
});
