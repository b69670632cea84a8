import { describe, expect, it } from "vitest";
import { assumedTableWidth, DEFAULT_TABLE_WIDTH, tableWidthFromViewport } from "./table-width";

describe("assumedTableWidth", () => {
  it("takes the measured width when it was measured in a window of this width", () => {
    expect(assumedTableWidth("1166x1440", "1440")).toBe(1166);
    // A classic scrollbar counted on one side only: the same window.
    expect(assumedTableWidth("1151x1440", "1425")).toBe(1151);
  });

  it("works the width out from the window's when the window has changed since", () => {
    expect(assumedTableWidth("1166x1440", "1280")).toBe(tableWidthFromViewport(1280));
    expect(assumedTableWidth("356x390", "1440")).toBe(1166);
  });

  it("prefers the window's width over an older cookie that does not say its window", () => {
    expect(assumedTableWidth("356", "1440")).toBe(1166);
  });

  it("takes the measured width from a browser that sends no window width", () => {
    expect(assumedTableWidth("1166x1440", null)).toBe(1166);
    expect(assumedTableWidth("900", undefined)).toBe(900);
  });

  it("assumes a 1280 px window with neither, and ignores what is not a width", () => {
    expect(assumedTableWidth(undefined, null)).toBe(DEFAULT_TABLE_WIDTH);
    expect(assumedTableWidth("wide", "huge")).toBe(DEFAULT_TABLE_WIDTH);
    expect(assumedTableWidth("99999x1440", null)).toBe(DEFAULT_TABLE_WIDTH);
    expect(assumedTableWidth("50x1440", "1440")).toBe(1166);
  });

  it("leaves the navigation and the padding out of the window's width", () => {
    // 14rem navigation from 1024 px, px-6 from 640 px, px-4 below, a 1 px border each side.
    expect(tableWidthFromViewport(1440)).toBe(1440 - 224 - 48 - 2);
    expect(tableWidthFromViewport(768)).toBe(768 - 48 - 2);
    expect(tableWidthFromViewport(390)).toBe(390 - 32 - 2);
    expect(tableWidthFromViewport(1280)).toBe(DEFAULT_TABLE_WIDTH);
  });
});
