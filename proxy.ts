import { type NextRequest, NextResponse } from "next/server";

/**
 * Next.js fails with a 500 when a path segment holds a malformed percent-escape
 * (`/api/v1/invoices/%`) while decoding route params, before any route code runs.
 * The API promises a 400 naming the problem for any bad input, so such paths are
 * answered here. Only API paths pass through this proxy.
 */
export function proxy(request: NextRequest) {
  const raw = new URL(request.url).pathname;
  try {
    decodeURIComponent(raw);
  } catch {
    return NextResponse.json(
      {
        message: "Input validation failed",
        code: "BAD_REQUEST",
        issues: [{ message: "path: holds a malformed percent-escape" }],
      },
      { status: 400 },
    );
  }
  return NextResponse.next();
}

export const config = { matcher: ["/api/v1/:path*", "/api/data/:path*"] };
