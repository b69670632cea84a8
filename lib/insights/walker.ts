import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import pLimit, { type LimitFunction } from "p-limit";
import { type Fetcher, fetchListPage, type ListName, type ListRecord } from "@/lib/api/client";
import { ApiRequestError, asApiError } from "@/lib/api/errors";
import { serverFetcher } from "@/lib/upstream/server-fetcher";
import { type PageBudget, unlimitedBudget } from "./budget";

/** The API's largest page (spec: limit 1 to 100): fewer round trips per walk. */
export const WALK_PAGE_SIZE = 100;
/** A walk that never ends is a broken API, not a big list: stop at a million pages. */
const MAX_PAGES = 1_000_000;

export interface WalkProgress {
  pages: number;
  rows: number;
}

/** A walk that failed part-way: how far it got, and why. */
export class WalkFailed extends Error {
  constructor(
    readonly cause: ApiRequestError,
    readonly pagesRead: number,
    readonly rowsRead: number,
  ) {
    super(cause.message);
    this.name = "WalkFailed";
  }
}

/**
 * What several walks of one view share: a limit on requests in flight (the walks
 * interleave, their page fetches queue), the page budget every page is taken from,
 * the running totals for progress, and one abort signal so a failure stops the
 * other walks.
 */
export interface WalkContext {
  fetcher: Fetcher;
  limit: LimitFunction;
  budget: PageBudget;
  progress: WalkProgress;
  onProgress?: (progress: WalkProgress) => void;
  signal: AbortSignal;
}

export function createWalkContext(
  options: {
    concurrency?: number;
    fetcher?: Fetcher;
    budget?: PageBudget;
    onProgress?: (progress: WalkProgress) => void;
    signal?: AbortSignal;
  } = {},
): WalkContext {
  return {
    fetcher: options.fetcher ?? serverFetcher,
    limit: pLimit({ concurrency: options.concurrency ?? walkConcurrency(), rejectOnClear: true }),
    budget: options.budget ?? unlimitedBudget,
    progress: { pages: 0, rows: 0 },
    onProgress: options.onProgress,
    signal: options.signal ?? new AbortController().signal,
  };
}

/**
 * INSIGHTS_CONCURRENCY: requests in flight per view (1..16). Default 8 against a real
 * API (budget × latency: 50 pages/s at 150 ms), 4 on the built-in API, whose pages
 * cost this machine's CPU rather than a network's wait.
 */
export function walkConcurrency(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.INSIGHTS_CONCURRENCY);
  if (Number.isInteger(value) && value >= 1 && value <= 16) return value;
  return env.INVOICING_API_URL?.trim() ? 8 : 4;
}

export interface WalkOptions<A> {
  /**
   * Checked after each page that has more after it: true stops the walk there (a
   * count that reached its cap). The accumulator is returned as it is.
   */
  stopWhen?: (acc: A) => boolean;
}

/**
 * Reads a whole list, page by page over `nextCursor` (spec list rule 2), folding
 * each page into an accumulator: only one page and the accumulator are held at a
 * time, never all rows. `query` is the filters as a query string without `?`.
 *
 * Each page is taken from the page budget first, and after each page the walk
 * yields to the event loop: the built-in API answers in-process, and a chain of
 * already-resolved promises would otherwise run the whole walk without letting a
 * timer, a socket write or another request in (docs/decisions.md).
 *
 * @example
 * const count = await walkList(ctx, "payments", "hasUnappliedAmount=true", 0, (n, rows) => n + rows.length);
 */
export async function walkList<L extends ListName, A>(
  ctx: WalkContext,
  list: L,
  query: string,
  initial: A,
  reduce: (acc: A, rows: ListRecord<L>[]) => A,
  options: WalkOptions<A> = {},
): Promise<A> {
  const params = new URLSearchParams(query);
  params.set("limit", String(WALK_PAGE_SIZE));
  const fullQuery = params.toString();
  let acc = initial;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const result = await ctx.limit(async () => {
      await ctx.budget.take();
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return fetchListPage(ctx.fetcher, list, fullQuery, cursor, ctx.signal);
    });
    const rows = result.data as ListRecord<L>[];
    acc = reduce(acc, rows);
    ctx.progress.pages += 1;
    ctx.progress.rows += rows.length;
    ctx.onProgress?.({ ...ctx.progress });
    await yieldToEventLoop();
    if (!result.hasMore) return acc;
    if (options.stopWhen?.(acc)) return acc;
    if (!result.nextCursor)
      throw new ApiRequestError({
        kind: "invalid-response",
        status: 200,
        code: null,
        message: `The API said /${list} has more rows but gave no cursor to read them.`,
        issues: [],
      });
    cursor = result.nextCursor;
  }
  throw new ApiRequestError({
    kind: "invalid-response",
    status: 200,
    code: null,
    message: `/${list} did not end after ${MAX_PAGES} pages.`,
    issues: [],
  });
}

/** Sizes above this are not read to the end: the figure says "10,000+" and links the list. */
export const COUNT_CAP = 10_000;

/** How many rows a list holds, read up to `cap`: `capped` when there are more. */
export interface CappedCount {
  count: number;
  capped: boolean;
}

/**
 * Counts a list's rows up to `cap` (at least that many, then stops): a figure that
 * only needs a size does not read hundreds of thousands of rows to say so.
 */
export async function countList(
  ctx: WalkContext,
  list: ListName,
  query: string,
  cap = COUNT_CAP,
): Promise<CappedCount> {
  let capped = false;
  const count = await walkList(ctx, list, query, 0, (n, rows) => n + rows.length, {
    stopWhen: (n) => {
      capped = n >= cap;
      return capped;
    },
  });
  return { count, capped };
}

/**
 * Runs a view's walks together under the context's limit. The first failure aborts
 * the others and becomes a WalkFailed carrying how far all of them got.
 */
export async function runWalks<T>(
  ctx: Omit<WalkContext, "signal">,
  body: (ctx: WalkContext) => Promise<T>,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const abortFromOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) abortFromOuter();
  outer?.addEventListener("abort", abortFromOuter, { once: true });
  const inner: WalkContext = { ...ctx, signal: controller.signal };
  try {
    return await body(inner);
  } catch (error) {
    if (!controller.signal.aborted) controller.abort(error);
    // Walks still queued are dropped; those in flight end at their next page.
    ctx.limit.clearQueue();
    throw new WalkFailed(asApiError(error), ctx.progress.pages, ctx.progress.rows);
  } finally {
    outer?.removeEventListener("abort", abortFromOuter);
  }
}
