import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

import { E2E_DB, E2E_NOW } from "./e2e/env";

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
  webServer: {
    // A fresh demo database with the clock pinned, then the production build.
    command: `npm run sandbox -- seed --reset && npx next start -p ${PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: { SANDBOX_DB: E2E_DB, SANDBOX_NOW: E2E_NOW, PORT: String(PORT) },
    stdout: "pipe",
    stderr: "pipe",
  },
});
