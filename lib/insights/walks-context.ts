import "server-only";
import type { InsightResult, InsightsOptions, RunRecord } from "./insight-types";
import { insightToday } from "./today";
import type { ViewName, WalkedView } from "./views";

/** A refresh this soon after a walk finished answers that walk's result instead of walking again. */
export const REFRESH_ANSWERS_RESULT_MS = 30_000;

/** A walk ended without a result or an error to report (lock lost, nobody waits, killed). */
export class WalkAbandoned extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "WalkAbandoned";
  }
}

/** The shared store's keys of one view of one API source. */
export interface ViewKeys {
  source: string;
  lock: string;
  run: string;
  result: string;
  rows: (id: string, page: number) => string;
  /** a value the view keeps from walk to walk (parts.ts, KeptValues) */
  kept: (name: string) => string;
}

/** A walk this instance runs. */
export interface LocalWalk {
  view: WalkedView;
  abort: AbortController;
  done: Promise<void>;
}

/** What the lock, walk, follow and refresh parts of one `createInsights` share. */
export class WalksContext {
  readonly store: InsightsOptions["store"];
  readonly results: InsightsOptions["results"];
  readonly now: () => number;
  readonly lockTtl: number;
  readonly pollMs: number;
  readonly interval: number;
  /** the walks running here, by lock key */
  readonly local = new Map<string, LocalWalk>();
  /** killed: writes nothing more and releases nothing, as a crashed process would */
  dead = false;
  private readonly todayMs: () => number;
  private readonly answersWithin: number;

  constructor(readonly options: InsightsOptions) {
    this.store = options.store;
    this.results = options.results;
    this.now = options.now ?? Date.now;
    this.todayMs = options.today ?? insightToday;
    this.lockTtl = options.lockTtlMs ?? 30_000;
    this.pollMs = options.pollMs ?? 250;
    this.interval = options.refreshIntervalMs;
    this.answersWithin = Math.min(REFRESH_ANSWERS_RESULT_MS, this.interval);
  }

  async keysOf(view: WalkedView): Promise<ViewKeys> {
    const source = await this.options.source();
    const base = `insights:${source}:${view}`;
    return {
      source,
      lock: base,
      run: `${base}:run`,
      result: `${base}:result`,
      rows: (id, page) => `${base}:rows:${id}:${page}`,
      kept: (name) => `${base}:kept:${name}`,
    };
  }

  isoToday(): string {
    return new Date(this.todayMs()).toISOString();
  }

  async readResult<V extends ViewName>(keys: ViewKeys): Promise<InsightResult<V> | null> {
    const text = await this.results.get(keys.result);
    return text ? (JSON.parse(text) as InsightResult<V>) : null;
  }

  async readRun(keys: ViewKeys): Promise<RunRecord | null> {
    const text = await this.store.get(keys.run);
    return text ? (JSON.parse(text) as RunRecord) : null;
  }

  isFresh(result: InsightResult): boolean {
    return this.now() - result.storedAt < this.interval && result.today === this.isoToday();
  }

  /** Whether `result` answers a viewer without a new walk. */
  answers(result: InsightResult, force: boolean): boolean {
    if (!force) return this.isFresh(result);
    return this.now() - result.storedAt < this.answersWithin && result.today === this.isoToday();
  }

  /** A run record not written for this long may belong to a walker that died. */
  isSilent(run: RunRecord): boolean {
    return this.now() - run.updatedAt > this.lockTtl / 2;
  }
}
