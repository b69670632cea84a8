import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

import { E2E_DB, E2E_NOW } from "./e2e/env";
import { E2E_ACCOUNT } from "./e2e/session";
import { chromiumForTests } from "./lib/testing/chromium";

/**
 * The main server; PORT + 100 serves the app with a revoked key, PORT + 200 with its
 * API down, PORT + 300 with a key lacking the customers and contracts claims,
 * PORT + 400 with the fault-injecting upstream on PORT + 450 (e2e/fault-upstream.ts),
 * PORT + 500 with sign-in on and its OIDC issuer on PORT + 550 (e2e/oidc-issuer.ts).
 * The servers reading a real API (+200, +400, +500) require sign-in (e2e/session.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * A TypeScript script run by node itself with tsx's loader (`npm run sandbox` and `npm
 * run auth` run the same files): `npx tsx` put npx, a shell and a second node before
 * each of the servers' set-up steps, about a second each, and Playwright starts its
 * servers one after another.
 */
const TSX = "node --import tsx";

/**
 * Apps reading a real API require sign-in: their own auth database, made afresh with
 * the e2e account (`npm run auth`) before `next start`, and the settings sign-in needs.
 */
function signInSetup(port: number, authDb: string) {
  return {
    command: `rm -f ${authDb} ${authDb}-wal ${authDb}-shm && printf '%s' '${E2E_ACCOUNT.password}' | ${TSX} lib/auth/cli.ts users add --email ${E2E_ACCOUNT.email} --name '${E2E_ACCOUNT.name}' --password-stdin >/dev/null && `,
    env: {
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_URL: `http://127.0.0.1:${port}`,
      AUTH_DB: authDb,
    },
  };
}
const apiDown = signInSetup(PORT + 200, `${E2E_DB}-down.auth.sqlite`);
const faults = signInSetup(PORT + 400, `${E2E_DB}-faults.auth.sqlite`);

// Debian's chromium, else Playwright's own, installed now if missing (before any
// server starts), else a stop naming the command to run: lib/testing/chromium.ts.
const launchOptions = chromiumForTests();

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Four at once on two cores: a test mostly waits (on a server, the browser, a
  // Retry-After), so two workers left the cores idle about half the run; six were no
  // quicker (287 s against 283 s for the whole run, back to back) (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || 4,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 60_000,
  // A page on a loaded machine may take longer than Playwright's 5 s to show what a
  // person would see; a passing check still returns as soon as it holds.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace of a failing test when asked for (E2E_TRACE=1; or --trace with any mode):
    // recording one for every test, kept or not, cost about a quarter of the tests' time
    // (customers.spec.ts 44 -> 32 s) for a file opened only after a failure, which still
    // leaves its error and a screenshot without it.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } }],
  webServer: [
    {
      // A fresh demo database with the clock pinned, then the production build.
      // Idle connections kept past any test's pauses: a request sent on one the server
      // was closing at its default 5 s is reset (ECONNRESET), which is not the app's failure.
      command: `${TSX} lib/sandbox/cli.ts seed --reset && npm start -- -p ${PORT} -H 127.0.0.1 --keepAliveTimeout 65000`,
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      // Every worker's browser reads from 127.0.0.1, one client to the data route's and
      // the costly routes' limits: four people's worth of scrolling, exports and sums in
      // one allowance would answer a test 429 at random. So would the built-in API's
      // limit per key: every worker's direct API calls use the one demo key (api-http's
      // hostile queries alone send 100 a second). The limits themselves are tested on
      // servers of their own (rate-limits, faults, security's costly routes and API).
      env: {
        SANDBOX_DB: E2E_DB,
        SANDBOX_NOW: E2E_NOW,
        PORT: String(PORT),
        DATA_RATE_LIMIT_BURST: "400",
        DATA_RATE_LIMIT_PER_SEC: "100",
        API_RATE_LIMIT_PER_SEC: "1000",
        EXPORTS_AT_ONCE: "8",
        EXPORTS_PER_MINUTE: "100",
        VIEW_SUMS_PER_MINUTE: "100",
      },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The same app with a key that was revoked before it was used.
      command: `${TSX} e2e/serve-with-key.ts --port ${PORT + 100} --db ${E2E_DB}-revoked.sqlite --revoke`,
      url: `http://127.0.0.1:${PORT + 100}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { SANDBOX_NOW: E2E_NOW },
    },
    {
      // The same app with a key that may read invoices and payments only.
      command: `${TSX} e2e/serve-with-key.ts --port ${PORT + 300} --db ${E2E_DB}-limited.sqlite --claims invoices:read,payments:read`,
      url: `http://127.0.0.1:${PORT + 300}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { SANDBOX_NOW: E2E_NOW },
    },
    {
      // The same app pointed at an API that is down (nothing listens on that port).
      command: `${apiDown.command}npm start -- -p ${PORT + 200} -H 127.0.0.1`,
      url: `http://127.0.0.1:${PORT + 200}/sign-in`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        INVOICING_API_URL: "http://127.0.0.1:9/api/v1",
        INVOICING_API_KEY: "inv_sk_unused",
        INVOICING_API_TIMEOUT_MS: "2000",
        ...apiDown.env,
      },
    },
    {
      // The same app reading a real HTTP API that injects faults on request; it
      // proxies to the main server's built-in API.
      command: `${faults.command}${TSX} e2e/fault-upstream.ts --port ${PORT + 450} --app-port ${PORT + 400} --target http://127.0.0.1:${PORT}/api/v1 --key-file ${E2E_DB}.demo-key --timeout-ms 1000`,
      url: `http://127.0.0.1:${PORT + 400}/sign-in`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: faults.env,
    },
    {
      // The app with sign-in on (local accounts and OIDC with an allow list) reading
      // its own built-in API over HTTP, and a real OIDC issuer on PORT + 550.
      command: `${TSX} e2e/oidc-issuer.ts --port ${PORT + 550} --app-port ${PORT + 500} --db ${E2E_DB}-auth-app.sqlite`,
      url: `http://127.0.0.1:${PORT + 500}/sign-in`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { SANDBOX_NOW: E2E_NOW },
    },
  ],
});
