/**
 * Random ids and query strings on the by-id routes: whatever is sent, the answer is
 * 200, 400 or 404, never 500, never a hang, a 400 or 404 says what was wrong, and a
 * request that breaks a rule of the documents is never a 200 (docs/api.md "Lists";
 * docs/readings.md "Parameter names", "Invalid parameters"). fast-check runs with
 * fixed seeds so a failure reproduces.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { fuzzIds, idArb, queryArb } from "./testing/fuzz-inputs";
import { BY_ID_ROUTES, check, send } from "./testing/fuzz-rules";

let realIds: Record<string, string[]> = {};

beforeAll(() => {
  realIds = fuzzIds().real;
});

describe("random query strings", () => {
  it.each(BY_ID_ROUTES)("%s", async (route) => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(idArb(route), queryArb(route), async (id, query) => {
        const path = route.replace("{id}", id);
        const res = await send(`${path}${query ? `?${query}` : ""}`);
        check(route, path, query, res, realIds[route]!.includes(id));
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      }),
      { numRuns: 1500, seed: 9_000 + route.length },
    );
    for (const status of [200, 400, 404])
      expect(seen.get(status) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(50);
  });
});
