import { expect } from "vitest";

/** What the built-in API's tests compare lists with: ids in order, and sort keys. */
export const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
export const ms = (iso: string) => Date.parse(iso);
export const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/** Fails with the first place two id lists part, instead of a 9k-line diff. */
export function expectSameIds(actual: string[], expected: string[], what: string) {
  if (actual.length === expected.length && actual.every((id, i) => id === expected[i])) return;
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  expect.fail(
    `${what}: got ${actual.length} ids, expected ${expected.length}; first difference at index ${i}: ` +
      `got ${actual[i] ?? "(end)"}, expected ${expected[i] ?? "(end)"}`,
  );
}
