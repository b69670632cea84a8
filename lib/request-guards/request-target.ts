import type { IncomingMessage, ServerResponse } from "node:http";
import { API_POLICY, commonSecurityHeaders } from "@/lib/security-headers";

/**
 * A request whose target is not a path on this site gets a 400 before Next.js sees
 * it (server.ts): Next.js answers `OPTIONS *` (the asterisk-form) and an absolute URL
 * it cannot parse (`http://a:99999/`) with a 500, and redirects an absolute-form
 * target to its own host.
 */

/**
 * The origin-form (`/path?query`) Next.js should see for a request target, or null
 * when the target names no path on this site: `*`, an authority (`host:443`), an
 * unparsable URL. An absolute-form target (`http://host/path`, which clients send
 * to proxies) is read as its path, as RFC 9112 (3.2.2) lets a server do.
 */
export function originFormOf(target: string | undefined): string | null {
  if (!target) return null;
  try {
    if (target.startsWith("/")) {
      new URL(target, "http://localhost");
      return target;
    }
    if (/^https?:\/\//i.test(target)) {
      const url = new URL(target);
      return `${url.pathname}${url.search}`;
    }
  } catch {}
  return null;
}

const BAD_TARGET =
  "Bad request: the request target must be a path on this site (such as /invoices), not * nor an unparsable address.\n";

/**
 * Answers 400 when the request's target names no path here and returns true; else
 * rewrites an absolute-form target to its path and returns false.
 */
export function refuseBadRequestTarget(req: IncomingMessage, res: ServerResponse): boolean {
  const path = originFormOf(req.url);
  if (path !== null) {
    req.url = path;
    return false;
  }
  res.writeHead(400, {
    ...commonSecurityHeaders(API_POLICY),
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    connection: "close",
  });
  res.end(BAD_TARGET);
  return true;
}
