/**
 * Security headers, the nonce-based Content-Security-Policy, and the proof that the
 * API key never reaches the browser nor the server's output.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import {
  API_DOWN_URL,
  demoKey,
  E2E_DB,
  E2E_NOW,
  LIMITED_KEY_URL,
  REFUSED_KEY_URL,
} from "../support/env";
import {
  authDatabase,
  freePort,
  type Instance,
  requestFrom,
  stallingUpstream,
  startInstance,
} from "../support/instances";
import { reachForList } from "../support/lists";
import { type OwnServer, startOwnServer, untilListening } from "../support/own-server";
import { watchPageProblems } from "../support/page-problems";
import { AUTH_URL, E2E_ACCOUNT, ensureSignedIn, SESSION_COOKIE } from "../support/session";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

/** The keys e2e/support/serve-with-key.ts made for the revoked and limited servers (see e2e/support/side-servers.ts). */
const testKey = (which: "revoked" | "limited" | "auth-app") =>
  fs.readFileSync(`${E2E_DB}-${which}.sqlite.test-key`, "utf8").trim();

/** Every secret that must stay on the server, and its random part alone. */
function secrets(): string[] {
  const keys = [demoKey(), testKey("revoked"), testKey("limited"), testKey("auth-app")];
  for (const key of keys) expect(key).toMatch(/^inv_sk_.{20,}$/);
  return keys.flatMap((key) => [key, key.slice("inv_sk_".length)]);
}

const authOf = (key: string) => ({ authorization: `Bearer ${key}` });
const auth = () => authOf(demoKey());

async function firstId(request: APIRequestContext, list: string): Promise<string> {
  const res = await request.get(`/api/v1/${list}?limit=1`, { headers: auth() });
  expect(res.status()).toBe(200);
  return (await res.json()).data[0].id;
}

function directives(policy: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(" "));
  }
  return map;
}

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

// --- (a) headers -------------------------------------------------------------------

test("every page answers with the nonce policy and the other security headers", async ({
  request,
}) => {
  // The 404 page at paths that look like static assets too: once left out of the
  // proxy by a prefix match, they answered HTML without any of these headers.
  const notFound = new Set([
    "/no-such-page",
    "/no-such-icon.ico",
    "/_next/staticx",
    "/_next/image/x",
  ]);
  for (const path of ["/", "/invoices", "/customers?name=a", "/key", ...notFound]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(notFound.has(path) ? 404 : 200);
    expect(res.headers()["strict-transport-security"], path).toBeUndefined();
    const headers = res.headers();
    const csp = directives(headers["content-security-policy"]);
    const nonce = nonceOf(headers["content-security-policy"]);
    expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(Object.fromEntries(csp), path).toEqual({
      "default-src": "'self'",
      "script-src": `'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data:",
      "connect-src": "'self'",
      "font-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    const permissions = headers["permissions-policy"] ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
      expect(permissions, path).toContain(`${feature}=()`);

    // Every script tag of the page carries this response's nonce, and no other.
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(3);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
});

test("the nonce is new on every request, also for client navigations", async ({ request }) => {
  const policies = await Promise.all(
    [
      request.get("/invoices"),
      request.get("/invoices"),
      request.get("/invoices", { headers: { rsc: "1" } }),
    ].map(async (res) => (await res).headers()["content-security-policy"]),
  );
  const nonces = policies.map(nonceOf);
  for (const nonce of nonces) expect(nonce).toBeTruthy();
  expect(new Set(nonces).size).toBe(nonces.length);
});

test("API routes answer with nosniff, a Referrer-Policy and a policy that loads nothing", async ({
  request,
}) => {
  const invoiceId = await firstId(request, "invoices");
  const cases: { path: string; status: number; headers?: Record<string, string> }[] = [
    { path: "/api/v1/invoices?limit=1", status: 200, headers: auth() },
    { path: "/api/v1/invoices?limit=1", status: 401 },
    { path: `/api/v1/invoices/${invoiceId}`, status: 200, headers: auth() },
    { path: "/api/data/invoices?limit=1", status: 200 },
    { path: "/api/data/invoices?limit=nope", status: 400 },
    { path: "/api/data/nothing-here", status: 404 },
    { path: "/api/v1/invoices/%zz", status: 400 },
  ];
  for (const { path, status, headers } of cases) {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(status);
    const h = res.headers();
    expect(h["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
});

test("a request target that is not a path on this site answers 400, not 500", async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL!).port);
  /** A request line as written (fetch never sends `*`), and the answer's status and headers. */
  const raw = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write(`${line}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
      );
      let out = "";
      socket.on("data", (chunk) => {
        out += chunk;
      });
      socket.on("end", () => resolve(out));
      socket.on("error", reject);
    });
  for (const line of [
    "OPTIONS * HTTP/1.1",
    "GET * HTTP/1.1",
    "GET http://a:99999/ HTTP/1.1",
    "GET http://[::1/ HTTP/1.1",
  ]) {
    const answer = await raw(line);
    expect(answer.split("\r\n")[0], line).toBe("HTTP/1.1 400 Bad Request");
    expect(answer.toLowerCase(), line).toContain("x-content-type-options: nosniff");
  }
  // An absolute-form target is read as its path, on this site: no redirect elsewhere.
  const absolute = await raw("GET http://evil.example/key HTTP/1.1");
  expect(absolute.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
  expect(absolute.toLowerCase()).not.toContain("location:");
});

// --- (a') limits on the costly routes ----------------------------------------------------
// On an instance of their own (one `npm start` process, the open demo, default
// limits). Each flood comes from a loopback address of its own (127.0.0.x): the open
// demo keys these limits on the socket's address, and X-Forwarded-For, which each
// request sets anew, changes nothing.

test.describe("limits on the costly routes", () => {
  let app: Instance;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The e2e demo database, read only: its limits are this instance's own, in its memory.
    app = await startInstance({
      SANDBOX_DB: E2E_DB,
      SANDBOX_NOW: E2E_NOW,
      API_RATE_LIMIT_PER_SEC: "5",
    });
  });
  test.afterAll(async () => app?.stop());

  test("exports: ten a minute per client, then 429 with Retry-After", async () => {
    const baseURL = app.base;
    const small = `${baseURL}/api/export/customers?contractHealths=ENDING`;
    const from = (address: string, i: number) =>
      requestFrom(address, small, { headers: { "x-forwarded-for": `10.1.0.${i}` } });
    const minute: number[] = [];
    for (let i = 0; i < 11; i++) minute.push((await from("127.0.0.21", i)).status);
    expect(minute).toEqual([...Array(10).fill(200), 429]);
    const refused = await from("127.0.0.21", 99);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.text)).toEqual({
      message: `Too many exports: try again in ${wait} s.`,
      code: "RATE_LIMITED",
      issues: [],
    });
  });

  test("insight refreshes: five a minute per client, then 429 with Retry-After", async () => {
    const baseURL = app.base;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof requestFrom>> | null = null;
    for (let i = 0; i < 8; i++) {
      last = await requestFrom("127.0.0.23", `${baseURL}/api/insights/receivables?refresh=true`, {
        headers: { "x-forwarded-for": `10.2.0.${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(last!.text)).toMatchObject({ code: "RATE_LIMITED" });
    // A view read without forcing a walk is not limited.
    const plain = await requestFrom("127.0.0.23", `${baseURL}/api/insights/receivables`);
    expect(plain.status).toBe(200);
  });

  test("the built-in API: API_RATE_LIMIT_PER_SEC per key, then 429 in the API's error shape", async () => {
    // A key of its own (unknown, so each answer is a cheap 401), never the demo key.
    // The instance allows 5 a second: 30 at once get some 429s however slow the machine.
    const key = `inv_sk_${randomBytes(24).toString("base64url")}`;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        requestFrom("127.0.0.24", `${app.base}/api/v1/invoices?limit=1`, {
          headers: authOf(key),
        }),
      ),
    );
    const seconds = Math.ceil((Date.now() - started) / 1000);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5 * (seconds + 1));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length + statuses.filter((s) => s === 401).length).toBe(30);
    for (const answer of refused) {
      expect(answer.headers["retry-after"]).toBe("1");
      expect(JSON.parse(answer.text)).toEqual({
        message: "Too many requests: try again in 1 s.",
        code: "RATE_LIMITED",
        issues: [],
      });
    }
    // Another key is not held up.
    const other = await requestFrom("127.0.0.24", `${app.base}/api/v1/invoices?limit=1`, {
      headers: authOf(demoKey()),
    });
    expect(other.status).toBe(200);
  });
});

test("exports: two at once per account; a third waits until a download ends", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const upstream = await stallingUpstream(`${baseURL}/api/v1`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startInstance(
    {
      INVOICING_API_URL: upstream.url,
      INVOICING_API_KEY: demoKey(),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_URL: base,
      AUTH_DB: await authDatabase({ [E2E_ACCOUNT.email]: E2E_ACCOUNT.password }),
    },
    port,
  );
  const held: Awaited<ReturnType<typeof requestFrom>>[] = [];
  try {
    const { cookie } = await signInCookie(base);
    const exportOf = (hold: boolean) =>
      requestFrom("127.0.0.25", `${base}/api/export/invoices`, { hold, headers: { cookie } });
    // Each sends its first rows, then waits on an upstream page that never comes.
    held.push(await exportOf(true), await exportOf(true));
    expect(held.map((h) => h.status)).toEqual([200, 200]);
    const third = await exportOf(false);
    expect(third.status).toBe(429);
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(third.text)).toMatchObject({
      message: expect.stringMatching(/^Too many exports at once/),
      code: "RATE_LIMITED",
    });
    // The person closes one download: its slot is free again.
    held.shift()!.close();
    await expect
      .poll(
        async () => {
          const again = await exportOf(true);
          if (again.status === 200) held.push(again);
          else again.close();
          return again.status;
        },
        { timeout: 15_000 },
      )
      .toBe(200);
  } finally {
    for (const h of held) h.close();
    await app.stop();
    await upstream.stop();
  }
});

test.describe("with tight limits and an https public address", () => {
  let app: Instance;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    app = await startInstance({
      SANDBOX_DB: E2E_DB,
      SANDBOX_NOW: E2E_NOW,
      AUTH_URL: "https://dashboard.example",
      EXPORTS_PER_MINUTE: "1",
      INSIGHTS_REFRESHES_PER_MINUTE: "1",
      VIEW_SUMS_PER_MINUTE: "1",
    });
  });
  test.afterAll(async () => app?.stop());

  test("pages, the 404 page and API answers ask for https (HSTS)", async ({ request }) => {
    for (const path of [
      "/",
      "/no-such-page",
      "/favicon.ico",
      "/api/v1/health",
      "/api/data/invoices?limit=1",
    ]) {
      const res = await request.get(`${app.base}${path}`);
      expect(res.headers()["strict-transport-security"], path).toBe("max-age=31536000");
    }
  });

  test("a refused export, refresh and sum say so on the page", async ({ page }) => {
    await page.goto(`${app.base}/invoices?statuses=VOIDED`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    await downloading;
    await expect(page.getByTestId("export-status")).toHaveText(/^Exported /);
    await page.getByRole("button", { name: "Export CSV" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not exported" })).toHaveText(
      /^Not exported: Too many exports: try again in \d+ s\. Nothing was downloaded\.$/,
    );
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();

    await page.goto(`${app.base}/receivables`);
    await expect(page.getByTestId("as-of")).toContainText("As of", { timeout: 30_000 });
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled({ timeout: 30_000 });
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not refreshed" })).toHaveText(
      /^Not refreshed: Too many refreshes: try again in \d+ s\. The figures below stay as of the time above\.$/,
    );

    // A view's sum: the first walks; the second within the minute is refused, said as
    // such (not as a sum that failed), and the totals already summed stay on screen.
    await page.goto(`${app.base}/invoices?statuses=ISSUED&hasOutstandingBalance=true`);
    await page.getByRole("button", { name: "Sum this view" }).click();
    const totals = page.getByTestId("view-totals");
    await expect(totals).toBeVisible({ timeout: 60_000 });
    const summed = await totals.textContent();
    await page.getByRole("button", { name: "Sum again" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Too many sums" })).toHaveText(
      /^Too many sums for now: try again in \d+ s\.$/,
    );
    await expect(totals).toHaveText(summed ?? "");
    await expect(page.getByRole("button", { name: "Sum again" })).toBeEnabled();
  });
});

// --- (b) no CSP violation --------------------------------------------------------------

test("no page reports a CSP violation, and pages hydrate and scroll", async ({ page }) => {
  test.setTimeout(60_000);
  // Every other page is loaded, and watched the same way, by its layout test
  // (flows/layout.spec.ts); here the invoice 404 page and the invoices list.
  const problems = await watchPageProblems(page);
  for (const path of ["/invoices/inv_does_not_exist"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(problems, path).toEqual([]);
  }

  // The invoices table: hydrated (scrolling fetches more rows through /api/data).
  await page.goto("/invoices");
  await reachForList(page, "Invoices");
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  const region = page.getByRole("region", { name: "Invoices" });
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByText(/^150 invoices loaded/)).toBeVisible();
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
  await page.waitForLoadState("networkidle");

  // And client-side navigation works: the window survives a click on a nav link.
  await page.evaluate(() => {
    (window as unknown as { __stayed: boolean }).__stayed = true;
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Payments" })
    .click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(
    true,
  );
  expect(problems).toEqual([]);
});

// --- (c) the key never reaches the browser ---------------------------------------------

interface Received {
  url: string;
  text: string;
}

/**
 * Collects the body of every response the page receives. The browser drops a body it
 * no longer needs (a navigation to another origin, for one); such a response is asked
 * for again from the server with the browser's own request headers (`rsc`, the router
 * state), which answers it the same way. Call the returned `settle` before leaving a page.
 */
function recordBodies(page: Page, request: APIRequestContext, into: Received[]) {
  const pending: Promise<void>[] = [];
  let refetched = 0;
  page.on("response", (res) => {
    pending.push(
      res.body().then(
        (body) => {
          into.push({ url: res.url(), text: body.toString("utf8") });
        },
        async () => {
          const status = res.status();
          if ((status >= 300 && status < 400) || res.request().method() !== "GET") return;
          const again = await request.get(res.url(), {
            headers: await res.request().allHeaders(),
            maxRedirects: 0,
          });
          into.push({ url: res.url(), text: await again.text() });
          refetched++;
        },
      ),
    );
  });
  return {
    settle: async () => {
      await page.waitForTimeout(200);
      while (pending.length > 0) await pending.shift();
    },
    refetched: () => refetched,
  };
}

const STATIC = /(?:\/_next\/)?static\/(?:chunks|css|media)\/[\w./-]+?\.(?:js|css|woff2?|svg|png)/g;

async function clickNav(page: Page, name: string, url: RegExp) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("no page, payload, asset or error page the browser receives holds a key", async ({
  page,
  request,
}) => {
  // Every page of four apps: long on a machine shared with other work.
  test.setTimeout(180_000);
  const keys = secrets();
  const received: Received[] = [];
  const recorder = recordBodies(page, request, received);

  // The main app: every page by client navigation (RSC payloads), row links to the
  // detail pages, scrolling (the data route), and the not-found pages.
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await clickNav(page, "Invoices", /\/invoices$/);
  const region = page.getByRole("region", { name: "Invoices" });
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByText(/^150 invoices loaded/)).toBeVisible();
  await region.locator("tbody tr td:first-child a").first().click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+$/);
  await page.waitForLoadState("networkidle");
  await clickNav(page, "Customers", /\/customers$/);
  await page
    .getByRole("region", { name: "Customers" })
    .locator("tbody tr td:first-child a")
    .first()
    .click();
  await expect(page).toHaveURL(/\/customers\/[^/]+$/);
  await page.waitForLoadState("networkidle");
  await clickNav(page, "Contracts", /\/contracts$/);
  await clickNav(page, "Payments", /\/payments$/);
  await clickNav(page, "API key", /\/key$/);
  for (const path of ["/no-such-page", "/invoices/inv_does_not_exist", "/customers/nope"]) {
    await recorder.settle();
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // The app with sign-in on: its sign-in page and a failed attempt as a stranger
  // sees them, then every page and the data route as a signed-in user.
  await recorder.settle();
  await page.goto(`${AUTH_URL}/invoices`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel("E-mail address").fill(E2E_ACCOUNT.email);
  await page.getByLabel("Password").fill("a wrong password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await recorder.settle();
  // Through the form each time (never a session kept from an earlier test), so the
  // crawl always sees the answers to a sign-in too.
  await ensureSignedIn(page, AUTH_URL, { viaForm: true });
  await page.goto(`${AUTH_URL}/invoices`);
  await reachForList(page, "Invoices");
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  await page
    .getByRole("region", { name: "Invoices" })
    .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByText(/^150 invoices loaded/)).toBeVisible();
  await page.waitForLoadState("networkidle");
  await clickNav(page, "Customers", /\/customers$/);
  await clickNav(page, "Contracts", /\/contracts$/);
  await clickNav(page, "Payments", /\/payments$/);
  await clickNav(page, "API key", /\/key$/);

  // The error pages of the refused key, the API that is down and the limited key.
  for (const base of [REFUSED_KEY_URL, API_DOWN_URL, LIMITED_KEY_URL]) {
    await recorder.settle();
    await ensureSignedIn(page, base, { viaForm: true });
    await page.goto(`${base}/invoices`);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await clickNav(page, "Customers", /\/customers$/);
    await clickNav(page, "API key", /\/key$/);
  }
  await recorder.settle();

  // Every static asset any of those named, fetched from the server itself.
  const assets = new Set<string>();
  for (const { text } of received)
    for (const match of text.matchAll(STATIC))
      assets.add(match[0].startsWith("/_next/") ? match[0] : `/_next/${match[0]}`);
  const fetched = new Set(received.map((r) => new URL(r.url).pathname));
  let extra = 0;
  for (const asset of assets) {
    if (fetched.has(asset)) continue;
    const res = await request.get(asset);
    if (res.ok()) {
      received.push({ url: asset, text: await res.text() });
      extra++;
    }
  }

  // The crawl saw what it meant to: HTML, scripts, styles, RSC payloads and data.
  const kinds = (pattern: RegExp) => received.filter((r) => pattern.test(r.url)).length;
  expect(kinds(/\/_next\/static\/chunks\/.+\.js/)).toBeGreaterThan(5);
  expect(kinds(/\.css(\?|$)/)).toBeGreaterThan(0);
  expect(kinds(/[?&]_rsc=/)).toBeGreaterThan(5);
  expect(kinds(/\/api\/data\/invoices/)).toBeGreaterThan(0);
  for (const base of [REFUSED_KEY_URL, API_DOWN_URL, LIMITED_KEY_URL, AUTH_URL])
    expect(
      received.filter((r) => r.url.startsWith(base)).map((r) => new URL(r.url).pathname),
    ).toEqual(expect.arrayContaining(["/invoices", "/customers", "/key"]));
  expect(received.filter((r) => r.url.startsWith(`${AUTH_URL}/sign-in`)).length).toBeGreaterThan(0);
  expect(
    received.filter((r) => r.url.startsWith(`${AUTH_URL}/api/data/invoices`)).length,
  ).toBeGreaterThan(0);
  test.info().annotations.push({
    type: "crawl",
    description: `${received.length} bodies (${recorder.refetched()} asked for again; ${assets.size} static assets named, ${extra} fetched directly)`,
  });

  const leaks = received.flatMap(({ url, text }) =>
    keys.filter((key) => text.includes(key)).map((key) => `${url} holds ${key.slice(0, 10)}…`),
  );
  expect(leaks).toEqual([]);
});

// --- the key never reaches the server's output ----------------------------------------

/**
 * Sign-in settings for an app reading a real API: a fresh auth database in a temp
 * folder holding the e2e account (made with `npm run auth`), a secret and its address.
 */
async function signInEnv(): Promise<(base: string) => Record<string, string>> {
  const authDb = await authDatabase({ [E2E_ACCOUNT.email]: E2E_ACCOUNT.password });
  return (base) => ({
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    AUTH_URL: base,
    AUTH_DB: authDb,
  });
}

/** Signs in through better-auth's endpoint; the cookie header to send, or "" when the app runs open. */
async function signInCookie(base: string, password: string = E2E_ACCOUNT.password) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: E2E_ACCOUNT.email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return { status: res.status, cookie: cookie ?? "" };
}

/** `npm start` of this build on a free port, once it listens. */
async function startApp(
  env: Record<string, string> | ((base: string) => Record<string, string>),
): Promise<OwnServer> {
  const server = await startOwnServer(env);
  await untilListening(server);
  return server;
}

/** Pages and routes fetched from each app, good ones and errors. */
const OUTPUT_PATHS = [
  "/",
  "/invoices",
  "/customers",
  "/key",
  "/invoices/inv_does_not_exist",
  "/no-such-page",
  "/invoices/%zz",
  "/invoices?statuses=NOT_A_STATUS",
  "/api/data/invoices?limit=2",
  "/api/data/invoices?limit=nope",
  "/api/data/secrets",
  "/sign-in",
  "/sign-in?error=invalid&next=%2Finvoices",
  "/api/auth/get-session",
];

/**
 * The apps whose output is read: apps reading a real API require sign-in, so they get
 * its settings, and their pages are fetched signed in (after a failed attempt, so that
 * is logged too). `made` is a key the test makes, `main` the main e2e server.
 */
const OUTPUT_SETUPS: {
  name: string;
  env: (
    made: string,
    main: string,
  ) => Promise<Record<string, string> | ((base: string) => Record<string, string>)>;
  dataStatus: (s: number) => boolean;
}[] = [
  {
    name: "the built-in API with the demo key, set explicitly",
    env: async () => ({ SANDBOX_DB: E2E_DB, INVOICING_API_KEY: demoKey() }),
    dataStatus: (s) => s === 200,
  },
  {
    name: "a real HTTP upstream (the main e2e server) that refuses the key",
    env: async (made, main) => {
      const signIn = await signInEnv();
      return (base) => ({
        INVOICING_API_URL: `${main}/api/v1`,
        INVOICING_API_KEY: made,
        ...signIn(base),
      });
    },
    dataStatus: (s) => s === 401,
  },
  {
    name: "an upstream that is down",
    env: async (made) => {
      const signIn = await signInEnv();
      return (base) => ({
        INVOICING_API_URL: "http://127.0.0.1:9/api/v1",
        INVOICING_API_KEY: made,
        INVOICING_API_TIMEOUT_MS: "1000",
        ...signIn(base),
      });
    },
    dataStatus: (s) => s >= 500,
  },
];

// One test per app, so the three start on workers of their own rather than one after
// another in one test.
for (const setup of OUTPUT_SETUPS)
  test(`the server's output never prints the key, on good pages or errors: ${setup.name}`, async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const made = `inv_sk_${randomBytes(32).toString("base64url")}`;
    const env = await setup.env(made, baseURL!);
    const app = await startApp(env);
    try {
      const signsIn = typeof env === "function";
      let cookie = "";
      if (signsIn) {
        expect((await signInCookie(app.base, "a wrong password!")).status).toBe(401);
        const signedIn = await signInCookie(app.base);
        expect(signedIn.status, setup.name).toBe(200);
        cookie = signedIn.cookie;
        expect(cookie).not.toBe("");
      }
      const headers = { cookie };
      for (const path of OUTPUT_PATHS) {
        const res = await fetch(`${app.base}${path}`, { headers });
        const body = await res.text();
        expect(body, `${setup.name}: ${path}`).not.toContain(demoKey());
        expect(body, `${setup.name}: ${path}`).not.toContain(made);
      }
      // The upstream answered as meant, so the errors worth logging did happen.
      const data = await fetch(`${app.base}/api/data/invoices?limit=2`, { headers });
      expect(setup.dataStatus(data.status), `${setup.name}: ${data.status}`).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      app.stop();
    }
    const output = app.output();
    expect(output, setup.name).toContain("Ready");
    for (const key of [demoKey(), made, made.slice("inv_sk_".length)])
      expect(output, setup.name).not.toContain(key);
  });

// --- answers proxy.ts does not make --------------------------------------------------

test.describe("answers proxy.ts never sees, or sees before the route answers", () => {
  const API_HEADERS = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  };

  test("a trailing-slash redirect and a static script carry the security headers", async ({
    request,
  }) => {
    const redirect = await request.get("/invoices/", { maxRedirects: 0 });
    expect(redirect.status()).toBe(308);
    expect(redirect.headers().location).toBe("/invoices");
    expect(redirect.headers()).toMatchObject(API_HEADERS);

    const html = await (await request.get("/")).text();
    const script = /\/_next\/static\/[\w./-]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()).toMatchObject(API_HEADERS);
    // Next.js's own year-long caching of static files stays.
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a 405 and the malformed-escape 400 say no-store", async ({ request }) => {
    for (const method of ["DELETE", "PUT", "POST"] as const) {
      const res = await request.fetch("/api/health", { method });
      expect(res.status(), method).toBe(405);
      expect(res.headers()["cache-control"], method).toBe("no-store");
      expect(res.headers(), method).toMatchObject(API_HEADERS);
    }
    const viewRead = await request.get("/api/views/00000000-0000-4000-8000-000000000000");
    expect(viewRead.status()).toBe(405);
    expect(viewRead.headers()["cache-control"]).toBe("no-store");
    expect(viewRead.headers().allow).toBe("PATCH, DELETE");
    for (const path of ["/%E0%A4%A", "/api/data/%E0%A4%A"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(400);
      expect(res.headers()["cache-control"], path).toBe("no-store");
      expect(res.headers(), path).toMatchObject(API_HEADERS);
    }
  });
});
