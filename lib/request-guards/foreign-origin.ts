import { trustedProxies } from "@/lib/rate-limits/client-address";
import { API_POLICY, commonSecurityHeaders } from "@/lib/security-headers";

/**
 * A server action posted from another site: Next.js refuses to run it (its CSRF
 * check compares the Origin's host with X-Forwarded-Host, else Host) but answers
 * 500, as if the server had failed. proxy.ts asks this first and answers 403 to
 * exactly the posts Next.js would refuse; the same check, so nothing it would run
 * is turned away. Pages take POST only for server actions; API routes check their
 * own origins (better-auth's answers 403 already).
 */
export function foreignActionRefusal(
  method: string,
  pathname: string,
  headers: Headers,
): Response | null {
  if (method !== "POST" || pathname.startsWith("/api/")) return null;
  const origin = headers.get("origin");
  // No Origin: a hand-made request (browsers send one with every POST); Next.js lets it through.
  if (origin === null) return null;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  if (host && originHost(origin) === host) return null;
  return new Response("Forbidden: this form was sent from another site.\n", {
    status: 403,
    headers: {
      ...commonSecurityHeaders(API_POLICY),
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    },
  });
}

/** The host an Origin names, as Next.js reads it ("null" for an opaque origin), or null. */
function originHost(origin: string): string | null {
  if (origin === "null") return "null";
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

type Env = Record<string, string | undefined>;

/** A Host (or X-Forwarded-Host) as a browser's Origin could name it: a name or [IPv6], and a port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The first value of a header a proxy of ours wrote, believed only with TRUST_PROXY set. */
function forwarded(headers: Headers, name: string, env: Env): string | null {
  if (trustedProxies(env) === 0) return null;
  return headers.get(name)?.split(",")[0]?.trim() || null;
}

/**
 * This site's origin (scheme, host and port) for a request: its Host, and the
 * scheme of the public address (AUTH_URL: https behind a TLS proxy) else http, which
 * `next start` serves. X-Forwarded-Host and -Proto only with TRUST_PROXY set: then a
 * proxy of ours wrote them; otherwise anyone could. Null when no origin can be told.
 */
export function siteOrigin(headers: Headers, env: Env = process.env): string | null {
  const host = forwarded(headers, "x-forwarded-host", env) ?? headers.get("host");
  const publicUrl = (env.AUTH_URL || env.BETTER_AUTH_URL || "").trim();
  const scheme =
    forwarded(headers, "x-forwarded-proto", env) ??
    (/^https:\/\//i.test(publicUrl) ? "https" : "http");
  if (!host || !HOST.test(host) || !/^https?$/i.test(scheme)) return null;
  try {
    return new URL(`${scheme.toLowerCase()}://${host}`).origin;
  } catch {
    return null;
  }
}

const refusal = (status: 403 | 415, code: string, message: string) =>
  Response.json(
    { message, code, issues: [] },
    { status, headers: { "cache-control": "no-store" } },
  );

/**
 * A write to this site's own API (saved views) is taken from this site's pages
 * only: an Origin equal to this site's origin, scheme, host and port alike (a
 * browser sends one with every such request; a write with none is refused, as is
 * one a browser marks as cross-site), and a body sent as JSON (a form or a
 * text/plain body, which another site can post without asking, is refused: 415).
 * Null when the write may go ahead; reads pass.
 */
export function siteWriteRefusal(request: Request, env: Env = process.env): Response | null {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return null;
  const { headers } = request;
  const origin = headers.get("origin");
  const site = siteOrigin(headers, env);
  const fetchSite = headers.get("sec-fetch-site");
  if (origin === null)
    return refusal(
      403,
      "FORBIDDEN",
      "This change names no Origin: saved views are changed from this dashboard's own pages only.",
    );
  if (site === null || originOf(origin) !== site || (fetchSite && fetchSite !== "same-origin"))
    return refusal(
      403,
      "FORBIDDEN",
      `This change was sent from another site (${origin}): saved views are changed from this dashboard's own pages only.`,
    );
  const type = headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if ((method === "POST" || method === "PATCH") && type !== "application/json")
    return refusal(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      `A saved view is sent as JSON (Content-Type: application/json), not ${type || "without a type"}.`,
    );
  return null;
}

/** The origin an Origin header names, normalised as a URL's (default port dropped), or null. */
function originOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}
