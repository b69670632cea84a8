import { AUTH_BASE_PATH } from "./instance";
import { SIGN_IN_UNAVAILABLE_MESSAGE, type StorageHealth } from "./storage-health";

/**
 * The better-auth endpoints the dashboard answers over HTTP, and nothing else.
 * better-auth mounts some thirty (update-user, change-password, change-email,
 * delete-user, list-sessions, revoke-other-sessions, …); accounts are managed only
 * by the command line (`npm run auth`), so everything not listed here answers 404
 * before better-auth sees it. The sign-in form, single sign-on's start and sign-out
 * are server actions calling better-auth in-process, not these routes.
 *
 * Matched on the raw path as sent, exactly: any other spelling (a trailing slash,
 * an encoded character, a different case) is not on the list and answers 404.
 */
export const HTTP_AUTH_ENDPOINTS: readonly { method: string; path: string; why: string }[] = [
  {
    method: "GET",
    path: "/callback/oidc",
    why: "the OpenID Connect issuer sends the browser back here (the redirect URI)",
  },
  {
    method: "POST",
    path: "/sign-in/email",
    why: "password sign-in for scripts and tests, throttled as the form is",
  },
  { method: "GET", path: "/get-session", why: "whether a cookie holds a live session" },
];

export function isAnsweredAuthEndpoint(method: string, pathname: string): boolean {
  return HTTP_AUTH_ENDPOINTS.some(
    (endpoint) => endpoint.method === method && `${AUTH_BASE_PATH}${endpoint.path}` === pathname,
  );
}

/**
 * The answer without any `token` field. A session's token is the secret the cookie
 * carries (http-only, so scripts cannot read it); better-auth also puts it in the
 * JSON of sign-in and get-session, where any script of the page could.
 */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "token")
        .map(([key, inner]) => [key, withoutTokens(inner)]),
    );
  return value;
}

/** A JSON answer of better-auth's with the tokens taken out; other answers as they are. */
export async function stripSessionTokens(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(withoutTokens(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * The answer of an endpoint while the sign-in storage is silent (not answering:
 * lib/auth/storage-health.ts), at once instead of after the storage's timeout: the
 * OIDC callback, where the browser arrives back from the issuer, goes to the sign-in
 * page saying sign-in is unavailable (the way back into the page the person was going
 * to is in the sign-in's state, which is in the storage); the others answer 503
 * SIGN_IN_UNAVAILABLE, as the data routes do.
 */
export function answerWhileSilent(pathname: string, origin: string): Response {
  if (pathname === `${AUTH_BASE_PATH}/callback/oidc`)
    return new Response(null, {
      status: 302,
      headers: { location: `${origin}/sign-in?error=unavailable`, "cache-control": "no-store" },
    });
  return Response.json(
    { message: SIGN_IN_UNAVAILABLE_MESSAGE, code: "SIGN_IN_UNAVAILABLE", issues: [] },
    { status: 503, headers: { "cache-control": "no-store", "retry-after": "5" } },
  );
}

/**
 * Whether better-auth's `answer` is a failure of the storage: an error (a redirect
 * back to the sign-in page with a reason, or a 5xx) after waiting out its timeout.
 * better-auth words a state it could not read on the callback "internal_server_error",
 * which the sign-in page could only repeat; the route says "unavailable" instead, and
 * the storage goes silent as it does for a session check.
 */
export function failedOnStorage(answer: Response, tookMs: number, health: StorageHealth): boolean {
  const location = answer.headers.get("location") ?? "";
  const failed = answer.status >= 500 || (answer.status >= 300 && /[?&]error=/.test(location));
  return failed && health.tookTheTimeout(tookMs);
}
