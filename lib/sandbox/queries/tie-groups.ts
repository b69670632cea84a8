/**
 * Large tie groups: the values a sort key holds on many rows of a list (no bank fee,
 * nothing unapplied, a health state). keyset.ts reads each as a segment of its own.
 *
 * Counted once per connection from the key's index (one pass over it) and kept
 * until the data change: a new seed, or a new day's health. A count gone stale only changes how a list is cut into segments, never
 * what a page holds.
 */
import type Database from "better-sqlite3";
import type { CursorKey } from "../cursor";
import { readMeta } from "../storage/db";
import { prepareCached } from "./keyset";

/** The list's rows before any filter: its table and the conditions every page has. */
export interface TieScope {
  from: string;
  where: string[];
  params: unknown[];
}

const cache = new WeakMap<Database.Database, Map<string, unknown>>();
const stamps = new WeakMap<Database.Database, string>();

/** Counted once per connection and data (a seed, a day's health); `count` computes it. */
function remembered<T>(db: Database.Database, key: string, count: () => T): T {
  const stamp = `${readMeta(db, "seeded_at")}|${readMeta(db, "health_date")}`;
  let counted = cache.get(db);
  if (!counted || stamps.get(db) !== stamp) {
    counted = new Map();
    cache.set(db, counted);
    stamps.set(db, stamp);
  }
  if (!counted.has(key)) counted.set(key, count());
  return counted.get(key) as T;
}

/**
 * How long a run of equal keys must be to be read as a segment of its own. A segment
 * with its value fixed reads the next key's index and skips the rows outside the
 * group: for a group of g among n rows, about 100·n/g index entries for a page of
 * 100. A run left inside a range is sorted whole: g rows. Both stay under
 * √(100·n) when large means at least √(100·n): about 7,700 of 590,000 payments,
 * 2,200 of 50,000 customers.
 */
export function tieThreshold(db: Database.Database, scope: TieScope): number {
  return Math.max(64, Math.round(Math.sqrt(100 * scopeRows(db, scope))));
}

/** The list's rows before any filter. */
export function scopeRows(db: Database.Database, scope: TieScope): number {
  return remembered(db, JSON.stringify(["rows", scope]), () => {
    const sql = `SELECT count(*) AS n FROM ${scope.from} WHERE ${scope.where.join(" AND ")}`;
    return (prepareCached(db, sql).get(...scope.params) as { n: number }).n;
  });
}

export interface TieGroup {
  value: CursorKey;
  /** rows of the whole list holding the value (not only those where `fixed` holds) */
  count: number;
}

/**
 * The values of `expr` held by at least `threshold` rows of the scope where the
 * `fixed` values hold too, ascending (as SQLite orders them), each with its count in
 * the whole scope. Within a fixed group only what is large there counts: no bank fee
 * is large among all payments but absent among the unattributed ones.
 */
export function tieGroups(
  db: Database.Database,
  scope: TieScope,
  expr: string,
  threshold: number,
  fixed: { expr: string; value: CursorKey }[] = [],
): TieGroup[] {
  const everywhere = remembered(db, JSON.stringify([scope, expr, threshold]), () => {
    const sql = `SELECT ${expr} AS v, count(*) AS n FROM ${scope.from} WHERE ${scope.where.join(" AND ")}
      GROUP BY ${expr} HAVING count(*) >= ? ORDER BY ${expr}`;
    return (
      prepareCached(db, sql).all(...scope.params, threshold) as { v: CursorKey; n: number }[]
    ).map((row) => ({ value: row.v, count: row.n }));
  });
  if (fixed.length === 0 || everywhere.length === 0) return everywhere;
  return remembered(db, JSON.stringify([scope, expr, threshold, fixed]), () => {
    // Only values large in the whole list can be large within a group of it.
    const candidates = everywhere.map((g) => g.value);
    const sql = `SELECT ${expr} AS v FROM ${scope.from}
      WHERE ${[...scope.where, ...fixed.map((f) => `${f.expr} = ?`)].join(" AND ")}
        AND ${expr} IN (SELECT value FROM json_each(?))
      GROUP BY ${expr} HAVING count(*) >= ? ORDER BY ${expr}`;
    const large = new Set(
      (
        prepareCached(db, sql).all(
          ...scope.params,
          ...fixed.map((f) => f.value),
          JSON.stringify(candidates),
          threshold,
        ) as { v: CursorKey }[]
      ).map((row) => row.v),
    );
    return everywhere.filter((g) => large.has(g.value));
  });
}

/** SQLite's order of two values of one key: numbers by value, text by UTF-8 bytes (BINARY). */
export function compareKeys(a: CursorKey, b: CursorKey): number {
  if (typeof a === "string" && typeof b === "string")
    return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}
