import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./redis-server";

/**
 * A throwaway PostgreSQL server on loopback for a test run (or the local deployment,
 * deploy/local.ts): Debian's `postgresql` package, a fresh cluster in a temporary
 * folder on a free port, trust authentication for user `postgres` on 127.0.0.1 only,
 * no durability (fsync off: nothing here outlives the run), stopped and removed by
 * `stop`. Null when PostgreSQL is not installed.
 *
 * PostgreSQL refuses to run as root: as root, the cluster belongs to the package's
 * `postgres` user and every command runs as it (`runuser -u postgres --`).
 */
export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres: a superuser, may create databases */
  url: string;
  port: number;
  /** Stops every process of the server answering (SIGSTOP): connections stay open, queries wait. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT): it answers what waited. */
  thaw(): void;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<v>/bin). */
export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

/** The command line that runs `binary` as the cluster's owner. */
function asOwner(binary: string, args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
}

function isReady(bin: string, port: number): boolean {
  const args = ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-q"];
  // Bounded: a check that never returns would block the caller's whole process.
  return (
    spawnSync(path.join(bin, "pg_isready"), args, { stdio: "ignore", timeout: 10_000 }).status === 0
  );
}

async function waitUntilReady(
  bin: string,
  port: number,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!isReady(bin, port)) {
    if (child.exitCode !== null)
      throw new Error(`PostgreSQL exited with ${child.exitCode}:\n${log()}`);
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not start in 60 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startTestPostgres(
  bin = findPostgresBin(),
  port?: number,
): Promise<TestPostgres | null> {
  if (!bin) return null;
  const chosen = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-postgres-"));
  const data = path.join(dir, "data");
  if (isRoot()) spawnSync("chown", ["postgres:", dir]);
  const [initCmd, initArgs] = asOwner(path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const init = spawnSync(initCmd, initArgs, { cwd: dir, encoding: "utf8", timeout: 120_000 });
  if (init.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
  }
  const [cmd, args] = asOwner(path.join(bin, "postgres"), [
    "-D",
    data,
    "-p",
    String(chosen),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${dir}`,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
  ]);
  let log = "";
  const child = spawn(cmd, args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (chunk) => {
    log = (log + chunk).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let frozen = false;
  const signalAll = (signal: NodeJS.Signals) => {
    frozen = signal === "SIGSTOP";
    const root = postmasterPid(data) ?? child.pid;
    if (!root) return;
    for (const pid of processTree(root))
      try {
        process.kill(pid, signal);
      } catch {
        // Ended since /proc was read (a backend whose client left).
      }
  };
  const stop = async () => {
    // A stopped process only takes SIGINT once it runs again.
    if (frozen) signalAll("SIGCONT");
    if (child.exitCode === null && child.signalCode === null) {
      // The postmaster itself (runuser's child when root): SIGINT is a fast shutdown.
      const pid = postmasterPid(data) ?? child.pid;
      if (pid) process.kill(pid, "SIGINT");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(bin, chosen, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${chosen}/postgres`,
    port: chosen,
    freeze: () => signalAll("SIGSTOP"),
    thaw: () => signalAll("SIGCONT"),
    stop,
  };
}

/** A process and every process under it (the postmaster and its backends), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // After the name in parentheses (which may hold spaces): state, then the parent's pid.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

function postmasterPid(data: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
