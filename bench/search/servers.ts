import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverEntry, serverStartArgs } from "../../lib/testing/server-start";
import { memory, serverPid, sleep } from "../insights/server";
import { DB, INTERVAL } from "./config";

/** One dashboard instance on the bench database; `env` adds to (or overrides) the bench's own. */
export interface Instance {
  base: string;
  process: ChildProcess;
  /** the listening process (RSS is read from it) */
  pid: number;
}

/** A fresh folder for an instance's kept results (its index on disk when alone). */
export function dataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bench-search-${label}-`));
}

export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  if (!fs.existsSync(serverEntry()))
    throw new Error(`no production build at ${serverEntry()}: run npm run build first`);
  const base = `http://127.0.0.1:${port}`;
  // Another server on the port would answer the health check in this one's place.
  if (
    await fetch(base).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is in use: set BENCH_SEARCH_PORT`);
  const child = spawn(
    process.execPath,
    // Idle connections kept past the polls' pauses: one the server was closing is reset.
    serverStartArgs(port, "127.0.0.1", { keepAliveTimeoutMs: 65_000 }),
    {
      env: {
        ...process.env,
        SANDBOX_DB: DB,
        INVOICING_API_URL: "",
        AUTH_REQUIRED: "",
        REDIS_URL: "",
        INSIGHTS_REFRESH_INTERVAL: INTERVAL,
        // The per-client limit of searches is not what is measured: one client asks thousands.
        SEARCH_RATE_LIMIT_PER_SEC: "100000",
        SEARCH_RATE_LIMIT_BURST: "100000",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    },
  );
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok)
        return { base, process: child, pid: serverPid(child.pid!) };
    } catch {}
    await sleep(500);
  }
  throw new Error(`the instance on ${port} did not start`);
}

export function stopInstance(instance: Instance): Promise<void> {
  const child = instance.process;
  return new Promise((resolve) => {
    if (!child.pid || child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    process.kill(-child.pid, "SIGTERM");
  });
}

/** Anonymous RSS (heap and native memory, not SQLite's mapped file) in MiB. */
export const anonMiB = (instance: Instance) => memory(instance.pid).anon;
