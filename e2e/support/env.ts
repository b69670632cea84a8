import fs from "node:fs";

/** The e2e server's database and pinned clock (playwright.config.ts starts it with these). */
export const E2E_DB = process.env.E2E_DB ?? ".data/e2e.sqlite";
export const E2E_NOW = "2026-11-22T09:30:00.000Z";

/** The demo key the seed wrote beside the database (server-side file; tests read it directly). */
export function demoKey(): string {
  return fs.readFileSync(`${E2E_DB}.demo-key`, "utf8").trim();
}

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The app with a revoked key. */
export const REFUSED_KEY_URL = `http://127.0.0.1:${PORT + 100}`;
/** The app whose API is down. */
export const API_DOWN_URL = `http://127.0.0.1:${PORT + 200}`;
/** The app with a key that may read invoices and payments only. */
export const LIMITED_KEY_URL = `http://127.0.0.1:${PORT + 300}`;
/** The app reading the fault-injecting upstream (e2e/support/fault-upstream.ts). */
export const FAULTS_URL = `http://127.0.0.1:${PORT + 400}`;
/** The fault-injecting upstream's control endpoint. */
export const FAULT_CONTROL_URL = `http://127.0.0.1:${PORT + 450}/__faults`;
/** How it answers the key page's check of the API (lib/api-check/testing/divergence.ts). */
export const DIVERGENCE_CONTROL_URL = `http://127.0.0.1:${PORT + 450}/__divergence`;
