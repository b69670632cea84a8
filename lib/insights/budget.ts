import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterQueue, RateLimiterRedis } from "rate-limiter-flexible";

/**
 * The page budget of the whole-list walks: at most INSIGHTS_MAX_PAGES_PER_SECOND
 * pages a second, whatever the views, viewers and instances, so the dashboard
 * cannot overload the API it reads. A walk waits for its turn (rate-limiter-flexible's
 * queue over a one-second window) rather than failing. With Redis the window is
 * shared by every instance on it; while Redis cannot be reached each instance keeps
 * the budget in its own memory (the library's insurance limiter).
 */
export interface PageBudget {
  /** Resolves once a page may be read. */
  take(): Promise<void>;
}

/** No budget: tests of other things, and the walks' default when none is given. */
export const unlimitedBudget: PageBudget = { take: async () => {} };

export const DEFAULT_PAGES_PER_SECOND = 50;

/** INSIGHTS_MAX_PAGES_PER_SECOND: pages per second across all walks (default 50). */
export function maxPagesPerSecond(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.INSIGHTS_MAX_PAGES_PER_SECOND);
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : DEFAULT_PAGES_PER_SECOND;
}

/**
 * A budget of `pagesPerSecond` under `key` (the API source: each upstream has its
 * own), in Redis when a client is given, else in this process's memory.
 */
export function createPageBudget(options: {
  pagesPerSecond: number;
  key: string;
  redis?: Redis | null;
}): PageBudget {
  const rule = {
    keyPrefix: "invoicing:insights-budget",
    points: options.pagesPerSecond,
    duration: 1,
  };
  const limiter = options.redis
    ? new RateLimiterRedis({
        ...rule,
        storeClient: options.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(rule),
      })
    : new RateLimiterMemory(rule);
  const queue = new RateLimiterQueue(limiter);
  const pace = evenPace(options.pagesPerSecond);
  return {
    async take() {
      await pace();
      await queue.removeTokens(1, options.key);
    },
  };
}

/**
 * Spaces this instance's pages evenly over the second (one every 1/rate s). The
 * shared limiter counts in whole-second windows (its Redis keys expire in seconds),
 * which lets a window's whole budget go at once: a burst of pages that holds the
 * event loop in one block while the built-in API answers in-process. Five lines
 * of spacing here rather than a second limiter library.
 */
function evenPace(perSecond: number): () => Promise<void> {
  const gapMs = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await sleep(at - now);
  };
}
