/**
 * The built-in API's worker pool, on the main thread's side.
 *
 * better-sqlite3 is synchronous: on the main thread, every page a whole-list walk
 * or an export reads would hold the event loop, and a walk's pages follow each other
 * without giving way, so everyone else's requests (even `/health`) would wait for the
 * whole walk (docs/decisions.md). Here each request is answered by a worker thread
 * with its own connection; the main thread only queues the task and wraps the bytes
 * it gets back in a Response.
 *
 * Piscina (a well-kept pool: queueing, worker replacement, transferable results)
 * rather than hand-written threads. Workers stay up (each keeps its connection and
 * its prepared statements warm); tasks queue first in, first out, one at a time per
 * worker, because a SQLite read cannot yield part-way.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { SHARE_ENV } from "node:worker_threads";
import Piscina from "piscina";
import { sandboxDbPath } from "../env";
import type { RequestTask, SandboxTask, TaskAnswer } from "./tasks";

/** SANDBOX_WORKERS: threads answering the built-in API (1..16; default the cores, at most 4). */
export function poolSize(): number {
  const value = Number(process.env.SANDBOX_WORKERS);
  if (Number.isInteger(value) && value >= 1 && value <= 16) return value;
  return Math.max(1, Math.min(4, availableParallelism()));
}

interface PoolState {
  pool: Piscina<SandboxTask, TaskAnswer | { threadId: number }>;
  /** per database file: its preparation (seeding on first start, upgrades), run once */
  ready: Map<string, Promise<void>>;
  /** requests answered per worker thread id: lets tests see where the work ran */
  answeredBy: Map<number, number>;
}

// One pool per process, even when Next.js loads this module in several bundles
// (route handlers and pages each get their own copy of a module).
const STATE = Symbol.for("invoicing-dashboard.sandbox-pool");

function state(): PoolState {
  const holder = globalThis as typeof globalThis & { [STATE]?: PoolState };
  if (!holder[STATE]) {
    const size = poolSize();
    holder[STATE] = {
      pool: new Piscina({
        // Not bundled by Next.js: loaded from the sources at run time (see worker.mjs).
        filename: path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/sandbox/pool/worker.mjs"),
        minThreads: size,
        maxThreads: size,
        idleTimeout: Number.POSITIVE_INFINITY,
        // The workers read SANDBOX_DB and SANDBOX_NOW as the main thread sees them, now.
        env: SHARE_ENV,
      }),
      ready: new Map(),
      answeredBy: new Map(),
    };
  }
  return holder[STATE];
}

/**
 * Prepares the database before any request reads it: a new file is created and
 * seeded, an older one gets the indexes and derived columns added since. It runs on
 * one worker while the others wait, so seeding never races between workers (and the
 * storage code's immediate transactions keep other processes from racing too).
 */
export function prepareDatabase(): Promise<void> {
  const { pool, ready } = state();
  const file = sandboxDbPath();
  let prepared = ready.get(file);
  if (!prepared) {
    prepared = pool.run({ kind: "prepare" }).then(() => undefined);
    // A failed preparation (a locked or unreadable file) is tried again next time.
    prepared.catch(() => ready.delete(file));
    ready.set(file, prepared);
  }
  return prepared;
}

/** Answers one request on a worker thread. */
export async function runRequest(task: Omit<RequestTask, "kind">): Promise<TaskAnswer> {
  await prepareDatabase();
  const { pool, answeredBy } = state();
  const answer = (await pool.run({ kind: "request", ...task })) as TaskAnswer;
  answeredBy.set(answer.threadId, (answeredBy.get(answer.threadId) ?? 0) + 1);
  return answer;
}

/** How many requests each worker thread answered (thread id → count), and the pool's size. */
export function poolStats(): { threads: number; answeredBy: Map<number, number> } {
  const { pool, answeredBy } = state();
  return { threads: pool.threads.length, answeredBy: new Map(answeredBy) };
}

/** Stops the workers (tests; a server stops with its process). */
export async function closePool(): Promise<void> {
  const holder = globalThis as typeof globalThis & { [STATE]?: PoolState };
  const current = holder[STATE];
  if (!current) return;
  delete holder[STATE];
  await current.pool.destroy();
}
