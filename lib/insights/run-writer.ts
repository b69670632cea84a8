import "server-only";
import type { RunRecord } from "./insight-types";
import type { WalksContext } from "./walks-context";

/** How long an ended walk's record stays for its followers to read how it ended. */
const ENDED_RUN_TTL_MS = 5 * 60_000;

export type RunWriter = ReturnType<typeof runWriter>;

/**
 * Writes a walk's run record to the shared store, where viewers on every instance
 * follow it: one write at a time, so a late progress write never overwrites the end.
 */
export function runWriter(ctx: WalksContext, key: string, record: RunRecord) {
  let chain: Promise<void> = Promise.resolve();
  let lastWrite = 0;
  let timer: NodeJS.Timeout | null = null;
  const write = (ttlMs = ctx.lockTtl * 2) => {
    if (ctx.dead) return chain;
    record.updatedAt = ctx.now();
    lastWrite = record.updatedAt;
    const text = JSON.stringify(record);
    // A failed write (Redis away for a moment) is made good by the next one.
    chain = chain.then(() => ctx.store.set(key, text, ttlMs)).catch(() => {});
    return chain;
  };
  return {
    write,
    /** Progress: at most one write per poll interval. */
    soon() {
      if (timer || ctx.dead) return;
      timer = setTimeout(
        () => {
          timer = null;
          if (record.state === "running") void write();
        },
        Math.max(0, ctx.pollMs - (ctx.now() - lastWrite)),
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
