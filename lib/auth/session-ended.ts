/**
 * What this page in the browser learnt of its session: that it ended (signed out in
 * another tab, revoked, expired), from a request of its own that the sign-in guard
 * refused (401 UNAUTHENTICATED, read by lib/api/errors.ts). The top bar then says so
 * instead of "Signed in as" (components/layout/session-status.tsx). Per page load: a
 * sign-in again is a new page.
 */
let ended = false;
const listeners = new Set<() => void>();

/** Said by a request the guard refused; only in the browser (the server's module is shared by every request). */
export function noteSessionEnded(): void {
  if (typeof window === "undefined" || ended) return;
  ended = true;
  for (const listener of listeners) listener();
}

export function subscribeSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const sessionEnded = (): boolean => ended;
