import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Server-only modules are tested here as the server runs them.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
    environment: "node",
    globalSetup: ["lib/sandbox/testing/global-setup.ts", "lib/testing/services-setup.ts"],
    env: { SANDBOX_NOW: "2026-11-22T09:30:00.000Z" },
    // Vitest's default on two cores is one worker: the files one after the other,
    // the other core idle while a file waits (a PostgreSQL starting, a spawned
    // command). Two: the unit tests 120 -> 69 s here, under the same load.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
