import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type { InsightEvent, InsightResult, RunRecord } from "./insight-types";
import type { WalkedView } from "./views";
import { tryStart } from "./walk-run";
import type { WalksContext } from "./walks-context";

function resultEvent(result: InsightResult): InsightEvent {
  const { id, asOf, today, pages, rows } = result;
  return { type: "result", id, asOf, today, pages, rows };
}

/** What a viewer was sent of the walk it follows. */
interface Followed {
  id: string | null;
  parts: Set<string>;
  progress: string;
}

/** The run record's parts and progress the viewer has not been sent yet. */
function* newsOf(run: RunRecord, followed: Followed): Generator<InsightEvent> {
  if (run.id !== followed.id) {
    // Joined (or a walk that took over from a dead one): its parts from the start.
    followed.id = run.id;
    followed.parts = new Set();
    followed.progress = "";
  }
  for (const name of Object.keys(run.parts))
    if (!followed.parts.has(name)) {
      followed.parts.add(name);
      yield { type: "part", name };
    }
  const progress = `${run.pages}/${run.rows}`;
  if (progress !== followed.progress) {
    followed.progress = progress;
    yield { type: "progress", pages: run.pages, rows: run.rows, parts: [...followed.parts] };
  }
}

/**
 * The view's walk as events: a fresh result at once; otherwise the running walk's
 * progress and parts (joined from its run record, or started here), then its result
 * or its error. `force` asks for a new walk unless one runs or one finished moments ago.
 */
export async function* follow(
  ctx: WalksContext,
  view: WalkedView,
  { force = false, signal }: { force?: boolean; signal?: AbortSignal } = {},
): AsyncGenerator<InsightEvent> {
  const keys = await ctx.keysOf(view);
  const since = ctx.now();
  const first = await ctx.readResult(keys);
  if (first && ctx.answers(first, force)) {
    yield resultEvent(first);
    return;
  }
  const followed: Followed = { id: null, parts: new Set(), progress: "" };
  while (!signal?.aborted && !ctx.dead) {
    const run = await ctx.readRun(keys);
    if (run && (run.state === "running" || run.id === followed.id)) {
      yield* newsOf(run, followed);
      if (run.state === "done") {
        const result = await ctx.readResult(keys);
        if (result) {
          yield resultEvent(result);
          return;
        }
      } else if (run.state === "failed" && run.error) {
        yield { type: "error", ...run.error };
        return;
      } else if (ctx.isSilent(run)) {
        // Its walker may be gone: once its lock expires, this instance takes the walk over.
        await tryStart(ctx, view, keys, { force, since });
      }
    } else {
      // No walk to follow (none yet, or the last one ended before this viewer asked).
      const start = await tryStart(ctx, view, keys, { force, since });
      if (start.kind === "answered") {
        yield resultEvent(start.result);
        return;
      }
      if (start.kind === "started") continue;
    }
    await sleep(ctx.pollMs, undefined, { signal }).catch(() => {});
  }
}
