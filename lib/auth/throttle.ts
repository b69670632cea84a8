import "server-only";
import { createHash } from "node:crypto";
import { createLimiter, envNumber, type Limiter, type Verdict } from "@/lib/rate-limits/limiter";
import { redisClient, waitForRedis } from "@/lib/shared-state/redis";

/**
 * The one throttle on password sign-in, whichever way it comes (the sign-in form's
 * server action, better-auth's POST /api/auth/sign-in/email): lib/auth/throttle-hooks.ts
 * runs it inside better-auth, before and after every password check. Its counts live
 * in Redis when REDIS_URL is set, so they hold across every instance; in memory for a
 * single instance (lib/rate-limits/limiter.ts).
 *
 * Every attempt counts when it arrives (an atomic consume, so a flood of parallel
 * guesses cannot slip between a check and a count); a right password gives its
 * attempt back. Three rules, each answering one way in:
 *
 * - **Per account and client** (the client is the socket's address, or with
 *   TRUST_PROXY the forwarded hop our proxy saw; lib/rate-limits/client-address.ts):
 *   `triesPerMinute` a minute, and fewer per minute over longer windows (twice that
 *   per 10 minutes, 4× per hour, 10× per day), so a guesser's wait grows from a
 *   minute to ten, an hour, a day.
 * - **Per client**, over all accounts: `clientTriesPerMinute` a minute and 6× that
 *   an hour, so one address cannot spray a password across many accounts.
 * - **Per account**, from all clients: after `accountTriesPerHour` tries in an hour
 *   the account is slowed, and each client gets `slowedTriesPerHour` tries an hour on
 *   it. Guessing from many addresses gets a few guesses an hour per address, while
 *   the real person, on a client of their own that has not been guessing, still gets
 *   in with the right password: someone else's failures never lock them out.
 *
 * Accounts are keyed by a hash of the address as typed (lower case), whether or not
 * such an account exists, so a refusal says nothing about which accounts exist, and
 * no address is written into Redis.
 */
export interface ThrottleRules {
  triesPerMinute: number;
  clientTriesPerMinute: number;
  accountTriesPerHour: number;
  slowedTriesPerHour: number;
}

export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  triesPerMinute: 5,
  clientTriesPerMinute: 10,
  accountTriesPerHour: 10,
  slowedTriesPerHour: 2,
};

export function throttleRulesFromEnv(): ThrottleRules {
  const d = DEFAULT_THROTTLE_RULES;
  return {
    triesPerMinute: envNumber("SIGN_IN_TRIES_PER_MINUTE", d.triesPerMinute),
    clientTriesPerMinute: envNumber("SIGN_IN_CLIENT_TRIES_PER_MINUTE", d.clientTriesPerMinute),
    accountTriesPerHour: envNumber("SIGN_IN_ACCOUNT_TRIES_PER_HOUR", d.accountTriesPerHour),
    slowedTriesPerHour: envNumber("SIGN_IN_SLOWED_TRIES_PER_HOUR", d.slowedTriesPerHour),
  };
}

export type Admission = { ok: true } | { ok: false; retryAfterSec: number };

export interface SignInThrottle {
  /** Counts an attempt on `account` from `client`, and says whether its password may be checked. */
  admit(account: string, client: string): Promise<Admission>;
  /** The password was right: the attempt is given back, and this client's tries on it forgiven. */
  succeeded(account: string, client: string): Promise<void>;
  /** A sign-in body refused unread (over its cap, server.ts): one try of `client`'s, on no account. */
  refusedUnread(client: string): Promise<void>;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The account as a key: the address as better-auth compares it, hashed. */
export function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

/** Spends one point of each limit; the wait until all of them would allow, or ok. */
async function consumeAll(limits: Limiter[], key: string): Promise<Admission> {
  const verdicts: Verdict[] = await Promise.all(limits.map((limit) => limit.consume(key)));
  const waits = verdicts.flatMap((v) => (v.ok ? [] : [v.retryAfterSec]));
  return waits.length === 0 ? { ok: true } : { ok: false, retryAfterSec: Math.max(...waits) };
}

export function createSignInThrottle(
  rules: ThrottleRules = throttleRulesFromEnv(),
  name = "sign-in",
): SignInThrottle {
  const tiers = (what: string, windows: [points: number, durationSec: number][]) =>
    windows.map(([points, durationSec]) =>
      createLimiter(`${name}:${what}:${durationSec}s`, {
        points: Math.max(1, Math.round(points)),
        durationSec,
      }),
    );
  const n = rules.triesPerMinute;
  const perPair = tiers("account-client", [
    [n, MINUTE],
    [2 * n, 10 * MINUTE],
    [4 * n, HOUR],
    [10 * n, DAY],
  ]);
  const c = rules.clientTriesPerMinute;
  const perClient = tiers("client", [
    [c, MINUTE],
    [6 * c, HOUR],
  ]);
  const perAccount = createLimiter(`${name}:account`, {
    points: rules.accountTriesPerHour,
    durationSec: HOUR,
  });
  const whileSlowed = createLimiter(`${name}:slowed-account-client`, {
    points: rules.slowedTriesPerHour,
    durationSec: HOUR,
  });
  const pairKey = (account: string, client: string) => `${account}|${client}`;

  return {
    async admit(account, client) {
      await sharedCountsReady();
      const pair = pairKey(account, client);
      const [own, ceiling] = await Promise.all([
        consumeAll(perPair, pair),
        consumeAll(perClient, client),
      ]);
      if (!own.ok || !ceiling.ok)
        return {
          ok: false,
          retryAfterSec: Math.max(
            own.ok ? 0 : own.retryAfterSec,
            ceiling.ok ? 0 : ceiling.retryAfterSec,
          ),
        };
      const accountVerdict = await perAccount.consume(account);
      if (accountVerdict.ok) return { ok: true };
      // Slowed: this client may still try a few times, so the person it belongs to gets in.
      const slowed = await whileSlowed.consume(pair);
      if (slowed.ok) return { ok: true };
      return {
        ok: false,
        retryAfterSec: Math.min(accountVerdict.retryAfterSec, slowed.retryAfterSec),
      };
    },
    async succeeded(account, client) {
      const pair = pairKey(account, client);
      await Promise.all([
        ...perPair.map((limit) => limit.reset(pair)),
        whileSlowed.reset(pair),
        ...perClient.map((limit) => limit.reward(client)),
        perAccount.reward(account),
      ]);
    },
    async refusedUnread(client) {
      await sharedCountsReady();
      await Promise.all(perClient.map((limit) => limit.penalize(client)));
    },
  };
}

/**
 * With REDIS_URL set, waits for the first connection to Redis (a few milliseconds
 * after start) rather than letting the first attempts fall back to this instance's
 * own counts, which a guesser spreading attempts over instances would multiply.
 * Once connected, an outage falls back at once (lib/rate-limits/limiter.ts).
 */
async function sharedCountsReady(): Promise<void> {
  const client = redisClient();
  if (client && ["wait", "connecting", "connect"].includes(client.status))
    await waitForRedis(client).catch(() => {});
}

const holder = globalThis as { __invoicingSignInThrottle?: SignInThrottle };

/** The process's throttle (its counts are in Redis or this process's memory). */
export function signInThrottle(): SignInThrottle {
  holder.__invoicingSignInThrottle ??= createSignInThrottle();
  return holder.__invoicingSignInThrottle;
}
