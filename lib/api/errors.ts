import { noteSessionEnded } from "@/lib/auth/session-ended";

/**
 * What went wrong talking to the Invoicing API, as a value both the server and the
 * browser can hold: every failure becomes one of these kinds, so a page can say
 * what happened and how to fix it instead of showing an empty list or a stack.
 */
export type ApiErrorKind =
  | "bad-request" // 400: the API names the bad parameters in `issues`
  | "unauthorized" // 401: key missing, revoked, or lacking the route's claim
  | "not-found" // 404
  | "rate-limited" // 429: too many requests for now; `retryAfterSec` says when to ask again
  | "server" // 5xx
  | "network" // no answer (down, refused, timed out)
  | "invalid-response" // an answer that is not what the spec describes
  // The dashboard's own sign-in, not the API: its data routes answer these itself.
  | "signed-out" // 401 UNAUTHENTICATED: the person's session ended (signed out elsewhere, revoked, expired)
  | "sign-in-unavailable"; // 503 SIGN_IN_UNAVAILABLE: the sign-in storage cannot be read

export interface ApiErrorInfo {
  kind: ApiErrorKind;
  status: number | null;
  code: string | null;
  message: string;
  issues: string[];
  /** a 429's Retry-After, in whole seconds */
  retryAfterSec?: number | null;
}

export class ApiRequestError extends Error implements ApiErrorInfo {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly issues: string[];
  readonly retryAfterSec: number | null;

  constructor(info: ApiErrorInfo) {
    super(info.message);
    this.name = "ApiRequestError";
    this.kind = info.kind;
    this.status = info.status;
    this.code = info.code;
    this.issues = info.issues;
    this.retryAfterSec = info.retryAfterSec ?? null;
  }

  toJSON(): ApiErrorInfo {
    return {
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      issues: this.issues,
      retryAfterSec: this.retryAfterSec,
    };
  }
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 400) return "bad-request";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not-found";
  if (status === 429) return "rate-limited";
  return "server";
}

/**
 * Retry-After in whole seconds (at least 1): delta-seconds or an HTTP date; null when
 * absent or unreadable.
 */
export function parseRetryAfterSec(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * The codes the dashboard's own routes answer with, for what they say rather than
 * their status: 502 UPSTREAM_UNAVAILABLE is the API not reached (a network failure,
 * not an API failure); a 401 or 503 of the sign-in guard (lib/auth/guard.ts) is about
 * the person's session, not the API key. (The API's own 401 is UNAUTHORIZED.)
 */
const DASHBOARD_CODES = new Map<string, ApiErrorKind>([
  ["UPSTREAM_UNAVAILABLE", "network"],
  ["INVALID_RESPONSE", "invalid-response"],
  ["UNAUTHENTICATED", "signed-out"],
  ["SIGN_IN_UNAVAILABLE", "sign-in-unavailable"],
]);

/** Builds the error for a non-2xx response from its body (the spec's error shape, read leniently). */
export async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page, an empty body: the status still says enough.
  }
  const record = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const issues = Array.isArray(record.issues)
    ? record.issues
        .map((i) => (i && typeof i === "object" ? (i as { message?: unknown }).message : i))
        .filter((m): m is string => typeof m === "string")
    : [];
  const code = typeof record.code === "string" ? record.code : null;
  const kind = (code && DASHBOARD_CODES.get(code)) || kindOfStatus(response.status);
  if (kind === "signed-out") noteSessionEnded();
  return new ApiRequestError({
    kind,
    status: response.status,
    code,
    message: typeof record.message === "string" ? record.message : `HTTP ${response.status}`,
    issues,
    retryAfterSec:
      response.status === 429 ? parseRetryAfterSec(response.headers.get("retry-after")) : null,
  });
}

export function asApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error && typeof error === "object" && "kind" in error && "message" in error)
    return new ApiRequestError(error as ApiErrorInfo);
  return new ApiRequestError({
    kind: "network",
    status: null,
    code: null,
    message: error instanceof Error ? error.message : "The API could not be reached.",
    issues: [],
  });
}

/**
 * An error answer of the dashboard's own routes, in the API's error shape (docs/api.md,
 * Errors: the message, a code, one issue per problem), never cached: what
 * `errorFromResponse` reads back in the browser.
 */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  issues: string[] = [],
): Response {
  return Response.json(
    { message, code, issues: issues.map((m) => ({ message: m })) },
    { status, headers: { "cache-control": "no-store" } },
  );
}
