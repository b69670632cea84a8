import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { describeProblems, PATH_HEADER, safeNext } from "./config";
import { authSetup, getAuth } from "./server";

/**
 * Who is looking. "open" when the dashboard runs without sign-in (the built-in demo API),
 * otherwise the signed-in user.
 */
export type Viewer =
  | { kind: "open" }
  | { kind: "user"; userId: string; email: string; name: string; sessionId: string };

/**
 * The session the request's cookie names, checked against the auth database (expired,
 * signed-out and revoked sessions are refused at once), or null.
 */
async function sessionViewer(requestHeaders: Headers): Promise<Viewer | null> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: requestHeaders });
  if (!found) return null;
  return {
    kind: "user",
    userId: found.user.id,
    email: found.user.email,
    name: found.user.name,
    sessionId: found.session.id,
  };
}

/**
 * The viewer of the page being rendered, or null when sign-in is required and there
 * is no valid session. Once per request (layout and page share it). Throws when
 * sign-in is required but misconfigured: the page fails closed.
 */
export const currentViewer = cache(async (): Promise<Viewer | null> => {
  const setup = authSetup();
  if (setup.mode === "open") return { kind: "open" };
  if (setup.mode === "invalid") throw new Error(describeProblems(setup.problems));
  return sessionViewer(await headers());
});

/** For server components (pages, layouts): the viewer, or a redirect to the sign-in page. */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await currentViewer();
  if (viewer) return viewer;
  const here = safeNext((await headers()).get(PATH_HEADER));
  redirect(here === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(here)}`);
}

function unauthorized(status: 401 | 503, code: string, message: string): Response {
  return Response.json(
    { message, code, issues: [] },
    { status, headers: { "cache-control": "no-store" } },
  );
}

/** For route handlers: the viewer, or a 401 JSON response to return as is. */
export async function viewerForRequest(request: Request): Promise<Viewer | Response> {
  const setup = authSetup();
  if (setup.mode === "open") return { kind: "open" };
  if (setup.mode === "invalid")
    return unauthorized(503, "AUTH_NOT_CONFIGURED", "Sign-in is required but not configured.");
  const viewer = await sessionViewer(request.headers);
  return viewer ?? unauthorized(401, "UNAUTHENTICATED", "Sign in to read this data.");
}
