import type { Redis } from "ioredis";
import { KEY_PREFIX } from "@/lib/shared-state/key-prefix";

/**
 * Sign-outs the sign-in storage could not record (down, or not answering). The
 * person's browser forgets the session at once (lib/auth/actions.ts); the session
 * itself is ended here as soon as the storage answers again (lib/auth/server.ts calls
 * `endPendingSignOuts` then, and at start), so a copy of the cookie stops working
 * then, not only at its expiry.
 *
 * Kept in this process's memory, on globalThis (the sign-out action and the storage's
 * health may live in different module layers of Next.js), and, with REDIS_URL, in
 * Redis too (`redisSignOuts`): any instance whose storage answers ends them, one
 * restarted before it answered included. Without Redis an instance that restarts
 * before the storage answers loses them, and those sessions end at their expiry.
 * Bounded, oldest dropped first.
 */
export const MAX_PENDING_SIGN_OUTS = 1_000;

/** The queue every instance reads (Redis), beside this process's own. */
export interface SharedSignOuts {
  add(cookie: string): Promise<void>;
  /** Oldest first. */
  all(): Promise<string[]>;
  remove(cookie: string): Promise<void>;
}

export const PENDING_SIGN_OUTS_KEY = `${KEY_PREFIX}auth:pending-sign-outs`;

/**
 * Scores rise with each sign-out this process queues, even within a millisecond: equal
 * scores would order by the cookie instead, and the bound drop the wrong one. Kept for
 * the process, not per queue object (the sign-out action makes one per request).
 */
let lastScore = 0;
function nextScore(): number {
  lastScore = Math.max(Date.now(), lastScore + 1);
  return lastScore;
}

/**
 * The queue in a Redis sorted set (scored by when each was queued, the newest
 * MAX_PENDING_SIGN_OUTS kept), gone `ttlSec` after the last sign-out queued: the
 * sessions' own lifetime, past which they have expired anyway. The cookies are session
 * tokens, held only until their sessions are ended.
 */
export function redisSignOuts(
  client: Redis,
  ttlSec: number,
  key = PENDING_SIGN_OUTS_KEY,
): SharedSignOuts {
  return {
    async add(cookie) {
      await client
        .multi()
        .zadd(key, nextScore(), cookie)
        .zremrangebyrank(key, 0, -(MAX_PENDING_SIGN_OUTS + 1))
        .expire(key, ttlSec)
        .exec();
    },
    all: () => client.zrange(key, 0, -1),
    async remove(cookie) {
      await client.zrem(key, cookie);
    },
  };
}

const holder = globalThis as { __invoicingPendingSignOuts?: Set<string> };
const pending = () => {
  holder.__invoicingPendingSignOuts ??= new Set();
  return holder.__invoicingPendingSignOuts;
};

/**
 * Remembers a session to end: its cookie, as a request's Cookie header carries it.
 * In `shared` too when given; Redis down, this instance still has it.
 */
export async function queueSignOut(
  sessionCookie: string,
  shared: SharedSignOuts | null = null,
): Promise<void> {
  const queue = pending();
  queue.delete(sessionCookie);
  queue.add(sessionCookie);
  while (queue.size > MAX_PENDING_SIGN_OUTS) queue.delete(queue.values().next().value!);
  await shared?.add(sessionCookie).catch(() => {});
}

/** The sessions to end, the shared queue's first (oldest first), each once. */
async function allPending(shared: SharedSignOuts | null): Promise<string[]> {
  const others = shared ? await shared.all().catch(() => []) : [];
  return [...new Set([...others, ...pending()])];
}

export async function pendingSignOuts(shared: SharedSignOuts | null = null): Promise<number> {
  return (await allPending(shared)).length;
}

let draining: Promise<number> | null = null;

/**
 * Ends each queued session with `signOut` (lib/auth/end-session.ts, given the
 * session's cookie), one at a time; one that throws stays queued for the next time.
 * The number ended. Called again while running, it joins the run under way. Two
 * instances ending the same shared one is harmless: the second finds no session.
 */
export function endPendingSignOuts(
  signOut: (headers: Headers) => Promise<unknown>,
  shared: SharedSignOuts | null = null,
): Promise<number> {
  draining ??= (async () => {
    let ended = 0;
    for (const cookie of await allPending(shared)) {
      try {
        await signOut(new Headers({ cookie }));
      } catch {
        // Still not answering: kept for when it answers again.
        continue;
      }
      pending().delete(cookie);
      await shared?.remove(cookie).catch(() => {});
      ended += 1;
    }
    return ended;
  })().finally(() => {
    draining = null;
  });
  return draining;
}
