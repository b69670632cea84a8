import "server-only";
import { redisClient, redisUrl, waitForRedis } from "@/lib/shared-state/redis";
import { sharedStore } from "@/lib/shared-state/store";

/**
 * What an instance needs before it takes traffic, beside the sign-in check
 * (instrumentation.ts runs these).
 */

/** How long a starting instance waits for Redis (it may be starting too). */
const REDIS_START_TIMEOUT_MS = 10_000;

/** REDIS_URL without its password, for messages. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "(not a URL)";
  }
}

/**
 * With REDIS_URL set, the instances share their limits (and the insight views their
 * results) through it: an instance that cannot reach it at start is misconfigured,
 * and stops saying so rather than run alone on limits of its own.
 */
export async function requireRedisAtStartup(
  timeoutMs = REDIS_START_TIMEOUT_MS,
  exit: (code: number) => never = process.exit,
): Promise<void> {
  const url = redisUrl();
  const client = redisClient();
  if (!url || !client) return;
  try {
    await waitForRedis(client, timeoutMs);
    console.log(`Shared state: Redis at ${describeRedisUrl(url)}`);
  } catch (error) {
    console.error(
      `REDIS_URL is set but Redis at ${describeRedisUrl(url)} cannot be reached: ${(error as Error).message}.\n` +
        "Start Redis, correct REDIS_URL, or unset it to run a single instance with its state in memory.\n" +
        "The server will not start.",
    );
    exit(1);
  }
}

const STARTUP_LOCK = "startup";
const LOCK_TTL_MS = 30_000;
const LOCK_WAIT_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` (migrations, seeding) while holding a lock every instance on the same
 * Redis takes at start, so instances started together do it one after the other:
 * the first migrates and seeds, the others find it done. The lock expires if its
 * holder dies, and is extended while the work goes on. Without Redis there is one
 * instance per storage, or instances on one SQLite file whose own locks serialise
 * them (see untilNotBusy).
 */
export async function withStartupLock<T>(work: () => Promise<T>): Promise<T> {
  const store = sharedStore();
  if (store.kind === "memory") return untilNotBusy(work);
  const deadline = Date.now() + LOCK_WAIT_MS;
  let token = await store.acquireLock(STARTUP_LOCK, LOCK_TTL_MS);
  while (!token) {
    if (Date.now() > deadline)
      throw new Error(
        `another instance has held the start-up lock for ${LOCK_WAIT_MS / 1000} s: is one stuck migrating?`,
      );
    await sleep(250);
    token = await store.acquireLock(STARTUP_LOCK, LOCK_TTL_MS);
  }
  const held = token;
  const keep = setInterval(() => void store.extendLock(STARTUP_LOCK, held, LOCK_TTL_MS), 5_000);
  try {
    return await untilNotBusy(work);
  } finally {
    clearInterval(keep);
    await store.releaseLock(STARTUP_LOCK, held);
  }
}

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
