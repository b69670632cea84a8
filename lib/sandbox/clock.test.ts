import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoFromEpochMs } from "./clock";

describe("isoFromEpochMs", () => {
  it("equals Date's toISOString for every integer ms in years 0000-9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoFromEpochMs(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it("is right on the edges: epoch, leap days, century rules, year ends", () => {
    for (const text of [
      "1970-01-01T00:00:00.000Z",
      "2000-02-29T23:59:59.999Z",
      "1900-02-28T12:00:00.000Z",
      "1900-03-01T00:00:00.000Z",
      "2024-02-29T00:00:00.001Z",
      "2026-12-31T23:59:59.999Z",
      "2100-03-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
    ])
      expect(isoFromEpochMs(Date.parse(text))).toBe(text);
  });

  it("leaves what it does not cover to Date (negative, fractional, beyond 9999)", () => {
    for (const ms of [-1, -86_400_000 * 400, 1.5, 253_402_300_800_000])
      expect(isoFromEpochMs(ms)).toBe(new Date(ms).toISOString());
  });
});
