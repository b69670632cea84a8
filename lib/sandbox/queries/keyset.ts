/**
 * Keyset pagination over SQLite: a page is "the next `limit` rows after (or before)
 * this key tuple in this order". No OFFSET, so page 1,000 costs what page 1 costs.
 */
import type Database from "better-sqlite3";
import type { CursorDirection, CursorKey } from "../cursor";

export interface SortKey {
  /** SQL expression; never NULL (nulls are mapped to sentinels by the caller) */
  expr: string;
  direction: "ASC" | "DESC";
}

export interface KeysetQuery {
  select: string;
  from: string;
  where: string[];
  params: unknown[];
  /** the list's order; must end with a unique key (the id) so the order is total */
  order: SortKey[];
  limit: number;
  cursor?: { direction: CursorDirection; keys: CursorKey[] };
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** sort-key values of each row, in `order`, for its cursor */
  keys: CursorKey[][];
  hasMore: boolean;
}

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function prepare(db: Database.Database, sql: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (cache.size > 500) cache.clear();
    cache.set(sql, statement);
  }
  return statement;
}

/**
 * The condition "row comes strictly after `keys` in `order`", written so that SQLite
 * can seek an index on the leading key: `a >= ? AND (a > ? OR (b >= ? AND (b > ? OR ...)))`.
 */
export function afterCondition(order: SortKey[], params: unknown[], keys: CursorKey[]): string {
  const build = (i: number): string => {
    const key = order[i]!;
    const value = keys[i];
    const strict = key.direction === "ASC" ? ">" : "<";
    if (i === order.length - 1) {
      params.push(value);
      return `${key.expr} ${strict} ?`;
    }
    params.push(value, value);
    return `${key.expr} ${strict}= ? AND (${key.expr} ${strict} ? OR (${build(i + 1)}))`;
  };
  return build(0);
}

function reversed(order: SortKey[]): SortKey[] {
  return order.map((k) => ({ expr: k.expr, direction: k.direction === "ASC" ? "DESC" : "ASC" }));
}

export function runKeyset<Row>(db: Database.Database, query: KeysetQuery): KeysetPage<Row> {
  const readingBackward = query.cursor?.direction === "before";
  // Reading backward walks the reversed order from the cursor, then flips the page so
  // it lists its rows in the list's own order like every other page.
  const order = readingBackward ? reversed(query.order) : query.order;
  const where = [...query.where];
  const params = [...query.params];
  if (query.cursor) where.push(`(${afterCondition(order, params, query.cursor.keys)})`);
  const keyColumns = query.order.map((k, i) => `${k.expr} AS __k${i}`).join(", ");
  const sql = [
    `SELECT ${query.select}, ${keyColumns}`,
    `FROM ${query.from}`,
    where.length > 0 ? `WHERE ${where.join(" AND ")}` : "",
    `ORDER BY ${order.map((k) => `${k.expr} ${k.direction}`).join(", ")}`,
    "LIMIT ?",
  ].join(" ");
  params.push(query.limit + 1);
  const raw = prepare(db, sql).all(...params) as Record<string, unknown>[];
  const hasMore = raw.length > query.limit;
  const pageRows = hasMore ? raw.slice(0, query.limit) : raw;
  if (readingBackward) pageRows.reverse();
  const keys = pageRows.map((row) => query.order.map((_, i) => row[`__k${i}`] as CursorKey));
  return { rows: pageRows as Row[], keys, hasMore };
}

/**
 * The sort-key values of the record with this id (the order's last, unique key), if
 * it is in the list: for a cursor that left out a long key (lib/sandbox/http/handler.ts).
 */
export function keysOfRecord(
  db: Database.Database,
  query: Omit<KeysetQuery, "limit" | "cursor">,
  id: CursorKey,
): CursorKey[] | null {
  const idKey = query.order[query.order.length - 1]!;
  const keyColumns = query.order.map((k, i) => `${k.expr} AS __k${i}`).join(", ");
  const where = [...query.where, `${idKey.expr} = ?`];
  const row = prepare(
    db,
    `SELECT ${keyColumns} FROM ${query.from} WHERE ${where.join(" AND ")} LIMIT 1`,
  ).get(...query.params, id) as Record<string, unknown> | undefined;
  return row ? query.order.map((_, i) => row[`__k${i}`] as CursorKey) : null;
}

export { prepare as prepareCached };
