import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { parseRetryAfterSec } from "@/lib/api/errors";
import { upstreamUrl } from "@/lib/upstream/call";
import type { ApiConfig } from "@/lib/upstream/config";
import { CHECK_USER_AGENT } from "./result";

/** Which key a probe sends: the configured one, none, or one no API issued (the 401 probe). */
export type Auth = "key" | "none" | "wrong-key";

/** A key no API issued: what a bad key's answer looks like. */
const WRONG_KEY = "inv_sk_check_api_not_a_key_0000000000";

/**
 * The API the check probes: one GET, raw, with the chosen key. Not the dashboard's
 * own `callApi`, which retries, validates and always sends the configured key:
 * the check wants each answer as it came (asked again only where a page would be:
 * a late answer, a 429 with a short wait), and must send a wrong key too.
 */
export interface ApiTarget {
  /** where it is, for people: never the key */
  label: string;
  timeoutMs: number;
  send(pathAndQuery: string, auth: Auth, signal: AbortSignal): Promise<Response>;
  /** the key, held only to make sure no output ever carries it */
  secret: string | null;
}

function bearer(auth: Auth, key: string | null): Record<string, string> {
  if (auth === "none") return {};
  const value = auth === "wrong-key" ? WRONG_KEY : key;
  return value ? { authorization: `Bearer ${value}` } : {};
}

/** A URL as people may see it: no user name, password, query or fragment. */
export function publicUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** An API over HTTP (INVOICING_API_URL): the same origin rule as the dashboard's own calls. */
export function httpTarget(baseUrl: string, key: string | null, timeoutMs: number): ApiTarget {
  return {
    label: publicUrl(baseUrl),
    timeoutMs,
    secret: key,
    send: (pathAndQuery, auth, signal) =>
      fetch(upstreamUrl(baseUrl, pathAndQuery), {
        // Named, so that the API's operators can tell the check's requests in their logs.
        headers: {
          accept: "application/json",
          "user-agent": CHECK_USER_AGENT,
          ...bearer(auth, key),
        },
        redirect: "error",
        cache: "no-store",
        signal,
      }),
  };
}

/** The built-in API in this process (SANDBOX_DB), as the dashboard reads it when INVOICING_API_URL is unset. */
export async function builtInTarget(key: string | null, timeoutMs: number): Promise<ApiTarget> {
  const { serveSandboxRequest, sandboxDemoKey } = await import("@/lib/sandbox");
  const held = key ?? (await sandboxDemoKey());
  return {
    label: "the built-in API",
    timeoutMs,
    secret: held,
    send: (pathAndQuery, auth) => {
      const url = new URL(pathAndQuery, "http://sandbox.internal");
      return serveSandboxRequest(
        new Request(`http://sandbox.internal/api/v1${url.pathname}${url.search}`, {
          headers: bearer(auth, held),
        }),
        url.pathname,
      );
    },
  };
}

/** The API the dashboard is configured to read, with its key. */
export function configuredTarget(config: ApiConfig): Promise<ApiTarget> | ApiTarget {
  return config.baseUrl === null
    ? builtInTarget(config.key, config.timeoutMs)
    : httpTarget(config.baseUrl, config.key, config.timeoutMs);
}

/** One answer as the check reads it. */
export interface Answer {
  /** null: no answer (refused, timed out) */
  status: number | null;
  body: unknown;
  /** why there is no usable body: no answer, or not JSON */
  problem: string | null;
}

/** The most requests one check sends, bisections of refused values included. */
export const MAX_REQUESTS = 120;
/** A 429's wait the check honours once; a longer one is reported. */
const MAX_RETRY_AFTER_SEC = 5;

/** Sends probes to a target: counted, bounded, each with its own timeout, a 429 waited out once. */
export class Prober {
  requests = 0;
  constructor(readonly target: ApiTarget) {}

  async get(pathAndQuery: string, auth: Auth = "key"): Promise<Answer> {
    const first = await this.once(pathAndQuery, auth);
    if (first.status === 429 && first.retryAfterSec !== null) {
      await sleep(first.retryAfterSec * 1000);
      return this.once(pathAndQuery, auth);
    }
    // The pages ask again when an answer does not come in time (lib/upstream/retry.ts),
    // so one late answer is not a difference: the check asks once more too.
    if (first.timedOut) {
      const second = await this.once(pathAndQuery, auth);
      return second.timedOut ? { ...second, problem: `${second.problem}, twice` } : second;
    }
    return first;
  }

  private async once(
    pathAndQuery: string,
    auth: Auth,
  ): Promise<Answer & { retryAfterSec: number | null; timedOut?: boolean }> {
    if (this.requests >= MAX_REQUESTS)
      return {
        status: null,
        body: undefined,
        problem: `not sent: the check sends at most ${MAX_REQUESTS} requests`,
        retryAfterSec: null,
      };
    this.requests += 1;
    const seconds = this.target.timeoutMs / 1000;
    let response: Response;
    try {
      response = await this.target.send(
        pathAndQuery,
        auth,
        AbortSignal.timeout(this.target.timeoutMs),
      );
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      return {
        status: null,
        body: undefined,
        problem: timedOut
          ? `no answer within ${seconds} s`
          : "no answer (the API could not be reached)",
        retryAfterSec: null,
        timedOut,
      };
    }
    const retryAfter = parseRetryAfterSec(response.headers.get("retry-after"));
    const retryAfterSec =
      response.status === 429 && retryAfter !== null && retryAfter <= MAX_RETRY_AFTER_SEC
        ? retryAfter
        : null;
    let text: string;
    try {
      text = await response.text();
    } catch {
      return {
        status: response.status,
        body: undefined,
        problem: "the answer broke off",
        retryAfterSec,
      };
    }
    try {
      return { status: response.status, body: JSON.parse(text), problem: null, retryAfterSec };
    } catch {
      return {
        status: response.status,
        body: undefined,
        problem: "the body is not JSON",
        retryAfterSec,
      };
    }
  }
}
