import { describe, expect, it } from "vitest";
import { parseDateBound } from "./date-bounds";

describe("parseDateBound", () => {
  it("reads a date as UTC midnight and date-times with zones", () => {
    expect(parseDateBound("2026-11-22")).toBe(Date.UTC(2026, 10, 22));
    expect(parseDateBound("2026-11-22T10:00:00Z")).toBe(Date.UTC(2026, 10, 22, 10));
    expect(parseDateBound("2026-11-22T10:00:00.123+02:00")).toBe(
      Date.UTC(2026, 10, 22, 8, 0, 0, 123),
    );
    expect(parseDateBound("2026-11-22T10:00")).toBe(Date.UTC(2026, 10, 22, 10));
  });
  it("keeps a bound below the millisecond between two milliseconds, so comparisons stay exact", () => {
    const ms = Date.UTC(2021, 1, 13, 2, 20, 23, 416);
    expect(parseDateBound("2021-02-13T02:20:23.4161Z")).toBe(ms + 0.5);
    expect(parseDateBound("2021-02-13T02:20:23.416000001Z")).toBe(ms + 0.5);
    expect(parseDateBound("2021-02-13T02:20:23.4160000Z")).toBe(ms);
    expect(parseDateBound("1969-12-31T23:59:59.9995Z")).toBe(-0.5);
  });
  it("refuses impossible dates and other text", () => {
    for (const bad of [
      "2026-02-30",
      "2026-13-01",
      "yesterday",
      "",
      "2026-11-22T24:00:00Z",
      "2026-1-2",
    ])
      expect(parseDateBound(bad), bad).toBeNull();
  });
});
