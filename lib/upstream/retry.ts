/**
 * Bounded retries for reads from a real Invoicing API: network errors, 5xx and 429
 * are retried (GET and HEAD only) with exponential backoff and full jitter, at most
 * `retries` times and never past `totalMs`; a 429's Retry-After is honoured when it
 * fits under `maxRetryAfterMs` (a longer one is passed back, not waited for). Any
 * other 4xx, 401 included, is returned at once: asking again cannot fix a key.
 * Pure apart from the injected clock, sleep and random, so it is tested directly.
 */
export interface RetryPolicy {
  /** retries after the first attempt */
  retries: number;
  /** backoff before retry n (1-based) is random in [0, baseMs * 2^(n-1)], capped by maxDelayMs */
  baseMs: number;
  maxDelayMs: number;
  /** the longest Retry-After honoured */
  maxRetryAfterMs: number;
  /** all attempts and waits together */
  totalMs: number;
  /** one attempt's own limit (clipped to what is left of totalMs) */
  attemptTimeoutMs: number;
}

export interface RetryDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
}

export const realDeps: RetryDeps = {
  fetch: (url, init) => fetch(url, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  random: Math.random,
};

/** The smallest attempt worth starting: less than this left of the budget and we stop. */
const MIN_ATTEMPT_MS = 50;

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After in ms (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

export class AttemptsFailed extends Error {
  constructor(
    readonly attempts: number,
    readonly timedOut: boolean,
    readonly cause: unknown,
  ) {
    super("The upstream could not be reached.");
    this.name = "AttemptsFailed";
  }
}

/**
 * Sends the request, retrying as the policy allows. Resolves with the last answer
 * (which may be a 5xx or 429 when retries ran out); rejects with AttemptsFailed when
 * the last attempt got no answer at all.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  policy: RetryPolicy,
  deps: RetryDeps = realDeps,
): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const retries = method === "GET" || method === "HEAD" ? policy.retries : 0;
  const deadline = deps.now() + policy.totalMs;
  for (let attempt = 1; ; attempt++) {
    const left = deadline - deps.now();
    const timeout = Math.max(1, Math.min(policy.attemptTimeoutMs, left));
    let waitMs: number;
    try {
      const response = await deps.fetch(url, { ...init, signal: AbortSignal.timeout(timeout) });
      if (!isRetryableStatus(response.status) || attempt > retries) return response;
      const backoff = backoffMs(attempt, policy, deps.random);
      if (response.status === 429) {
        const after = parseRetryAfter(response.headers.get("retry-after"), deps.now());
        if (after !== null && after > policy.maxRetryAfterMs) return response;
        waitMs = Math.max(backoff, after ?? 0);
      } else {
        waitMs = backoff;
      }
      if (deadline - deps.now() - waitMs < MIN_ATTEMPT_MS) return response;
      // Free the connection of an answer we will not read.
      await response.body?.cancel().catch(() => {});
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      if (attempt > retries) throw new AttemptsFailed(attempt, timedOut, error);
      waitMs = backoffMs(attempt, policy, deps.random);
      if (deadline - deps.now() - waitMs < MIN_ATTEMPT_MS)
        throw new AttemptsFailed(attempt, timedOut, error);
    }
    await deps.sleep(waitMs);
  }
}
