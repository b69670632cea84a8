import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

import { E2E_DB, E2E_NOW } from "./e2e/env";

/**
 * The main server; PORT + 100 serves the app with a revoked key, PORT + 200 with its
 * API down, PORT + 300 with a key lacking the customers and contracts claims,
 * PORT + 400 with the fault-injecting upstream on PORT + 450 (e2e/fault-upstream.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);

// Debian's chromium where it exists (CI, this machine); Playwright's own browser elsewhere.
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const launchOptions = fs.existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    }
  : {};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } }],
  webServer: [
    {
      // A fresh demo database with the clock pinned, then the production build.
      command: `npm run sandbox -- seed --reset && npx next start -p ${PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { SANDBOX_DB: E2E_DB, SANDBOX_NOW: E2E_NOW, PORT: String(PORT) },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The same app with a key that was revoked before it was used.
      command: `npx tsx e2e/serve-with-key.ts --port ${PORT + 100} --db ${E2E_DB}-revoked.sqlite --revoke`,
      url: `http://127.0.0.1:${PORT + 100}/api/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { SANDBOX_NOW: E2E_NOW },
    },
    {
      // The same app with a key that may read invoices and payments only.
      command: `npx tsx e2e/serve-with-key.ts --port ${PORT + 300} --db ${E2E_DB}-limited.sqlite --claims invoices:read,payments:read`,
      url: `http://127.0.0.1:${PORT + 300}/api/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { SANDBOX_NOW: E2E_NOW },
    },
    {
      // The same app pointed at an API that is down (nothing listens on that port).
      command: `npx next start -p ${PORT + 200} -H 127.0.0.1`,
      url: `http://127.0.0.1:${PORT + 200}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: {
        INVOICING_API_URL: "http://127.0.0.1:9/api/v1",
        INVOICING_API_KEY: "inv_sk_unused",
        INVOICING_API_TIMEOUT_MS: "2000",
      },
    },
    {
      // The same app reading a real HTTP API that injects faults on request; it
      // proxies to the main server's built-in API.
      command: `npx tsx e2e/fault-upstream.ts --port ${PORT + 450} --app-port ${PORT + 400} --target http://127.0.0.1:${PORT}/api/v1 --key-file ${E2E_DB}.demo-key --timeout-ms 1000`,
      url: `http://127.0.0.1:${PORT + 400}/api/data/me`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
