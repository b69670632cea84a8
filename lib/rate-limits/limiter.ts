import "server-only";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { redisClient } from "@/lib/shared-state/redis";

/**
 * Rate limits with rate-limiter-flexible: in Redis when REDIS_URL is set, so a
 * client's limit holds whichever instance its requests reach; in this process's
 * memory otherwise (a single instance). While Redis cannot be reached each instance
 * falls back to a limit in its own memory (the library's insurance limiter), so a
 * Redis outage neither opens the limits nor fails requests.
 *
 * A rule is `points` per window of `durationSec`: a client may spend `points` at once
 * (the burst) and has them back when the window ends. `blockDurationSec` keeps a
 * client that ran out refused for that long.
 */
export interface LimitRule {
  points: number;
  durationSec: number;
  blockDurationSec?: number;
}

export type Verdict =
  | { ok: true; remaining: number }
  | { ok: false; retryAfterSec: number; remaining: 0 };

export interface Limiter {
  readonly name: string;
  readonly rule: LimitRule;
  /** Spends `points` of `key`'s allowance if it has them. */
  consume(key: string, points?: number): Promise<Verdict>;
  /** The verdict a consume of one point would give, without spending it. */
  peek(key: string): Promise<Verdict>;
  /** Adds `points` spent to `key` whatever it has left (a failure that counts). */
  penalize(key: string, points?: number): Promise<void>;
  /** Gives back `points` (work that ended early, a success that forgives). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets `key`: a full allowance again. */
  reset(key: string): Promise<void>;
}

const retryAfter = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));

function backend(name: string, rule: LimitRule): RateLimiterAbstract {
  const options = {
    keyPrefix: `invoicing:limit:${name}`,
    points: rule.points,
    duration: rule.durationSec,
    blockDuration: rule.blockDurationSec ?? 0,
  };
  const client = redisClient();
  if (!client) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: client,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

export function createLimiter(name: string, rule: LimitRule): Limiter {
  let store: RateLimiterAbstract | null = null;
  // Made at first use: REDIS_URL is read at run time, not when the module loads.
  const limiter = () => {
    store ??= backend(name, rule);
    return store;
  };
  return {
    name,
    rule,
    async consume(key, points = 1) {
      try {
        const res = await limiter().consume(key, points);
        return { ok: true, remaining: res.remainingPoints };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes)
          return { ok: false, retryAfterSec: retryAfter(refusal.msBeforeNext), remaining: 0 };
        throw refusal;
      }
    },
    async peek(key) {
      const res = await limiter().get(key);
      if (!res) return { ok: true, remaining: rule.points };
      if (res.consumedPoints >= rule.points)
        return { ok: false, retryAfterSec: retryAfter(res.msBeforeNext), remaining: 0 };
      return { ok: true, remaining: rule.points - res.consumedPoints };
    },
    async penalize(key, points = 1) {
      await limiter().penalty(key, points);
    },
    async reward(key, points = 1) {
      await limiter().reward(key, points);
    },
    async reset(key) {
      await limiter().delete(key);
    },
  };
}

/**
 * A limit stated as a token bucket (a client may send `burst` requests at once, and
 * `perSec` a second after that) in the library's terms, a fixed window: `burst`
 * points per window of burst ÷ perSec seconds, rounded up to whole seconds (the unit
 * of a key's life in Redis). Over time a client gets at most `perSec` a second, and
 * a fresh window grants the burst at once. Unlike a bucket, a client that spent the
 * burst gets it all back when its window ends, not a request every 1/perSec s; so
 * around a window's end it may send up to twice the burst in a short time.
 */
export function burstRule(perSec: number, burst: number): LimitRule {
  const points = Math.max(1, Math.floor(burst));
  return { points, durationSec: Math.max(1, Math.ceil(points / perSec)) };
}

/** A positive number from the environment, or `fallback` when unset or not one. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The headers and body of a refusal, in the API's error shape. */
export function tooManyRequests(retryAfterSec: number, what = "requests"): Response {
  return Response.json(
    {
      message: `Too many ${what}: try again in ${retryAfterSec} s.`,
      code: "RATE_LIMITED",
      issues: [],
    },
    {
      status: 429,
      headers: { "retry-after": String(retryAfterSec), "cache-control": "no-store" },
    },
  );
}
