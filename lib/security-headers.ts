/**
 * Headers every answer of the app carries. proxy.ts sets them on pages and API routes.
 */

/** JSON routes load nothing and are never framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers common to pages and API answers, with the given Content-Security-Policy. */
export function commonSecurityHeaders(policy: string): Record<string, string> {
  return {
    "Content-Security-Policy": policy,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
}

/** Sets the API answer headers on `response` (mutable headers: a Response we built). */
export function withApiSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(commonSecurityHeaders(API_POLICY)))
    response.headers.set(name, value);
  return response;
}
