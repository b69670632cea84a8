import "server-only";
import { fetchListPage, type InvoiceRecord } from "@/lib/api/client";
import {
  type CappedCount,
  COUNT_CAP,
  countList,
  WALK_PAGE_SIZE,
  type WalkContext,
  walkList,
} from "./walker";

/**
 * A cursor walk is sequential (each page needs the previous page's cursor), so a long
 * list read as one walk takes pages × the API's latency however many requests may be
 * in flight. `walkInvoicesSplit` reads an invoice query instead as issue-date ranges
 * walked side by side, each the same query with `issueDateStartAt`/`issueDateEndAt`
 * narrowed and ordered `issuedAt:ASC` (docs/api.md, GET /invoices: an invoice without
 * `issuedAt` filters and sorts by its `periodStartAt`), so every invoice lies in one
 * range only. Ranges are split as the walk learns where the rows are: after the first
 * page, the span up to the newest invoice (one row read newest first) is cut in as
 * many ranges as requests may be in flight; whenever a range ends, the range with
 * the most rows left is halved at its unread part, its walk stopping where the new
 * one starts. A list of one page costs one page, as before.
 */

/**
 * INSIGHTS_SPLIT_WALKS: `0` reads each list as one cursor walk (an API slow to order
 * by issue date; the bench's before and after); anything else splits.
 */
export function splitWalksOn(env: Record<string, string | undefined> = process.env): boolean {
  return env.INSIGHTS_SPLIT_WALKS?.trim() !== "0";
}

/** An invoice's place in the issue-date filter and order: issuedAt, else periodStartAt. */
export function issueSortOf(invoice: Pick<InvoiceRecord, "issuedAt" | "periodStartAt">): number {
  return Date.parse(invoice.issuedAt ?? invoice.periodStartAt);
}

/** Ranges narrower than this are not split again: they may hold one instant's rows only. */
const MIN_SPLIT_MS = 60_000;
/**
 * A range is halved only when it is likely to hold this many rows more: each cut
 * costs a partly filled page or two, worth it on a long range only.
 */
const MIN_SPLIT_ROWS = 10 * WALK_PAGE_SIZE;

interface Slice {
  /** inclusive start and exclusive end of the issue dates this slice folds (ms, ±Infinity open) */
  start: number;
  end: number;
  /** the issue date of the last row read (ascending), or null before any */
  position: number | null;
  /** the issue date of the first row read, or null before any */
  first: number | null;
  rows: number;
  /** a row at or past `end` was read: the rest belongs to a later slice */
  passedEnd: boolean;
}

export interface SplitWalkResult<A> {
  acc: A;
  /** false when `stopWhen` stopped the walk while rows were left unread */
  complete: boolean;
  /** where ranges were cut (ms): each the first issue date of a range */
  cuts: number[];
}

export interface SplitWalkOptions<A> {
  /** ranges walked at once (default: the context's requests in flight) */
  parallel?: number;
  /** checked after each page: true stops every range (a count that reached its cap) */
  stopWhen?: (acc: A) => boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The slice's query: the base query narrowed to [start, end) of issue dates, oldest first. */
function sliceQuery(base: URLSearchParams, slice: Pick<Slice, "start" | "end">): string {
  const params = new URLSearchParams(base);
  params.delete("issueDateStartAt");
  params.delete("issueDateEndAt");
  if (Number.isFinite(slice.start)) params.set("issueDateStartAt", iso(slice.start));
  // The API's end bound is inclusive and records hold whole milliseconds.
  if (Number.isFinite(slice.end)) params.set("issueDateEndAt", iso(slice.end - 1));
  params.set("orderBy", "issuedAt:ASC");
  return params.toString();
}

/** The newest issue date the query holds (one row read newest first), or null when empty. */
async function newestIssueDate(ctx: WalkContext, base: URLSearchParams): Promise<number | null> {
  const params = new URLSearchParams(base);
  params.set("orderBy", "issuedAt:DESC");
  params.set("limit", "1");
  const page = await ctx.limit(async () => {
    await ctx.budget.take();
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return fetchListPage(ctx.fetcher, "invoices", params.toString(), undefined, ctx.signal);
  });
  ctx.progress.pages += 1;
  ctx.progress.rows += page.data.length;
  ctx.onProgress?.({ ...ctx.progress });
  const newest = page.data[0];
  return newest ? issueSortOf(newest) : null;
}

/** Rows a slice still holds, estimated from how densely its part read so far was filled. */
function rowsLeft(slice: Slice, knownEnd: number, overall: number): number {
  const from = slice.position ?? slice.start;
  const to = Math.min(slice.end, knownEnd);
  if (!Number.isFinite(from) || !(to > from)) return 0;
  return (to - from) * (densityOf(slice) ?? overall);
}

/** Rows per millisecond of the part a slice has read, or null before it read a span. */
function densityOf(slice: Slice): number | null {
  const from = Number.isFinite(slice.start) ? slice.start : slice.first;
  const readSpan = slice.position !== null && from !== null ? slice.position - from : 0;
  return Number.isFinite(readSpan) && readSpan > 0 ? slice.rows / readSpan : null;
}

const DAY_MS = 86_400_000;

/**
 * Where to halve (from, to]: at a UTC midnight when one lies inside, else halfway.
 * Issue dates cluster on midnights (a period's start), so ranges meet where rows are.
 */
export function cutBetween(from: number, to: number): number {
  const half = Math.floor(from + (to - from) / 2) + 1;
  const midnight = Math.floor(half / DAY_MS) * DAY_MS;
  return midnight > from ? midnight : half;
}

/** The slice whose unread part is worth halving (most rows left), and where to cut it. */
function splitPoint(
  slices: Set<Slice>,
  knownEnd: number,
  minRows: number,
): { slice: Slice; at: number } | null {
  const densities = [...slices].map(densityOf).filter((d) => d !== null);
  const overall =
    densities.length > 0 ? densities.reduce((a, b) => a + b, 0) / densities.length : 0;
  let best: { slice: Slice; at: number; left: number } | null = null;
  for (const slice of slices) {
    if (slice.passedEnd) continue;
    const from = slice.position ?? slice.start;
    const to = Math.min(slice.end, knownEnd);
    if (!Number.isFinite(from) || to - from < MIN_SPLIT_MS) continue;
    const left = rowsLeft(slice, knownEnd, overall);
    if (left < minRows) continue;
    if (!best || left > best.left) best = { slice, at: cutBetween(from, to), left };
  }
  return best;
}

/**
 * Folds every invoice of `query` once, walking issue-date ranges side by side.
 * `fold` must add the rows into `acc` and return it (ranges share one accumulator);
 * the rows' order is not the list's default order.
 */
export async function walkInvoicesSplit<A>(
  ctx: WalkContext,
  query: string,
  acc: A,
  fold: (acc: A, rows: InvoiceRecord[]) => A,
  options: SplitWalkOptions<A> = {},
): Promise<SplitWalkResult<A>> {
  if (!splitWalksOn())
    return { acc: await walkList(ctx, "invoices", query, acc, fold), complete: true, cuts: [] };
  const base = new URLSearchParams(query);
  base.delete("orderBy");
  const parallel = Math.max(1, options.parallel ?? ctx.limit.concurrency);
  const lo = base.has("issueDateStartAt") ? Date.parse(base.get("issueDateStartAt")!) : -Infinity;
  const hi = base.has("issueDateEndAt") ? Date.parse(base.get("issueDateEndAt")!) + 1 : Infinity;
  let knownEnd = hi;
  let probing: Promise<void> | null = null;
  let stopped = false;
  let incomplete = false;
  const cuts: number[] = [];
  const active = new Set<Slice>();
  const running = new Set<Promise<void>>();

  // The first cut (the list is longer than a page) is made whatever the estimate: the
  // first page's density says little where rows grow with time. Later cuts need rows.
  const rebalance = (first = false) => {
    while (!stopped && active.size > 0 && active.size < parallel) {
      const cut = splitPoint(active, knownEnd, first ? 0 : MIN_SPLIT_ROWS);
      if (!cut) return;
      const next: Slice = {
        start: cut.at,
        end: cut.slice.end,
        position: null,
        first: null,
        rows: 0,
        passedEnd: false,
      };
      cut.slice.end = cut.at;
      cuts.push(cut.at);
      start(next);
    }
  };

  const walkSlice = async (slice: Slice) => {
    let first = true;
    await walkList(
      ctx,
      "invoices",
      sliceQuery(base, slice),
      slice,
      (s, rows) => {
        const kept: InvoiceRecord[] = [];
        for (const row of rows) {
          const at = issueSortOf(row);
          if (at >= s.end) {
            s.passedEnd = true;
            break;
          }
          kept.push(row);
          s.first ??= at;
          s.position = at;
        }
        s.rows += kept.length;
        // Rows read after the walk was stopped are left out: the figure is then capped.
        if (kept.length > 0 && stopped) incomplete = true;
        else if (kept.length > 0) fold(acc, kept);
        return s;
      },
      {
        stopWhen: (s) => {
          if (!stopped && options.stopWhen?.(acc)) stopped = true;
          if (stopped) {
            if (!s.passedEnd) incomplete = true;
            return true;
          }
          if (s.passedEnd) return true;
          // More than one page: learn how far the list reaches, then cut it in ranges.
          if (first && !probing && knownEnd === Infinity) {
            probing = newestIssueDate(ctx, base).then((newest) => {
              knownEnd = newest === null ? (s.position ?? 0) + 1 : newest + 1;
              rebalance(true);
            });
            track(probing);
          } else if (first && Number.isFinite(knownEnd) && active.size === 1) rebalance(true);
          first = false;
          return false;
        },
      },
    );
  };

  const track = (promise: Promise<void>) => {
    const tracked = promise.finally(() => running.delete(tracked));
    tracked.catch(() => {});
    running.add(tracked);
  };

  const start = (slice: Slice) => {
    active.add(slice);
    track(
      walkSlice(slice).then(() => {
        active.delete(slice);
        rebalance();
      }),
    );
  };

  start({ start: lo, end: hi, position: null, first: null, rows: 0, passedEnd: false });
  while (running.size > 0) await Promise.all([...running]);
  return { acc, complete: !incomplete, cuts };
}

/**
 * Counts an invoice query's rows up to `cap` with the ranges side by side: the same
 * figure as countList, which reads whole pages, so its cap is the cap rounded up to
 * a page (`capped` when there are more, the count then that).
 */
export async function countInvoicesSplit(
  ctx: WalkContext,
  query: string,
  cap = COUNT_CAP,
): Promise<CappedCount> {
  if (!splitWalksOn()) return countList(ctx, "invoices", query, cap);
  const pagesCap = Math.max(1, Math.ceil(cap / WALK_PAGE_SIZE)) * WALK_PAGE_SIZE;
  const { acc, complete } = await walkInvoicesSplit(
    ctx,
    query,
    { n: 0 },
    (a, rows) => {
      a.n += rows.length;
      return a;
    },
    { stopWhen: (a) => a.n >= pagesCap },
  );
  if (!complete || acc.n > pagesCap) return { count: pagesCap, capped: true };
  return { count: acc.n, capped: false };
}
