import "server-only";
import type { InsightState, Insights, InsightsOptions } from "./insight-types";
import type { ViewName } from "./views";
import { follow } from "./walk-follow";
import { refreshStale, startBackgroundRefresh } from "./walk-refresh";
import { WalkAbandoned, WalksContext } from "./walks-context";

/**
 * The insight views' walks and results, shared by every instance of the dashboard.
 *
 * - Lock (walk-lock.ts): one walk per view at a time across all instances; a lock
 *   that expires lets another instance take over the walk of one that crashed.
 * - Walk (walk-run.ts): the running walk's progress and each part's figure, as soon
 *   as that part is walked, are written to the shared store (a "run" record,
 *   run-writer.ts). Finished results are kept in the result store (Redis, or disk
 *   for a single instance), so they outlive a restart. A failed walk stores nothing.
 * - Follow (walk-follow.ts): viewers on any instance follow the run record and get
 *   its result; a viewer never waits for a walk when an earlier result exists: it
 *   sees that one, with its "as of" time, while the next walk runs. A refresh while
 *   a walk runs joins it, and one soon after a walk finished answers that result.
 * - Refresh (walk-refresh.ts): results older than the refresh interval (or of
 *   another UTC day) are walked again in the background, without a viewer.
 */

export type {
  InsightEvent,
  InsightResult,
  InsightState,
  Insights,
  InsightsOptions,
  RunRecord,
  WalkErrorInfo,
} from "./insight-types";
export { ROWS_PAGE_SIZE } from "./walk-run";
export { REFRESH_ANSWERS_RESULT_MS } from "./walks-context";

export function createInsights(options: InsightsOptions): Insights {
  const ctx = new WalksContext(options);
  return {
    async peek<V extends ViewName>(view: V): Promise<InsightState<V>> {
      const keys = await ctx.keysOf(view);
      const [result, run] = await Promise.all([ctx.readResult<V>(keys), ctx.readRun(keys)]);
      return {
        result,
        fresh: result ? ctx.isFresh(result) : false,
        running: run?.state === "running" ? run : null,
      };
    },
    follow: (view, followOptions) => follow(ctx, view, followOptions),
    async rowsPage(view, rowsId, page) {
      const keys = await ctx.keysOf(view);
      return ctx.results.get(keys.rows(rowsId, page));
    },
    async lastResult(view) {
      return ctx.readResult(await ctx.keysOf(view));
    },
    cancel(view) {
      for (const walk of ctx.local.values())
        if (walk.view === view) {
          walk.abort.abort(new WalkAbandoned("Nobody waits for it any more."));
          return true;
        }
      return false;
    },
    refreshStale: () => refreshStale(ctx),
    startBackground: () => startBackgroundRefresh(ctx),
    async idle() {
      while (ctx.local.size > 0) await Promise.all([...ctx.local.values()].map((l) => l.done));
    },
    kill() {
      ctx.dead = true;
      for (const { abort } of ctx.local.values()) abort.abort(new WalkAbandoned("killed"));
    },
  };
}
