import "server-only";
import { randomUUID } from "node:crypto";
import { asApiError } from "@/lib/api/errors";
import type { InsightResult, RunRecord } from "./insight-types";
import type { KeptValues, RowsRef } from "./parts";
import { type RunWriter, runWriter } from "./run-writer";
import { partsOfView, type ViewName, type WalkedView } from "./views";
import { extendLock, holdLock, releaseLock, takeLock } from "./walk-lock";
import { createWalkContext, runWalks, type WalkContext, WalkFailed } from "./walker";
import { type ViewKeys, WalkAbandoned, type WalksContext } from "./walks-context";

/** Rows per kept page (the renewals table's pages). */
export const ROWS_PAGE_SIZE = 100;

const LOCK_LOST = "The walk's lock was lost to another instance.";

export type Start =
  | { kind: "answered"; result: InsightResult }
  | { kind: "started" }
  | { kind: "busy" };

/**
 * Takes the view's lock and starts a walk here, unless another instance holds it
 * (busy) or, once the lock is taken, a result that answers is found (a walk that
 * finished between the viewer asking and now).
 */
export async function tryStart(
  ctx: WalksContext,
  view: WalkedView,
  keys: ViewKeys,
  ask: { force: boolean; since: number },
): Promise<Start> {
  const token = await takeLock(ctx, keys);
  if (!token) return { kind: "busy" };
  try {
    const result = await ctx.readResult(keys);
    if (result && (result.storedAt >= ask.since || ctx.answers(result, ask.force))) {
      await ctx.store.releaseLock(keys.lock, token);
      return { kind: "answered", result };
    }
    await startWalk(ctx, view, keys, token);
    return { kind: "started" };
  } catch (error) {
    await ctx.store.releaseLock(keys.lock, token).catch(() => {});
    throw error;
  }
}

/** Writes the walk's first run record, then walks in the background. */
async function startWalk(ctx: WalksContext, view: WalkedView, keys: ViewKeys, token: string) {
  const record: RunRecord = {
    id: randomUUID(),
    view,
    state: "running",
    startedAt: ctx.now(),
    updatedAt: ctx.now(),
    today: ctx.isoToday(),
    pages: 0,
    rows: 0,
    parts: {},
  };
  const writer = runWriter(ctx, keys.run, record);
  await writer.write();
  const abort = new AbortController();
  const done = walk(ctx, { view, keys, token, record, writer, abort }).finally(() => {
    if (ctx.local.get(keys.lock)?.done === done) ctx.local.delete(keys.lock);
  });
  ctx.local.set(keys.lock, { view, abort, done });
}

/** One walk under way: what its steps share. */
interface Walk {
  view: WalkedView;
  keys: ViewKeys;
  token: string;
  record: RunRecord;
  writer: RunWriter;
  abort: AbortController;
}

/** Kept rows the walk saved, to be dropped if it fails. */
type SavedRows = RowsRef[];

async function walk(ctx: WalksContext, run: Walk): Promise<void> {
  const { keys, token, record, writer, abort } = run;
  const stopHolding = holdLock(ctx, keys, token, {
    held: () => void writer.write(),
    lost: () => {
      if (!abort.signal.aborted) abort.abort(new WalkAbandoned(LOCK_LOST));
    },
  });
  const saved: SavedRows = [];
  const walkCtx = createWalkContext({
    fetcher: ctx.options.fetcher,
    budget: ctx.options.budgetFor(keys.source),
    concurrency: ctx.options.concurrency,
    onProgress: (progress) => {
      record.pages = progress.pages;
      record.rows = progress.rows;
      writer.soon();
    },
  });
  try {
    const walked = await walkParts(ctx, run, walkCtx, saved);
    if (ctx.dead || abort.signal.aborted) throw abort.signal.reason;
    // Still ours? An instance that took the walk over owns the result now.
    if (!(await extendLock(ctx, keys, token))) throw new WalkAbandoned(LOCK_LOST);
    await storeResult(ctx, run, walkCtx, walked, saved);
  } catch (error) {
    writer.cancel();
    if (ctx.dead) return; // a crashed process writes nothing
    for (const set of saved) await deleteRows(ctx, keys, set).catch(() => {});
    await recordFailure(run, walkCtx, error);
  } finally {
    stopHolding();
    await releaseLock(ctx, keys, token);
  }
}

/** Every part of the view, each written to the run record as soon as it is walked. */
async function walkParts(
  ctx: WalksContext,
  { view, keys, record, writer, abort }: Walk,
  walkCtx: WalkContext,
  saved: SavedRows,
): Promise<(readonly [string, unknown])[]> {
  const parts = partsOfView(view);
  if (!parts) throw new WalkAbandoned(`No such view: ${view}`);
  const today = Date.parse(record.today);
  const saveRows = (rows: unknown[]) => keepRows(ctx, keys, record.id, rows, saved);
  const kept: KeptValues = {
    get: (name) => ctx.results.get(keys.kept(name)),
    set: (name, value) => ctx.results.set(keys.kept(name), value),
    delete: (name) => ctx.results.delete(keys.kept(name)),
  };
  return runWalks(
    walkCtx,
    (inner) =>
      Promise.all(
        Object.entries(parts).map(async ([name, part]) => {
          const value = await part({ walk: inner, today, saveRows, kept } as never);
          record.parts[name] = value;
          void writer.write();
          return [name, value] as const;
        }),
      ),
    abort.signal,
  );
}

/** Keeps a part's long list apart from the result, in pages of ROWS_PAGE_SIZE. */
async function keepRows(
  ctx: WalksContext,
  keys: ViewKeys,
  id: string,
  rows: unknown[],
  saved: SavedRows,
): Promise<RowsRef> {
  // A walk's first set of rows takes its id; each other set (the auto-renewing rows) its own.
  const ref = {
    id: saved.length === 0 ? id : randomUUID(),
    count: rows.length,
    pageSize: ROWS_PAGE_SIZE,
  };
  saved.push(ref);
  for (let page = 0; page === 0 || page * ROWS_PAGE_SIZE < rows.length; page++) {
    const slice = rows.slice(page * ROWS_PAGE_SIZE, (page + 1) * ROWS_PAGE_SIZE);
    const hasMore = (page + 1) * ROWS_PAGE_SIZE < rows.length;
    await ctx.results.set(keys.rows(ref.id, page), JSON.stringify({ data: slice, hasMore }));
  }
  return ref;
}

async function deleteRows(ctx: WalksContext, keys: ViewKeys, set: RowsRef) {
  const pages = Math.max(1, Math.ceil(set.count / set.pageSize));
  for (let page = 0; page < pages; page++) await ctx.results.delete(keys.rows(set.id, page));
}

/** The finished walk becomes the view's result; the rows of two walks back are dropped. */
async function storeResult(
  ctx: WalksContext,
  { view, keys, record, writer }: Walk,
  walkCtx: WalkContext,
  walked: (readonly [string, unknown])[],
  saved: SavedRows,
) {
  const previous = await ctx.readResult(keys);
  const finishedAt = ctx.now();
  const result: InsightResult = {
    id: record.id,
    view: view as ViewName, // or a view's totals (its parts say which)
    asOf: new Date(finishedAt).toISOString(),
    storedAt: finishedAt,
    today: record.today,
    pages: walkCtx.progress.pages,
    rows: walkCtx.progress.rows,
    parts: Object.fromEntries(walked) as never,
    rowSets: saved,
    previousRowSets: previous?.rowSets ?? [],
  };
  await ctx.results.set(keys.result, JSON.stringify(result));
  record.state = "done";
  await writer.end();
  for (const set of previous?.previousRowSets ?? [])
    await deleteRows(ctx, keys, set).catch(() => {});
}

/** A failed walk stores nothing: its run record says how far it got, for its followers. */
async function recordFailure(
  { record, writer, abort }: Walk,
  walkCtx: WalkContext,
  error: unknown,
) {
  const reason = abort.signal.aborted ? abort.signal.reason : null;
  if (reason instanceof WalkAbandoned || error instanceof WalkAbandoned) return;
  const failed =
    error instanceof WalkFailed
      ? error
      : new WalkFailed(asApiError(error), walkCtx.progress.pages, walkCtx.progress.rows);
  record.state = "failed";
  record.error = {
    message: failed.message,
    kind: failed.cause.kind,
    status: failed.cause.status,
    pagesRead: failed.pagesRead,
    rowsRead: failed.rowsRead,
  };
  await writer.end();
}
