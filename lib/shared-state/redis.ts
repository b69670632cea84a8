import "server-only";
import { Redis } from "ioredis";

/**
 * The Redis connection instances share state through (rate limits, insight results,
 * walk locks) when REDIS_URL is set; null when it is not, and each instance keeps
 * that state in its own memory (right for a single instance only).
 *
 * Commands fail at once while the connection is down (no offline queue), and after
 * REDIS_COMMAND_TIMEOUT_MS when a connected Redis stops answering (stopped, swapping,
 * a half-open connection), so a request or a start never waits on Redis for ever:
 * callers fall back or say so. A Redis that stops answering is then taken for down
 * (dropHungConnection): one timeout, not one per request.
 */
export function redisUrl(env: Record<string, string | undefined> = process.env): string | null {
  const url = env.REDIS_URL?.trim();
  return url ? url : null;
}

const holder = globalThis as { __invoicingRedis?: { url: string; client: Redis } };

export function redisClient(): Redis | null {
  const url = redisUrl();
  if (!url) return null;
  if (holder.__invoicingRedis?.url !== url) {
    holder.__invoicingRedis?.client.disconnect();
    holder.__invoicingRedis = { url, client: connectRedis(url) };
  }
  return holder.__invoicingRedis.client;
}

/** A duration in ms from the environment when it is a positive whole number, else `fallback`. */
export function msFromEnv(
  name: string,
  fallback: number,
  env: Record<string, string | undefined> = process.env,
): number {
  const given = Number(env[name]);
  return Number.isInteger(given) && given > 0 ? given : fallback;
}

/** REDIS_COMMAND_TIMEOUT_MS, else 5 s. */
export const redisCommandTimeoutMs = (env: Record<string, string | undefined> = process.env) =>
  msFromEnv("REDIS_COMMAND_TIMEOUT_MS", 5_000, env);

/** How often a ready connection is asked PING, to find a Redis that stopped answering. */
export const PING_EVERY_MS = 1_000;

/** A connection with the settings every user here wants. */
export function connectRedis(url: string, commandTimeoutMs = redisCommandTimeoutMs()): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Commands are answered in well under a millisecond: one unanswered this long
    // never will be, and fails instead of holding its caller. Not shorter: after an
    // event loop held up that long, the timer runs before the answer already received.
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    // Reconnect for ever, backing off to 2 s: Redis coming back is picked up.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  // Once per outage, not once per reconnect attempt; and said when it ends.
  let outage = false;
  const say = (line: string) => {
    if (outage) return;
    outage = true;
    console.error(`[redis] ${line}`);
  };
  client.on("error", (error) => say(error.message));
  client.on("ready", () => {
    if (outage) console.error("[redis] answering again");
    outage = false;
  });
  dropHungConnection(client, commandTimeoutMs, say);
  return client;
}

/**
 * A Redis that stops answering while connected (stopped, swapping, a network that
 * drops packets without a reset) leaves the connection "ready", so every command
 * would wait out the command timeout: every request that checks a limit or reads
 * shared state 5 s slower for as long as it lasts. So a PING every second; one
 * unanswered within the command timeout drops the connection. Until a new one is
 * ready (ioredis reconnects, and its ready check waits on Redis too), commands fail
 * at once and callers fall back without waiting, as with Redis down. (An event loop
 * held up past the timeout looks the same: the connection is remade, at the cost of
 * a moment's fallback.)
 */
function dropHungConnection(client: Redis, timeoutMs: number, say: (line: string) => void) {
  let pinging = false;
  const timer = setInterval(() => {
    if (pinging || client.status !== "ready") return;
    pinging = true;
    client
      .ping()
      .catch((error: Error) => {
        // A connection that closed reconnects by itself; only silence is dropped here.
        if (error.message !== "Command timed out" || client.status !== "ready") return;
        say(
          `no answer within ${timeoutMs / 1000} s: reconnecting; until Redis answers, commands fail at once and callers fall back`,
        );
        client.disconnect(true);
      })
      .finally(() => {
        pinging = false;
      });
  }, PING_EVERY_MS);
  timer.unref();
  client.once("end", () => clearInterval(timer));
}

/** Resolves once the connection is ready; rejects after `timeoutMs` with a clear message. */
export async function waitForRedis(client: Redis, timeoutMs = 5_000): Promise<void> {
  if (client.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      reject(new Error(`Redis at REDIS_URL did not answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once("ready", onReady);
  });
}
