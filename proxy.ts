import { type NextRequest, NextResponse } from "next/server";
import { PATH_HEADER } from "@/lib/auth/config";
import { foreignActionRefusal } from "@/lib/request-guards/foreign-origin";
import { API_POLICY, commonSecurityHeaders } from "@/lib/security-headers";

/**
 * The page policy, with a fresh nonce per request. Next.js reads the nonce from the
 * request's Content-Security-Policy header while it renders and puts it on its own
 * scripts; 'strict-dynamic' lets those scripts load the chunks they import, and
 * nothing else runs. Styles need 'unsafe-inline': React renders `style` attributes
 * (the virtualized tables position rows and size columns with them), and a nonce
 * cannot cover attributes. No 'unsafe-eval' outside `next dev` (React uses eval there
 * only, to rebuild server error stacks).
 */
function pagePolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Powerful browser features the dashboard never uses, denied to it and to anything it embeds. */
const PERMISSIONS_POLICY = [
  "camera",
  "microphone",
  "geolocation",
  "payment",
  "usb",
  "serial",
  "hid",
  "midi",
  "magnetometer",
  "gyroscope",
  "accelerometer",
  "display-capture",
  "browsing-topics",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

function withCommonHeaders(response: NextResponse, policy: string): NextResponse {
  for (const [name, value] of Object.entries(commonSecurityHeaders(policy)))
    response.headers.set(name, value);
  return response;
}

/** 16 random bytes, base64: unguessable, and a valid CSP nonce-source. */
function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Runs before every route except static assets: security headers on every answer,
 * and a clear 400 for a malformed percent-escape.
 *
 * Next.js fails with a 500 when a path segment holds a malformed percent-escape
 * (`/invoices/%`) while decoding route params, before any route code runs. Bad
 * input must get a clear 400 instead: JSON in the API's error shape for API paths,
 * a short page for the rest.
 */
export function proxy(request: NextRequest) {
  const raw = new URL(request.url).pathname;
  const isApi = raw.startsWith("/api/");
  const foreign = foreignActionRefusal(request.method, raw, request.headers);
  if (foreign) return foreign;
  try {
    decodeURIComponent(raw);
  } catch {
    if (isApi)
      return withCommonHeaders(
        NextResponse.json(
          {
            message: "Input validation failed",
            code: "BAD_REQUEST",
            issues: [{ message: "path: holds a malformed percent-escape" }],
          },
          { status: 400, headers: { "cache-control": "no-store" } },
        ),
        API_POLICY,
      );
    return withCommonHeaders(
      new NextResponse(
        "Bad request: the address holds a malformed percent-escape (a % not followed by two hex digits).",
        {
          status: 400,
          headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
        },
      ),
      API_POLICY,
    );
  }
  if (isApi) return withCommonHeaders(NextResponse.next(), API_POLICY);

  const policy = pagePolicy(newNonce());
  // Next.js takes the nonce from the request's policy header while rendering.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  // The page's own address, for the sign-in redirect's `next` (a client's value is replaced).
  const query = new URLSearchParams(request.nextUrl.search);
  query.delete("_rsc");
  requestHeaders.set(
    PATH_HEADER,
    `${request.nextUrl.pathname}${query.size > 0 ? `?${query}` : ""}`,
  );
  const response = withCommonHeaders(
    NextResponse.next({ request: { headers: requestHeaders } }),
    policy,
  );
  response.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  return response;
}

/**
 * Everything but static assets: the data route too, the hot path of scrolling, so
 * every answer gets its headers here (one request pipeline, the same in `next dev`).
 * The exclusions are whole path segments: a prefix alone (`/_next/staticx`) would let
 * the HTML 404 page out without its headers.
 */
export const config = {
  matcher: ["/((?!_next/static/|_next/image$).*)"],
};
