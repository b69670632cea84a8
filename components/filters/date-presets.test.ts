import { describe, expect, it } from "vitest";
import { describeRange, presetOf, presetRange, utcToday } from "./date-presets";

describe("date presets on UTC days", () => {
  const today = "2026-03-05";
  it("cover today, the last 7 and 30 days, this month and last month", () => {
    expect(presetRange("today", today)).toEqual({ from: "2026-03-05", lastDay: "2026-03-05" });
    expect(presetRange("last7", today)).toEqual({ from: "2026-02-27", lastDay: "2026-03-05" });
    expect(presetRange("last30", today)).toEqual({ from: "2026-02-04", lastDay: "2026-03-05" });
    expect(presetRange("thisMonth", today)).toEqual({ from: "2026-03-01", lastDay: "2026-03-31" });
    expect(presetRange("lastMonth", today)).toEqual({ from: "2026-02-01", lastDay: "2026-02-28" });
    expect(presetRange("lastMonth", "2026-01-10")).toEqual({
      from: "2025-12-01",
      lastDay: "2025-12-31",
    });
  });
  it("recognise a preset's range, and name other ranges by their days", () => {
    expect(presetOf({ from: "2026-02-27", lastDay: "2026-03-05" }, today)).toBe("last7");
    expect(presetOf({ from: "2026-02-26", lastDay: "2026-03-05" }, today)).toBeNull();
    expect(describeRange({ from: "2026-03-01", lastDay: "2026-03-31" }, today)).toBe("This month");
    expect(describeRange({ from: "2026-01-01", lastDay: "2026-01-15" }, today)).toBe(
      "Jan 1 – Jan 15, 2026",
    );
    expect(describeRange({ from: "2025-12-01", lastDay: "2026-01-15" }, today)).toBe(
      "Dec 1, 2025 – Jan 15, 2026",
    );
    expect(describeRange({ from: "2026-01-01" }, today)).toBe("from Jan 1, 2026");
    expect(describeRange({ lastDay: "2026-06-30" }, today)).toBe("until Jun 30, 2026");
  });
  it("take today in UTC, whatever the viewer's zone", () => {
    expect(utcToday(new Date("2026-03-05T23:30:00-05:00"))).toBe("2026-03-06");
  });
});
