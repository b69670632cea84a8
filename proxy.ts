import { type NextRequest, NextResponse } from "next/server";

/**
 * Next.js fails with a 500 when a path segment holds a malformed percent-escape
 * (`/invoices/%`) while decoding route params, before any route code runs. Bad
 * input must get a clear 400 instead: JSON in the API's error shape for API paths,
 * a short page for the rest.
 */
export function proxy(request: NextRequest) {
  const raw = new URL(request.url).pathname;
  try {
    decodeURIComponent(raw);
  } catch {
    if (raw.startsWith("/api/"))
      return NextResponse.json(
        {
          message: "Input validation failed",
          code: "BAD_REQUEST",
          issues: [{ message: "path: holds a malformed percent-escape" }],
        },
        { status: 400 },
      );
    return new NextResponse(
      "Bad request: the address holds a malformed percent-escape (a % not followed by two hex digits).",
      { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } },
    );
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
