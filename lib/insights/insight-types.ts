import type { Fetcher } from "@/lib/api/client";
import type { ApiErrorKind } from "@/lib/api/errors";
import type { SharedStore } from "@/lib/shared-state/store";
import type { PageBudget } from "./budget";
import type { RowsRef } from "./parts";
import type { ResultStore } from "./result-store";
import type { ViewName, ViewParts, WalkedView } from "./views";

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
