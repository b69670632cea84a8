import http from "node:http";
import { API_POLICY, commonSecurityHeaders } from "@/lib/security-headers";

/**
 * A request whose target is not a path on this site gets a 400 before Next.js sees
 * it: Next.js answers `OPTIONS *` (the asterisk-form) and an absolute URL it cannot
 * parse (`http://a:99999/`) with a 500, and redirects an absolute-form target to its
 * own host. Installed on every HTTP server of the process from instrumentation.ts,
 * like the client-address stamp (lib/rate-limits/client-address.ts), since `next
 * start` offers no hook between the socket and its router.
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

const GUARDED = Symbol.for("invoicing-dashboard.request-target-guard");

const BAD_TARGET =
  "Bad request: the request target must be a path on this site (such as /invoices), not * nor an unparsable address.\n";

/** Installs the guard on every HTTP server of this process (idempotent). */
export function refuseBadRequestTargets(): void {
  const proto = http.Server.prototype as unknown as Record<symbol, unknown> & {
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
  };
  if (proto[GUARDED]) return;
  proto[GUARDED] = true;
  const emit = proto.emit;
  proto.emit = function guardedEmit(event, ...args) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      const res = args[1] as http.ServerResponse;
      const path = originFormOf(req.url);
      if (path === null) {
        res.writeHead(400, {
          ...commonSecurityHeaders(API_POLICY),
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
          connection: "close",
        });
        res.end(BAD_TARGET);
        return true;
      }
      req.url = path;
    }
    return emit.call(this, event, ...args);
  };
}
