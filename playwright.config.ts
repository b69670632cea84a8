import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

import { E2E_DB, E2E_NOW } from "./e2e/support/env";
import { chromiumForTests } from "./lib/testing/chromium";

/**
 * The main server, started first; then, all at once by the global set-up, the servers
 * beside it (e2e/support/side-servers.ts): PORT + 100 serves the app with a revoked key,
 * PORT + 200 with its API down, PORT + 300 with a key lacking the customers and
 * contracts claims, PORT + 400 with the fault-injecting upstream on PORT + 450
 * (e2e/support/fault-upstream.ts), PORT + 500 with sign-in on and its OIDC issuer on
 * PORT + 550 (e2e/support/oidc-issuer.ts). The servers reading a real API (+200, +400, +500)
 * require sign-in (e2e/support/session.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * One worker thread for the built-in API of every server the tests start beside the
 * main one (the side servers, and those a test starts for itself: they inherit this
 * environment). The pool's default is a thread per core, up to four; each costs about
 * a core-second to start, and these servers answer a few requests each. The main
 * server, which all four workers read at once, keeps the default.
 */
process.env.SANDBOX_WORKERS ??= "1";
const MAIN_SERVER_SANDBOX_WORKERS = String(Math.min(4, os.availableParallelism()));

/**
 * A TypeScript script run by node itself with tsx's loader (`npm run sandbox` and `npm
 * run auth` run the same files): `npx tsx` put npx, a shell and a second node before
 * the server's set-up step, about a second.
 */
const TSX = "node --import tsx";

// Debian's chromium, else Playwright's own, installed now if missing (before any
// server starts), else a stop naming the command to run: lib/testing/chromium.ts.
const launchOptions = chromiumForTests();

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Four at once on two cores: a test mostly waits (on a server, the browser, a
  // Retry-After); more were no quicker (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || 4,
  // None by default, so a flaky test shows; CI allows one (E2E_RETRIES) and the list
  // reporter still names every test that needed it as flaky.
  retries: Number(process.env.E2E_RETRIES) || 0,
  // Each test.step printed as it ends: a test that runs out its time (the deployment's)
  // shows in the log how far it got.
  reporter: [["list", { printSteps: true }]],
  timeout: 60_000,
  // A page on a loaded machine may take longer than Playwright's 5 s to show what a
  // person would see; a passing check still returns as soon as it holds.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace of a failing test when asked for (E2E_TRACE=1; or --trace with any mode):
    // recording one for every test costs about a quarter of the tests' time, and a
    // failure still leaves its error and a screenshot without it.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } }],
  globalSetup: "./e2e/support/side-servers.ts",
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
        SANDBOX_WORKERS: MAIN_SERVER_SANDBOX_WORKERS,
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
  ],
});
