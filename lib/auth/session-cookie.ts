/**
 * The session cookie better-auth sets (lib/auth/instance.ts): Secure always, so its
 * name carries the __Secure- prefix. Its value is signed; it is read here only to
 * tell whether a request names a session at all, and to replay it as is.
 */
export const COOKIE_PREFIX = "invoicing";
export const SESSION_COOKIE = `__Secure-${COOKIE_PREFIX}.session_token`;

/** The request's `name=value` pair of the session cookie, as sent, or null. */
export function sessionCookieOf(headers: Headers): string | null {
  const pairs = headers.get("cookie")?.split(";") ?? [];
  const found = pairs
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  return found && found.length > SESSION_COOKIE.length + 1 ? found : null;
}
