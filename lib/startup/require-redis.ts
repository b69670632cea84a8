import "server-only";
import { msFromEnv, redisClient, redisUrl, waitForRedis } from "@/lib/shared-state/redis";

/** REDIS_START_TIMEOUT_MS: how long a starting instance waits for Redis (it may be starting too), else 10 s. */
export const redisStartTimeoutMs = (env: Record<string, string | undefined> = process.env) =>
  msFromEnv("REDIS_START_TIMEOUT_MS", 10_000, env);

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
  timeoutMs = redisStartTimeoutMs(),
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
