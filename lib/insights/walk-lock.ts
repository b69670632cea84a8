import "server-only";
import type { ViewKeys, WalksContext } from "./walks-context";

/**
 * One walk per view at a time across all instances: the walker holds a lock in the
 * shared store that expires (lockTtl) and extends it while it works, so an instance
 * that crashes mid-walk holds it no longer than that; another instance then takes
 * the walk over.
 */

/** The view's lock, or null when another instance holds it (or this one is killed). */
export async function takeLock(ctx: WalksContext, keys: ViewKeys): Promise<string | null> {
  if (ctx.dead) return null;
  return ctx.store.acquireLock(keys.lock, ctx.lockTtl);
}

/** Releases the lock, unless killed; a release that fails is left to the lock's expiry. */
export async function releaseLock(ctx: WalksContext, keys: ViewKeys, token: string) {
  if (!ctx.dead) await ctx.store.releaseLock(keys.lock, token).catch(() => {});
}

/** Extends the lock: false when another instance took it over. */
export function extendLock(ctx: WalksContext, keys: ViewKeys, token: string): Promise<boolean> {
  return ctx.store.extendLock(keys.lock, token, ctx.lockTtl);
}

/**
 * Extends the lock every third of its lifetime while a walk works: `onHeld` after
 * each extension, `onLost` once it is found taken (this process stalled past its
 * lifetime and another instance took over). Returns the stop.
 */
export function holdLock(
  ctx: WalksContext,
  keys: ViewKeys,
  token: string,
  on: { held: () => void; lost: () => void },
): () => void {
  const heartbeat = setInterval(() => {
    if (ctx.dead) return;
    extendLock(ctx, keys, token).then(
      (held) => (held ? on.held() : on.lost()),
      () => {}, // Redis away for a moment: the next beat tries again
    );
  }, ctx.lockTtl / 3);
  heartbeat.unref?.();
  return () => clearInterval(heartbeat);
}
