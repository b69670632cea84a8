import "server-only";
import { ApiRequestError, errorAnswer } from "@/lib/api/errors";
import { type Viewer, viewerForRequest } from "@/lib/auth/guard";
import { limitKey } from "@/lib/rate-limits/costly-routes";
import { tooManyRequests } from "@/lib/rate-limits/limiter";
import { fetchValidated } from "@/lib/upstream/validate";
import { allowedForward } from "./allow-list";
import { dataLimiter } from "./limit";

/**
 * GET /api/data/<route> (app/api/data/[...path]): the browser's only way to the
 * Invoicing API, a same-origin GET. The viewer's session is checked on the server,
 * then the limit, then the allow-listed route is forwarded with validated parameters
 * and the server-held key. The API answer headers come from proxy.ts, as on every
 * other API route.
 */
export async function serveDataRequest(request: Request, segments: string[]): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  return forwardDataRequest(request, segments, viewer);
}

/** `viewer`: who asks (serveDataRequest checked the session); their account's allowance is spent. */
export async function forwardDataRequest(
  request: Request,
  segments: string[],
  viewer: Viewer = { kind: "open" },
): Promise<Response> {
  if (request.method !== "GET")
    return errorAnswer(405, "METHOD_NOT_ALLOWED", "The data route only reads.");
  const verdict = await dataLimiter().consume(limitKey(viewer, request.headers));
  if (!verdict.ok) return tooManyRequests(verdict.retryAfterSec);
  const forward = allowedForward(segments, new URL(request.url).searchParams);
  if (!forward.ok)
    return forward.status === 404
      ? errorAnswer(404, "NOT_FOUND", "No such data route.")
      : errorAnswer(400, "BAD_REQUEST", "Input validation failed", forward.issues);
  try {
    const upstream = await fetchValidated(forward.pathAndQuery);
    const headers: Record<string, string> = {
      "content-type": upstream.headers.get("content-type") ?? "application/json",
      "cache-control": "no-store",
    };
    // A real API's own 429 (its wait too long to take here, lib/upstream/retry.ts):
    // the browser waits as it says.
    const retryAfter = upstream.headers.get("retry-after");
    if (upstream.status === 429 && retryAfter) headers["retry-after"] = retryAfter;
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    if (error instanceof ApiRequestError && error.kind === "invalid-response")
      return errorAnswer(502, "INVALID_RESPONSE", error.message, error.issues);
    const message =
      error instanceof ApiRequestError ? error.message : "The Invoicing API could not be reached.";
    return errorAnswer(502, "UPSTREAM_UNAVAILABLE", message);
  }
}
