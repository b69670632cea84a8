import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const resolve = {
  alias: {
    "@": path.resolve(import.meta.dirname),
    // Server-only modules are tested here as the server runs them.
    "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
  },
};
const SANDBOX_NOW = "2026-11-22T09:30:00.000Z";

/**
 * The display rules again in a zone behind UTC and one ahead: calendar dates must not
 * move with the viewer's zone. Projects of the same run (each test file runs in a
 * process of its own, which takes TZ as set), not two more runs of vitest, each of
 * which seeded a database and started a Redis this file does not use.
 */
const inZone = (timeZone: string) => ({
  resolve,
  test: {
    name: `display rules, TZ=${timeZone}`,
    include: ["lib/format.test.ts"],
    environment: "node" as const,
    env: { SANDBOX_NOW, TZ: timeZone },
  },
});

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
          globalSetup: ["lib/sandbox/testing/global-setup.ts", "lib/testing/services-setup.ts"],
        },
      },
      inZone("America/Los_Angeles"),
      inZone("Pacific/Auckland"),
    ],
    environment: "node",
    env: { SANDBOX_NOW },
    // Vitest's default on two cores is one worker: the files one after the other,
    // the other core idle while a file waits (a PostgreSQL starting, a spawned
    // command). Two: the unit tests 120 -> 69 s here, under the same load.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
