import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cpuCgroupLayout, createCpuGroups, quotaPeriodUs } from "./cpu-quota";

const layout = cpuCgroupLayout();
const unavailable = "unavailable" in layout ? layout.unavailable : null;
if (unavailable)
  console.warn(
    `\n!!!!!!!! SKIPPED: the CPU quota tests need a writable cgroup cpu controller: ${unavailable} !!!!!!!!\n`,
  );

const ROOT = path.resolve(import.meta.dirname, "..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started: ChildProcess[] = [];
const strays: number[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
});

/** A process that starts two busy children, then spins itself: three cores' worth of demand. */
function busyFamily(): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const { spawn } = require("node:child_process");
       const kids = [0, 1].map(() => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
       console.log(kids.map((k) => k.pid).join(" "));
       setInterval(() => { const until = Date.now() + 50; while (Date.now() < until) {} }, 0);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  started.push(child);
  return child;
}

const firstLine = (child: ChildProcess) =>
  new Promise<string>((resolve) => {
    let text = "";
    child.stdout?.on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) resolve(text.trim());
    });
  });

/** The cpu controller's cgroup a process is in (v1: the cpu line; v2: the one line). */
function cgroupOf(pid: number): string {
  const lines = fs.readFileSync(`/proc/${pid}/cgroup`, "utf8").split("\n");
  const line = lines.find((l) => /^\d+:([^:]*,)?cpu(,[^:]*)?:/.test(l)) ?? lines[0]!;
  return line.split(":")[2]!;
}

/** A script run with tsx that makes groups, prints their folder, then does `then`. */
function groupsScript(label: string, then: string, before = ""): ChildProcess {
  const file = path.join(os.tmpdir(), `cpu-quota-${process.pid}-${label}.mts`);
  fs.writeFileSync(
    file,
    `import { createCpuGroups } from ${JSON.stringify(path.join(ROOT, "deploy/cpu-quota.ts"))};
     ${before}
     const groups = createCpuGroups(${JSON.stringify(label)});
     groups.group("instance1", { quotaCores: 0.5 });
     console.log(groups.dir);
     ${then}`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", file], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(child);
  child.once("exit", () => fs.rmSync(file, { force: true }));
  return child;
}

describe.skipIf(unavailable !== null)("CPU quotas on the real cgroup", () => {
  it("takes a 250 ms period unless CPU_QUOTA_PERIOD_MS says otherwise", () => {
    expect(quotaPeriodUs({})).toBe(250_000);
    expect(quotaPeriodUs({ CPU_QUOTA_PERIOD_MS: "2" })).toBe(250_000);
    expect(quotaPeriodUs({ CPU_QUOTA_PERIOD_MS: "20" })).toBe(20_000);
  });

  it("sets the quota over the period CPU_QUOTA_PERIOD_MS asks for", () => {
    const saved = process.env.CPU_QUOTA_PERIOD_MS;
    process.env.CPU_QUOTA_PERIOD_MS = "20";
    const groups = createCpuGroups("test-period");
    try {
      const group = groups.group("instance1", { quotaCores: 0.4, burstCores: 0.4 });
      const dir = path.join(groups.dir, group.name);
      const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8").trim();
      if ("version" in layout && layout.version === 1) {
        expect(read("cpu.cfs_period_us")).toBe("20000");
        expect(read("cpu.cfs_quota_us")).toBe("8000");
      } else expect(read("cpu.max")).toBe("8000 20000");
    } finally {
      groups.release();
      if (saved === undefined) delete process.env.CPU_QUOTA_PERIOD_MS;
      else process.env.CPU_QUOTA_PERIOD_MS = saved;
    }
  });

  it("holds a process and the children it starts to 0.2 core, then releases the group", async () => {
    // High shares: on a loaded machine the group still gets the 0.2 core it may use.
    const groups = createCpuGroups("test-quota", { shares: 100_000 });
    const group = groups.group("busy", { quotaCores: 0.2 });
    const outside = cgroupOf(process.pid);
    try {
      const family = busyFamily();
      group.add(family.pid!);
      const kids = (await firstLine(family)).split(" ").map(Number);
      strays.push(...kids);
      expect(group.pids().sort()).toEqual([family.pid!, ...kids].sort());
      const before = group.usageSeconds();
      const from = performance.now();
      await sleep(3_000);
      const cores = (group.usageSeconds() - before) / ((performance.now() - from) / 1000);
      // Three processes that would take every core, held to 0.2 of one (a period's slack).
      expect(cores).toBeLessThan(0.2 * 1.15);
      expect(cores).toBeGreaterThan(0.1);
      expect(group.throttled().throttledPeriods).toBeGreaterThan(0);

      groups.release();
      expect(fs.existsSync(groups.dir)).toBe(false);
      for (const pid of [family.pid!, ...kids]) expect(cgroupOf(pid)).toBe(outside);
    } finally {
      groups.release();
    }
  });

  it("removes its groups when its process exits without releasing them", async () => {
    const child = groupsScript("test-exit", "process.exit(3);");
    const dir = await firstLine(child);
    await new Promise((resolve) => child.once("exit", resolve));
    expect(child.exitCode).toBe(3);
    expect(dir).toContain("dashboard-cpu-");
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("removes on Ctrl-C's exit, and a later start removes those of a process killed outright", async () => {
    // As bench:load does: Ctrl-C ends the process through exit, before anything is printed.
    const interrupted = groupsScript(
      "test-sigint",
      "setInterval(() => {}, 1000);",
      `process.on("SIGINT", () => process.exit(130));`,
    );
    const interruptedDir = await firstLine(interrupted);
    expect(fs.existsSync(interruptedDir)).toBe(true);
    interrupted.kill("SIGINT");
    await new Promise((resolve) => interrupted.once("exit", resolve));
    expect(fs.existsSync(interruptedDir)).toBe(false);

    const killed = groupsScript("test-killed", "setInterval(() => {}, 1000);");
    const killedDir = await firstLine(killed);
    killed.kill("SIGKILL");
    await new Promise((resolve) => killed.once("exit", resolve));
    expect(fs.existsSync(killedDir)).toBe(true);
    createCpuGroups("test-sweep").release();
    expect(fs.existsSync(killedDir)).toBe(false);
  });
});
