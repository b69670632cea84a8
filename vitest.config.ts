import fs from "node:fs";
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
 * process of its own, which takes TZ as set), so the global set-up runs once.
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

const UNIT_TESTS = [
  "lib/**/*.test.ts",
  "deploy/**/*.test.ts",
  "components/**/*.test.ts",
  "components/**/*.test.tsx",
];
const GLOBAL_SETUP = ["lib/sandbox/testing/global-setup.ts", "lib/testing/services-setup.ts"];
/** What every unit test project has (they do not extend the root, whose global set-up would run again in each). */
const UNIT = {
  environment: "node" as const,
  env: { SANDBOX_NOW },
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * Test files that change what the whole process shares (its environment, timers,
 * globals, mocked modules), found by what they call: each runs in a process of its
 * own. The rest share their worker's loaded modules (isolate: false), which saves
 * loading them again for each file (docs/decisions.md).
 */
const CHANGES_THE_PROCESS =
  /process\.env(\.[A-Z_]+|\[[^\]]+\])\s*=[^=]|delete process\.env|stubEnv|stubGlobal|vi\.mock\(|useFakeTimers|resetModules/;
const OWN_PROCESS = ["lib", "components"]
  .flatMap((dir) =>
    fs
      .readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: "utf8" })
      .map((file) => path.join(dir, file)),
  )
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) =>
    CHANGES_THE_PROCESS.test(fs.readFileSync(path.join(import.meta.dirname, file), "utf8")),
  );

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        test: {
          ...UNIT,
          name: "unit",
          include: UNIT_TESTS,
          exclude: OWN_PROCESS,
          isolate: false,
        },
      },
      {
        resolve,
        test: { ...UNIT, name: "unit, a process each", include: OWN_PROCESS },
      },
      inZone("America/Los_Angeles"),
      inZone("Pacific/Auckland"),
    ],
    // Once for the whole run, at its root: the values it provides reach every project.
    globalSetup: GLOBAL_SETUP,
    // At least two: with one, a core idles while a file waits on a service (docs/decisions.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
