import "server-only";
import { UUID_PATTERN } from "../enums";
import { ApiRequestError } from "../errors";
import {
  contractFilterParams,
  customerFilterParams,
  invoiceFilterParams,
  type ParamDefs,
  pagingParams,
  parseQuery,
  paymentFilterParams,
} from "../list-params";
import { limitKey, type RateLimiter } from "./rate-limit";
import { serverRateLimiter } from "./shared-rate-limit";
import { fetchValidated } from "./validated";

/**
 * The browser's only way to the API: a same-origin GET that forwards the list and
 * by-id routes with validated parameters and the server-held key. Anything not on
 * the allow-list, and any parameter the route does not know, stops here.
 */
const LISTS: Record<string, ParamDefs> = {
  invoices: invoiceFilterParams,
  customers: customerFilterParams,
  contracts: contractFilterParams,
  payments: paymentFilterParams,
};
const BY_ID = new Set(["invoices", "customers"]);

function errorResponse(
  status: number,
  code: string,
  message: string,
  issues: string[] = [],
  headers: Record<string, string> = {},
) {
  return Response.json(
    { message, code, issues: issues.map((m) => ({ message: m })) },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );
}

/** Per-session (signed in) or per-address (open) limit: DATA_RATE_LIMIT_PER_SEC (default 20) refill, DATA_RATE_LIMIT_BURST (60). */
function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
let limiter: RateLimiter | null = null;
function rateLimiter() {
  limiter ??= serverRateLimiter("data", {
    ratePerSec: envNumber("DATA_RATE_LIMIT_PER_SEC", 20),
    burst: envNumber("DATA_RATE_LIMIT_BURST", 60),
  });
  return limiter;
}

/** `sessionId`: the signed-in viewer's session (the route handler checked it), null when open. */
export async function serveDataRequest(
  request: Request,
  segments: string[],
  sessionId: string | null = null,
): Promise<Response> {
  if (request.method !== "GET")
    return errorResponse(405, "METHOD_NOT_ALLOWED", "The data route only reads.");
  const verdict = rateLimiter().take(
    limitKey(sessionId, request.headers, process.env.TRUST_PROXY === "1"),
  );
  if (!verdict.ok)
    return errorResponse(
      429,
      "RATE_LIMITED",
      `Too many requests: try again in ${verdict.retryAfterSec} s.`,
      [],
      { "retry-after": String(verdict.retryAfterSec) },
    );
  const url = new URL(request.url);
  const [resource = "", id, ...rest] = segments;
  let forward: string;
  if (rest.length > 0) return errorResponse(404, "NOT_FOUND", "No such data route.");
  if (resource === "me" && id === undefined) {
    forward = "/me";
  } else if (id !== undefined && BY_ID.has(resource)) {
    if (!UUID_PATTERN.test(id))
      return errorResponse(400, "BAD_REQUEST", "Input validation failed", ["id: must be a uuid"]);
    forward = `/${resource}/${id.toLowerCase()}`;
  } else if (id === undefined && Object.hasOwn(LISTS, resource)) {
    const parsed = parseQuery(url.searchParams, { ...LISTS[resource]!, ...pagingParams });
    if (!parsed.ok)
      return errorResponse(400, "BAD_REQUEST", "Input validation failed", parsed.issues);
    // Forward the validated names only, values as the browser wrote them.
    const query = new URLSearchParams();
    for (const name of Object.keys(parsed.value)) query.set(name, url.searchParams.get(name)!);
    forward = `/${resource}${query.size > 0 ? `?${query}` : ""}`;
  } else {
    return errorResponse(404, "NOT_FOUND", "No such data route.");
  }
  try {
    const upstream = await fetchValidated(forward);
    return new Response(upstream.body, {
      status: upstream.status,
      headers: {
        "content-type": upstream.headers.get("content-type") ?? "application/json",
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.kind === "invalid-response")
      return errorResponse(502, "INVALID_RESPONSE", error.message, error.issues);
    const message =
      error instanceof ApiRequestError ? error.message : "The Invoicing API could not be reached.";
    return errorResponse(502, "UPSTREAM_UNAVAILABLE", message);
  }
}
