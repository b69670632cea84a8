/**
 * The /trends walk on the real built-in API (the seeded test database), each figure
 * checked against a plain computation over the API's own lists, read here whole.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Fetcher, InvoiceRecord, PaymentRecord } from "@/lib/api/client";
import { api, sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";
import type { TrendsFigures } from "./trends";

const DAY = 86_400_000;
const TODAY = Math.floor(Date.parse("2026-11-22T09:30:00.000Z") / DAY) * DAY;
const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY) * DAY;
const monthOf = (iso: string) => iso.slice(0, 7);

let figures: TrendsFigures;
let issued: InvoiceRecord[];
let pages: number;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  const { walkTrends } = await import("./trends");
  const { createWalkContext } = await import("./walker");
  const { serverFetcher } = await import("@/lib/upstream/server-fetcher");
  const walk = createWalkContext({ fetcher: serverFetcher as Fetcher });
  figures = await walkTrends(walk, TODAY);
  pages = walk.progress.pages;
  issued = await walkForward<InvoiceRecord>("/invoices?statuses=ISSUED");
});

/** Sums per key, exactly. */
function sums<T>(rows: T[], key: (r: T) => string | null, value: (r: T) => number) {
  const out: Record<string, bigint> = {};
  for (const r of rows) {
    const k = key(r);
    if (k !== null) out[k] = (out[k] ?? 0n) + BigInt(value(r));
  }
  return out;
}

function daysToPay(invoices: InvoiceRecord[], fromMonth: string) {
  const paid = invoices.filter((i) => i.paidAt && monthOf(i.paidAt) >= fromMonth);
  const days = paid.map((i) => (dayOf(i.paidAt!) - dayOf(i.issuedAt!)) / DAY).sort((a, b) => a - b);
  const mid = days.length / 2;
  return {
    paid: paid.length,
    sumDays: days.reduce((a, b) => a + b, 0),
    medianDays:
      days.length === 0
        ? null
        : days.length % 2
          ? days[Math.floor(mid)]
          : (days[mid - 1]! + days[mid]!) / 2,
    late: paid.filter((i) => i.dueAt && dayOf(i.paidAt!) > dayOf(i.dueAt)).length,
    noDueDate: paid.filter((i) => !i.dueAt).length,
  };
}

describe("/trends figures: the monthly series", () => {
  it("invoices per month and currency: the totals of the invoices issued in it", () => {
    expect(figures.invoicesRead).toBe(issued.length);
    expect(pages).toBeGreaterThan(Math.ceil(issued.length / 100));
    const expected = sums(
      issued,
      (i) => `${i.totalAmount.currencyCode} ${monthOf(i.issuedAt!)}`,
      (i) => i.totalAmount.value,
    );
    let compared = 0;
    for (const code of figures.currencies)
      figures.months.forEach((month, index) => {
        expect(figures.series[code]![index]!.invoiced, `${code} ${month}`).toBe(
          (expected[`${code} ${month}`] ?? 0n).toString(),
        );
        if (expected[`${code} ${month}`]) compared += 1;
      });
    expect(compared).toBeGreaterThan(24);
  });

  it("collected per month: posted amounts by paidAt, else lastPaidAt", () => {
    const expected = sums(
      issued.filter((i) => i.appliedAmount.value > 0),
      (i) => `${i.totalAmount.currencyCode} ${monthOf(i.paidAt ?? i.lastPaidAt!)}`,
      (i) => i.appliedAmount.value,
    );
    for (const code of figures.currencies)
      figures.months.forEach((month, index) => {
        expect(figures.series[code]![index]!.collected, `${code} ${month}`).toBe(
          (expected[`${code} ${month}`] ?? 0n).toString(),
        );
      });
  });

  it("owed today, and bounds at last month's end", () => {
    const owed = (i: InvoiceRecord) => Math.max(0, i.totalAmount.value - i.appliedAmount.value);
    const today = sums(issued, (i) => i.totalAmount.currencyCode, owed);
    const lastEnd = Date.UTC(2026, 10, 1); // the end of October
    const open = issued.filter(
      (i) => Date.parse(i.issuedAt!) < lastEnd && !(i.paidAt && Date.parse(i.paidAt) < lastEnd),
    );
    const laterPayment = (i: InvoiceRecord) =>
      i.appliedAmount.value > 0 && !(i.lastPaidAt && Date.parse(i.lastPaidAt) < lastEnd);
    const low = sums(open, (i) => i.totalAmount.currencyCode, owed);
    const high = sums(
      open,
      (i) => i.totalAmount.currencyCode,
      (i) => (laterPayment(i) ? i.totalAmount.value : owed(i)),
    );
    for (const code of figures.currencies) {
      const series = figures.series[code]!;
      expect(series[23]!.owedLow).toBe((today[code] ?? 0n).toString());
      expect(series[23]!.owedHigh).toBe((today[code] ?? 0n).toString());
      expect(series[22]!.owedLow, code).toBe((low[code] ?? 0n).toString());
      expect(series[22]!.owedHigh, code).toBe((high[code] ?? 0n).toString());
      expect(series[22]!.uncertain).toBe(
        open.filter((i) => i.totalAmount.currencyCode === code && laterPayment(i)).length,
      );
    }
  });
});

describe("/trends figures: DSO, days to pay and payments", () => {
  it("DSO's parts: owed now and invoiced over the 90 days to today", () => {
    const owed = sums(
      issued.filter((i) => i.appliedAmount.value < i.totalAmount.value),
      (i) => i.totalAmount.currencyCode,
      (i) => i.totalAmount.value - i.appliedAmount.value,
    );
    const recent = sums(
      issued.filter((i) => dayOf(i.issuedAt!) > TODAY - 90 * DAY),
      (i) => i.totalAmount.currencyCode,
      (i) => i.totalAmount.value,
    );
    for (const code of figures.currencies) {
      expect(figures.dso[code]!.owed).toBe((owed[code] ?? 0n).toString());
      expect(figures.dso[code]!.invoiced90).toBe((recent[code] ?? 0n).toString());
    }
  });

  it("days to pay over the last 12 months, overall and for the slowest payer", async () => {
    expect(figures.daysToPay["12m"].all).toEqual(daysToPay(issued, "2025-12"));
    const slowest = figures.slowest["12m"][0]!;
    const own = await walkForward<InvoiceRecord>(
      `/invoices?statuses=ISSUED&customerId=${slowest.customerId}`,
    );
    expect(slowest).toEqual({ customerId: slowest.customerId, ...daysToPay(own, "2025-12") });
    const customer = figures.customers[slowest.customerId]!;
    const owed = sums(
      own,
      (i) => i.totalAmount.currencyCode,
      (i) => Math.max(0, i.totalAmount.value - i.appliedAmount.value),
    );
    for (const code of Object.keys(customer.owed))
      expect(customer.owed[code]).toBe(owed[code]?.toString());
    // The customer's DSO: owed now ÷ invoiced over the 90 days to today × 90.
    const recent = sums(
      own.filter((i) => dayOf(i.issuedAt!) > TODAY - 90 * DAY),
      (i) => i.totalAmount.currencyCode,
      (i) => i.totalAmount.value,
    );
    const { dsoDays } = await import("./trends-view");
    for (const code of Object.keys({ ...owed, ...recent })) {
      expect(customer.invoiced90[code] ?? "0").toBe((recent[code] ?? 0n).toString());
      const dso = dsoDays({
        owed: customer.owed[code] ?? "0",
        invoiced90: customer.invoiced90[code] ?? "0",
        owedCount: 0,
        invoiced90Count: 0,
      });
      const expected = recent[code]
        ? Number(((owed[code] ?? 0n) * 900n) / recent[code]!) / 10
        : null;
      expect(dso, code).toBe(expected);
    }
    const record = await api<{ name: string }>(`/customers/${slowest.customerId}`);
    expect(customer.now).toEqual(
      record.status === 404 ? { kind: "deleted" } : { kind: "found", name: record.body.name },
    );
  });

  it("payments per month in the currency their customer bills in, the rest apart", async () => {
    const payments = await walkForward<PaymentRecord>("/payments");
    const currencies = new Map<string, Set<string>>();
    for (const i of issued) {
      if (!currencies.has(i.customerId)) currencies.set(i.customerId, new Set());
      currencies.get(i.customerId)!.add(i.totalAmount.currencyCode);
    }
    const currencyOf = (p: PaymentRecord) => {
      const set = p.customerId ? currencies.get(p.customerId) : undefined;
      return set?.size === 1 ? [...set][0]! : "none";
    };
    const inWindow = payments.filter((p) => monthOf(p.receivedDate) >= figures.months[0]!);
    const expected = sums(
      inWindow,
      (p) => `${currencyOf(p)} ${monthOf(p.receivedDate)}`,
      (p) => p.amountCents,
    );
    expect(figures.payments.ok).toBe(true);
    if (!figures.payments.ok) return;
    const got = figures.payments.data;
    figures.months.forEach((month, index) => {
      for (const code of Object.keys(got.byCurrency))
        expect(got.byCurrency[code]![index]!.amount).toBe(
          (expected[`${code} ${month}`] ?? 0n).toString(),
        );
      expect(got.noCurrency[index]!.amount).toBe((expected[`none ${month}`] ?? 0n).toString());
    });
    const r = got.reasons;
    expect(r.unattributed + r.severalCurrencies + r.noIssuedInvoice).toBe(
      inWindow.filter((p) => currencyOf(p) === "none").length,
    );
  });
});
