import "server-only";
import { createHash } from "node:crypto";
import type { Viewer } from "@/lib/auth/guard";
import { clientAddress } from "./client-address";
import {
  burstRule,
  createLimiter,
  envNumber,
  type Limiter,
  tooManyRequests,
  type Verdict,
} from "./limiter";

/**
 * The limits of the routes whose one request costs many: an export walks a whole
 * list upstream (about 80 calls for the demo's invoices), an insight refresh walks
 * whole lists again, and the built-in API answers anyone holding a key. Each is kept
 * per account (per client address when the dashboard runs open) or per API key, in
 * Redis when REDIS_URL is set, so it holds across instances. A refused request gets
 * a 429 with Retry-After in the API's error shape (tooManyRequests).
 */

/**
 * The allowance a request draws from: its account's when signed in, whatever the
 * number of its sessions (a new sign-in is no new allowance) and whatever address
 * they come from (staff behind one office address do not share one); in the open
 * demo its client's address as this deployment can know it (client-address.ts).
 */
export function limitKey(viewer: Viewer, headers: Headers): string {
  return viewer.kind === "user" ? `account:${viewer.userId}` : `client:${clientAddress(headers)}`;
}

const lazily = <T>(make: () => T) => {
  let made: T | null = null;
  return () => {
    made ??= make();
    return made;
  };
};

const exportsPerMinute = lazily(() =>
  createLimiter("exports", { points: envNumber("EXPORTS_PER_MINUTE", 10), durationSec: 60 }),
);
/**
 * Exports running at once, counted as a semaphore: taken when one starts, given
 * back when its download ends, is cancelled or fails. The count expires after the
 * longest an export should take, so an instance that died mid-export does not hold
 * a slot for ever.
 */
const EXPORT_SLOT_SEC = 15 * 60;
const exportsAtOnce = lazily(() =>
  createLimiter("exports-running", {
    points: envNumber("EXPORTS_AT_ONCE", 2),
    durationSec: EXPORT_SLOT_SEC,
  }),
);
/** When all slots are taken there is no telling when one frees: ask again soon. */
const BUSY_RETRY_SEC = 10;

export type ExportAdmission =
  | { ok: true; release: () => Promise<void> }
  | { ok: false; response: Response };

/** Takes an export slot and a minute's allowance for `key`, or the 429 to answer. */
export async function admitExport(key: string): Promise<ExportAdmission> {
  const running = exportsAtOnce();
  const slot = await running.consume(key);
  if (!slot.ok) {
    // A refusal counted too (the limiter counts every consume): it holds no slot.
    await running.reward(key);
    return { ok: false, response: tooManyRequests(BUSY_RETRY_SEC, "exports at once") };
  }
  const release = releaseOnce(running, key);
  const minute = await exportsPerMinute().consume(key);
  if (!minute.ok) {
    await release();
    return { ok: false, response: tooManyRequests(minute.retryAfterSec, "exports") };
  }
  return { ok: true, release };
}

function releaseOnce(limit: Limiter, key: string): () => Promise<void> {
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Never below zero: a slot whose count expired meanwhile is not given back twice.
    const state = await limit.peek(key);
    if (!state.ok || state.remaining < limit.rule.points) await limit.reward(key);
  };
}

const insightRefreshes = lazily(() =>
  createLimiter("insight-refreshes", {
    points: envNumber("INSIGHTS_REFRESHES_PER_MINUTE", 5),
    durationSec: 60,
  }),
);

/** Spends one of `key`'s refreshes (`?refresh=true` of an insight view), or the 429 to answer. */
export async function admitInsightRefresh(key: string): Promise<Response | null> {
  const verdict = await insightRefreshes().consume(key);
  return verdict.ok ? null : tooManyRequests(verdict.retryAfterSec, "refreshes");
}

const viewSums = lazily(() =>
  createLimiter("view-sums", { points: envNumber("VIEW_SUMS_PER_MINUTE", 10), durationSec: 60 }),
);

/**
 * Spends one of `key`'s sums of a list view ("Sum this view": a whole walk of a view
 * nobody summed lately), VIEW_SUMS_PER_MINUTE (10) a minute, or the 429 to answer.
 */
export async function admitViewSum(key: string): Promise<Response | null> {
  const verdict = await viewSums().consume(key);
  return verdict.ok ? null : tooManyRequests(verdict.retryAfterSec, "sums of a view");
}

const apiChecks = lazily(() =>
  createLimiter("api-checks", { points: envNumber("API_CHECKS_PER_MINUTE", 2), durationSec: 60 }),
);

/**
 * Spends one of `key`'s checks of the API (the key page's "Run the check": a few
 * dozen requests to the API each), API_CHECKS_PER_MINUTE (2) a minute.
 */
export async function admitApiCheck(key: string): Promise<Verdict> {
  return apiChecks().consume(key);
}

const searches = lazily(() =>
  createLimiter(
    "searches",
    burstRule(envNumber("SEARCH_RATE_LIMIT_PER_SEC", 5), envNumber("SEARCH_RATE_LIMIT_BURST", 30)),
  ),
);

/**
 * Spends one of `key`'s searches (`/api/search`, as a person types in the palette or a
 * search field): SEARCH_RATE_LIMIT_BURST (30) at once, SEARCH_RATE_LIMIT_PER_SEC (5) a
 * second over time. A search reads the server's indexes, not the API, unless the
 * customers have not been read yet (then one page of the API's own search).
 */
export async function admitSearch(key: string): Promise<Response | null> {
  const verdict = await searches().consume(key);
  return verdict.ok ? null : tooManyRequests(verdict.retryAfterSec, "searches");
}

/**
 * Counted per second: a client over the limit is told to wait a second, which a
 * dashboard reading this API over HTTP honours and retries (lib/upstream/retry.ts
 * honours a Retry-After up to 2 s), so a fast walk is paced rather than failed.
 */
const builtInApi = lazily(() =>
  createLimiter("built-in-api", {
    points: envNumber("API_RATE_LIMIT_PER_SEC", 100),
    durationSec: 1,
  }),
);

/**
 * The key a built-in API request is limited by: a hash of its bearer key (never the
 * key itself), or its client's address when it sends none (health, OpenAPI, refusals).
 */
export function apiLimitKey(headers: Headers): string {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  return bearer
    ? `key:${createHash("sha256").update(bearer).digest("hex").slice(0, 32)}`
    : `client:${clientAddress(headers)}`;
}

/** Spends one of the API key's requests, or the 429 to answer. */
export async function admitApiRequest(headers: Headers): Promise<Response | null> {
  const verdict = await builtInApi().consume(apiLimitKey(headers));
  return verdict.ok ? null : tooManyRequests(verdict.retryAfterSec);
}

/**
 * `body`, calling `release` once when it has been read to the end, failed, or was
 * cancelled (the download closed). It pulls only as it is read, so the export still
 * fetches the next upstream page only when the download wants it.
 */
export function releasingWhenDone(
  body: ReadableStream<Uint8Array>,
  release: () => Promise<void>,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const done = () => void release().catch(() => {});
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done: ended, value } = await reader.read();
          if (ended) {
            done();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          done();
          controller.error(error);
        }
      },
      cancel(reason) {
        done();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
