/**
 * The browser the browser tests launch, found or installed before anything else
 * starts: `npm test` runs this file first (`npm run test:browser-setup`), and
 * playwright.config.ts calls `chromiumForTests()` when it is loaded, before its web
 * servers, so a machine without a browser learns it at once.
 *
 * In order:
 * 1. Debian's chromium: its headless shell (package `chromium-headless-shell`) when
 *    installed, else `/usr/bin/chromium` (or wherever `E2E_CHROMIUM` says to look: a
 *    path that does not exist walks the rest of the chain on a machine that has
 *    them). The headless shell is what Playwright itself runs headless tests in, and
 *    lighter than the whole browser's headless mode (docs/decisions.md);
 * 2. Playwright's own chromium, downloaded by `npx playwright install chromium`
 *    when missing (given `E2E_BROWSER_DOWNLOAD_TIMEOUT_MS`, 120 s by default: where
 *    downloads other than npm's are blocked it fails within seconds);
 * 3. on Debian, as root: Debian's headless shell, installed with apt-get;
 * 4. else an error naming the one command to run.
 *
 * Written here rather than taken from a library: the chain is three commands and a
 * few file checks, and each step is the project's own choice.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { isMain } from "../cli/io";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
/** The program itself: `/usr/bin/chromium-headless-shell` is a shell script that does not exec it. */
export const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
/** Debian's package of the headless shell, which the chain installs and names. */
const HEADLESS_SHELL_PACKAGE = "chromium-headless-shell";

/** Debian's chromium and its headless shell want these to run headless in a container. */
const SYSTEM_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

export type BrowserChoice =
  | { kind: "system"; executablePath: string; how: string }
  | { kind: "playwright"; executablePath: string; how: string };

/** What the chain looks at and does, real by default (tests give their own). */
export interface BrowserProbes {
  /** Where to look for Debian's chromium first, best first. */
  systemPaths: string[];
  isExecutable(file: string): boolean;
  /** Where Playwright's own chromium is, installed or not. */
  playwrightPath(): string;
  /** Runs `npx playwright install chromium`; true when it succeeded. */
  installPlaywrightChromium(): boolean;
  isDebian(): boolean;
  isRoot(): boolean;
  /** Runs apt-get to install Debian's headless shell; true when it succeeded. */
  installDebianChromium(): boolean;
  log(message: string): void;
}

export class NoBrowserError extends Error {}

/** The chain itself: the browser to launch, or a NoBrowserError naming the command to run. */
export function chooseBrowser(probes: BrowserProbes): BrowserChoice {
  const system = probes.systemPaths.find((file) => probes.isExecutable(file));
  if (system) {
    if (system === DEBIAN_CHROMIUM && probes.systemPaths.includes(DEBIAN_HEADLESS_SHELL))
      probes.log(
        `the browser tests run about 30 % quicker in Debian's headless shell: apt-get install ${HEADLESS_SHELL_PACKAGE}`,
      );
    return { kind: "system", executablePath: system, how: "found" };
  }

  const bundled = probes.playwrightPath();
  if (probes.isExecutable(bundled))
    return { kind: "playwright", executablePath: bundled, how: "found" };
  probes.log(`no chromium at ${probes.systemPaths.join(" or ")}: installing Playwright's own`);
  if (probes.installPlaywrightChromium() && probes.isExecutable(bundled))
    return { kind: "playwright", executablePath: bundled, how: "installed" };

  if (probes.isDebian() && probes.isRoot()) {
    probes.log("Playwright's chromium could not be downloaded: installing Debian's with apt-get");
    if (probes.installDebianChromium() && probes.isExecutable(DEBIAN_HEADLESS_SHELL))
      return { kind: "system", executablePath: DEBIAN_HEADLESS_SHELL, how: "installed" };
  }

  const command =
    probes.isDebian() && !probes.isRoot()
      ? `sudo apt-get install -y ${HEADLESS_SHELL_PACKAGE}`
      : "npx playwright install --with-deps chromium";
  throw new NoBrowserError(
    `The browser tests need chromium, and none could be found or installed here. Run:\n\n    ${command}\n`,
  );
}

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Runs a command with its output shown; false when it fails or outlasts `timeoutMs`. */
function runs(command: string, args: string[], timeoutMs: number, env = process.env): boolean {
  const result = spawnSync(command, args, { stdio: "inherit", timeout: timeoutMs, env });
  return result.status === 0;
}

const onPath = (command: string) =>
  spawnSync(command, ["--version"], { stdio: "ignore", timeout: 10_000 }).status === 0;

/** `wholeBrowser`: Debian's chromium itself, never its headless shell. */
export function realProbes(
  env: NodeJS.ProcessEnv = process.env,
  wholeBrowser = false,
): BrowserProbes {
  const downloadTimeoutMs = Number(env.E2E_BROWSER_DOWNLOAD_TIMEOUT_MS) || 120_000;
  const apt = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  const aptInstall = [
    "install",
    "-y",
    "--no-install-recommends",
    "--no-upgrade",
    HEADLESS_SHELL_PACKAGE,
  ];
  return {
    systemPaths: env.E2E_CHROMIUM
      ? [env.E2E_CHROMIUM]
      : wholeBrowser
        ? [DEBIAN_CHROMIUM]
        : [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM],
    isExecutable,
    playwrightPath: () => chromium.executablePath(),
    installPlaywrightChromium: () =>
      runs("npx", ["playwright", "install", "chromium"], downloadTimeoutMs),
    isDebian: () => fs.existsSync("/etc/debian_version") && onPath("apt-get"),
    isRoot: () => process.getuid?.() === 0,
    // A fresh machine may have no package lists yet: read them once when the install misses.
    installDebianChromium: () =>
      runs("apt-get", aptInstall, 600_000, apt) ||
      (runs("apt-get", ["update"], 300_000, apt) && runs("apt-get", aptInstall, 600_000, apt)),
    log: (message) => process.stderr.write(`[browser tests] ${message}\n`),
  };
}

/** Set once the chain has run: Playwright's workers load the config again and reuse it. */
const CHOSEN = "E2E_CHROMIUM_CHOSEN";

/**
 * Playwright launch options for the browser tests' chromium: Debian's with the
 * flags it needs, or Playwright's own (no options). Throws NoBrowserError.
 * `wholeBrowser` (the benchmarks: figures comparable from run to run, in the browser
 * people use) passes over Debian's headless shell, and is not kept for other callers.
 */
export function chromiumForTests(
  env: NodeJS.ProcessEnv = process.env,
  { wholeBrowser = false } = {},
): {
  executablePath?: string;
  args?: string[];
} {
  let choice: BrowserChoice;
  const chosen = wholeBrowser ? undefined : env[CHOSEN];
  if (chosen) choice = JSON.parse(chosen) as BrowserChoice;
  else {
    const probes = realProbes(env, wholeBrowser);
    choice = chooseBrowser(probes);
    probes.log(`chromium ${choice.how}: ${choice.executablePath}`);
    if (!wholeBrowser) env[CHOSEN] = JSON.stringify(choice);
  }
  return choice.kind === "system"
    ? { executablePath: choice.executablePath, args: SYSTEM_CHROMIUM_ARGS }
    : {};
}

if (isMain(import.meta.url)) {
  try {
    chromiumForTests();
  } catch (error) {
    if (!(error instanceof NoBrowserError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
