import "server-only";
import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { describeProblems, PATH_HEADER, safeNext } from "./config";
import type { Auth } from "./instance";
import { authSetup, getAuth, getStorageHealth } from "./server";
import { sessionCookieOf } from "./session-cookie";
import { rootCause, SIGN_IN_UNAVAILABLE_MESSAGE, type StorageHealth } from "./storage-health";

export { SIGN_IN_UNAVAILABLE_MESSAGE };

/**
 * Who is looking. "open" when the dashboard runs without sign-in (the built-in demo API),
 * otherwise the signed-in user.
 */
export type Viewer =
  | { kind: "open" }
  | { kind: "user"; userId: string; email: string; name: string; sessionId: string };

/**
 * The sign-in storage could not be read (its database down, or not answering within
 * AUTH_DATABASE_TIMEOUT_MS): no session can be checked, so nobody is let in, and
 * nobody is signed out either. Pages send the person to the sign-in page, which says
 * so; route handlers answer 503.
 */
export class SignInUnavailable extends Error {
  override name = "SignInUnavailable";
}

/**
 * The session the request's cookie names, checked against the auth database (expired,
 * signed-out and revoked sessions are refused at once), or null. Throws
 * SignInUnavailable when the database cannot be read.
 */
async function sessionViewer(requestHeaders: Headers): Promise<Viewer | null> {
  const found = await readSession(requestHeaders);
  if (!found) return null;
  return {
    kind: "user",
    userId: found.user.id,
    email: found.user.email,
    name: found.user.name,
    sessionId: found.session.id,
  };
}

async function readSession(requestHeaders: Headers) {
  // No session cookie, no session: nothing to ask the storage (a person signed out
  // while it was not answering is shown the sign-in form, not "unavailable").
  if (!sessionCookieOf(requestHeaders)) return null;
  let auth: Auth;
  let health: StorageHealth;
  try {
    [auth, health] = await Promise.all([getAuth(), getStorageHealth()]);
  } catch (error) {
    // Tried again at the next request; the start said so too (lib/auth/startup.ts).
    throw new SignInUnavailable(`The sign-in storage could not be opened: ${rootCause(error)}`);
  }
  if (health.silent)
    throw new SignInUnavailable("The sign-in storage is not answering (pinged until it does)");
  const started = Date.now();
  try {
    const found = await auth.api.getSession({ headers: requestHeaders });
    health.answered();
    return found;
  } catch (error) {
    // A session that vanished while being refreshed: signed out, not a storage failure.
    if (isAPIError(error) && error.statusCode === 401) return null;
    const reason = rootCause(error);
    health.failed(reason, Date.now() - started);
    throw new SignInUnavailable(`The sign-in storage could not be read: ${reason}`);
  }
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

/**
 * For server components (pages, layouts): the viewer, or a redirect to the sign-in
 * page, which says so when the sign-in storage cannot be read (SignInUnavailable) and
 * brings the person back here once it can.
 */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await currentViewer().catch((error: unknown) => {
    if (error instanceof SignInUnavailable) return null;
    throw error;
  });
  if (viewer) return viewer;
  const here = safeNext((await headers()).get(PATH_HEADER));
  redirect(here === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(here)}`);
}

function unauthorized(
  status: 401 | 503,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { message, code, issues: [] },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );
}

/** For route handlers: the viewer, or a 401 (or 503) JSON response to return as is. */
export async function viewerForRequest(request: Request): Promise<Viewer | Response> {
  const setup = authSetup();
  if (setup.mode === "open") return { kind: "open" };
  if (setup.mode === "invalid")
    return unauthorized(503, "AUTH_NOT_CONFIGURED", "Sign-in is required but not configured.");
  try {
    const viewer = await sessionViewer(request.headers);
    return viewer ?? unauthorized(401, "UNAUTHENTICATED", "Sign in to read this data.");
  } catch (error) {
    if (!(error instanceof SignInUnavailable)) throw error;
    return unauthorized(503, "SIGN_IN_UNAVAILABLE", SIGN_IN_UNAVAILABLE_MESSAGE, {
      "retry-after": "5",
    });
  }
}
