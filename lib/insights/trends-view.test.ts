import { describe, expect, it } from "vitest";
import {
  averageDays,
  dsoDays,
  invoiced90Href,
  monthHref,
  parseRange,
  shareLate,
} from "./trends-view";

describe("/trends figures as shown", () => {
  it("DSO is owed ÷ invoiced over 90 days × 90, to a tenth of a day; none when nothing was invoiced", () => {
    const dso = { owedCount: 1, invoiced90Count: 1 };
    expect(dsoDays({ ...dso, owed: "50000", invoiced90: "150000" })).toBe(30);
    expect(dsoDays({ ...dso, owed: "100", invoiced90: "300" })).toBe(30);
    expect(dsoDays({ ...dso, owed: "1", invoiced90: "7" })).toBe(12.8);
    expect(dsoDays({ ...dso, owed: "99", invoiced90: "0" })).toBeNull();
  });

  it("the share paid late leaves out invoices with no due day", () => {
    const d = { paid: 10, sumDays: 150, medianDays: 14, late: 3, noDueDate: 4 };
    expect(shareLate(d)).toBe(0.5);
    expect(averageDays(d)).toBe(15);
    expect(shareLate({ ...d, noDueDate: 10 })).toBeNull();
    expect(averageDays({ ...d, paid: 0 })).toBeNull();
  });

  it("a month opens the invoices issued in it, with the Paid column", () => {
    expect(monthHref("2026-02")).toBe(
      "/invoices?statuses=ISSUED&issueDateStartAt=2026-02-01&issueDateEndAt=2026-02-28T23:59:59.999Z&orderBy=issuedAt:ASC&columns=paidAt",
    );
    expect(invoiced90Href(Date.parse("2026-11-22T09:30:00Z"))).toBe(
      "/invoices?statuses=ISSUED&issueDateStartAt=2026-08-25&columns=paidAt",
    );
  });

  it("an unknown range is named and the default used", () => {
    expect(parseRange("6m")).toEqual({ range: "6m", unknown: null });
    expect(parseRange(undefined)).toEqual({ range: "12m", unknown: null });
    expect(parseRange(["last-year", "3m"])).toEqual({ range: "last-year", unknown: null });
    expect(parseRange("fortnight")).toEqual({ range: "12m", unknown: "fortnight" });
  });
});
