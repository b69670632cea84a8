/**
 * What this instance knows of the sign-in storage's health, one per process (lib/auth/
 * server.ts keeps it beside the better-auth instance).
 *
 * A failure is said when it follows a success, not once per request, and so is the
 * end of it. A session check that waited out AUTH_DATABASE_TIMEOUT_MS (a PostgreSQL
 * that stopped answering) makes the storage "silent": the next checks fail at once
 * instead of each waiting it out again (docs/decisions.md). Meanwhile the storage is pinged once
 * a second, and the first answer ends it: no request waits to find out it is back,
 * and none is refused after it is.
 *
 * Instances tell each other (lib/auth/server.ts, through Redis): an instance that
 * waited it out says so, and the others go silent at once too, pinging at once (a
 * false alarm ends in one round trip), so a person meets one wait, not one per instance.
 *
 * Written here rather than with a circuit-breaker library (opossum): its half-open
 * state tries the next request itself, so a person's page would wait out the timeout
 * each time it tried again; this asks the storage with a ping of its own.
 */
export interface StorageHealth {
  /** True while checks should fail at once. */
  readonly silent: boolean;
  /** A check failed for `reason` after `tookMs` (one that waited out the timeout makes the storage silent). */
  failed(reason: string, tookMs?: number): void;
  /** A check was answered. */
  answered(): void;
  /** Another instance found the storage not answering: silent here too, pinged at once. */
  heard(): void;
  /** Whether a request that failed after `tookMs` waited out the storage's timeout. */
  tookTheTimeout(tookMs: number): boolean;
}

export interface StorageHealthOptions {
  /** Where its lines go (the server's log). */
  say?: (line: string) => void;
  everyMs?: number;
  /** Called when a check of this instance makes the storage silent (to tell the others). */
  onSilent?: () => void;
  /** Called when a failing storage answers again (to end what waited on it). */
  onBack?: () => void;
  /** The longest a request to the storage waits (its connection and query timeouts). */
  timeoutMs?: number;
}

export const PING_EVERY_MS = 1_000;

/** What a route answers (503 SIGN_IN_UNAVAILABLE) while the sign-in storage cannot be read. */
export const SIGN_IN_UNAVAILABLE_MESSAGE =
  "Sign-in cannot be checked right now: the dashboard's sign-in storage is not answering. You are not signed out; try again in a moment.";

/** The first failure's own words: better-auth wraps it ("Failed to get session"). */
export function rootCause(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return inner instanceof Error ? inner.message : String(inner);
}

/**
 * A failure that waited out the storage's timeout, known by its time: pg's words vary
 * ("Query read timeout", but "Connection terminated unexpectedly" for a new connection
 * to a server that stopped answering, the usual case once the pool's idle connections
 * have closed). A little short of the timeout counts, for timers that fire early.
 */
function waitedOut(reason: string, tookMs: number, timeoutMs: number): boolean {
  return /timeout/i.test(reason) || tookTimeout(tookMs, timeoutMs);
}

const tookTimeout = (tookMs: number, timeoutMs: number) => tookMs >= timeoutMs * 0.9;

export function createStorageHealth(
  ping: () => Promise<void>,
  {
    say = (line) => console.error(line),
    everyMs = PING_EVERY_MS,
    onSilent = () => {},
    onBack = () => {},
    timeoutMs = Number.POSITIVE_INFINITY,
  }: StorageHealthOptions = {},
): StorageHealth {
  let failing = false;
  let silent = false;
  let timer: NodeJS.Timeout | null = null;
  let pinging = false;

  const answered = () => {
    const wasFailing = failing;
    failing = false;
    silent = false;
    if (timer) clearInterval(timer);
    timer = null;
    if (!wasFailing) return;
    say("[auth] the sign-in storage answers again");
    onBack();
  };
  const tryPing = async () => {
    // One at a time: each may wait out the storage's timeout, holding a connection.
    if (pinging) return;
    pinging = true;
    try {
      await ping();
      answered();
    } catch {
      // Still silent: the next tick asks again.
    } finally {
      pinging = false;
    }
  };

  const goSilent = () => {
    silent = true;
    timer = setInterval(() => void tryPing(), everyMs);
    timer.unref();
  };

  return {
    get silent() {
      return silent;
    },
    failed(reason, tookMs = 0) {
      if (!failing)
        say(
          `[auth] the sign-in storage could not be read (${reason}): sign-in is unavailable until it answers`,
        );
      failing = true;
      if (silent || !waitedOut(reason, tookMs, timeoutMs)) return;
      goSilent();
      onSilent();
    },
    answered,
    tookTheTimeout: (tookMs) => tookTimeout(tookMs, timeoutMs),
    heard() {
      if (silent) return;
      if (!failing)
        say(
          "[auth] another instance found the sign-in storage not answering: sign-in is unavailable until it answers here",
        );
      failing = true;
      goSilent();
      void tryPing();
    },
  };
}
