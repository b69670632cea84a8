/**
 * Sign-in: the app at AUTH_URL reads a real HTTP API, so it requires
 * sign-in; it signs in by a local account and by a real OIDC issuer with an allow
 * list (e2e/support/oidc-issuer.ts). The demo server (baseURL) runs open and says so.
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { E2E_DB } from "../support/env";
import { startOwnServer } from "../support/own-server";
import {
  AUTH_URL,
  E2E_ACCOUNT,
  ensureSignedIn,
  OIDC_ALLOWED_DOMAIN,
  SESSION_COOKIE,
} from "../support/session";
import { type BrowserContext, expect, type Page, test } from "../support/test";

/** The auth database e2e/support/oidc-issuer.ts gave the app. */
const AUTH_DB = `${E2E_DB}-auth-app.sqlite.auth.sqlite`;
const EIGHT_HOURS = 8 * 60 * 60;

const PAGES = [
  "/",
  "/invoices?statuses=ISSUED",
  `/invoices/${randomUUID()}`,
  "/customers",
  `/customers/${randomUUID()}`,
  "/contracts",
  "/payments",
  "/key",
  "/renewals",
  "/receivables",
];

async function signInWithPassword(page: Page, password: string = E2E_ACCOUNT.password) {
  await page.getByLabel("E-mail address").fill(E2E_ACCOUNT.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(AUTH_URL)).find((c) => c.name === SESSION_COOKIE);
}

/** Signs in through the issuer's login screen as `email` (any password). */
async function signInWithSso(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign in with Test SSO" }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
}

test("every page redirects a visitor without a session to sign-in, keeping where it was going", async ({
  request,
}) => {
  for (const path of PAGES) {
    const res = await request.get(`${AUTH_URL}${path}`, { maxRedirects: 0 });
    expect(res.status(), path).toBe(307);
    const location = new URL(res.headers().location ?? "", AUTH_URL);
    expect(location.pathname, path).toBe("/sign-in");
    expect(location.searchParams.get("next") ?? "/", path).toBe(path);
  }
  // A client navigation (RSC payload) is redirected too, and carries no data.
  const rsc = await request.get(`${AUTH_URL}/invoices`, { headers: { rsc: "1" }, maxRedirects: 0 });
  expect(await rsc.text()).not.toMatch(/INV-\d/);
});

test("the data, export and insight routes answer 401 JSON without a valid session", async ({
  playwright,
}) => {
  for (const cookie of [undefined, `${SESSION_COOKIE}=forged.value`]) {
    const api = await playwright.request.newContext({
      extraHTTPHeaders: cookie ? { cookie } : {},
    });
    for (const path of [
      "/api/data/invoices?limit=2",
      "/api/data/me",
      "/api/export/invoices",
      "/api/insights/receivables",
    ]) {
      const res = await api.get(`${AUTH_URL}${path}`);
      expect(res.status(), `${path} ${cookie ?? ""}`).toBe(401);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await api.dispose();
  }
});

test("a local account signs in (wrong password first), lands where it was going, and sign-out ends the session", async ({
  page,
  playwright,
}) => {
  await page.goto(`${AUTH_URL}/customers?name=a`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcustomers%3Fname%3Da$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  // No navigation nor data for a signed-out visitor.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  await signInWithPassword(page, "not the password at all");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Wrong e-mail address or password.",
  );
  await expect(page).toHaveURL(/\/sign-in\?error=invalid&next=%2Fcustomers%3Fname%3Da$/);
  expect(await sessionCookie(page.context())).toBeUndefined();

  await signInWithPassword(page);
  await expect(page).toHaveURL(`${AUTH_URL}/customers?name=a`);
  await expect(page.getByText(`Signed in as ${E2E_ACCOUNT.email}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();

  // The cookie: http-only, Secure, SameSite=Lax, expiring with the session (8 h).
  const cookie = await sessionCookie(page.context());
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(EIGHT_HOURS - 120);
  expect(cookie!.expires - Date.now() / 1000).toBeLessThan(EIGHT_HOURS + 60);
  expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
  // The data route reads with it.
  const data = await page.request.get(`${AUTH_URL}/api/data/invoices?limit=2`);
  expect(data.status()).toBe(200);
  expect((await data.json()).data).toHaveLength(2);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?signed-out=1$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("You are signed out.");
  expect(await sessionCookie(page.context())).toBeUndefined();
  // The old cookie, replayed, is refused: the session ended on the server.
  const replay = await playwright.request.newContext({
    extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=${cookie!.value}` },
  });
  expect((await replay.get(`${AUTH_URL}/api/data/invoices?limit=2`)).status()).toBe(401);
  const pageRes = await replay.get(`${AUTH_URL}/invoices`, { maxRedirects: 0 });
  expect(pageRes.status()).toBe(307);
  await replay.dispose();
});

test("a session that ends while an insight page is open: Refresh says signed out, with the way back to the page", async ({
  page,
}) => {
  await ensureSignedIn(page, AUTH_URL);
  await page.goto(`${AUTH_URL}/renewals`);
  const refresh = page.getByRole("button", { name: "Refresh" });
  // The visit's own walk (figures missing or stale) over first: Refresh is enabled.
  await expect(refresh).toBeEnabled({ timeout: 30_000 });
  // Signed out in another tab: the browser forgets the session cookie.
  await page.context().clearCookies();
  await refresh.click();
  const failed = page.getByTestId("walk-failed");
  await expect(failed).toContainText("You are signed out");
  // The session, not the API key or a network failure.
  await expect(failed).not.toContainText("INVOICING_API_KEY");
  await expect(failed).not.toContainText("could not be reached");
  await expect(failed.getByRole("link", { name: "Sign in again" })).toHaveAttribute(
    "href",
    `/sign-in?next=${encodeURIComponent("/renewals")}`,
  );
});

test("an expired session is refused by pages and the data route", async ({ page }) => {
  await page.goto(`${AUTH_URL}/sign-in?next=/key`);
  await signInWithPassword(page);
  await expect(page).toHaveURL(`${AUTH_URL}/key`);
  const cookie = await sessionCookie(page.context());
  const token = decodeURIComponent(cookie!.value).split(".")[0]!;
  expect((await page.request.get(`${AUTH_URL}/api/data/me`)).status()).toBe(200);

  // Its row in the auth database expires (as if the TTL had passed).
  const db = new Database(AUTH_DB);
  const changed = db
    .prepare("UPDATE session SET expiresAt = ? WHERE token = ?")
    .run(new Date(Date.now() - 1000).toISOString(), token).changes;
  db.close();
  expect(changed).toBe(1);

  expect((await page.request.get(`${AUTH_URL}/api/data/me`)).status()).toBe(401);
  await page.goto(`${AUTH_URL}/payments`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fpayments$/);
});

/**
 * `next` values that a URL parser normalises to `//evil.example…` (another host, to
 * a browser), or that turn into one when decoded again: open-redirect attempts and
 * their kin.
 */
const OFF_SITE_NEXT = [
  "//evil.example/steal",
  "/\\evil.example",
  "/.//evil.example",
  "/..//evil.example/path",
  "/%2e//evil.example",
  "/a/..//evil.example",
  "/%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "https://evil.example/",
];

test("`next` leads to same-origin paths only, on the GET, the POST and the links", async ({
  page,
}) => {
  // The POST: a form whose hidden `next` an attacker set (the page itself renders a safe one).
  await page.goto(`${AUTH_URL}/sign-in?next=//evil.example/steal`);
  await expect(page.locator('input[name="next"]').first()).toHaveValue("/");
  await page.locator('input[name="next"]').evaluateAll((inputs) => {
    for (const input of inputs) (input as HTMLInputElement).value = "/.//evil.example";
  });
  await signInWithPassword(page);
  await expect(page).toHaveURL(`${AUTH_URL}/`);

  // The GET, signed in: the sign-in page sends the person on, to this site only.
  for (const next of OFF_SITE_NEXT) {
    const res = await page.request.get(`${AUTH_URL}/sign-in?next=${encodeURIComponent(next)}`, {
      maxRedirects: 0,
    });
    expect(res.status(), next).toBe(307);
    expect(res.headers().location, next).toBe("/");
  }
  await page.goto(`${AUTH_URL}/sign-in?next=/contracts`);
  await expect(page).toHaveURL(`${AUTH_URL}/contracts`);
});

/** The `next` values of a page's forms, as the server sends them. */
function nextInputs(html: string): string[] {
  return [...html.matchAll(/<input[^>]*\bname="next"[^>]*>/g)].map(
    (input) => /\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? "",
  );
}

test("signed out, the sign-in page carries only a safe `next` in its forms", async ({
  page,
  request,
}) => {
  // The first in the browser, once its script has run; the others as the server sends
  // the forms (the same code draws them in both).
  const [first, ...rest] = OFF_SITE_NEXT;
  await page.goto(`${AUTH_URL}/sign-in?next=${encodeURIComponent(first!)}`);
  const values = await page
    .locator('input[name="next"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(values.length, first).toBeGreaterThan(0);
  for (const value of values) expect(value, first).toBe("/");
  for (const next of rest) {
    const answer = await request.get(`${AUTH_URL}/sign-in?next=${encodeURIComponent(next)}`);
    const sent = nextInputs(await answer.text());
    expect(sent.length, next).toBeGreaterThan(0);
    for (const value of sent) expect(value, next).toBe("/");
  }
});

test("better-auth's account endpoints answer 404, and no answer carries a session token", async ({
  page,
}) => {
  await ensureSignedIn(page, AUTH_URL);
  const cookie = await sessionCookie(page.context());
  const token = decodeURIComponent(cookie!.value).split(".")[0]!;
  const headers = { origin: AUTH_URL };
  for (const [method, path, data] of [
    ["POST", "/api/auth/update-user", { name: "Mallory" }],
    ["POST", "/api/auth/change-password", { currentPassword: "x", newPassword: "y".repeat(20) }],
    ["POST", "/api/auth/change-email", { newEmail: "mallory@elsewhere.test" }],
    ["POST", "/api/auth/delete-user", {}],
    ["GET", "/api/auth/list-sessions", undefined],
    ["POST", "/api/auth/revoke-other-sessions", {}],
    ["POST", "/api/auth/revoke-sessions", {}],
    ["GET", "/api/auth/list-accounts", undefined],
    [
      "POST",
      "/api/auth/sign-up/email",
      { email: "new@e2e.test", password: "z".repeat(20), name: "N" },
    ],
  ] as const) {
    const res = await page.request.fetch(`${AUTH_URL}${path}`, { method, headers, data });
    expect(res.status(), path).toBe(404);
    expect(await res.json(), path).toMatchObject({ code: "NOT_FOUND" });
  }
  // The session check answers, without the token the cookie holds.
  const session = await page.request.get(`${AUTH_URL}/api/auth/get-session`);
  expect(session.status()).toBe(200);
  const text = await session.text();
  expect(JSON.parse(text).user.email).toBe(E2E_ACCOUNT.email);
  expect(text).not.toContain('"token"');
  expect(text).not.toContain(token);
  // So does password sign-in through better-auth's endpoint.
  const signIn = await page.request.post(`${AUTH_URL}/api/auth/sign-in/email`, {
    headers,
    data: { email: E2E_ACCOUNT.email, password: E2E_ACCOUNT.password },
  });
  expect(signIn.status()).toBe(200);
  const signInText = await signIn.text();
  expect(JSON.parse(signInText).user.email).toBe(E2E_ACCOUNT.email);
  expect(signInText).not.toContain('"token"');
  // The name was not changed.
  await page.goto(`${AUTH_URL}/key`);
  await expect(page.getByText(`Signed in as ${E2E_ACCOUNT.email}`)).toBeVisible();
});

test("a server action posted from another site answers 403, not 500", async ({ request }) => {
  const html = await (await request.get(`${AUTH_URL}/sign-in`)).text();
  const actionId = /name="\$ACTION_ID_([0-9a-f]+)"/.exec(html)?.[1];
  expect(actionId).toBeTruthy();
  // As a script on another site would send it, and as a plain form on another site would.
  const fetchAction = await request.post(`${AUTH_URL}/sign-in`, {
    headers: {
      origin: "https://evil.example",
      "next-action": actionId!,
      "content-type": "text/plain",
    },
    data: "[]",
    maxRedirects: 0,
  });
  expect(fetchAction.status()).toBe(403);
  const formPost = await request.post(`${AUTH_URL}/sign-in`, {
    headers: { origin: "https://evil.example" },
    multipart: {
      [`$ACTION_ID_${actionId}`]: "",
      email: E2E_ACCOUNT.email,
      password: "whatever it is",
      next: "/",
    },
    maxRedirects: 0,
  });
  expect(formPost.status()).toBe(403);
  expect(formPost.headers()["x-content-type-options"]).toBe("nosniff");
});

test("OIDC: an allowed e-mail signs in and lands where it was going", async ({ page }) => {
  const email = `ana.${Date.now()}@${OIDC_ALLOWED_DOMAIN}`;
  await page.goto(`${AUTH_URL}/invoices?statuses=PAID`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await signInWithSso(page, email);
  await expect(page).toHaveURL(`${AUTH_URL}/invoices?statuses=PAID`);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  expect(await sessionCookie(page.context())).toMatchObject({ httpOnly: true, secure: true });
});

test("OIDC: an e-mail off the allow list gets no session and a clear message", async ({ page }) => {
  const email = `eve.${Date.now()}@elsewhere.test`;
  await page.goto(`${AUTH_URL}/payments`);
  await signInWithSso(page, email);
  await expect(page).toHaveURL(/\/sign-in\?.*error=email_not_allowed/);
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "This e-mail address is not allowed to sign in to this dashboard",
  );
  expect(await sessionCookie(page.context())).toBeUndefined();
  expect((await page.request.get(`${AUTH_URL}/api/data/me`)).status()).toBe(401);
  // Nothing was stored for it.
  const db = new Database(AUTH_DB, { readonly: true });
  const users = db.prepare("SELECT COUNT(*) AS n FROM user WHERE email = ?").get(email) as {
    n: number;
  };
  db.close();
  expect(users.n).toBe(0);
});

test("the demo API runs open and says so on screen", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("note")).toContainText("Demo data — open, no sign-in");
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "No sign-in needed" })).toBeVisible();
  // Its link on to the dashboard keeps a `next` on this site only: the first in the
  // browser, the others as the server sends the link.
  const [first, ...rest] = OFF_SITE_NEXT;
  await page.goto(`/sign-in?next=${encodeURIComponent(first!)}`);
  await expect(
    page.getByRole("link", { name: "Continue to the dashboard" }),
    first,
  ).toHaveAttribute("href", "/");
  for (const next of rest) {
    const html = await (await request.get(`/sign-in?next=${encodeURIComponent(next)}`)).text();
    expect(html, next).toMatch(/<a [^>]*href="\/"[^>]*>Continue to the dashboard/);
  }
  await page.goto(`/sign-in?next=${encodeURIComponent("/payments?x=1")}`);
  await expect(page.getByRole("link", { name: "Continue to the dashboard" })).toHaveAttribute(
    "href",
    "/payments?x=1",
  );
  expect((await request.get("/api/auth/get-session")).status()).toBe(404);
  expect((await request.get("/api/data/invoices?limit=1")).status()).toBe(200);
});

// --- servers of their own ------------------------------------------------------------

test("with a real API and no sign-in configuration the server refuses to start", async () => {
  const key = `inv_sk_${randomUUID().replaceAll("-", "")}`;
  const app = await startOwnServer({
    INVOICING_API_URL: "https://api.example.com/v1",
    INVOICING_API_KEY: key,
    AUTH_SECRET: "",
    BETTER_AUTH_SECRET: "",
  });
  const timeout = setTimeout(app.stop, 45_000);
  const code = await app.exited;
  clearTimeout(timeout);
  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(app.output()).toContain("Sign-in is required but not configured");
  expect(app.output()).toContain("AUTH_SECRET is not set");
  expect(app.output()).toContain("The server will not start.");
  expect(app.output()).not.toContain(key);
});

test("an issuer that is down: the SSO button says so, and password sign-in still works", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = await startOwnServer((base) => ({
    INVOICING_API_URL: `${AUTH_URL}/api/v1`,
    INVOICING_API_KEY: "inv_sk_unused_here",
    AUTH_SECRET: randomUUID() + randomUUID(),
    AUTH_URL: base,
    AUTH_DB,
    AUTH_OIDC_ISSUER: "http://127.0.0.1:9",
    AUTH_OIDC_CLIENT_ID: "nobody",
    AUTH_OIDC_CLIENT_SECRET: "nothing",
    AUTH_OIDC_NAME: "Down SSO",
    AUTH_ALLOWED_EMAILS: "@staff.test",
  }));
  const { base } = app;
  try {
    await expect
      .poll(
        () =>
          fetch(`${base}/sign-in`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 45_000 },
      )
      .toBe(200);
    await page.goto(`${base}/sign-in?next=/key`);
    await page.getByRole("button", { name: "Sign in with Down SSO" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Down SSO could not be reached. Try again later.",
      { timeout: 30_000 },
    );
    await expect(page).toHaveURL(/error=sso_unavailable&next=%2Fkey$/);
    await signInWithPassword(page);
    await expect(page).toHaveURL(`${base}/key`);
  } finally {
    app.stop();
  }
  expect(app.output()).toContain("Sign-in: required, by OpenID Connect");
});
