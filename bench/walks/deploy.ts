import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestRedis, type TestRedis } from "../../lib/testing/redis-server";
import { serverEntry, serverStartArgs } from "../../lib/testing/server-start";
import { type SlowUpstream, startSlowUpstream } from "../../lib/testing/slow-upstream";

/** The bench's ports: the API, the proxy, then the instances (BENCH_WALKS_PORT and up). */
export const BASE_PORT = Number(process.env.BENCH_WALKS_PORT ?? 12000);
export const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
const ACCOUNT = { email: "bench@example.com", password: "bench-walks-password" };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function spawnServer(port: number, env: Record<string, string>): ChildProcess {
  if (!fs.existsSync(serverEntry()))
    throw new Error(`no production build at ${serverEntry()}: run npm run build first`);
  return spawn(process.execPath, serverStartArgs(port), {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await sleep(500);
  }
  throw new Error(`${url} did not answer`);
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (!child.pid || child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    process.kill(-child.pid, "SIGTERM");
  });
}

/** The built-in API alone (open, its HTTP route unlimited): what the proxy stands in front of. */
export async function startApi(): Promise<{ origin: string; key: string; child: ChildProcess }> {
  const key = fs.readFileSync(`${DB}.demo-key`, "utf8").trim();
  const child = spawnServer(BASE_PORT, {
    SANDBOX_DB: DB,
    INVOICING_API_URL: "",
    AUTH_REQUIRED: "",
    REDIS_URL: "",
    API_RATE_LIMIT_PER_SEC: "1000000",
    INSIGHTS_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-walks-api-")),
  });
  const origin = `http://127.0.0.1:${BASE_PORT}`;
  await ready(`${origin}/api/v1/health`, child);
  return { origin, key, child };
}

export interface Instance {
  origin: string;
  cookie: string;
  child: ChildProcess;
}

export interface Deployment {
  proxy: SlowUpstream;
  redis: TestRedis;
  instances: Instance[];
  stop(): Promise<void>;
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(ACCOUNT),
  });
  if (response.status !== 200) throw new Error(`sign-in on ${origin}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/**
 * A fresh, cold deployment reading the API through the delaying proxy: a new Redis
 * (no results, no budget spent), `count` instances sharing it, sign-in on a new
 * SQLite file with one account, each instance signed in once.
 */
export async function deploy(options: {
  api: { origin: string; key: string };
  latencyMs: number;
  jitterMs: number;
  count: number;
  env: Record<string, string>;
}): Promise<Deployment> {
  const proxy = await startSlowUpstream({
    target: options.api.origin,
    latencyMs: options.latencyMs,
    jitterMs: options.jitterMs,
    port: BASE_PORT + 1,
  });
  const redis = await startTestRedis();
  if (!redis) throw new Error("bench:walks needs redis-server");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-walks-"));
  const authDb = path.join(dir, "auth.sqlite");
  const added = spawnSync(
    "npx",
    ["tsx", "lib/auth/cli.ts", "users", "add", "--email", ACCOUNT.email, "--name", "Bench"].concat(
      "--password-stdin",
    ),
    { input: ACCOUNT.password, env: { ...process.env, AUTH_DB: authDb }, encoding: "utf8" },
  );
  if (added.status !== 0) throw new Error(`auth: ${added.stderr}`);
  const secret = randomBytes(32).toString("base64url");
  const instances: Instance[] = [];
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < options.count; i++) {
      const port = BASE_PORT + 10 + i;
      const origin = `http://127.0.0.1:${port}`;
      const child = spawnServer(port, {
        INVOICING_API_URL: `${proxy.origin}/api/v1`,
        INVOICING_API_KEY: options.api.key,
        INVOICING_API_TIMEOUT_MS: "60000",
        REDIS_URL: redis.url,
        AUTH_SECRET: secret,
        AUTH_URL: origin,
        AUTH_DB: authDb,
        INSIGHTS_DATA_DIR: path.join(dir, `insights-${i}`),
        INSIGHTS_REFRESHES_PER_MINUTE: "1000",
        ...options.env,
      });
      children.push(child);
      await ready(`${origin}/api/health`, child);
      instances.push({ origin, cookie: await signIn(origin), child });
    }
  } catch (error) {
    await Promise.all(children.map(stopServer));
    await proxy.close();
    await redis.stop();
    throw error;
  }
  return {
    proxy,
    redis,
    instances,
    async stop() {
      await Promise.all(children.map(stopServer));
      await proxy.close();
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
