/**
 * Hostile values for every known parameter, hostile parameter names and raw
 * malformed fragments on every authenticated route: the answer is 200 or 400 (404
 * only on the by-id routes), never 500, never a hang, a 400 says what was wrong, and
 * a request that breaks a rule of the documents is a 400 (docs/api.md "Lists" and the
 * parameter tables; docs/readings.md "Parameter names", "Invalid parameters").
 */
import { beforeAll, describe, it } from "vitest";
import { enc, fuzzIds, HOSTILE_NAMES, HOSTILE_VALUES, NIL } from "./testing/fuzz-inputs";
import { BY_ID_ROUTES, check, LIST_ROUTES, ROUTE_PARAMS, send } from "./testing/fuzz-rules";

let realIds: Record<string, string[]> = {};

beforeAll(() => {
  realIds = fuzzIds().real;
});

describe("hostile values for every known parameter", () => {
  it.each(LIST_ROUTES.filter((r) => r !== "/me"))("%s", async (route) => {
    for (const name of Object.keys(ROUTE_PARAMS[route]!))
      for (const value of HOSTILE_VALUES) {
        const query = `${enc(name)}=${enc(value)}`;
        check(route, route, query, await send(`${route}?${query}`), false);
      }
  });

  it("hostile names on every route", async () => {
    for (const route of [...LIST_ROUTES, ...BY_ID_ROUTES]) {
      const path = route.replace("{id}", realIds[route]?.[0] ?? "");
      for (const name of HOSTILE_NAMES)
        for (const value of ["1", "", "true", NIL]) {
          const query = `${enc(name)}=${enc(value)}`;
          check(route, path, query, await send(`${path}?${query}`), true);
        }
    }
  });

  it("raw malformed fragments on every route", async () => {
    const fragments = [
      "%",
      "%zz",
      "%E0%A4%A",
      "%C0%AE",
      "&&&",
      "=",
      "==",
      "=1",
      "&=&",
      "a=b=c",
      "limit=1&limit=2",
      "limit=5&limit=5&limit=6",
      "limit=1;limit=2",
      "limit%3D5",
      "lim%69t=5",
      "limit=%31%30",
      "limit=%",
      "%6C%69%6D%69%74=7",
      "startingAfter=%2e%2e",
      "search=%00",
      "search=%ZZ",
      "statuses=DRAFT%2CISSUED",
    ];
    for (const route of [...LIST_ROUTES, ...BY_ID_ROUTES]) {
      const path = route.replace("{id}", realIds[route]?.[0] ?? "");
      for (const f of fragments) check(route, path, f, await send(`${path}?${f}`), true);
    }
  });
});
