/**
 * Random query strings on every authenticated list route (and /me): whatever is
 * sent, the answer is 200 or 400, never 500, never a hang, a 400 says what was wrong,
 * and a request that breaks a rule of the documents is a 400 (docs/api.md "Lists";
 * docs/readings.md "Parameter names", "Invalid parameters"). fast-check runs with
 * fixed seeds so a failure reproduces.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { queryArb } from "./testing/fuzz-inputs";
import { check, LIST_ROUTES, send } from "./testing/fuzz-rules";

describe("random query strings", () => {
  it.each(LIST_ROUTES)("%s", async (route) => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(queryArb(route), async (query) => {
        const res = await send(`${route}${query ? `?${query}` : ""}`);
        check(route, route, query, res, false);
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      }),
      { numRuns: 1500, seed: 7_000 + route.length },
    );
    // the generator reaches both valid and invalid requests
    expect(seen.get(200) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(100);
    expect(seen.get(400) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(100);
  });
});
