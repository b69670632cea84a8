import "server-only";
import { sharedStore } from "@/lib/shared-state/store";

/**
 * Instances starting together (one Redis, or one SQLite file) migrate and seed one
 * after the other: instrumentation.ts runs its start-up work under this lock.
 */

const STARTUP_LOCK = "startup";
/** How long the lock outlives a holder that stopped extending it, how often it is extended, how long others wait. */
export interface StartupLockTimes {
  ttlMs: number;
  keepEveryMs: number;
  waitMs: number;
}
const TIMES: StartupLockTimes = { ttlMs: 30_000, keepEveryMs: 5_000, waitMs: 180_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` (migrations, seeding) while holding a lock every instance on the same
 * Redis takes at start, so instances started together do it one after the other:
 * the first migrates and seeds, the others find it done. The lock expires if its
 * holder dies, and is extended while the work goes on. Without Redis there is one
 * instance per storage, or instances on one SQLite file whose own locks serialise
 * them (see untilNotBusy).
 */
export async function withStartupLock<T>(
  work: () => Promise<T>,
  times: StartupLockTimes = TIMES,
): Promise<T> {
  const store = sharedStore();
  if (store.kind === "memory") return untilNotBusy(work);
  const began = Date.now();
  const deadline = began + times.waitMs;
  let token = await tryStartupLock(times.ttlMs);
  // Each step said, with its time: a start that stalls shows where in the output.
  if (!token) console.log("Start-up: another instance holds the start-up lock; waiting for it");
  while (!token) {
    if (Date.now() > deadline)
      throw new Error(
        `another instance has held the start-up lock for ${times.waitMs / 1000} s: is one stuck migrating?`,
      );
    await sleep(Math.min(250, times.keepEveryMs));
    token = await tryStartupLock(times.ttlMs);
  }
  const held = token;
  const took = Date.now();
  console.log(`Start-up: took the start-up lock (after ${secondsSince(began)} s)`);
  const keep = keepStartupLock(held, times);
  try {
    return await untilNotBusy(work);
  } finally {
    clearInterval(keep);
    console.log(`Start-up: work under the lock done in ${secondsSince(took)} s; releasing it`);
    await releaseStartupLock(held, times.ttlMs);
  }
}

/**
 * One try at the lock: its token, or null when another instance holds it or Redis
 * did not answer (said once; the wait goes on, Redis answered a moment ago).
 */
let saidUnanswered = false;
async function tryStartupLock(ttlMs: number): Promise<string | null> {
  try {
    return await sharedStore().acquireLock(STARTUP_LOCK, ttlMs);
  } catch (error) {
    if (!saidUnanswered)
      console.error(
        `Start-up: Redis did not answer for the start-up lock: ${(error as Error).message}`,
      );
    saidUnanswered = true;
    return null;
  }
}

/** The work is done whatever Redis answers: a lock it cannot release expires by itself. */
async function releaseStartupLock(token: string, ttlMs: number): Promise<void> {
  try {
    await sharedStore().releaseLock(STARTUP_LOCK, token);
  } catch (error) {
    console.error(
      `Start-up: the start-up lock could not be released (it expires within ${ttlMs / 1000} s): ${(error as Error).message}`,
    );
  }
}

/**
 * Extends the lock every few seconds while the work goes on. A tick that comes much
 * later than due means this process's main thread was held up (the lock can then
 * expire and another instance start alongside): said on stderr, with how late.
 */
function keepStartupLock(token: string, times: StartupLockTimes): NodeJS.Timeout {
  let due = Date.now() + times.keepEveryMs;
  return setInterval(() => {
    const late = Date.now() - due;
    if (late > times.keepEveryMs)
      console.error(
        `Start-up: the main thread was held up ${(late / 1000).toFixed(1)} s while keeping the start-up lock`,
      );
    due = Date.now() + times.keepEveryMs;
    void extendStartupLock(token, times.ttlMs);
  }, times.keepEveryMs);
}

/** Extends the lock once; says so if it was lost (another instance may then start alongside). */
async function extendStartupLock(token: string, ttlMs: number): Promise<void> {
  try {
    if (!(await sharedStore().extendLock(STARTUP_LOCK, token, ttlMs)))
      console.error("Start-up: the start-up lock expired while its work went on");
  } catch (error) {
    console.error(`Start-up: the start-up lock could not be extended: ${(error as Error).message}`);
  }
}

const secondsSince = (ms: number) => ((Date.now() - ms) / 1000).toFixed(1);

/**
 * SQLite answers SQLITE_BUSY at once, whatever the busy timeout, when two processes
 * open a new file together (the switch to WAL) or both want to upgrade a read lock:
 * waiting could deadlock, so it refuses and expects the caller to try again. Two
 * instances of the demo starting together on one file do exactly that.
 */
export async function untilNotBusy<T>(work: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const busy = code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT";
      if (!busy || Date.now() > deadline) throw error;
      await sleep(100 + Math.random() * 200);
    }
  }
}
