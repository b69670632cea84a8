import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { ensureSeededDatabase } from "../../lib/testing/seeded-database";
import { serverEntry, serverStartArgs } from "../../lib/testing/server-start";
import { BASE, CUSTOMERS, DB, PORT } from "./config";

export const ensureDatabase = () => ensureSeededDatabase(DB, CUSTOMERS);

/** One instance (server.ts), the built-in API on the bench database, results in `dataDir`. */
export async function startServer(dataDir: string, env: Record<string, string> = {}) {
  if (!fs.existsSync(serverEntry()))
    throw new Error(`no production build at ${serverEntry()}: run npm run build first`);
  const server = spawn(process.execPath, serverStartArgs(PORT), {
    env: {
      ...process.env,
      SANDBOX_DB: DB,
      INVOICING_API_URL: "",
      AUTH_REQUIRED: "",
      REDIS_URL: "",
      INSIGHTS_DATA_DIR: dataDir,
      // The per-client limit on forced refreshes is not what is measured here.
      INSIGHTS_REFRESHES_PER_MINUTE: "1000",
      VIEW_SUMS_PER_MINUTE: "1000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return server;
    } catch {}
    await sleep(500);
  }
  throw new Error("server did not start");
}

export function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (!server.pid || server.exitCode !== null) return resolve();
    server.once("exit", () => resolve());
    process.kill(-server.pid, "SIGTERM");
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The listening process (the one holding the most memory in the server's process group). */
export function serverPid(root: number): number {
  let best = root;
  let most = -1;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pgid = Number(fields[2]);
      if (pgid !== root) continue;
      const rss = memory(Number(entry)).rss;
      if (rss > most) [best, most] = [Number(entry), rss];
    } catch {}
  }
  return best;
}

/** RSS and its parts in MiB: anonymous (heap, native) and file-backed (SQLite's mmap). */
export function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, anon: kb("RssAnon") / 1024, file: kb("RssFile") / 1024 };
}

export const mib = (m: { rss: number; anon: number; file: number }) =>
  `${m.rss.toFixed(0)} MiB (anonymous ${m.anon.toFixed(0)}, SQLite mmap and files ${m.file.toFixed(0)})`;
