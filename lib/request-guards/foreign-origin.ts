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
