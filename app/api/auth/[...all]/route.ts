import { authSetup, getAuth } from "@/lib/auth/server";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * better-auth's endpoints (OIDC callback, sign-in, sign-out, session). Absent when the
 * dashboard runs open; a clear 503 when sign-in is required but misconfigured.
 */
async function handle(request: Request): Promise<Response> {
  const setup = authSetup();
  const headers = { "cache-control": "no-store" };
  if (setup.mode === "open")
    return Response.json(
      { message: "Sign-in is off: the dashboard runs open.", code: "NOT_FOUND", issues: [] },
      { status: 404, headers },
    );
  if (setup.mode === "invalid")
    return Response.json(
      {
        message: "Sign-in is required but not configured.",
        code: "AUTH_NOT_CONFIGURED",
        issues: [],
      },
      { status: 503, headers },
    );
  return (await getAuth()).handler(request);
}

export const GET = handle;
export const POST = handle;
