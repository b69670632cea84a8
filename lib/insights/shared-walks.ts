import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Fetcher } from "@/lib/api/client";
import { type ApiErrorKind, asApiError } from "@/lib/api/errors";
import type { SharedStore } from "@/lib/shared-state/store";
import type { PageBudget } from "./budget";
import type { RowsRef } from "./parts";
import type { ResultStore } from "./result-store";
import { insightToday } from "./today";
import { partsOfView, VIEW_NAMES, type ViewName, type ViewParts, type WalkedView } from "./views";
import { createWalkContext, runWalks, WalkFailed } from "./walker";

/**
 * The insight views' walks and results, shared by every instance of the dashboard.
 *
 * - One walk per view at a time across all instances: the walker holds a lock in
 *   the shared store that expires (INSIGHTS_LOCK_TTL) and extends it while it works,
 *   so an instance that crashes mid-walk holds it no longer than that; another
 *   instance then takes the walk over.
 * - The running walk's progress and each part's figure, as soon as that part is
 *   walked, are written to the shared store (a "run" record): viewers on any
 *   instance follow it from there and get its result.
 * - Finished results are kept in the result store (Redis, or disk for a single
 *   instance), so they outlive a restart; a viewer never waits for a walk when an
 *   earlier result exists: it sees that one, with its "as of" time, while the next
 *   walk runs. A failed walk stores nothing.
 * - Results older than the refresh interval (or of another UTC day) are walked again
 *   in the background, without a viewer; a refresh while a walk runs joins it, and
 *   one soon after a walk finished answers that walk's result.
 */

/** A finished walk of a view: every part, one "as of" time. */
export interface InsightResult<V extends ViewName = ViewName> {
  id: string;
  view: V;
  /** when the walk finished (the server's real clock), ISO */
  asOf: string;
  /** the same, in ms, for ages */
  storedAt: number;
  /** UTC midnight of the day the figures count from, ISO */
  today: string;
  pages: number;
  rows: number;
  parts: ViewParts<V>;
  /** rows kept apart by this walk (the renewals table) */
  rowSets: RowsRef[];
  /** the previous result's rows, still readable by a browser scrolling them; dropped by the next walk */
  previousRowSets: RowsRef[];
}

export interface WalkErrorInfo {
  message: string;
  kind: ApiErrorKind;
  status: number | null;
  pagesRead: number;
  rowsRead: number;
}

/** A walk as every instance sees it while it runs, and for a while after it ended. */
export interface RunRecord {
  id: string;
  view: WalkedView;
  state: "running" | "done" | "failed";
  startedAt: number;
  /** the walker's last write: a record not written for long belongs to a walker that died */
  updatedAt: number;
  today: string;
  pages: number;
  rows: number;
  /** the parts walked so far */
  parts: Record<string, unknown>;
  error?: WalkErrorInfo;
}

export type InsightEvent =
  | { type: "progress"; pages: number; rows: number; parts: string[] }
  | { type: "part"; name: string }
  | { type: "result"; id: string; asOf: string; today: string; pages: number; rows: number }
  | ({ type: "error" } & WalkErrorInfo);

export interface InsightState<V extends ViewName> {
  /** the last finished result, stale or not */
  result: InsightResult<V> | null;
  /** the result is younger than the refresh interval and of today */
  fresh: boolean;
  /** the walk running now, on any instance */
  running: RunRecord | null;
}

export interface Insights {
  /** What a page can render now, without walking. */
  peek<V extends ViewName>(view: V): Promise<InsightState<V>>;
  /**
   * The view's walk as events: a fresh result at once; otherwise the running walk's
   * progress and parts (joined, or started here), then its result or its error.
   * `force` asks for a new walk unless one runs or one finished moments ago.
   */
  follow(
    view: WalkedView,
    options?: { force?: boolean; signal?: AbortSignal },
  ): AsyncGenerator<InsightEvent>;
  /** One page of a result's kept rows as JSON (`{"data":[…],"hasMore":…}`), or null when gone. */
  rowsPage(view: ViewName, rowsId: string, page: number): Promise<string | null>;
  /** The last finished result of any walked view (a view's totals), stale or not. */
  lastResult(view: WalkedView): Promise<InsightResult | null>;
  /**
   * Stops this instance's walk of `view`, storing nothing (a view's totals nobody
   * waits for any more). False when no walk of it runs here.
   */
  cancel(view: WalkedView): boolean;
  /** Walks every view whose result is older than the refresh interval (the background refresh). */
  refreshStale(): Promise<void>;
  /** Starts the background refresh on a timer; returns its stop. */
  startBackground(): () => void;
  /** Resolves when the walks this instance runs have ended (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops everything at once, writing nothing more and releasing nothing, as a crashed process would (tests). */
  kill(): void;
}

export interface InsightsOptions {
  /** locks and run records (Redis, or memory for one instance) */
  store: SharedStore;
  /** finished results and kept rows (Redis, or disk for one instance) */
  results: ResultStore;
  /** the API source the figures come from (results of one never show for another) */
  source: () => string | Promise<string>;
  /** the page budget of a source's walks */
  budgetFor: (source: string) => PageBudget;
  fetcher?: Fetcher;
  concurrency?: number;
  refreshIntervalMs: number;
  lockTtlMs?: number;
  /** how often followers read the run record, and the walker writes its progress */
  pollMs?: number;
  now?: () => number;
  today?: () => number;
}

/** A refresh this soon after a walk finished answers that walk's result instead of walking again. */
export const REFRESH_ANSWERS_RESULT_MS = 30_000;
/** Rows per kept page (the renewals table's pages). */
export const ROWS_PAGE_SIZE = 100;
/** How long an ended walk's record stays for its followers to read how it ended. */
const ENDED_RUN_TTL_MS = 5 * 60_000;

class WalkAbandoned extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "WalkAbandoned";
  }
}

interface Keys {
  lock: string;
  run: string;
  result: string;
  rows: (id: string, page: number) => string;
}

export function createInsights(options: InsightsOptions): Insights {
  const { store, results } = options;
  const now = options.now ?? Date.now;
  const todayMs = options.today ?? insightToday;
  const lockTtl = options.lockTtlMs ?? 30_000;
  const pollMs = options.pollMs ?? 250;
  const interval = options.refreshIntervalMs;
  const answersWithin = Math.min(REFRESH_ANSWERS_RESULT_MS, interval);
  const local = new Map<
    string,
    { view: WalkedView; abort: AbortController; done: Promise<void> }
  >();
  let dead = false;

  async function keysOf(view: WalkedView): Promise<Keys & { source: string }> {
    const source = await options.source();
    const base = `insights:${source}:${view}`;
    return {
      source,
      lock: base,
      run: `${base}:run`,
      result: `${base}:result`,
      rows: (id, page) => `${base}:rows:${id}:${page}`,
    };
  }

  const isoToday = () => new Date(todayMs()).toISOString();

  async function readResult<V extends ViewName>(keys: Keys): Promise<InsightResult<V> | null> {
    const text = await results.get(keys.result);
    return text ? (JSON.parse(text) as InsightResult<V>) : null;
  }

  async function readRun(keys: Keys): Promise<RunRecord | null> {
    const text = await store.get(keys.run);
    return text ? (JSON.parse(text) as RunRecord) : null;
  }

  function isFresh(result: InsightResult): boolean {
    return now() - result.storedAt < interval && result.today === isoToday();
  }

  /** Whether `result` answers a viewer without a new walk. */
  function answers(result: InsightResult, force: boolean): boolean {
    if (!force) return isFresh(result);
    return now() - result.storedAt < answersWithin && result.today === isoToday();
  }

  type Start = { kind: "answered"; result: InsightResult } | { kind: "started" } | { kind: "busy" };

  /**
   * Takes the view's lock and starts a walk here, unless another instance holds it
   * (busy) or, once the lock is taken, a result that answers is found (a walk that
   * finished between the viewer asking and now).
   */
  async function tryStart(
    view: WalkedView,
    keys: Keys & { source: string },
    ask: { force: boolean; since: number },
  ): Promise<Start> {
    if (dead) return { kind: "busy" };
    const token = await store.acquireLock(keys.lock, lockTtl);
    if (!token) return { kind: "busy" };
    try {
      const result = await readResult(keys);
      if (result && (result.storedAt >= ask.since || answers(result, ask.force))) {
        await store.releaseLock(keys.lock, token);
        return { kind: "answered", result };
      }
      await startWalk(view, keys, token);
      return { kind: "started" };
    } catch (error) {
      await store.releaseLock(keys.lock, token).catch(() => {});
      throw error;
    }
  }

  /** Writes a run record, one write at a time (a late progress write never overwrites the end). */
  function runWriter(key: string, record: RunRecord) {
    let chain: Promise<void> = Promise.resolve();
    let lastWrite = 0;
    let timer: NodeJS.Timeout | null = null;
    const write = (ttlMs = lockTtl * 2) => {
      if (dead) return chain;
      record.updatedAt = now();
      lastWrite = record.updatedAt;
      const text = JSON.stringify(record);
      // A failed write (Redis away for a moment) is made good by the next one.
      chain = chain.then(() => store.set(key, text, ttlMs)).catch(() => {});
      return chain;
    };
    return {
      write,
      /** Progress: at most one write per poll interval. */
      soon() {
        if (timer || dead) return;
        timer = setTimeout(
          () => {
            timer = null;
            if (record.state === "running") void write();
          },
          Math.max(0, pollMs - (now() - lastWrite)),
        );
      },
      end() {
        if (timer) clearTimeout(timer);
        timer = null;
        return write(ENDED_RUN_TTL_MS);
      },
      cancel() {
        if (timer) clearTimeout(timer);
        timer = null;
      },
    };
  }

  async function startWalk(view: WalkedView, keys: Keys & { source: string }, token: string) {
    const record: RunRecord = {
      id: randomUUID(),
      view,
      state: "running",
      startedAt: now(),
      updatedAt: now(),
      today: isoToday(),
      pages: 0,
      rows: 0,
      parts: {},
    };
    const writer = runWriter(keys.run, record);
    await writer.write();
    const abort = new AbortController();
    const done = walk(view, keys, token, record, writer, abort).finally(() => {
      if (local.get(keys.lock)?.done === done) local.delete(keys.lock);
    });
    local.set(keys.lock, { view, abort, done });
  }

  async function deleteRows(keys: Keys, set: RowsRef) {
    const pages = Math.max(1, Math.ceil(set.count / set.pageSize));
    for (let page = 0; page < pages; page++) await results.delete(keys.rows(set.id, page));
  }

  async function walk(
    view: WalkedView,
    keys: Keys & { source: string },
    token: string,
    record: RunRecord,
    writer: ReturnType<typeof runWriter>,
    abort: AbortController,
  ): Promise<void> {
    const abandon = (reason: string) => {
      if (!abort.signal.aborted) abort.abort(new WalkAbandoned(reason));
    };
    // The lock is extended while the walk works; a lock found lost (this process
    // stalled past its lifetime and another instance took over) ends the walk here.
    const heartbeat = setInterval(() => {
      if (dead) return;
      store.extendLock(keys.lock, token, lockTtl).then(
        (held) => {
          if (!held) abandon("The walk's lock was lost to another instance.");
          else void writer.write();
        },
        () => {}, // Redis away for a moment: the next beat tries again
      );
    }, lockTtl / 3);
    heartbeat.unref?.();

    const saved: RowsRef[] = [];
    const today = Date.parse(record.today);
    const ctx = createWalkContext({
      fetcher: options.fetcher,
      budget: options.budgetFor(keys.source),
      concurrency: options.concurrency,
      onProgress: (progress) => {
        record.pages = progress.pages;
        record.rows = progress.rows;
        writer.soon();
      },
    });
    const saveRows = async (rows: unknown[]): Promise<RowsRef> => {
      const ref = { id: record.id, count: rows.length, pageSize: ROWS_PAGE_SIZE };
      saved.push(ref);
      for (let page = 0; page === 0 || page * ROWS_PAGE_SIZE < rows.length; page++) {
        const slice = rows.slice(page * ROWS_PAGE_SIZE, (page + 1) * ROWS_PAGE_SIZE);
        const hasMore = (page + 1) * ROWS_PAGE_SIZE < rows.length;
        await results.set(keys.rows(record.id, page), JSON.stringify({ data: slice, hasMore }));
      }
      return ref;
    };

    try {
      const parts = partsOfView(view);
      if (!parts) throw new WalkAbandoned(`No such view: ${view}`);
      const walked = await runWalks(
        ctx,
        (inner) =>
          Promise.all(
            Object.entries(parts).map(async ([name, part]) => {
              const value = await part({ walk: inner, today, saveRows } as never);
              // Each part is shown as soon as it is walked.
              record.parts[name] = value;
              void writer.write();
              return [name, value] as const;
            }),
          ),
        abort.signal,
      );
      if (dead || abort.signal.aborted) throw abort.signal.reason;
      // Still ours? An instance that took the walk over owns the result now.
      if (!(await store.extendLock(keys.lock, token, lockTtl)))
        throw new WalkAbandoned("The walk's lock was lost to another instance.");
      const previous = await readResult(keys);
      const finishedAt = now();
      const result: InsightResult = {
        id: record.id,
        view: view as ViewName, // or a view's totals (its parts say which)
        asOf: new Date(finishedAt).toISOString(),
        storedAt: finishedAt,
        today: record.today,
        pages: ctx.progress.pages,
        rows: ctx.progress.rows,
        parts: Object.fromEntries(walked) as never,
        rowSets: saved,
        previousRowSets: previous?.rowSets ?? [],
      };
      await results.set(keys.result, JSON.stringify(result));
      record.state = "done";
      await writer.end();
      // The rows two walks back: no page shows them any more.
      for (const set of previous?.previousRowSets ?? [])
        await deleteRows(keys, set).catch(() => {});
    } catch (error) {
      writer.cancel();
      if (dead) return; // a crashed process writes nothing
      for (const set of saved) await deleteRows(keys, set).catch(() => {});
      const reason = abort.signal.aborted ? abort.signal.reason : null;
      if (reason instanceof WalkAbandoned || error instanceof WalkAbandoned) return;
      const failed =
        error instanceof WalkFailed
          ? error
          : new WalkFailed(asApiError(error), ctx.progress.pages, ctx.progress.rows);
      record.state = "failed";
      record.error = {
        message: failed.message,
        kind: failed.cause.kind,
        status: failed.cause.status,
        pagesRead: failed.pagesRead,
        rowsRead: failed.rowsRead,
      };
      await writer.end();
    } finally {
      clearInterval(heartbeat);
      if (!dead) await store.releaseLock(keys.lock, token).catch(() => {});
    }
  }

  function resultEvent(result: InsightResult): InsightEvent {
    const { id, asOf, today, pages, rows } = result;
    return { type: "result", id, asOf, today, pages, rows };
  }

  async function* follow(
    view: WalkedView,
    { force = false, signal }: { force?: boolean; signal?: AbortSignal } = {},
  ): AsyncGenerator<InsightEvent> {
    const keys = await keysOf(view);
    const since = now();
    const first = await readResult(keys);
    if (first && answers(first, force)) {
      yield resultEvent(first);
      return;
    }
    let followed: string | null = null;
    let sentParts = new Set<string>();
    let lastProgress = "";
    while (!signal?.aborted && !dead) {
      const run = await readRun(keys);
      if (run && (run.state === "running" || run.id === followed)) {
        if (run.id !== followed) {
          // Joined (or a walk that took over from a dead one): its parts from the start.
          followed = run.id;
          sentParts = new Set();
          lastProgress = "";
        }
        for (const name of Object.keys(run.parts))
          if (!sentParts.has(name)) {
            sentParts.add(name);
            yield { type: "part", name };
          }
        const progress = `${run.pages}/${run.rows}`;
        if (progress !== lastProgress) {
          lastProgress = progress;
          yield { type: "progress", pages: run.pages, rows: run.rows, parts: [...sentParts] };
        }
        if (run.state === "done") {
          const result = await readResult(keys);
          if (result) {
            yield resultEvent(result);
            return;
          }
        } else if (run.state === "failed" && run.error) {
          yield { type: "error", ...run.error };
          return;
        } else if (now() - run.updatedAt > lockTtl / 2) {
          // Its walker has not written for a while: it may be gone. Once its lock
          // expires, this instance takes the walk over.
          await tryStart(view, keys, { force, since });
        }
      } else {
        // No walk to follow (none yet, or the last one ended before this viewer asked).
        const start = await tryStart(view, keys, { force, since });
        if (start.kind === "answered") {
          yield resultEvent(start.result);
          return;
        }
        if (start.kind === "started") continue;
      }
      await sleep(pollMs, undefined, { signal }).catch(() => {});
    }
  }

  async function refreshStale() {
    for (const view of VIEW_NAMES) {
      if (dead) return;
      const keys = await keysOf(view);
      // Views nobody has opened are not walked: the first viewer starts them.
      const result = await readResult(keys);
      if (!result || isFresh(result)) continue;
      const run = await readRun(keys);
      if (run?.state === "running" && now() - run.updatedAt <= lockTtl / 2) continue;
      await tryStart(view, keys, { force: false, since: now() });
    }
  }

  return {
    async peek<V extends ViewName>(view: V): Promise<InsightState<V>> {
      const keys = await keysOf(view);
      const [result, run] = await Promise.all([readResult<V>(keys), readRun(keys)]);
      return {
        result,
        fresh: result ? isFresh(result) : false,
        running: run?.state === "running" ? run : null,
      };
    },
    follow,
    async rowsPage(view, rowsId, page) {
      const keys = await keysOf(view);
      return results.get(keys.rows(rowsId, page));
    },
    async lastResult(view) {
      return readResult(await keysOf(view));
    },
    cancel(view) {
      for (const walk of local.values())
        if (walk.view === view) {
          walk.abort.abort(new WalkAbandoned("Nobody waits for it any more."));
          return true;
        }
      return false;
    },
    refreshStale,
    startBackground() {
      const every = Math.max(1_000, Math.min(interval / 4, 60_000));
      const tick = () => {
        refreshStale().catch((error: unknown) =>
          console.error(`[insights] background refresh: ${(error as Error).message}`),
        );
      };
      const timer = setInterval(tick, every);
      timer.unref?.();
      // At start too: what went stale while this instance was down is walked now.
      tick();
      return () => clearInterval(timer);
    },
    async idle() {
      while (local.size > 0) await Promise.all([...local.values()].map((l) => l.done));
    },
    kill() {
      dead = true;
      for (const { abort } of local.values()) abort.abort(new WalkAbandoned("killed"));
    },
  };
}
