/**
 * What the property tests of cursor pagination share: random dates, filters present
 * now and then, the same filters written in another form, and the check that, for
 * random filters, orders and page sizes, the forward walk, the backward walk and the
 * independent answer agree (docs/api.md, "Pages", "Cursors"; docs/readings.md,
 * "Pages", "Cursors", "Orders").
 */
import fc from "fast-check";
import { expect } from "vitest";
import {
  DAY,
  describeRequest,
  expectNoRepeats,
  type ListPath,
  NOW,
  type Params,
  walkBackward,
  walkForward,
} from "./pagination";
import { expectOneOf } from "./pagination-orders";

export const dateArb = fc
  .tuple(fc.integer({ min: -900, max: 400 }), fc.integer({ min: 0, max: DAY - 1 }), fc.boolean())
  .map(([days, ms, dateOnly]) => {
    const t = Math.floor(NOW / DAY) * DAY + days * DAY + (dateOnly ? 0 : ms);
    const iso = new Date(t).toISOString();
    return { text: dateOnly ? iso.slice(0, 10) : iso, ms: t };
  });

/** A filter present about one time in `1 + absentWeight`. */
export function sometimes<T>(arb: fc.Arbitrary<T>, absentWeight = 4): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: absentWeight, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: arb },
  );
}

function shuffledCsv(values: string[], seed: number): string {
  const copy = [...values];
  let s = seed + 1;
  for (let i = copy.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.join(",");
}

/** Same filters in another form: comma lists and parameters in another order. */
export function rewriteFor(csvParams: string[]) {
  return (params: Params, page: number): Params => {
    const rewritten = params.map(([k, v]): [string, string] =>
      csvParams.includes(k) ? [k, shuffledCsv(v.split(","), page)] : [k, v],
    );
    return page % 2 === 1 ? rewritten.reverse() : rewritten;
  };
}

export const limitsArb = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 });

export async function checkWalks(
  path: ListPath,
  filters: Params,
  expected: string[][],
  limits: number[],
  csvParams: string[],
) {
  const where = describeRequest(path, filters);
  // keep a run to a few dozen pages on a 2-core machine
  const floor = Math.ceil((expected[0]?.length ?? 0) / 30);
  const sizes = limits.map((l) => Math.min(100, Math.max(l, floor)));
  const rewrite = rewriteFor(csvParams);
  const forward = await walkForward(path, filters, sizes, { rewrite });
  expectNoRepeats(forward.ids, `${where} forward`);
  expectOneOf(forward.ids, expected, `${where} forward`);
  const backward = await walkBackward(path, filters, forward, [...sizes].reverse(), { rewrite });
  expect(backward, `${where} backward`).toEqual(forward.ids);
  stats.runs++;
  if (forward.ids.length > 0) stats.nonEmpty++;
  if (forward.pages.length > 2) stats.multiPage++;
}

/** How often the random runs actually exercised something (checked after each property). */
export const stats = { runs: 0, nonEmpty: 0, multiPage: 0 };
export function resetStats() {
  stats.runs = 0;
  stats.nonEmpty = 0;
  stats.multiPage = 0;
}
export function expectCoverage() {
  expect(stats.nonEmpty, "runs with records").toBeGreaterThanOrEqual(Math.floor(stats.runs / 3));
  expect(stats.multiPage, "runs with 3 or more pages").toBeGreaterThanOrEqual(
    Math.floor(stats.runs / 6),
  );
}

export function push(params: Params, name: string, value: string | undefined) {
  if (value !== undefined) params.push([name, value]);
}
