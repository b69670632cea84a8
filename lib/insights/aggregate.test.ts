import { describe, expect, it } from "vitest";
import { daysPastDue } from "../invoice-state";
import {
  addMinor,
  agingBucketOf,
  agingDueRange,
  compareByCoverageEnd,
  currencyOrder,
  daysLeft,
  formatMinor,
  minorToDecimal,
  nextSixMonths,
  timelineMonthOf,
} from "./aggregate";

const TODAY = Date.parse("2026-11-22T09:30:00.000Z");

describe("aging", () => {
  it("counts whole UTC days past the due date", () => {
    expect(daysPastDue("2026-11-22T23:59:00.000Z", TODAY)).toBe(0);
    expect(daysPastDue("2026-11-21T23:59:59.999Z", TODAY)).toBe(1);
    expect(daysPastDue("2026-11-23T00:00:00.000Z", TODAY)).toBe(-1);
    expect(daysPastDue("2026-08-24T12:00:00.000Z", TODAY)).toBe(90);
  });

  it("puts each edge in its bucket", () => {
    const cases: [string, string][] = [
      ["2026-12-30T10:00:00.000Z", "current"],
      ["2026-11-22T00:00:00.000Z", "current"],
      ["2026-11-21T23:59:59.999Z", "1-30"],
      ["2026-10-23T00:00:00.000Z", "1-30"],
      ["2026-10-22T23:00:00.000Z", "31-60"],
      ["2026-09-23T05:00:00.000Z", "31-60"],
      ["2026-09-22T05:00:00.000Z", "61-90"],
      ["2026-08-24T05:00:00.000Z", "61-90"],
      ["2026-08-23T23:59:59.999Z", "90+"],
      ["2020-01-01T00:00:00.000Z", "90+"],
    ];
    for (const [dueAt, bucket] of cases) expect(agingBucketOf(dueAt, TODAY), dueAt).toBe(bucket);
  });

  it("writes each bucket as the due-date filters that hold exactly its invoices", () => {
    expect(agingDueRange("current", TODAY)).toEqual({ dueDateStartAt: "2026-11-22" });
    expect(agingDueRange("1-30", TODAY)).toEqual({
      dueDateStartAt: "2026-10-23",
      dueDateEndAt: "2026-11-21T23:59:59.999Z",
    });
    expect(agingDueRange("90+", TODAY)).toEqual({ dueDateEndAt: "2026-08-23T23:59:59.999Z" });
    // Every bound agrees with agingBucketOf on both sides of it.
    for (const key of ["current", "1-30", "31-60", "61-90", "90+"] as const) {
      const { dueDateStartAt, dueDateEndAt } = agingDueRange(key, TODAY);
      if (dueDateStartAt) {
        const start = Date.parse(dueDateStartAt);
        expect(agingBucketOf(new Date(start).toISOString(), TODAY)).toBe(key);
        expect(agingBucketOf(new Date(start - 1).toISOString(), TODAY)).not.toBe(key);
      }
      if (dueDateEndAt) {
        const end = Date.parse(dueDateEndAt);
        expect(agingBucketOf(new Date(end).toISOString(), TODAY)).toBe(key);
        expect(agingBucketOf(new Date(end + 1).toISOString(), TODAY)).not.toBe(key);
      }
    }
  });
});

describe("money", () => {
  it("sums exactly past 2^53 and never mixes currencies", () => {
    const sums = {};
    addMinor(sums, "USD", Number.MAX_SAFE_INTEGER);
    addMinor(sums, "USD", Number.MAX_SAFE_INTEGER);
    addMinor(sums, "EUR", 5);
    expect(sums).toEqual({ USD: "18014398509481982", EUR: "5" });
    // 0.1 + 0.2 in cents: no float drift
    const cents = {};
    for (let i = 0; i < 1000; i++) addMinor(cents, "CAD", 10);
    expect(cents).toEqual({ CAD: "10000" });
  });

  it("formats minor units like lib/format.ts, USDC by hand", () => {
    expect(minorToDecimal("-123456")).toBe("-1234.56");
    expect(minorToDecimal(5n)).toBe("0.05");
    expect(formatMinor("123456", "USD")).toBe("$1,234.56");
    expect(formatMinor("500", "CAD")).toMatch(/^CAD\s5\.00$/);
    expect(formatMinor("123456", "USDC")).toBe("1,234.56 USDC");
    expect(formatMinor("18014398509481982", "USD")).toBe("$180,143,985,094,819.82");
  });

  it("orders currencies as the API lists them", () => {
    expect(currencyOrder(["USDC", "EUR", "XYZ", "USD"])).toEqual(["USD", "EUR", "USDC", "XYZ"]);
  });
});

describe("coverage", () => {
  it("counts days left from today to the exclusive end, today included", () => {
    expect(daysLeft("2026-11-23T00:00:00.000Z", TODAY)).toBe(1);
    expect(daysLeft("2026-12-01T00:00:00.000Z", TODAY)).toBe(9);
    expect(daysLeft("2026-11-22T00:00:00.000Z", TODAY)).toBe(0);
  });

  it("places coverage ends in the month of their last day, six months ahead", () => {
    expect(nextSixMonths(TODAY)).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
    ]);
    expect(timelineMonthOf("2026-12-01T00:00:00.000Z", TODAY)).toBe("2026-11");
    expect(timelineMonthOf("2027-05-01T00:00:00.000Z", TODAY)).toBe("2027-04");
    expect(timelineMonthOf("2027-05-02T00:00:00.000Z", TODAY)).toBeNull();
    expect(timelineMonthOf("2026-11-22T00:00:00.000Z", TODAY)).toBeNull();
    expect(timelineMonthOf(null, TODAY)).toBeNull();
  });

  it("orders renewals by coverage end, none last, then name", () => {
    const rows = [
      { id: "3", name: "C", endAt: null },
      { id: "2", name: "B", endAt: "2026-12-01T00:00:00.000Z" },
      { id: "1", name: "A", endAt: "2026-12-01T00:00:00.000Z" },
      { id: "0", name: "Z", endAt: "2026-11-25T00:00:00.000Z" },
    ];
    expect(rows.sort(compareByCoverageEnd).map((r) => r.id)).toEqual(["0", "1", "2", "3"]);
  });
});
