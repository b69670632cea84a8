import "server-only";
import { apiConfig } from "@/lib/upstream/config";
import { isoDay } from "./aggregate";
import { computeHome, type HomeData } from "./home";
import { computeReceivables, type ReceivablesData } from "./receivables";
import { computeRenewals, type RenewalsData } from "./renewals";
import { readShared, sharedStoredAt, writeShared } from "./shared-results";
import { insightToday } from "./today";
import {
  createWalkContext,
  runWalks,
  type WalkContext,
  WalkFailed,
  type WalkProgress,
} from "./walker";

/**
 * The views' results, shared by every viewer of this server: keyed by the API
 * source, the view and today's date (a new day starts fresh), kept for a short TTL.
 * Each process keeps them in memory and, when the server runs several processes,
 * takes a newer result another process stored (shared-results.ts).
 * One walk per key at a time (single-flight): a viewer who asks while a walk runs
 * joins it. A result past its TTL stays visible, with its "as of" time, while the
 * next walk runs; a failed walk is never stored.
 */
export const VIEWS = {
  renewals: computeRenewals,
  receivables: computeReceivables,
  home: computeHome,
} satisfies Record<string, (ctx: WalkContext, today: number) => Promise<unknown>>;

export type ViewName = keyof typeof VIEWS;
export interface ViewData {
  renewals: RenewalsData;
  receivables: ReceivablesData;
  home: HomeData;
}

export function isViewName(value: string): value is ViewName {
  return Object.hasOwn(VIEWS, value);
}

export interface InsightResult<V extends ViewName = ViewName> {
  view: V;
  /** when the walk finished (the server's real clock) */
  asOf: string;
  /** the UTC day the figures count from (days left, days past due) */
  today: string;
  pages: number;
  rows: number;
  data: ViewData[V];
}

export type InsightEvent =
  | { type: "progress"; pages: number; rows: number }
  | { type: "result"; asOf: string; today: string; pages: number; rows: number; data: unknown }
  | {
      type: "error";
      message: string;
      kind: string;
      status: number | null;
      pagesRead: number;
      rowsRead: number;
    };

interface Run {
  promise: Promise<InsightResult>;
  progress: WalkProgress;
  listeners: Set<(progress: WalkProgress) => void>;
}

interface Entry {
  result?: InsightResult;
  storedAt?: number;
  run?: Run;
}

/** INSIGHTS_CACHE_TTL_MS: how long a result counts as fresh (default 60 s, at least 1 s). */
export function cacheTtlMs(): number {
  const value = Number(process.env.INSIGHTS_CACHE_TTL_MS);
  return Number.isFinite(value) && value >= 1_000 ? value : 60_000;
}

// On globalThis so every route and page module of this server shares one cache.
const holder = globalThis as { __insightCache?: Map<string, Entry> };
holder.__insightCache ??= new Map<string, Entry>();
const store = holder.__insightCache;

function cacheKey(view: ViewName, today: number): string {
  const { baseUrl } = apiConfig();
  return `${baseUrl ?? "built-in"}|${view}|${isoDay(today)}`;
}

function entryFor(key: string): Entry {
  let entry = store.get(key);
  if (!entry) {
    // A new day or source: entries of other days are never read again.
    const day = key.split("|").at(-1);
    for (const [k, e] of store) if (k.split("|").at(-1) !== day && !e.run) store.delete(k);
    entry = {};
    store.set(key, entry);
  }
  return entry;
}

/** Takes another process's result for `key` when it is newer than this one's. */
function adoptShared(key: string, entry: Entry): void {
  const storedAt = sharedStoredAt(key);
  if (storedAt === null || (entry.storedAt !== undefined && storedAt <= entry.storedAt)) return;
  const shared = readShared<InsightResult>(key);
  if (!shared) return;
  entry.result = shared.result;
  entry.storedAt = shared.storedAt;
}

export interface InsightState<V extends ViewName> {
  result: InsightResult<V> | null;
  fresh: boolean;
  running: boolean;
}

/** What the page can render now, without walking. */
export function peekInsight<V extends ViewName>(view: V): InsightState<V> {
  const key = cacheKey(view, insightToday());
  const entry = entryFor(key);
  adoptShared(key, entry);
  const result = (entry.result ?? null) as InsightResult<V> | null;
  const fresh =
    result !== null && entry.storedAt !== undefined && Date.now() - entry.storedAt < cacheTtlMs();
  return { result, fresh, running: entry.run !== undefined };
}

/**
 * The view's result: the cached one while fresh (unless `force`), else the running
 * walk's, else a new walk's. `onProgress` hears the walk's progress, joined or new.
 * Rejects with WalkFailed when the walk fails part-way.
 */
export async function getInsight<V extends ViewName>(
  view: V,
  options: { force?: boolean; onProgress?: (progress: WalkProgress) => void } = {},
): Promise<InsightResult<V>> {
  const today = insightToday();
  const key = cacheKey(view, today);
  const entry = entryFor(key);
  adoptShared(key, entry);
  const fresh =
    entry.result && entry.storedAt !== undefined && Date.now() - entry.storedAt < cacheTtlMs();
  if (fresh && !options.force && !entry.run) return entry.result as InsightResult<V>;
  const run = entry.run ?? startRun(entry, key, view, today);
  if (options.onProgress) {
    const listener = options.onProgress;
    run.listeners.add(listener);
    listener({ ...run.progress });
    run.promise.finally(() => run.listeners.delete(listener)).catch(() => {});
  }
  return run.promise as Promise<InsightResult<V>>;
}

function startRun(entry: Entry, key: string, view: ViewName, today: number): Run {
  const listeners = new Set<(progress: WalkProgress) => void>();
  const ctx = createWalkContext({
    onProgress: (progress) => {
      for (const listener of listeners) listener(progress);
    },
  });
  const compute = VIEWS[view] as (ctx: WalkContext, today: number) => Promise<unknown>;
  const promise = runWalks(ctx, (inner) => compute(inner, today)).then((data): InsightResult => {
    const result = {
      view,
      asOf: new Date().toISOString(),
      today: new Date(today).toISOString(),
      pages: ctx.progress.pages,
      rows: ctx.progress.rows,
      data,
    } as InsightResult;
    entry.result = result;
    entry.storedAt = Date.now();
    writeShared(key, isoDay(today), result, entry.storedAt);
    return result;
  });
  const run: Run = { promise, progress: ctx.progress, listeners };
  entry.run = run;
  promise
    .finally(() => {
      if (entry.run === run) entry.run = undefined;
    })
    .catch(() => {});
  return run;
}

/** The view's walk as NDJSON events: progress while it runs, then the result or the error. */
export function insightEventStream(view: ViewName, force: boolean): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let lastSent = 0;
      const send = (event: InsightEvent) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          closed = true; // the viewer went away; the walk goes on for the others
        }
      };
      try {
        const result = await getInsight(view, {
          force,
          onProgress: (p) => {
            // At most a few events a second: enough to see it move.
            const now = Date.now();
            if (now - lastSent < 100 && p.pages > 1) return;
            lastSent = now;
            send({ type: "progress", pages: p.pages, rows: p.rows });
          },
        });
        send({
          type: "result",
          asOf: result.asOf,
          today: result.today,
          pages: result.pages,
          rows: result.rows,
          data: result.data,
        });
      } catch (error) {
        const failed = error instanceof WalkFailed ? error : null;
        send({
          type: "error",
          message: failed ? failed.message : "The walk failed.",
          kind: failed?.cause.kind ?? "server",
          status: failed?.cause.status ?? null,
          pagesRead: failed?.pagesRead ?? 0,
          rowsRead: failed?.rowsRead ?? 0,
        });
      }
      if (!closed) controller.close();
    },
  });
}
