import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { API_POLICY, commonSecurityHeaders } from "@/lib/security-headers";
import { answerDataRequest } from "./data-endpoint";

const gzipAsync = promisify(gzip);
const PREFIX = "/api/data/";

/** The key server.mjs looks up on globalThis for the direct path (set by instrumentation.ts). */
export const DIRECT_DATA_ROUTE = Symbol.for("invoicing-dashboard.direct-data-route");

/** The data route's path segments, or null for a path Next.js should judge (odd or malformed). */
function dataSegments(pathname: string): string[] | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const parts = pathname.slice(PREFIX.length).split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..")) return null;
  try {
    return parts.map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * Answers a well-formed GET of the data route straight from Node's request, without
 * Next.js's router: the same function as the route (answerDataRequest), so the same
 * session check, allow-list, rate limit and headers. Returns false, having written
 * nothing, for anything else; server.mjs then hands the request to Next.js.
 *
 * Why: the data route is the hot path of scrolling, and under load (bench:load) the
 * router, its web-stream response and its compression cost more CPU per data
 * request than the built-in API's answer itself.
 */
export async function serveDataDirect(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== "GET" || !req.url) return false;
  const query = req.url.indexOf("?");
  const segments = dataSegments(query === -1 ? req.url : req.url.slice(0, query));
  if (!segments) return false;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  // As Next.js does: the socket's address when the client sent none (the open demo's rate-limit key).
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress)
    headers.set("x-forwarded-for", req.socket.remoteAddress);
  // The route reads only the path and query of the URL: a fixed origin, so no Host
  // header, however odd, can make the URL unparsable.
  const response = await answerDataRequest(
    new Request(`http://dashboard.internal${req.url}`, { headers }),
    segments,
  ).catch(unexpectedFailure);
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  const outHeaders: Record<string, string> = Object.fromEntries(response.headers);
  if (body.length > 1024 && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
    body = await gzipAsync(body, { level: 3 });
    outHeaders["content-encoding"] = "gzip";
    outHeaders.vary = "Accept-Encoding";
  }
  outHeaders["content-length"] = String(body.length);
  res.writeHead(response.status, outHeaders);
  res.end(body);
  return true;
}

/** What Next.js would answer for an exception in the route: a 500 in the API's error shape, never a stack. */
function unexpectedFailure(error: unknown): Response {
  console.error("The data route failed:", error instanceof Error ? error.message : error);
  return Response.json(
    { message: "An unexpected error occurred.", code: "INTERNAL_SERVER_ERROR", issues: [] },
    {
      status: 500,
      headers: { "cache-control": "no-store", ...commonSecurityHeaders(API_POLICY) },
    },
  );
}
