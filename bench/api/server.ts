import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { ensureSeededDatabase } from "../../lib/testing/seeded-database";
import { serverEntry, serverStartArgs } from "../../lib/testing/server-start";
import { BASE, CUSTOMERS, DB, PORT } from "./config";

export const ensureDatabase = () => ensureSeededDatabase(DB, CUSTOMERS);

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function get(url: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout ${url}`)));
    req.on("error", reject);
  });
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  execFileSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env },
  });
}

export function ensureBuild(): void {
  if (fs.existsSync(serverEntry())) return;
  console.error("[bench] building the production app …");
  run("npm", ["run", "build"]);
}

export async function startServer(): Promise<ChildProcess> {
  // One Next.js process: what one process does while it walks is what is measured. The
  // limits on costly routes would refuse a benchmark's pace: lifted here.
  const server = spawn(process.execPath, serverStartArgs(PORT), {
    env: {
      ...process.env,
      SANDBOX_DB: DB,
      INVOICING_API_URL: "",
      API_RATE_LIMIT_PER_SEC: "1000000",
      EXPORTS_PER_MINUTE: "1000",
      EXPORTS_AT_ONCE: "100",
      INSIGHTS_REFRESHES_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  // A first start on an older database adds indexes: give it time.
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await get(`${BASE}/health`, "")).status === 200) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** Stops the server's whole process group. */
export function stopServer(server: ChildProcess) {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
