"use server";

import { APIError } from "better-auth/api";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeNext } from "@/lib/auth/config";
import { endSession } from "@/lib/auth/end-session";
import { type Auth, OIDC_PROVIDER_ID } from "@/lib/auth/instance";
import { queueSignOut } from "@/lib/auth/pending-sign-outs";
import { authSetup, getAuth, getStorageHealth, sharedSignOuts } from "@/lib/auth/server";
import { SESSION_COOKIE, sessionCookieOf } from "@/lib/auth/session-cookie";
import { rootCause, type StorageHealth } from "@/lib/auth/storage-health";

/**
 * The sign-in page's forms post here (server actions: no client code, and Next.js
 * refuses cross-origin posts). Failures go back to the sign-in page with a reason
 * code it words; `next` is kept, same-origin paths only.
 */

// An action's argument is whatever the request's body decodes to: not always a form.
const text = (form: unknown, name: string) => {
  const v = form instanceof FormData ? form.get(name) : null;
  return typeof v === "string" ? v : "";
};

function backToSignIn(error: string, next: string, extra: Record<string, string> = {}): never {
  const query = new URLSearchParams({ error, ...extra });
  if (next !== "/") query.set("next", next);
  redirect(`/sign-in?${query}`);
}

/**
 * The HTTP status of a better-auth APIError, known by its shape as well as its class:
 * the auth instance may have been built in another of Next.js's module layers (a page
 * render, the instrumentation hook), whose copy of the class `instanceof` does not see.
 */
function apiErrorStatus(error: unknown): number | null {
  if (error instanceof APIError) return error.statusCode;
  if (error instanceof Error && error.name === "APIError") {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number") return status;
  }
  return null;
}

/** The wait a throttle refusal names (lib/auth/throttle-hooks.ts), in whole seconds. */
function retryAfterOf(error: unknown): number {
  const wait = Number((error as { body?: { retryAfterSec?: unknown } }).body?.retryAfterSec);
  return Number.isInteger(wait) && wait > 0 ? wait : 60;
}

/** The better-auth instance and its storage's health, or null when it cannot be opened. */
async function openStorage(doing: string): Promise<{ auth: Auth; health: StorageHealth } | null> {
  try {
    const [auth, health] = await Promise.all([getAuth(), getStorageHealth()]);
    return { auth, health };
  } catch (error) {
    console.error(`[auth] ${doing}: the sign-in storage could not be opened: ${rootCause(error)}`);
    return null;
  }
}

export async function signInWithPassword(form: FormData): Promise<void> {
  const next = safeNext(text(form, "next"));
  const setup = authSetup();
  if (setup.mode === "open") redirect(next);
  if (setup.mode === "required" && !setup.config.localAccounts) backToSignIn("no_local", next);
  const email = text(form, "email").trim();
  const password = text(form, "password");
  if (!email || !password) backToSignIn("missing", next);
  const storage = await openStorage("password sign-in");
  // Not answering (a session check waited out its timeout): said at once, not after
  // this sign-in waited it out again.
  if (!storage || storage.health.silent) backToSignIn("unavailable", next);
  const { auth, health } = storage;
  let failure: string | null = null;
  let wait: number | null = null;
  const started = Date.now();
  try {
    // The sign-in throttle runs inside better-auth (lib/auth/throttle-hooks.ts), for
    // this call and its HTTP endpoint alike, keyed on the request's client address.
    await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: await headers(),
    });
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === 429) {
      failure = "too_many";
      wait = retryAfterOf(error);
    } else if (status === 401 || status === 400) {
      failure = "invalid";
    } else {
      const reason = rootCause(error);
      console.error(`[auth] password sign-in failed: ${reason}`);
      health.failed(reason, Date.now() - started);
      failure = "unavailable";
    }
  }
  if (failure) backToSignIn(failure, next, wait === null ? {} : { wait: String(wait) });
  health.answered();
  redirect(next);
}

export async function signInWithSso(form: FormData): Promise<void> {
  const next = safeNext(text(form, "next"));
  const setup = authSetup();
  if (setup.mode === "open") redirect(next);
  if (setup.mode === "required" && !setup.config.oidc) backToSignIn("no_sso", next);
  const errorQuery = next === "/" ? "" : `?next=${encodeURIComponent(next)}`;
  // The sign-in's state is kept in the storage until the issuer sends the person back:
  // while it is not answering, said at once, as the password form does.
  const storage = await openStorage("single sign-on");
  if (!storage || storage.health.silent) backToSignIn("unavailable", next);
  const { auth, health } = storage;
  let url: string | null = null;
  let failure = "sso_unavailable";
  const started = Date.now();
  try {
    const begun = await auth.api.signInSocial({
      body: {
        provider: OIDC_PROVIDER_ID,
        callbackURL: next,
        // better-auth appends error=<reason> to this address.
        errorCallbackURL: `/sign-in${errorQuery}`,
        disableRedirect: true,
      },
      headers: await headers(),
    });
    url = begun.url ?? null;
    // Its state was written: the storage answered.
    if (url) health.answered();
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status !== null && status < 500) {
      // Discovery failed (the issuer is down or misnamed): better-auth has no provider.
      console.error(`[auth] single sign-on could not start: ${(error as Error).message}`);
    } else {
      // Its state could not be written: the storage, not the issuer.
      const reason = rootCause(error);
      console.error(`[auth] single sign-on could not start: ${reason}`);
      health.failed(reason, Date.now() - started);
      failure = "unavailable";
    }
  }
  if (!url) backToSignIn(failure, next);
  redirect(url);
}

/**
 * Ends the session on the server (its row deleted: the cookie is refused from then on)
 * and clears the cookie. When the storage cannot record it (down, or not answering),
 * the browser still forgets the session at once, the session is ended as soon as the
 * storage answers (lib/auth/pending-sign-outs.ts), and the sign-in page says so: a
 * person who signs out is never told so while their cookie stays valid.
 */
export async function signOut(): Promise<void> {
  const requestHeaders = await headers();
  const cookie = sessionCookieOf(requestHeaders);
  if (authSetup().mode !== "required" || !cookie) redirect("/sign-in?signed-out=1");
  const outcome = await endThisSession(requestHeaders);
  if (outcome === "ended") redirect("/sign-in?signed-out=1");
  await forgetSessionCookie();
  if (outcome === "no session") redirect("/sign-in?signed-out=1");
  await queueSignOut(cookie, sharedSignOuts());
  redirect("/sign-in?signed-out=later");
}

/**
 * The session ended on the server (lib/auth/end-session.ts), unless the storage is
 * known silent: "ended", "no session" (the cookie named none: forged, or already
 * ended), or "not recorded".
 */
async function endThisSession(
  requestHeaders: Headers,
): Promise<"ended" | "no session" | "not recorded"> {
  const storage = await openStorage("sign-out");
  if (!storage || storage.health.silent) return "not recorded";
  const started = Date.now();
  try {
    const outcome = await endSession(storage.auth, requestHeaders);
    storage.health.answered();
    return outcome;
  } catch (error) {
    const reason = rootCause(error);
    console.error(`[auth] sign-out could not be recorded: ${reason}`);
    storage.health.failed(reason, Date.now() - started);
    return "not recorded";
  }
}

/** Clears the session cookie in the browser, as better-auth's sign-out does. */
async function forgetSessionCookie(): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, "", {
    path: "/",
    secure: true,
    httpOnly: true,
    sameSite: "lax",
    maxAge: 0,
  });
}
