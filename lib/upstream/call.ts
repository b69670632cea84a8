import "server-only";
import { ApiRequestError } from "@/lib/api/errors";
import { apiConfig } from "./config";
import { AttemptsFailed, fetchWithRetry, type RetryPolicy } from "./retry";

/** Reads are retried twice at most, and all attempts share twice one call's timeout. */
export function retryPolicy(timeoutMs: number): RetryPolicy {
  return {
    retries: 2,
    baseMs: 100,
    maxDelayMs: 1_000,
    maxRetryAfterMs: 2_000,
    totalMs: timeoutMs * 2,
    attemptTimeoutMs: timeoutMs,
  };
}

/**
 * The URL of one API call: the configured base plus a path built by our own code
 * from allow-listed segments. The final origin must still be the configured one,
 * so no path ("//host", "@host", an absolute URL) can steer the key elsewhere.
 */
export function upstreamUrl(baseUrl: string, pathAndQuery: string): string {
  const base = new URL(baseUrl);
  if (!pathAndQuery.startsWith("/") || pathAndQuery.startsWith("//"))
    throw new Error("An API path must start with a single /.");
  const target = new URL(`${baseUrl}${pathAndQuery}`);
  const basePath = base.pathname.replace(/\/+$/, "");
  if (target.origin !== base.origin || !target.pathname.startsWith(`${basePath}/`))
    throw new Error("An API call must stay on the configured origin.");
  return target.href;
}

/**
 * Sends one GET to the configured Invoicing API with the server-held key and
 * returns the raw Response. The built-in API is called in-process (same handler on
 * the same worker pool as its HTTP route, lib/sandbox/pool: no HTTP hop to
 * ourselves, no SQLite work on this thread); a real service over HTTP with a timeout
 * per attempt and bounded retries (lib/upstream/retry.ts).
 */
export async function callApi(pathAndQuery: string): Promise<Response> {
  const config = apiConfig();
  if (config.baseUrl === null) {
    const { serveSandboxRequest, sandboxDemoKey } = await import("@/lib/sandbox");
    const key = config.key ?? (await sandboxDemoKey());
    const url = new URL(pathAndQuery, "http://sandbox.internal");
    return serveSandboxRequest(
      new Request(`http://sandbox.internal/api/v1${url.pathname}${url.search}`, {
        headers: key ? { authorization: `Bearer ${key}` } : {},
      }),
      url.pathname,
    );
  }
  const url = upstreamUrl(config.baseUrl, pathAndQuery);
  try {
    return await fetchWithRetry(
      url,
      {
        method: "GET",
        headers: {
          accept: "application/json",
          ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
        },
        cache: "no-store",
        redirect: "error",
      },
      retryPolicy(config.timeoutMs),
    );
  } catch (error) {
    const timedOut = error instanceof AttemptsFailed && error.timedOut;
    const attempts = error instanceof AttemptsFailed ? error.attempts : 1;
    const tries = attempts > 1 ? ` (${attempts} attempts)` : "";
    throw new ApiRequestError({
      kind: "network",
      status: null,
      code: null,
      // Never the URL's query or the key: only what a person can act on.
      message: timedOut
        ? `The Invoicing API did not answer within ${config.timeoutMs / 1000} s${tries}.`
        : `The Invoicing API could not be reached${tries}.`,
      issues: [],
    });
  }
}
