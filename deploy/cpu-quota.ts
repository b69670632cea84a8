/**
 * CPU quotas for the deployment's instances through the kernel's cgroup interface:
 * cgroup v1's cpu controller (`cpu.cfs_period_us`, `cpu.cfs_quota_us`, `cpu.shares`,
 * the CPU used read from cpuacct's `cpuacct.usage`) or cgroup v2 (`cpu.max`,
 * `cpu.weight`, `cpu.stat`), whichever holds the cpu controller here.
 *
 * `createCpuGroups(label)` makes one group of our own under this process's cgroup
 * (`dashboard-cpu-<pid>-<label>`, with an optional `cpu.shares`), and `group(name,
 * …)` a group inside it, with a quota or without one. Writing a PID to a group's
 * `cgroup.procs` moves the process with all its threads; what it starts from then on
 * is born inside. `release()` moves whatever is left back to where it came from and
 * removes the groups; it runs by itself when this process exits, and a later
 * `createCpuGroups` removes the groups of a process that was killed outright.
 * Writing needs root (or a delegated subtree).
 */
import fs from "node:fs";
import path from "node:path";

export type CgroupLayout =
  /** v1: the cpu and cpuacct hierarchies' directories for this process (may be one) */
  | { version: 1; cpu: string; cpuacct: string }
  /** v2: this process's cgroup directory */
  | { version: 2; dir: string };

const PREFIX = "dashboard-cpu-";
/** Longer than the kernel's 100 ms: a burst of requests then rarely spends a whole period's quota. */
const PERIOD_US = 250_000;

/**
 * CPU_QUOTA_PERIOD_MS (5..1000, default 250): the quota's period. A request that
 * finds its instance's quota spent waits up to the rest of the period.
 */
export function quotaPeriodUs(env: Record<string, string | undefined> = process.env): number {
  const ms = Number(env.CPU_QUOTA_PERIOD_MS);
  return Number.isFinite(ms) && ms >= 5 && ms <= 1000 ? Math.round(ms * 1000) : PERIOD_US;
}

interface Mount {
  dir: string;
  type: string;
  options: string[];
}

function mounts(): Mount[] {
  return fs
    .readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [before, after = ""] = line.split(" - ");
      const [type = "", , superOptions = ""] = after.split(" ");
      return { dir: before!.split(" ")[4]!, type, options: superOptions.split(",") };
    });
}

/** This process's cgroup path in the v1 hierarchy holding `controller`, or v2's (""). */
function ownPath(controller: string): string | undefined {
  for (const line of fs.readFileSync("/proc/self/cgroup", "utf8").split("\n")) {
    const [, controllers, where] = line.match(/^\d+:([^:]*):(.*)$/) ?? [];
    if (controllers === undefined || where === undefined) continue;
    if (controllers.split(",").includes(controller)) return where;
  }
  return undefined;
}

function writable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the cpu controller can be used here, or why it cannot. */
export function cpuCgroupLayout(): CgroupLayout | { unavailable: string } {
  if (process.platform !== "linux") return { unavailable: "cgroups are Linux's" };
  const all = mounts();
  const v1 = (controller: string) => {
    const mount = all.find((m) => m.type === "cgroup" && m.options.includes(controller));
    const own = ownPath(controller);
    return mount && own !== undefined ? path.join(mount.dir, own) : undefined;
  };
  const cpu = v1("cpu");
  const cpuacct = v1("cpuacct");
  if (cpu && cpuacct) {
    if (!writable(cpu) || !writable(cpuacct))
      return { unavailable: `${cpu} is not writable by this user (root is needed)` };
    return { version: 1, cpu, cpuacct };
  }
  const unified = all.find((m) => m.type === "cgroup2");
  const own = ownPath("");
  if (unified && own !== undefined) {
    const dir = path.join(unified.dir, own);
    const controllers = fs.readFileSync(path.join(dir, "cgroup.controllers"), "utf8");
    if (!controllers.split(/\s+/).includes("cpu"))
      return { unavailable: `the cpu controller is not available in ${dir}` };
    if (!writable(dir)) return { unavailable: `${dir} is not writable by this user` };
    return { version: 2, dir };
  }
  return { unavailable: "no cgroup hierarchy holds the cpu controller" };
}

export interface CpuGroup {
  readonly name: string;
  /** cores the group may use (null: no quota) */
  readonly quotaCores: number | null;
  /** moves the process and all its threads in; what it starts from then on is inside */
  add(pid: number): void;
  /** the processes in the group now */
  pids(): number[];
  /** CPU seconds the group's processes have used since it was made */
  usageSeconds(): number;
  /** quota periods so far, those in which the quota ran out, and seconds held back */
  throttled(): { periods: number; throttledPeriods: number; seconds: number };
  /** moves what is left back out and removes the group (again: nothing) */
  remove(): void;
}

export interface CpuGroups {
  readonly layout: CgroupLayout;
  /** the group of our own (v1: in the cpu hierarchy) */
  readonly dir: string;
  group(name: string, limits?: CpuLimits): CpuGroup;
  /** moves every process left back out and removes the groups (again: nothing) */
  release(): void;
}

const readNumber = (file: string) => Number(fs.readFileSync(file, "utf8").trim());
const readPids = (dir: string) =>
  fs.readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);

function statField(file: string, field: string): number {
  const line = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field} `));
  return line ? Number(line.split(" ")[1]) : 0;
}

/** Moves each process of `dir` to `to`, then removes `dir` (its subgroups first). */
function drainAndRemove(dir: string, to: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) drainAndRemove(path.join(dir, entry.name), to);
  for (let attempt = 0; ; attempt++) {
    for (const pid of readPids(dir)) {
      try {
        fs.writeFileSync(path.join(to, "cgroup.procs"), String(pid));
      } catch {} // gone meanwhile
    }
    try {
      fs.rmdirSync(dir);
      return;
    } catch (error) {
      // A process that forked while being moved: move again, a few times.
      if (attempt >= 20) throw error;
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the groups of processes that are gone (killed before they could release them). */
function removeOrphans(parents: string[]): void {
  for (const parent of parents)
    for (const name of fs.readdirSync(parent)) {
      const owner = name.startsWith(PREFIX) ? Number(name.slice(PREFIX.length).split("-")[0]) : 0;
      if (owner > 0 && !alive(owner)) drainAndRemove(path.join(parent, name), parent);
    }
}

/** v2's weight (1..10000) for v1's shares (2..262144), as systemd converts them. */
const weightOf = (shares: number) =>
  Math.max(1, Math.min(10_000, Math.round(1 + ((shares - 2) * 9_999) / 262_142)));

export interface CpuLimits {
  /** cores the group may use on average (none: no quota) */
  quotaCores?: number;
  /** cores' worth of a period the group may save from quiet periods for a busy one */
  burstCores?: number;
  /** its weight against its siblings when the cores are all busy (v1's cpu.shares) */
  shares?: number;
}

function setLimits(layout: CgroupLayout, dir: string, limits: CpuLimits): void {
  const write = (file: string, value: string) => fs.writeFileSync(path.join(dir, file), value);
  const period = quotaPeriodUs();
  const us = (cores?: number) =>
    cores === undefined ? undefined : Math.max(1_000, Math.round(cores * period));
  const [quotaUs, burstUs] = [us(limits.quotaCores), us(limits.burstCores)];
  const { shares } = limits;
  if (layout.version === 1) {
    if (shares !== undefined) write("cpu.shares", String(shares));
    if (quotaUs !== undefined) {
      write("cpu.cfs_period_us", String(period));
      write("cpu.cfs_quota_us", String(quotaUs));
    }
    if (burstUs !== undefined) write("cpu.cfs_burst_us", String(burstUs));
  } else {
    if (shares !== undefined) write("cpu.weight", String(weightOf(shares)));
    if (quotaUs !== undefined) write("cpu.max", `${quotaUs} ${period}`);
    if (burstUs !== undefined) write("cpu.max.burst", String(burstUs));
  }
}

/** v2: the cpu controller handed down to `dir`'s children (a group with processes cannot). */
function enableCpuBelow(dir: string): void {
  const file = path.join(dir, "cgroup.subtree_control");
  if (fs.readFileSync(file, "utf8").split(/\s+/).includes("cpu")) return;
  try {
    fs.writeFileSync(file, "+cpu");
  } catch (error) {
    throw new Error(
      `CPU quotas cannot be set: the cpu controller cannot be enabled below ${dir} (${(error as Error).message})`,
    );
  }
}

/** Groups of our own under this process's cgroup; `shares` weighs them against the rest. */
export function createCpuGroups(label: string, options: { shares?: number } = {}): CpuGroups {
  const layout = cpuCgroupLayout();
  if ("unavailable" in layout) throw new Error(`CPU quotas cannot be set: ${layout.unavailable}`);
  const parents = [...new Set(layout.version === 1 ? [layout.cpu, layout.cpuacct] : [layout.dir])];
  removeOrphans(parents);
  if (layout.version === 2) enableCpuBelow(layout.dir);
  const name = `${PREFIX}${process.pid}-${label.replace(/[^\w.-]/g, "_")}`;
  const tops = parents.map((parent) => path.join(parent, name));
  for (const top of tops) fs.mkdirSync(top);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    tops.forEach((top, i) => {
      drainAndRemove(top, parents[i]!);
    });
  };
  process.on("exit", release);
  try {
    if (layout.version === 2)
      fs.writeFileSync(path.join(tops[0]!, "cgroup.subtree_control"), "+cpu");
    setLimits(layout, tops[0]!, { shares: options.shares });
  } catch (error) {
    release();
    throw error;
  }
  const cpuDir = (group: string) => path.join(tops[0]!, group);
  const acctDir = (group: string) => path.join(tops[tops.length - 1]!, group);
  return {
    layout,
    dir: tops[0]!,
    release,
    group(groupName, limits = {}) {
      const dirs = [cpuDir(groupName), acctDir(groupName)].slice(0, parents.length);
      for (const dir of dirs) fs.mkdirSync(dir);
      setLimits(layout, dirs[0]!, limits);
      const usage =
        layout.version === 1
          ? () => readNumber(path.join(acctDir(groupName), "cpuacct.usage")) / 1e9
          : () => statField(path.join(dirs[0]!, "cpu.stat"), "usage_usec") / 1e6;
      const start = usage();
      return {
        name: groupName,
        quotaCores: limits.quotaCores ?? null,
        add(pid) {
          for (const dir of dirs) fs.writeFileSync(path.join(dir, "cgroup.procs"), String(pid));
        },
        pids: () => readPids(dirs[0]!),
        remove() {
          dirs.forEach((dir, i) => {
            drainAndRemove(dir, parents[i]!);
          });
        },
        usageSeconds: () => usage() - start,
        throttled() {
          const stat = path.join(dirs[0]!, "cpu.stat");
          return {
            periods: statField(stat, "nr_periods"),
            throttledPeriods: statField(stat, "nr_throttled"),
            seconds:
              layout.version === 1
                ? statField(stat, "throttled_time") / 1e9
                : statField(stat, "throttled_usec") / 1e6,
          };
        },
      };
    },
  };
}

/** CPU seconds (user + system, all threads) used so far by `pids`, from /proc. */
export function processCpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks / 100;
}
