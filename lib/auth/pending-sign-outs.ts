/**
 * Sign-outs the sign-in storage could not record (down, or not answering). The
 * person's browser forgets the session at once (lib/auth/actions.ts); the session
 * itself is ended here as soon as the storage answers again (lib/auth/server.ts calls
 * `endPendingSignOuts` then), so a copy of the cookie stops working then, not only at
 * its expiry.
 *
 * Kept in this process's memory, on globalThis (the sign-out action and the storage's
 * health may live in different module layers of Next.js): an instance that restarts
 * before the storage answers loses them, and those sessions end at their expiry.
 * Bounded, oldest dropped first.
 */
export const MAX_PENDING_SIGN_OUTS = 1_000;

const holder = globalThis as { __invoicingPendingSignOuts?: Set<string> };
const pending = () => {
  holder.__invoicingPendingSignOuts ??= new Set();
  return holder.__invoicingPendingSignOuts;
};

/** Remembers a session to end: its cookie, as a request's Cookie header carries it. */
export function queueSignOut(sessionCookie: string): void {
  const queue = pending();
  queue.delete(sessionCookie);
  queue.add(sessionCookie);
  while (queue.size > MAX_PENDING_SIGN_OUTS) queue.delete(queue.values().next().value!);
}

export function pendingSignOuts(): number {
  return pending().size;
}

let draining: Promise<number> | null = null;

/**
 * Ends each queued session with `signOut` (lib/auth/end-session.ts, given the
 * session's cookie), one at a time; one that throws stays queued for the next time.
 * The number ended.
 * Called again while running, it joins the run under way.
 */
export function endPendingSignOuts(
  signOut: (headers: Headers) => Promise<unknown>,
): Promise<number> {
  draining ??= (async () => {
    let ended = 0;
    for (const cookie of [...pending()]) {
      try {
        await signOut(new Headers({ cookie }));
        pending().delete(cookie);
        ended += 1;
      } catch {
        // Still not answering: kept for when it answers again.
      }
    }
    return ended;
  })().finally(() => {
    draining = null;
  });
  return draining;
}
