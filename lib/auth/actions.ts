"use server";

import { APIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeNext } from "@/lib/auth/config";
import { type Auth, OIDC_PROVIDER_ID } from "@/lib/auth/instance";
import { authSetup, getAuth, getStorageHealth } from "@/lib/auth/server";
import { rootCause, type StorageHealth } from "@/lib/auth/storage-health";

/**
 * The sign-in page's forms post here (server actions: no client code, and Next.js
 * refuses cross-origin posts). Failures go back to the sign-in page with a reason
 * code it words; `next` is kept, same-origin paths only.
 */

const text = (form: FormData, name: string) => {
  const v = form.get(name);
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
async function openStorage(): Promise<{ auth: Auth; health: StorageHealth } | null> {
  try {
    const [auth, health] = await Promise.all([getAuth(), getStorageHealth()]);
    return { auth, health };
  } catch (error) {
    console.error(
      `[auth] password sign-in: the sign-in storage could not be opened: ${rootCause(error)}`,
    );
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
  const storage = await openStorage();
  // Not answering (a session check waited out its timeout): said at once, not after
  // this sign-in waited it out again.
  if (!storage || storage.health.silent) backToSignIn("unavailable", next);
  const { auth, health } = storage;
  let failure: string | null = null;
  let wait: number | null = null;
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
      health.failed(reason);
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
  let url: string | null = null;
  try {
    const auth = await getAuth();
    const started = await auth.api.signInSocial({
      body: {
        provider: OIDC_PROVIDER_ID,
        callbackURL: next,
        // better-auth appends error=<reason> to this address.
        errorCallbackURL: `/sign-in${errorQuery}`,
        disableRedirect: true,
      },
      headers: await headers(),
    });
    url = started.url ?? null;
  } catch (error) {
    // Discovery failed (the issuer is down or misnamed): better-auth has no provider.
    console.error(`[auth] single sign-on could not start: ${(error as Error).message}`);
  }
  if (!url) backToSignIn("sso_unavailable", next);
  redirect(url);
}

export async function signOut(): Promise<void> {
  const setup = authSetup();
  if (setup.mode === "required") {
    try {
      const auth = await getAuth();
      // Deletes the session row (the cookie is refused from now on) and clears the cookie.
      await auth.api.signOut({ headers: await headers() });
    } catch (error) {
      console.error(`[auth] sign-out: ${(error as Error).message}`);
    }
  }
  redirect("/sign-in?signed-out=1");
}
