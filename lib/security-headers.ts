/**
 * Headers every answer of the app carries: server.ts sets defaults on each, proxy.ts
 * the policy of pages and API routes.
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

/**
 * What server.ts sets on every answer before Next.js answers, so that answers proxy.ts
 * never sees (a trailing-slash redirect, a static file) carry the policy too. Headers
 * set here win over a route's own (Next.js keeps a header already set), so only
 * values no route sets otherwise: Cache-Control only for methods other than GET and
 * HEAD (a 405 among them), which every route answers no-store, while Next.js decides
 * it for GET (static files are cached for a year).
 */
export function defaultAnswerHeaders(method: string | undefined): Record<string, string> {
  const safe = method === "GET" || method === "HEAD";
  return { ...commonSecurityHeaders(API_POLICY), ...(safe ? {} : { "Cache-Control": "no-store" }) };
}
