/**
 * Keyset pagination over SQLite: a page is "the next `limit` rows after (or before)
 * this key tuple in this order". No OFFSET, so page 1,000 costs what page 1 costs.
 *
 * One query per page reads an index in the order's first key and sorts each run of
 * equal first keys by the rest (SQLite's "temp b-tree for right part of ORDER BY").
 * That sort costs the size of the run: cheap for a date or a name, but most payments
 * have no bank fee and nothing unapplied, many customers are HEALTHY, and a page
 * landing in such a run sorts all of it (docs/decisions.md). So a list whose order
 * has such large runs ("tie groups", ./tie-groups.ts) is read in segments: the
 * ranges between large groups as one query each, and each large group as its own
 * query with the group's value fixed, where the next key (or the id) is again read
 * in index order. Which values count as large only decides how the list is cut,
 * never what a page holds.
 */
import type Database from "better-sqlite3";
import type { CursorDirection, CursorKey } from "../cursor";
import {
  compareKeys,
  scopeRows,
  type TieGroup,
  type TieScope,
  tieGroups,
  tieThreshold,
} from "./tie-groups";

export interface SortKey {
  /** SQL expression; never NULL (nulls are mapped to sentinels by the caller) */
  expr: string;
  direction: "ASC" | "DESC";
  /** the index whose key starts with this expression (after the list's scope), for lists with `ties` */
  index?: string;
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
  /**
   * The list's own table and the conditions every page has: when given, the order's
   * large tie groups are counted there, and pages are read as keys from that table
   * alone (so `where` and the order may name only its columns), in segments around
   * them, the records read afterwards.
   */
  ties?: TieScope;
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
  return order.map((k) => ({ ...k, direction: k.direction === "ASC" ? "DESC" : "ASC" }));
}

export interface KeysetOptions {
  /** a run of equal keys at least this long is read as its own segment (default: tie-groups.ts) */
  tieThreshold?: number;
}

type KeyRow = Record<string, unknown>;

export function runKeyset<Row>(
  db: Database.Database,
  query: KeysetQuery,
  options: KeysetOptions = {},
): KeysetPage<Row> {
  const readingBackward = query.cursor?.direction === "before";
  // Reading backward walks the reversed order from the cursor, then flips the page so
  // it lists its rows in the list's own order like every other page.
  const order = readingBackward ? reversed(query.order) : query.order;
  const keyColumns = query.order.map((k, i) => `${k.expr} AS __k${i}`).join(", ");
  const need = query.limit + 1;
  const ties = query.ties;
  let raw: KeyRow[];
  if (!ties) {
    raw = readRange(
      singleQueryReader(db, query, keyColumns),
      order,
      [],
      [],
      query.cursor?.keys,
      need,
    );
  } else {
    const read = keysReader(db, query, ties, keyColumns);
    const threshold = options.tieThreshold ?? tieThreshold(db, ties);
    const groups: GroupsOf = Object.assign(
      (key: SortKey, fixed: Fixed[]) =>
        tieGroups(
          db,
          ties,
          key.expr,
          threshold,
          fixed.map((f) => ({ expr: f.key.expr, value: f.value })),
        ),
      { rows: scopeRows(db, ties) },
    );
    const anyLarge = order.slice(0, -1).some((key) => groups(key, []).length > 0);
    const keyRows = anyLarge
      ? readSegments(read, groups, order, query.cursor?.keys, need)
      : readRange(read, order, [], [], query.cursor?.keys, need, order[0]?.index);
    raw = withRecords(db, query, keyRows.slice(0, need));
  }
  const hasMore = raw.length > query.limit;
  const pageRows = hasMore ? raw.slice(0, query.limit) : raw;
  if (readingBackward) pageRows.reverse();
  const keys = pageRows.map((row) => query.order.map((_, i) => row[`__k${i}`] as CursorKey));
  return { rows: pageRows as Row[], keys, hasMore };
}

/** A sort key's value fixed for a segment, and how many rows of the whole list hold it. */
interface Fixed {
  key: SortKey;
  value: CursorKey;
  count: number;
}

/** The large tie groups of `key` among the rows where the `fixed` values hold; `rows`: the list's. */
type GroupsOf = ((key: SortKey, fixed: Fixed[]) => TieGroup[]) & { rows: number };

/** Reads rows of the list matching extra conditions, in `order`, at most `limit`. */
type SegmentReader = (
  extra: string[],
  extraParams: unknown[],
  order: SortKey[],
  limit: number,
  /** the index to read (the segment's first key's) */
  index: string | undefined,
) => KeyRow[];

/** The records and their keys in one query (lists without tie groups). */
function singleQueryReader(
  db: Database.Database,
  query: KeysetQuery,
  keyColumns: string,
): SegmentReader {
  return (extra, extraParams, order, limit) => {
    const where = [...query.where, ...extra];
    const sql = [
      `SELECT ${query.select}, ${keyColumns}`,
      `FROM ${query.from}`,
      where.length > 0 ? `WHERE ${where.join(" AND ")}` : "",
      `ORDER BY ${order.map((k) => `${k.expr} ${k.direction}`).join(", ")}`,
      "LIMIT ?",
    ].join(" ");
    return prepare(db, sql).all(...query.params, ...extraParams, limit) as KeyRow[];
  };
}

/**
 * Only the sort keys, from the list's own table read through the segment's index
 * (named: SQLite may otherwise prefer another index and sort the whole list). The
 * records are read afterwards for the page's rows alone (`withRecords`): sorting a
 * run of equal keys then moves keys, not whole records with their joins.
 */
function keysReader(
  db: Database.Database,
  query: KeysetQuery,
  ties: TieScope,
  keyColumns: string,
): SegmentReader {
  return (extra, extraParams, order, limit, index) => {
    const where = [...query.where, ...extra];
    const sql = [
      `SELECT ${keyColumns}`,
      `FROM ${ties.from}${index ? ` INDEXED BY ${index}` : ""}`,
      where.length > 0 ? `WHERE ${where.join(" AND ")}` : "",
      `ORDER BY ${order.map((k) => `${k.expr} ${k.direction}`).join(", ")}`,
      "LIMIT ?",
    ].join(" ");
    return prepare(db, sql).all(...query.params, ...extraParams, limit) as KeyRow[];
  };
}

/** The records of rows read as keys, in the same order, each with its keys. */
function withRecords(db: Database.Database, query: KeysetQuery, keyRows: KeyRow[]): KeyRow[] {
  if (keyRows.length === 0) return [];
  const idColumn = `__k${query.order.length - 1}`;
  const idExpr = query.order[query.order.length - 1]!.expr;
  const records = prepare(
    db,
    `SELECT ${query.select}, ${idExpr} AS __id FROM ${query.from}
     WHERE ${idExpr} IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(keyRows.map((row) => row[idColumn]))) as KeyRow[];
  const byId = new Map(records.map((record) => [record.__id, record]));
  return keyRows.map((keys) => {
    const { __id: _, ...record } = byId.get(keys[idColumn])!;
    return { ...record, ...keys };
  });
}

/** One query: the rows after `after` (keys of `order`, if given) under the extra conditions. */
function readRange(
  read: SegmentReader,
  order: SortKey[],
  extra: string[],
  extraParams: unknown[],
  after: CursorKey[] | undefined,
  need: number,
  index?: string,
): KeyRow[] {
  if (!after) return read(extra, extraParams, order, need, index);
  const params = [...extraParams];
  const condition = `(${afterCondition(order, params, after)})`;
  return read([...extra, condition], params, order, need, index);
}

/**
 * Reads up to `need` rows in `order` (after `after`, the keys of `order`, when given),
 * segment by segment. `large[i]` holds the large tie groups of `order[i]`, ascending.
 * At the first key: each range between large values is one query (its runs are short,
 * so SQLite's sort of each run is cheap); each large value is read as a segment of its
 * own with that value fixed, recursing on the next key. The fixed values are written
 * `+expr = ?` so SQLite cannot pick their index (a sort of the whole group) over the
 * next key's index (read in order, stopping after `need` rows); the last fixed value
 * may use its index when only the id is left to order by.
 */
function readSegments(
  read: SegmentReader,
  groups: GroupsOf,
  order: SortKey[],
  after: CursorKey[] | undefined,
  need: number,
  fixed: Fixed[] = [],
): KeyRow[] {
  const [key, ...rest] = order;
  const fixedConditions = (indexable?: Fixed) =>
    fixed.map((f) => (f === indexable ? `${f.key.expr} = ?` : `+${f.key.expr} = ?`));
  const fixedParams = fixed.map((f) => f.value);
  const shortest = fixed.reduce<Fixed | undefined>(
    (best, f) => (!best || f.count < best.count ? f : best),
    undefined,
  );
  if (shortest && (rest.length === 0 || shortest.count <= groups.rows / 4)) {
    // Only the id is left, or the group is a small part of the list (where it sits in
    // the next key's index is anyone's guess: unattributed payments all come after
    // the fully applied ones): one query through the shortest fixed run's index,
    // which holds every order key, its rows sorted by the rest (at most that run).
    const index = shortest.key.index;
    return readRange(read, order, fixedConditions(shortest), fixedParams, after, need, index);
  }
  const k = key!;
  // Large within the group fixed so far: a value that is large in the whole list but
  // rare here is left inside a range, where its few rows are sorted with the others.
  const values = groups(k, fixed);
  if (values.length === 0)
    // No large group at this key: one query, in this key's index.
    return readRange(read, order, fixedConditions(), fixedParams, after, need, k.index);
  // The large values in the order this key is read.
  const ordered = k.direction === "ASC" ? values : [...values].reverse();
  const before = (a: CursorKey, b: CursorKey) =>
    k.direction === "ASC" ? compareKeys(a, b) < 0 : compareKeys(a, b) > 0;
  const strictlyAfter = k.direction === "ASC" ? ">" : "<";
  const strictlyBefore = k.direction === "ASC" ? "<" : ">";
  // Where the cursor's key falls: on a large value (read that segment from the cursor),
  // or in the range before the first large value that comes after it.
  let start = 0;
  let startOnValue = false;
  if (after) {
    const cursorKey = after[0]!;
    while (start < ordered.length && before(ordered[start]!.value, cursorKey)) start++;
    startOnValue = start < ordered.length && compareKeys(ordered[start]!.value, cursorKey) === 0;
  }
  const rows: KeyRow[] = [];
  for (let i = start; i <= ordered.length && rows.length < need; i++) {
    const first = i === start;
    // The range between ordered[i - 1] and ordered[i] (open at both ends).
    if (!(first && startOnValue)) {
      const extra = fixedConditions();
      const params = [...fixedParams];
      const from = first ? after : undefined;
      // The cursor's own condition already starts this range after ordered[i - 1]: the
      // bound said twice leads SQLite to a skip-scan and a sort of the whole range.
      if (i > 0 && !from) {
        extra.push(`${k.expr} ${strictlyAfter} ?`);
        params.push(ordered[i - 1]!.value);
      }
      if (i < ordered.length) {
        extra.push(`${k.expr} ${strictlyBefore} ?`);
        params.push(ordered[i]!.value);
      }
      rows.push(...readRange(read, order, extra, params, from, need - rows.length, k.index));
    }
    if (i === ordered.length || rows.length >= need) break;
    // The large group ordered[i], by the next keys.
    rows.push(
      ...readSegments(
        read,
        groups,
        rest,
        first && startOnValue ? after!.slice(1) : undefined,
        need - rows.length,
        [...fixed, { key: k, value: ordered[i]!.value, count: ordered[i]!.count }],
      ),
    );
  }
  return rows;
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
