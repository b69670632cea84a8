import "server-only";
import { clientAddress } from "@/lib/rate-limits/client-address";
import {
  burstRule,
  createLimiter,
  envNumber,
  type Limiter,
  tooManyRequests,
} from "@/lib/rate-limits/limiter";
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

function errorResponse(status: number, code: string, message: string, issues: string[] = []) {
  return Response.json(
    { message, code, issues: issues.map((m) => ({ message: m })) },
    { status, headers: { "cache-control": "no-store" } },
  );
}

/**
 * The data route's limit: DATA_RATE_LIMIT_BURST (default 60) requests at once, and
 * DATA_RATE_LIMIT_PER_SEC (default 20) a second over time, as one window of the
 * burst per burst ÷ rate seconds (burstRule says how that differs from a token
 * bucket). Shared by every instance through Redis when REDIS_URL is set.
 */
let limiter: Limiter | null = null;
function dataLimiter(): Limiter {
  limiter ??= createLimiter(
    "data",
    burstRule(envNumber("DATA_RATE_LIMIT_PER_SEC", 20), envNumber("DATA_RATE_LIMIT_BURST", 60)),
  );
  return limiter;
}

/**
 * Whose allowance a request spends: the signed-in session's (a person keeps their
 * own limit whatever address they come from, and staff behind one office address do
 * not share one), else the client's address as this deployment can know it (the
 * open demo): the socket's, or with TRUST_PROXY the address our proxy saw, never an
 * X-Forwarded-For the client wrote.
 */
export function dataLimitKey(sessionId: string | null, headers: Headers): string {
  return sessionId ? `session:${sessionId}` : `address:${clientAddress(headers)}`;
}

/** `sessionId`: the signed-in viewer's session (the route handler checked it), null when open. */
export async function serveDataRequest(
  request: Request,
  segments: string[],
  sessionId: string | null = null,
): Promise<Response> {
  if (request.method !== "GET")
    return errorResponse(405, "METHOD_NOT_ALLOWED", "The data route only reads.");
  const verdict = await dataLimiter().consume(dataLimitKey(sessionId, request.headers));
  if (!verdict.ok) return tooManyRequests(verdict.retryAfterSec);
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
    const headers: Record<string, string> = {
      "content-type": upstream.headers.get("content-type") ?? "application/json",
      "cache-control": "no-store",
    };
    // A real API's own 429 (its wait too long to take here, lib/api/server/retry.ts):
    // the browser waits as it says.
    const retryAfter = upstream.headers.get("retry-after");
    if (upstream.status === 429 && retryAfter) headers["retry-after"] = retryAfter;
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    if (error instanceof ApiRequestError && error.kind === "invalid-response")
      return errorResponse(502, "INVALID_RESPONSE", error.message, error.issues);
    const message =
      error instanceof ApiRequestError ? error.message : "The Invoicing API could not be reached.";
    return errorResponse(502, "UPSTREAM_UNAVAILABLE", message);
  }
}
