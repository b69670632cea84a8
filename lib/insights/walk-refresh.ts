import "server-only";
import { VIEW_NAMES } from "./views";
import { tryStart } from "./walk-run";
import type { WalksContext } from "./walks-context";

/**
 * Walks every view whose result is older than the refresh interval (or of another
 * UTC day), without a viewer. Views nobody has opened are not walked: the first
 * viewer starts them; a view's totals are never refreshed here.
 */
export async function refreshStale(ctx: WalksContext) {
  for (const view of VIEW_NAMES) {
    if (ctx.dead) return;
    const keys = await ctx.keysOf(view);
    const result = await ctx.readResult(keys);
    if (!result || ctx.isFresh(result)) continue;
    const run = await ctx.readRun(keys);
    if (run?.state === "running" && !ctx.isSilent(run)) continue;
    await tryStart(ctx, view, keys, { force: false, since: ctx.now() });
  }
}

/** Runs `refreshStale` now and on a timer (a quarter of the interval, 1 s to 1 min); returns its stop. */
export function startBackgroundRefresh(ctx: WalksContext): () => void {
  const every = Math.max(1_000, Math.min(ctx.interval / 4, 60_000));
  const tick = () => {
    refreshStale(ctx).catch((error: unknown) =>
      console.error(`[insights] background refresh: ${(error as Error).message}`),
    );
  };
  const timer = setInterval(tick, every);
  timer.unref?.();
  // At start too: what went stale while this instance was down is walked now.
  tick();
  return () => clearInterval(timer);
}
