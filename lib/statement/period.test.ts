import { describe, expect, it } from "vitest";
import { presetOfPeriod, presetPeriod, readStatementRequest, statementHref } from "./period";

const TODAY = "2026-11-22";

describe("a statement's period", () => {
  it("defaults to the last 12 months through today, the activity view", () => {
    expect(readStatementRequest({}, TODAY)).toEqual({
      ok: true,
      request: { from: "2025-11-23", to: "2026-11-22", view: "activity" },
    });
  });

  it("has presets on UTC calendar days, a short month's end clamped", () => {
    expect(presetPeriod("last3", TODAY)).toEqual({ from: "2026-08-23", to: TODAY });
    expect(presetPeriod("thisYear", TODAY)).toEqual({ from: "2026-01-01", to: TODAY });
    expect(presetPeriod("lastYear", TODAY)).toEqual({ from: "2025-01-01", to: "2025-12-31" });
    // 31 May less three months is 28 February; the period starts the day after.
    expect(presetPeriod("last3", "2026-05-31")).toEqual({ from: "2026-03-01", to: "2026-05-31" });
    expect(presetOfPeriod({ from: "2026-01-01", to: TODAY }, TODAY)).toBe("thisYear");
    expect(presetOfPeriod({ from: "2026-01-02", to: TODAY }, TODAY)).toBeNull();
  });

  it("names each bad parameter, and the CSV route's unknown ones", () => {
    expect(
      readStatementRequest({ from: "2026-02-30", to: "tomorrow", view: "all" }, TODAY),
    ).toEqual({
      ok: false,
      issues: [
        "from: a calendar day written YYYY-MM-DD is required",
        "to: a calendar day written YYYY-MM-DD is required",
        "view: must be one of activity, open-items",
      ],
    });
    expect(readStatementRequest({ from: "2026-06-01", to: "2026-05-01" }, TODAY)).toEqual({
      ok: false,
      issues: ["from: must be on or before to"],
    });
    expect(readStatementRequest({ to: "2026-11-23" }, TODAY)).toMatchObject({
      ok: false,
      issues: ["to: cannot be after today (2026-11-22)"],
    });
    const strict = readStatementRequest(
      new URLSearchParams("x=1&from=2026-01-01&from=2026-01-02"),
      TODAY,
      true,
    );
    expect(strict).toEqual({
      ok: false,
      issues: ["x: unknown parameter", "from: given more than once"],
    });
  });

  it("writes the usual statement as the plain address", () => {
    const id = "aaaaaaaa-0000-4000-8000-000000000001";
    expect(statementHref(id, { ...presetPeriod("last12", TODAY), view: "activity" }, TODAY)).toBe(
      `/customers/${id}/statement`,
    );
    expect(
      statementHref(id, { from: "2026-01-01", to: "2026-03-31", view: "open-items" }, TODAY),
    ).toBe(`/customers/${id}/statement?from=2026-01-01&to=2026-03-31&view=open-items`);
  });
});
