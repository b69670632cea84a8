import "server-only";
import { ApiRequestError } from "../errors";
import { apiConfig } from "./config";

/**
 * Sends one GET to the configured Invoicing API with the server-held key and
 * returns the raw Response. The built-in API is called in-process (same handler,
 * no HTTP hop to ourselves); a real service over HTTP with a timeout.
 */
export async function callApi(pathAndQuery: string): Promise<Response> {
  const config = apiConfig();
  if (config.baseUrl === null) {
    const { serveSandboxRequest, sandboxDemoKey } = await import("@/lib/sandbox");
    const key = config.key ?? sandboxDemoKey();
    const url = new URL(pathAndQuery, "http://sandbox.internal");
    return serveSandboxRequest(
      new Request(`http://sandbox.internal/api/v1${url.pathname}${url.search}`, {
        headers: key ? { authorization: `Bearer ${key}` } : {},
      }),
      url.pathname,
    );
  }
  try {
    return await fetch(`${config.baseUrl}${pathAndQuery}`, {
      headers: {
        accept: "application/json",
        ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
      },
      cache: "no-store",
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new ApiRequestError({
      kind: "network",
      status: null,
      code: null,
      // Never the URL's query or the key: only what a person can act on.
      message: timedOut
        ? `The Invoicing API did not answer within ${config.timeoutMs / 1000} s.`
        : "The Invoicing API could not be reached.",
      issues: [],
    });
  }
}
