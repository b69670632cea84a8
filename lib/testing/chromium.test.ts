/**
 * The order of the browser chain (lib/testing/chromium.ts) on stand-in probes: what
 * it takes, what it tries, and the one command it names when nothing works. The
 * real chain on this machine is run with E2E_CHROMIUM pointing at a missing path.
 */
import { describe, expect, it } from "vitest";
import {
  type BrowserProbes,
  chooseBrowser,
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  NoBrowserError,
  realProbes,
} from "./chromium";

const BUNDLED = "/home/me/.cache/ms-playwright/chromium-1/chrome";

/** A machine: which files are executable, what each install does, who runs. */
function machine(setup: {
  executables?: string[];
  downloadWorks?: boolean;
  debian?: boolean;
  root?: boolean;
  aptWorks?: boolean;
}) {
  const files = new Set(setup.executables ?? []);
  const tried: string[] = [];
  const logged: string[] = [];
  const probes: BrowserProbes = {
    systemPaths: [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM],
    isExecutable: (file) => files.has(file),
    playwrightPath: () => BUNDLED,
    installPlaywrightChromium: () => {
      tried.push("npx playwright install chromium");
      if (setup.downloadWorks) files.add(BUNDLED);
      return setup.downloadWorks ?? false;
    },
    isDebian: () => setup.debian ?? false,
    isRoot: () => setup.root ?? false,
    installDebianChromium: () => {
      tried.push("apt-get install chromium-headless-shell");
      if (setup.aptWorks) files.add(DEBIAN_HEADLESS_SHELL);
      return setup.aptWorks ?? false;
    },
    log: (message) => logged.push(message),
  };
  return { probes, tried, logged };
}

describe("the browser for the browser tests", () => {
  it("is Debian's headless shell when it is there, before Debian's chromium, with nothing installed", () => {
    const { probes, tried, logged } = machine({
      executables: [DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, BUNDLED],
    });
    expect(chooseBrowser(probes)).toMatchObject({
      kind: "system",
      executablePath: DEBIAN_HEADLESS_SHELL,
    });
    expect(tried).toEqual([]);
    expect(logged).toEqual([]);
  });

  it("is Debian's chromium when it is there without the headless shell, which it names", () => {
    const { probes, tried, logged } = machine({ executables: [DEBIAN_CHROMIUM, BUNDLED] });
    expect(chooseBrowser(probes)).toMatchObject({
      kind: "system",
      executablePath: DEBIAN_CHROMIUM,
    });
    expect(tried).toEqual([]);
    expect(logged.join("\n")).toContain("apt-get install chromium-headless-shell");
  });

  it("is Playwright's own when only that one is there", () => {
    const { probes, tried } = machine({ executables: [BUNDLED] });
    expect(chooseBrowser(probes)).toMatchObject({ kind: "playwright", how: "found" });
    expect(tried).toEqual([]);
  });

  it("is Playwright's own, downloaded, when there is none and the download works", () => {
    const { probes, tried } = machine({ downloadWorks: true, debian: true, root: true });
    expect(chooseBrowser(probes)).toMatchObject({ kind: "playwright", how: "installed" });
    expect(tried).toEqual(["npx playwright install chromium"]);
  });

  it("is Debian's headless shell, installed with apt-get, on Debian as root when the download fails", () => {
    const { probes, tried } = machine({ debian: true, root: true, aptWorks: true });
    expect(chooseBrowser(probes)).toMatchObject({
      kind: "system",
      executablePath: DEBIAN_HEADLESS_SHELL,
      how: "installed",
    });
    expect(tried).toEqual([
      "npx playwright install chromium",
      "apt-get install chromium-headless-shell",
    ]);
  });

  it("stops with the one command to run when nothing works", () => {
    const notRoot = machine({ debian: true, root: false });
    expect(() => chooseBrowser(notRoot.probes)).toThrow(NoBrowserError);
    expect(() => chooseBrowser(notRoot.probes)).toThrow(
      "sudo apt-get install -y chromium-headless-shell",
    );
    expect(notRoot.tried).not.toContain("apt-get install chromium-headless-shell");

    const elsewhere = machine({});
    expect(() => chooseBrowser(elsewhere.probes)).toThrow(
      "npx playwright install --with-deps chromium",
    );

    const aptFails = machine({ debian: true, root: true, aptWorks: false });
    expect(() => chooseBrowser(aptFails.probes)).toThrow(NoBrowserError);
  });

  it("looks at Debian's headless shell, then its chromium; E2E_CHROMIUM alone when set; the whole browser for the benchmarks", () => {
    const env = (vars: Record<string, string> = {}) => ({ NODE_ENV: "test", ...vars }) as const;
    expect(realProbes(env()).systemPaths).toEqual([DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM]);
    expect(realProbes(env({ E2E_CHROMIUM: "/opt/chrome" })).systemPaths).toEqual(["/opt/chrome"]);
    expect(realProbes(env(), true).systemPaths).toEqual([DEBIAN_CHROMIUM]);
  });
});
