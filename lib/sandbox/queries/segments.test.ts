/**
 * Pages read in segments around large tie groups (keyset.ts) hold exactly what one
 * sorted query holds. With the threshold lowered to tens of rows, many values are
 * segments of their own, so every path (ranges, groups, groups within groups, a
 * cursor on either) is taken; each page, forward and backward from any row, is compared with
 * the same rows sorted whole by SQLite.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CUSTOMER_ORDER_FIELDS,
  customerFilterParams,
  PAYMENT_ORDER_FIELDS,
  parseQuery,
  paymentFilterParams,
} from "@/lib/api/list-params";
import type { CursorKey } from "../cursor";
import { sandboxInfo, testDatabase } from "../testing/sandbox";
import { customerListQuery } from "./customers";
import { type KeysetQuery, runKeyset } from "./keyset";
import { paymentListQuery } from "./payments";

type ListQuery = Omit<KeysetQuery, "limit" | "cursor">;

/** The whole list sorted by SQLite in one query: each row's id and sort keys. */
function sortedWhole(query: ListQuery): { id: string; keys: CursorKey[] }[] {
  const keyColumns = query.order.map((k, i) => `${k.expr} AS __k${i}`).join(", ");
  const sql = `SELECT ${keyColumns} FROM ${query.from} WHERE ${query.where.join(" AND ")}
    ORDER BY ${query.order.map((k) => `${k.expr} ${k.direction}`).join(", ")}`;
  return (
    testDatabase()
      .prepare(sql)
      .all(...query.params) as Record<string, CursorKey>[]
  ).map((row) => {
    const keys = query.order.map((_, i) => row[`__k${i}`]!);
    return { id: keys[keys.length - 1] as string, keys };
  });
}

function idsOf(rows: unknown[]): string[] {
  return (rows as { id: string }[]).map((r) => r.id);
}

const direction = fc.constantFrom("ASC" as const, "DESC" as const);
const orderBy = (fields: readonly string[]) =>
  fc
    .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 3 })
    .chain((chosen) =>
      fc
        .array(direction, { minLength: chosen.length, maxLength: chosen.length })
        .map((dirs) => chosen.map((f, i) => `${f}:${dirs[i]}`).join(",")),
    );

function listQuery(list: "payments" | "customers", query: string): ListQuery {
  const business = sandboxInfo().demoBusinessId;
  if (list === "payments") {
    const parsed = parseQuery(new URLSearchParams(query), paymentFilterParams);
    if (!parsed.ok) throw new Error(parsed.issues.join("; "));
    return paymentListQuery(business, parsed.value);
  }
  const parsed = parseQuery(new URLSearchParams(query), customerFilterParams);
  if (!parsed.ok) throw new Error(parsed.issues.join("; "));
  return customerListQuery(business, parsed.value);
}

describe("pages read in segments equal the list sorted whole", () => {
  for (const [list, fields, filters] of [
    ["payments", PAYMENT_ORDER_FIELDS, ["", "&hasUnappliedAmount=true", "&isAttributed=false"]],
    ["customers", CUSTOMER_ORDER_FIELDS, ["", "&contractHealths=HEALTHY,ENDING"]],
  ] as const) {
    it(`/${list}: any order, from any row, either way`, () => {
      fc.assert(
        fc.property(
          orderBy(fields),
          fc.constantFrom(...filters),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.integer({ min: 1, max: 60 }),
          fc.constantFrom(15, 60, 400),
          (order, filter, at, limit, tieThreshold) => {
            const query = listQuery(list, `orderBy=${order}${filter}`);
            expect(query.ties).toBeDefined();
            const whole = sortedWhole(query);
            const from = Math.min(whole.length - 1, Math.floor(at * whole.length));
            const first = runKeyset(db(), { ...query, limit }, { tieThreshold });
            expect(idsOf(first.rows)).toEqual(whole.slice(0, limit).map((r) => r.id));
            expect(first.hasMore).toBe(whole.length > limit);
            if (from < 0) return;
            const keys = whole[from]!.keys;
            const after = runKeyset(
              db(),
              { ...query, limit, cursor: { direction: "after", keys } },
              { tieThreshold },
            );
            const expectedAfter = whole.slice(from + 1, from + 1 + limit);
            expect(idsOf(after.rows)).toEqual(expectedAfter.map((r) => r.id));
            expect(after.keys).toEqual(expectedAfter.map((r) => r.keys));
            expect(after.hasMore).toBe(whole.length > from + 1 + limit);
            const before = runKeyset(
              db(),
              { ...query, limit, cursor: { direction: "before", keys } },
              { tieThreshold },
            );
            const expectedBefore = whole.slice(Math.max(0, from - limit), from);
            expect(idsOf(before.rows)).toEqual(expectedBefore.map((r) => r.id));
            expect(before.hasMore).toBe(from - limit > 0);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});

function db() {
  return testDatabase();
}
