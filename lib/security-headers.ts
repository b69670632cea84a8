/**
 * Headers every answer of the app carries. proxy.ts sets them on pages and API routes.
 */

/** JSON routes load nothing and are never framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Strict-Transport-Security once the dashboard's public address (AUTH_URL) is https:
 * browsers then reach it over https only, for a year, even from a typed http:// link.
 * Not includeSubDomains: other hosts of the domain are not ours to decide for.
 */
export function transportSecurity(
  env: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const publicUrl = (env.AUTH_URL ?? env.BETTER_AUTH_URL ?? "").trim();
  return /^https:\/\//i.test(publicUrl) ? { "Strict-Transport-Security": "max-age=31536000" } : {};
}

/** The headers common to pages and API answers, with the given Content-Security-Policy. */
export function commonSecurityHeaders(policy: string): Record<string, string> {
  return {
    "Content-Security-Policy": policy,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...transportSecurity(),
  };
}

/** Sets the API answer headers on `response` (mutable headers: a Response we built). */
export function withApiSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(commonSecurityHeaders(API_POLICY)))
    response.headers.set(name, value);
  return response;
}
