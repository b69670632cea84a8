/**
 * Display rules. `npm run test:unit` also runs this file under TZ=America/Los_Angeles
 * and TZ=Pacific/Auckland: calendar dates must not move with the viewer's zone.
 */
import { describe, expect, it } from "vitest";
import {
  daysUntil,
  formatCount,
  formatCountOf,
  formatDate,
  formatEndDate,
  formatMoney,
  formatMoneyByCurrency,
  formatPeriod,
  formatShortTimestamp,
  formatTimestamp,
  humanize,
} from "./format";
import { formatMinor } from "./insights/aggregate";
import { invoiceStanding, isOverdue, paymentStateOf } from "./invoice-state";

describe(`display rules (TZ=${process.env.TZ ?? "system"})`, () => {
  it("writes counts with thousands separators", () => {
    expect(formatCount(1801)).toBe("1,801");
    expect(formatCount(0)).toBe("0");
    expect(formatCountOf(1, "contracts")).toBe("1 contract");
    expect(formatCountOf(0, "contracts")).toBe("0 contracts");
    expect(formatCountOf(1801, "invoices")).toBe("1,801 invoices");
    expect(formatCount(1234567)).toBe("1,234,567");
  });

  it("writes each currency one way, whether an amount or an exact sum", () => {
    for (const currencyCode of ["USD", "CAD", "EUR", "USDC", "GBP"])
      for (const value of [0, 5, 123456, -98765432])
        expect(formatMinor(String(value), currencyCode), `${value} ${currencyCode}`).toBe(
          formatMoney({ value, currencyCode }),
        );
  });

  it("formats money with its currency, USDC by hand", () => {
    expect(formatMoney({ value: 123456, currencyCode: "USD" })).toBe("$1,234.56");
    expect(formatMoney({ value: -5, currencyCode: "USD" })).toBe("-$0.05");
    expect(formatMoney({ value: 100000, currencyCode: "EUR" })).toMatch(/^EUR\s1,000\.00$/);
    expect(formatMoney({ value: 100000, currencyCode: "CAD" })).toMatch(/^CAD\s1,000\.00$/);
    expect(formatMoney({ value: 250, currencyCode: "USDC" })).toBe("2.50 USDC");
    expect(formatMoney({ value: 9007199254740991, currencyCode: "USDC" })).toBe(
      "90,071,992,547,409.91 USDC",
    );
    // An unknown code from the real service is shown as-is, never a crash.
    expect(formatMoney({ value: 100, currencyCode: "GBP" })).toBe("1.00 GBP");
  });

  it("never adds currencies together", () => {
    expect(
      formatMoneyByCurrency({
        USD: { value: 100, currencyCode: "USD" },
        EUR: { value: 200, currencyCode: "EUR" },
      }),
    ).toEqual([expect.stringMatching(/^EUR\s2\.00$/), "$1.00"]);
    expect(formatMoneyByCurrency({})).toEqual([]);
  });

  it("shows calendar dates in UTC whatever the zone", () => {
    expect(formatDate("2026-11-22T00:00:00.000Z")).toBe("Nov 22, 2026");
    expect(formatDate("2026-01-01T00:00:00.000Z")).toBe("Jan 1, 2026");
    expect(formatDate(null)).toBe("—");
  });

  it("shows exclusive end dates as the last day covered", () => {
    expect(formatEndDate("2026-12-01T00:00:00.000Z")).toBe("Nov 30, 2026");
    expect(formatPeriod("2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z")).toBe(
      "Nov 1 – Nov 30, 2026",
    );
    expect(formatPeriod("2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z")).toBe(
      "Dec 1 – Dec 31, 2026",
    );
    expect(formatPeriod("2026-11-15T00:00:00.000Z", "2027-02-15T00:00:00.000Z")).toBe(
      "Nov 15, 2026 – Feb 14, 2027",
    );
  });

  it("shows timestamps in a zone with the zone named", () => {
    expect(formatTimestamp("2026-11-22T09:30:00.000Z", "UTC")).toBe("Nov 22, 2026, 9:30 AM UTC");
    expect(formatTimestamp("2026-11-22T09:30:00.000Z", "America/Los_Angeles")).toBe(
      "Nov 22, 2026, 1:30 AM PST",
    );
    expect(formatTimestamp("2026-11-22T09:30:00.000Z", "Pacific/Auckland")).toBe(
      "Nov 22, 2026, 10:30 PM GMT+13",
    );
    expect(formatShortTimestamp("2026-11-22T09:30:00.000Z", "America/Los_Angeles")).toBe(
      "Nov 22, 2026 01:30 PST",
    );
    expect(formatShortTimestamp("2026-11-22T09:30:00.000Z", "UTC")).toBe("Nov 22, 2026 09:30 UTC");
    // Without a zone: the viewer's own, named.
    expect(formatTimestamp("2026-11-22T09:30:00.000Z")).toMatch(/(AM|PM) \S+$/);
  });

  it("counts days to a calendar date from today's UTC date", () => {
    const now = Date.parse("2026-11-22T23:30:00.000Z");
    expect(daysUntil("2026-11-22T00:00:00.000Z", now)).toBe(0);
    expect(daysUntil("2026-12-22T00:00:00.000Z", now)).toBe(30);
    expect(daysUntil("2026-11-20T00:00:00.000Z", now)).toBe(-2);
  });

  it("humanizes enum values, unknown ones included", () => {
    expect(humanize("RENEWAL_DUE")).toBe("Renewal due");
    expect(humanize("SOMETHING_NEW")).toBe("Something new");
  });
});

describe("invoice payment state (derived from amounts)", () => {
  const invoice = (
    status: string,
    total: number,
    applied: number,
    pending = 0,
    dueAt: string | null = null,
  ) => ({
    status,
    dueAt,
    totalAmount: { value: total },
    appliedAmount: { value: applied },
    pendingPaymentAmount: { value: pending },
  });
  it("derives each state", () => {
    expect(paymentStateOf(invoice("ISSUED", 100, 100))).toBe("paid");
    expect(paymentStateOf(invoice("ISSUED", 100, 40))).toBe("partly-paid");
    expect(paymentStateOf(invoice("ISSUED", 100, 0))).toBe("unpaid");
    expect(paymentStateOf(invoice("ISSUED", 100, 0, 100))).toBe("pending-card");
    expect(paymentStateOf(invoice("VOIDED", 100, 0))).toBe("nothing-owed");
    expect(paymentStateOf(invoice("DRAFT", 100, 0))).toBe("not-issued");
  });
  it("marks overdue only when something is owed past the due time", () => {
    const now = Date.parse("2026-11-22T00:00:00Z");
    expect(isOverdue(invoice("ISSUED", 100, 0, 0, "2026-11-01T00:00:00Z"), now)).toBe(true);
    expect(isOverdue(invoice("ISSUED", 100, 100, 0, "2026-11-01T00:00:00Z"), now)).toBe(false);
    expect(isOverdue(invoice("ISSUED", 100, 0, 0, "2026-12-01T00:00:00Z"), now)).toBe(false);
  });
  it("counts days: due today is not yet overdue, due yesterday is (the Overdue view's line)", () => {
    const afternoon = Date.parse("2026-11-22T15:00:00Z");
    const owed = (dueAt: string) => invoice("ISSUED", 100, 0, 0, dueAt);
    expect(isOverdue(owed("2026-11-22T04:14:57Z"), afternoon)).toBe(false);
    expect(isOverdue(owed("2026-11-22T00:00:00Z"), afternoon)).toBe(false);
    expect(isOverdue(owed("2026-11-21T23:59:59.999Z"), afternoon)).toBe(true);
    expect(isOverdue(owed("2026-11-21T04:14:57Z"), Date.parse("2026-11-22T00:00:00Z"))).toBe(true);
    // Something paid but not all of it, or a card payment pending: still overdue.
    expect(isOverdue(invoice("ISSUED", 100, 40, 0, "2026-11-01T00:00:00Z"), afternoon)).toBe(true);
    expect(isOverdue(invoice("ISSUED", 100, 0, 100, "2026-11-01T00:00:00Z"), afternoon)).toBe(true);
  });
});

describe("where an invoice stands (the line atop its page)", () => {
  const usd = (value: number) => ({ value, currencyCode: "USD" });
  const base = {
    status: "ISSUED",
    dueAt: "2026-11-21T04:00:00.000Z" as string | null,
    totalAmount: usd(100_000),
    appliedAmount: usd(0),
    pendingPaymentAmount: usd(0),
    remainingAmount: usd(100_000),
    paidAt: null as string | null,
    voidedAt: null as string | null,
    periodStartAt: "2026-12-01T00:00:00.000Z",
  };
  const today = Date.parse("2026-11-22T09:30:00.000Z");

  it("leads with what is still owed, and when it was or is due", () => {
    expect(invoiceStanding(base, today)).toEqual({
      figure: "$1,000.00",
      words: "still owed of $1,000.00, was due Nov 21, 2026",
    });
    const partly = {
      ...base,
      dueAt: "2026-11-22T04:00:00.000Z",
      appliedAmount: usd(40_000),
      pendingPaymentAmount: usd(10_000),
      remainingAmount: usd(50_000),
    };
    // Due today is not yet overdue.
    expect(invoiceStanding(partly, today)).toEqual({
      figure: "$500.00",
      words:
        "still owed of $1,000.00, due Nov 22, 2026, and $100.00 that pending card payments will cover",
    });
  });

  it("else the total, and why nothing is owed", () => {
    expect(
      invoiceStanding(
        {
          ...base,
          appliedAmount: usd(100_000),
          remainingAmount: usd(0),
          paidAt: "2026-11-20T00:00:00.000Z",
        },
        today,
      ),
    ).toEqual({ figure: "$1,000.00", words: "paid in full on Nov 20, 2026" });
    expect(
      invoiceStanding(
        { ...base, status: "VOIDED", dueAt: null, voidedAt: "2026-11-02T10:00:00.000Z" },
        today,
      ),
    ).toEqual({ figure: "$1,000.00", words: "voided on Nov 2, 2026: nothing is owed" });
    for (const status of ["DRAFT", "APPROVED"])
      expect(invoiceStanding({ ...base, status, dueAt: null }, today)).toEqual({
        figure: "$1,000.00",
        words: "not issued yet: planned to issue on Dec 1, 2026",
      });
    expect(invoiceStanding({ ...base, status: "ISSUING" }, today).words).toBe("being issued");
    // A status the spec does not name is shown as it is, not read as unissued.
    expect(invoiceStanding({ ...base, status: "PARTIALLY_REFUNDED" }, today)).toEqual({
      figure: "$1,000.00",
      words: "status Partially refunded",
    });
  });
});
