/**
 * The rules of /trends on invoices and payments made here, one case per rule: what
 * an invoice can date, the bounds of what it owed at a past month end, the overdue
 * line, days to pay, and the currency a payment is counted in.
 */
import { describe, expect, it } from "vitest";
import {
  dsoSince,
  monthIndexer,
  monthIssueRange,
  rangeIndexes,
  type TRENDS_RANGES,
  windowMonths,
} from "./trends-calendar";
import {
  createInvoiceFold,
  foldInvoices,
  LATE,
  NO_DUE_DATE,
  ON_TIME,
  packPaid,
  type TrendsInvoice,
  unpackPaid,
} from "./trends-fold";
import { createPaymentFold, foldPayments, summarizePayments } from "./trends-payments";
import { medianOf, summarizeInvoices } from "./trends-summary";

const TODAY = Date.parse("2026-11-22T00:00:00.000Z");
const MONTHS = windowMonths(TODAY);
const at = (month: string) => MONTHS.indexOf(month);

function invoice(
  over: Partial<TrendsInvoice> & { total: number; applied?: number },
): TrendsInvoice {
  const { total, applied = 0, ...rest } = over;
  return {
    customerId: "c1",
    customerName: "Customer One",
    issuedAt: "2026-09-10T08:00:00.000Z",
    dueAt: "2026-10-10T08:00:00.000Z",
    paidAt: null,
    lastPaidAt: null,
    totalAmount: { value: total, currencyCode: "USD" },
    appliedAmount: { value: applied, currencyCode: "USD" },
    ...rest,
  };
}

function fold(invoices: TrendsInvoice[]) {
  return foldInvoices(createInvoiceFold(MONTHS, TODAY), invoices);
}

describe("the calendar", () => {
  it("covers 24 months ending with today's, and finds a month's index", () => {
    expect(MONTHS).toHaveLength(24);
    expect(MONTHS[0]).toBe("2024-12");
    expect(MONTHS[23]).toBe("2026-11");
    const indexOf = monthIndexer(MONTHS);
    expect(indexOf(Date.parse("2024-11-30T23:59:59.999Z"))).toBe(-1);
    expect(indexOf(Date.parse("2024-12-01T00:00:00.000Z"))).toBe(0);
    expect(indexOf(Date.parse("2026-02-28T12:00:00.000Z"))).toBe(at("2026-02"));
    expect(indexOf(Date.parse("2026-12-01T00:00:00.000Z"))).toBe(-1);
  });

  it("gives each range its whole months", () => {
    const months = (key: (typeof TRENDS_RANGES)[number]["key"]) =>
      rangeIndexes(key, MONTHS).map((i) => MONTHS[i]);
    expect(months("3m")).toEqual(["2026-09", "2026-10", "2026-11"]);
    expect(months("12m")[0]).toBe("2025-12");
    expect(months("24m")).toEqual(MONTHS);
    expect(months("this-year")).toEqual(MONTHS.filter((m) => m.startsWith("2026-")));
    expect(months("last-year")).toEqual(MONTHS.filter((m) => m.startsWith("2025-")));
  });

  it("writes a month as the invoice list's Issued filter does, and DSO's 90 days", () => {
    expect(monthIssueRange("2026-02")).toEqual({
      issueDateStartAt: "2026-02-01",
      issueDateEndAt: "2026-02-28T23:59:59.999Z",
    });
    expect(new Date(dsoSince(TODAY)).toISOString()).toBe("2026-08-25T00:00:00.000Z");
  });
});

describe("owed at a month end", () => {
  const sep = () => at("2026-09");
  const oct = () => at("2026-10");

  it("is the total while nothing is paid, and nothing once paid in full", () => {
    const f = fold([
      invoice({
        total: 1000,
        applied: 1000,
        paidAt: "2026-09-30T00:00:00.000Z",
        lastPaidAt: "2026-09-30T00:00:00.000Z",
      }),
      invoice({ total: 500 }),
    ]);
    const usd = f.byCurrency.get("USD")!;
    expect([usd[sep()]!.owedLow, usd[sep()]!.owedHigh, usd[sep()]!.uncertain]).toEqual([
      500n,
      500n,
      0,
    ]);
    expect(usd[at("2026-08")]!.owedHigh).toBe(0n);
  });

  it("is known once the latest payment is past, and bounded while a payment came later", () => {
    const partPaid = invoice({ total: 1000, applied: 400, lastPaidAt: "2026-10-05T00:00:00.000Z" });
    const usd = fold([partPaid]).byCurrency.get("USD")!;
    // September's end: the 400 came in October, and maybe some of it before.
    expect([usd[sep()]!.owedLow, usd[sep()]!.owedHigh, usd[sep()]!.uncertain]).toEqual([
      600n,
      1000n,
      1,
    ]);
    expect([usd[oct()]!.owedLow, usd[oct()]!.owedHigh, usd[oct()]!.uncertain]).toEqual([
      600n,
      600n,
      0,
    ]);
  });

  it("counts an invoice paid in full after the month ended as between nothing and its total", () => {
    const paidLater = invoice({
      total: 1000,
      applied: 1000,
      paidAt: "2026-10-02T00:00:00.000Z",
      lastPaidAt: "2026-10-02T00:00:00.000Z",
    });
    const usd = fold([paidLater]).byCurrency.get("USD")!;
    expect([usd[sep()]!.owedLow, usd[sep()]!.owedHigh]).toEqual([0n, 1000n]);
    expect(usd[oct()]!.owedHigh).toBe(0n);
  });

  it("is overdue at a month end when due before the month's last day", () => {
    const dueOnLastDay = invoice({ total: 100, dueAt: "2026-09-30T10:00:00.000Z" });
    const dueTheDayBefore = invoice({ total: 10, dueAt: "2026-09-29T23:00:00.000Z" });
    const usd = fold([dueOnLastDay, dueTheDayBefore]).byCurrency.get("USD")!;
    expect(usd[sep()]!.overdueHigh).toBe(10n);
    expect(usd[oct()]!.overdueHigh).toBe(110n);
  });

  it("is today's balance for today's month", () => {
    const usd = fold([
      invoice({ total: 1000, applied: 300, lastPaidAt: "2026-11-22T00:00:00.000Z" }),
      invoice({ total: 50, issuedAt: "2026-11-22T07:00:00.000Z", dueAt: null }),
    ]).byCurrency.get("USD")!;
    const today = usd[at("2026-11")]!;
    expect([today.owedLow, today.owedHigh, today.uncertain]).toEqual([750n, 750n, 0]);
  });

  it("keeps currencies apart", () => {
    const f = fold([
      invoice({ total: 100 }),
      invoice({ total: 7, totalAmount: { value: 7, currencyCode: "EUR" } }),
    ]);
    expect(f.byCurrency.get("USD")![sep()]!.owedHigh).toBe(100n);
    expect(f.byCurrency.get("EUR")![sep()]!.owedHigh).toBe(7n);
  });
});

describe("invoiced, collected, DSO and days to pay", () => {
  const paid = (issuedAt: string, paidAt: string, dueAt: string | null, total = 100) =>
    invoice({ total, applied: total, issuedAt, dueAt, paidAt, lastPaidAt: paidAt });

  it("dates invoiced by issue and collected by the day it was paid, else its latest payment", () => {
    const usd = fold([
      paid("2026-08-31T23:00:00.000Z", "2026-09-01T00:00:00.000Z", null),
      invoice({ total: 100, applied: 30, lastPaidAt: "2026-10-03T00:00:00.000Z" }),
    ]).byCurrency.get("USD")!;
    expect(usd[at("2026-08")]!.invoiced).toBe(100n);
    expect(usd[at("2026-09")]!.invoiced).toBe(100n);
    expect(usd[at("2026-09")]!.collected).toBe(100n);
    expect(usd[at("2026-10")]!.collected).toBe(30n);
  });

  it("keeps what DSO divides: owed now and invoiced over the last 90 days", () => {
    const f = fold([
      invoice({ total: 900, issuedAt: "2026-08-25T00:00:00.000Z" }),
      invoice({ total: 50, issuedAt: "2026-08-24T23:59:59.999Z" }),
    ]);
    expect(f.owedNow.USD).toBe(950n);
    expect(f.invoiced90.USD).toBe(900n);
  });

  it("counts whole days from issue to paidAt, late from the day after the due day", () => {
    const f = fold([
      paid("2026-09-01T15:00:00.000Z", "2026-10-01T00:00:00.000Z", "2026-10-01T15:00:00.000Z"),
      paid("2026-09-01T15:00:00.000Z", "2026-10-02T00:00:00.000Z", "2026-10-01T15:00:00.000Z"),
      paid("2026-09-01T15:00:00.000Z", "2026-09-11T00:00:00.000Z", null),
    ]);
    const summary = summarizeInvoices(f);
    expect(summary.daysToPay["3m"].all).toEqual({
      paid: 3,
      sumDays: 30 + 31 + 10,
      medianDays: 30,
      late: 1,
      noDueDate: 1,
    });
    expect(summary.slowest["3m"][0]).toMatchObject({ customerId: "c1", paid: 3 });
  });

  it("ranks the slowest payers by average days, grouped by customer id", () => {
    const f = fold([
      { ...paid("2026-09-01T00:00:00.000Z", "2026-10-11T00:00:00.000Z", null), customerId: "a" },
      {
        ...paid("2026-09-01T00:00:00.000Z", "2026-09-11T00:00:00.000Z", null),
        customerId: "b",
        customerName: "Old name",
      },
      {
        ...paid("2026-10-01T00:00:00.000Z", "2026-11-20T00:00:00.000Z", null),
        customerId: "b",
        customerName: "New name",
      },
    ]);
    const summary = summarizeInvoices(f);
    expect(summary.slowest["3m"].map((r) => [r.customerId, r.sumDays / r.paid])).toEqual([
      ["a", 40],
      ["b", 30],
    ]);
    expect(summary.customers.b!.billedAs).toBe("New name");
  });

  it("takes the median of an even count as the mean of the middle two", () => {
    expect(medianOf(new Map([[3, 1]]))).toBe(3);
    expect(
      medianOf(
        new Map([
          [10, 1],
          [2, 1],
          [5, 2],
        ]),
      ),
    ).toBe(5);
    expect(
      medianOf(
        new Map([
          [1, 1],
          [4, 1],
        ]),
      ),
    ).toBe(2.5);
    expect(medianOf(new Map())).toBeNull();
  });

  it("packs a paid invoice into one number and back, negative days included", () => {
    for (const [days, month, lateness] of [
      [0, 0, ON_TIME],
      [412, 23, LATE],
      [-3, 7, NO_DUE_DATE],
    ] as const)
      expect(unpackPaid(packPaid(days, month, lateness))).toEqual({
        days,
        monthIndex: month,
        lateness,
      });
  });
});

describe("payments by the month received", () => {
  it("counts a payment in its customer's one currency, else apart with why", () => {
    const currencies: Record<string, string | null> = { one: "CAD", two: null };
    const f = createPaymentFold(MONTHS, (id) => currencies[id]);
    const p = (customerId: string | null, receivedDate: string, amountCents: number) => ({
      customerId,
      receivedDate,
      amountCents,
    });
    foldPayments(f, [
      p("one", "2026-11-02T00:00:00.000Z", 500),
      p("two", "2026-11-01T00:00:00.000Z", 70),
      p(null, "2026-10-31T00:00:00.000Z", 9),
      p("none", "2026-10-30T00:00:00.000Z", 1),
    ]);
    expect(f.pastWindow).toBe(false);
    foldPayments(f, [p("one", "2024-11-30T00:00:00.000Z", 1)]);
    expect(f.pastWindow).toBe(true);
    const s = summarizePayments(f);
    expect(s.byCurrency.CAD![at("2026-11")]).toEqual({ amount: "500", count: 1 });
    expect(s.noCurrency[at("2026-11")]).toEqual({ amount: "70", count: 1 });
    expect(s.noCurrency[at("2026-10")]).toEqual({ amount: "10", count: 2 });
    expect(s.reasons).toEqual({ unattributed: 1, severalCurrencies: 1, noIssuedInvoice: 1 });
  });
});
