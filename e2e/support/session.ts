import { type Cookie, expect, type Page } from "@playwright/test";

/**
 * The e2e servers that require sign-in (those reading a real API) get this local
 * account, made with `npm run auth -- users add` before they start
 * (e2e/support/side-servers.ts, e2e/support/oidc-issuer.ts).
 */
export const E2E_ACCOUNT = {
  email: "staff@e2e.test",
  name: "E2E Staff",
  password: "e2e staff password, not a secret",
} as const;

/**
 * The limits of the e2e servers that require sign-in. Limits are kept per account,
 * and every worker signs in as E2E_ACCOUNT: four workers' scrolling, refreshes and
 * sums in one allowance would answer a test 429 at random, as on the main server,
 * whose browsers all come from one address (playwright.config.ts). So would the cap
 * on an account's sessions: a run's sign-ins (each worker's, the sign-in tests')
 * would end a session another worker is still using. The limits themselves are
 * tested on servers of their own.
 */
export const SHARED_ACCOUNT_LIMITS = {
  AUTH_MAX_SESSIONS: "100",
  DATA_RATE_LIMIT_BURST: "400",
  DATA_RATE_LIMIT_PER_SEC: "100",
  EXPORTS_AT_ONCE: "8",
  EXPORTS_PER_MINUTE: "100",
  VIEW_SUMS_PER_MINUTE: "100",
  INSIGHTS_REFRESHES_PER_MINUTE: "100",
  API_CHECKS_PER_MINUTE: "100",
} as const;

/** The OIDC client registered at e2e/support/oidc-issuer.ts, and the domain the app allows. */
export const OIDC_CLIENT = { id: "dashboard-e2e", secret: "e2e-oidc-client-secret" } as const;
export const OIDC_ALLOWED_DOMAIN = "staff.test";

/** better-auth's session cookie (Secure, hence the prefix; cookiePrefix "invoicing"). */
export const SESSION_COOKIE = "__Secure-invoicing.session_token";
/** Every cookie better-auth sets for a session (the token, and its cached session data). */
const SESSION_COOKIE_PREFIX = "__Secure-invoicing.";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The app with sign-in on (local accounts and OIDC), reading a real HTTP API. */
export const AUTH_URL = `http://127.0.0.1:${PORT + 500}`;
/** Its OpenID Connect issuer. */
export const OIDC_ISSUER_URL = `http://127.0.0.1:${PORT + 550}`;

/**
 * Whether the app at `baseURL` sees a session, asked of better-auth itself (cookies
 * are per host, not per port: another e2e app's cookie may be there and mean nothing
 * here). Null when the app runs open (no auth routes).
 */
async function signedIn(page: Page, baseURL: string): Promise<boolean | null> {
  const res = await page.request.get(`${baseURL}/api/auth/get-session`);
  if (res.status() === 404) return null;
  return (await res.text()) !== "null";
}

/**
 * The session cookies this worker got by signing in, per app. A later test on that app
 * adds them to its fresh context instead of signing in again: the sign-in page, the
 * password's hash and the page after it cost about 2 core-seconds each time (the
 * pattern Playwright documents as reusing signed-in state). A session signed out or
 * revoked since is seen as such, and the form is used again.
 */
const keptSessions = new Map<string, Cookie[]>();

/**
 * Signs `page` in to the app at `baseURL` with E2E_ACCOUNT when that app requires
 * sign-in (an app reading a real API). A no-op for an app that runs open (the
 * built-in demo API) or a page already signed in there. After it, `page.request`
 * carries the session cookie too. The first time in a worker (or with `viaForm`) it
 * uses the sign-in form, as a person would, and returns once the app sees the session
 * (without waiting for the page after sign-in); later it reuses that session.
 */
export async function ensureSignedIn(
  page: Page,
  baseURL: string,
  { viaForm = false }: { viaForm?: boolean } = {},
): Promise<void> {
  if ((await signedIn(page, baseURL)) !== false) return;
  const kept = keptSessions.get(baseURL);
  if (kept && !viaForm) {
    await page.context().addCookies(kept);
    if (await signedIn(page, baseURL)) return;
    keptSessions.delete(baseURL);
  }
  // After signing in the form goes on to /key, which reads only /me from the API (the
  // fault tests count requests per API path).
  await page.goto(`${baseURL}/sign-in?next=/key`);
  const form = page.getByRole("button", { name: "Sign in", exact: true });
  await page.getByLabel("E-mail address").fill(E2E_ACCOUNT.email);
  await page.getByLabel("Password").fill(E2E_ACCOUNT.password);
  await form.click();
  await expect.poll(() => signedIn(page, baseURL), { timeout: 15_000 }).toBe(true);
  const cookies = await page.context().cookies(baseURL);
  keptSessions.set(
    baseURL,
    cookies.filter((cookie) => cookie.name.startsWith(SESSION_COOKIE_PREFIX)),
  );
}
