/**
 * The deployment of deploy/ on loopback: N instances of one build (`npm start`),
 * HAProxy in front of them (deploy/haproxy.cfg), and a Redis and a PostgreSQL of its
 * own (Debian's redis-server and postgresql, started for the run and removed after).
 * The instances get deploy/instance.env.example's shape: REDIS_URL, AUTH_DATABASE_URL,
 * TRUST_PROXY=1, and the built-in API on one SQLite file they share.
 *
 *   npx tsx deploy/local.ts [--instances 2] [--port 4300] [--sign-in]
 *
 * prints the balancer's address and runs until Ctrl-C. Build first (`npm run build`;
 * NEXT_DIST_DIR picks another build). With --sign-in the instances require sign-in
 * (add an account with the printed command).
 *
 * `startDeployment` is the same as a function, for the deployment test
 * (e2e/deployment.spec.ts) and bench:load: it returns the balancer's address and a
 * handle per instance (stop, kill, start again) and for Redis (stop, start again).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  findPostgresBin,
  startTestPostgres,
  type TestPostgres,
} from "../lib/testing/postgres-server";
import {
  findRedisServer,
  freePort,
  startTestRedis,
  type TestRedis,
} from "../lib/testing/redis-server";
import { serverStartArgs } from "../lib/testing/server-start";

const HAPROXY_CONFIG = path.resolve(import.meta.dirname, "haproxy.cfg");
/** `npm start -- --keepAliveTimeout` behind the balancer (README, Deployment). */
const KEEP_ALIVE = { keepAliveTimeoutMs: 65_000 };

export interface DeploymentOptions {
  /** instances behind the balancer (default 2) */
  instances?: number;
  /** the balancer's port, the instances on the ports after it; free ports when omitted */
  port?: number;
  /** Redis for the shared state (default true); false: each instance in its own memory */
  redis?: boolean;
  /** sign-in required, its storage on the deployment's PostgreSQL, AUTH_URL the balancer */
  signIn?: boolean;
  /** the built-in API's SQLite file (default: a fresh one in the deployment's folder) */
  sandboxDb?: string;
  /** more environment for every instance (wins over the deployment's own) */
  env?: Record<string, string>;
  /**
   * Told each step as it is reached, with the instances once they exist: a start that
   * stalls can then say where, and with what each instance printed.
   */
  onProgress?: (step: string, instances: readonly Instance[]) => void;
  /** aborted: stops what has started (a caller that gives up must not leave it running) */
  signal?: AbortSignal;
}

export interface Instance {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  pid(): number | undefined;
  running(): boolean;
  /** stdout and stderr of its current run */
  output(): string;
  /** starts it (again) and waits until it answers its health check */
  start(): Promise<void>;
  /** SIGTERM, as a supervisor stops it; waits until it has exited */
  stop(): Promise<void>;
  /** SIGKILL: a crash; waits until it is gone */
  kill(): Promise<void>;
}

export interface Deployment {
  /** the balancer: what people open */
  readonly url: string;
  readonly instances: Instance[];
  readonly redis: {
    url: string;
    stop(): Promise<void>;
    start(): Promise<void>;
    /** Stops it answering (SIGSTOP), connections left open: a hung Redis. */
    freeze(): void;
    thaw(): void;
  } | null;
  readonly postgresUrl: string | null;
  /** The sign-in storage's server (with signIn): stops answering (SIGSTOP) and goes on. */
  readonly postgres: { freeze(): void; thaw(): void } | null;
  /** the environment every instance runs with (for `npm run auth` against the same storage) */
  readonly env: Record<string, string>;
  /** the balancer's and Redis's processes (bench:load counts their CPU) */
  serviceProcesses(): number[];
  /** each instance's state as the balancer sees it: "UP", "DOWN", … */
  balancerStatus(): Promise<Record<string, string>>;
  /** waits until the balancer sees every named instance in the given state */
  untilBalancer(expected: Record<string, string>, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** What the deployment needs from Debian, or why it cannot run here. */
export function deploymentUnavailable(options: DeploymentOptions = {}): string | null {
  if (spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status !== 0)
    return "haproxy is not installed (Debian: apt-get install haproxy)";
  if (options.redis !== false && !findRedisServer())
    return "redis-server is not installed (Debian: apt-get install redis-server)";
  if (options.signIn && !findPostgresBin())
    return "PostgreSQL is not installed (Debian: apt-get install postgresql)";
  const dist = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(dist, "BUILD_ID")))
    return `no production build in ${dist}: run npm run build first`;
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Children still running when this process exits go with it (a test that failed hard). */
const children = new Set<ChildProcess>();
let reaping = false;
function track(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => children.delete(child));
  if (reaping) return;
  reaping = true;
  process.once("exit", () => {
    for (const running of children) running.kill("SIGKILL");
  });
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = "";
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  const instance: Instance = {
    name,
    url,
    port,
    pid: () => child?.pid,
    running,
    output: () => output,
    async start() {
      if (running()) return;
      output = "";
      // Idle connections from the balancer outlive its own reuse of them (Node's
      // default, 5 s, would close one HAProxy is about to send on).
      const started = spawn(process.execPath, serverStartArgs(port, "127.0.0.1", KEEP_ALIVE), {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      track(started);
      const keep = (chunk: Buffer) => {
        output = (output + chunk).slice(-20_000);
      };
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      const deadline = Date.now() + 180_000;
      while (!(await answers(`${url}/api/health`))) {
        if (!running())
          throw new Error(`${name} exited (${started.exitCode ?? started.signalCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`${name} did not come up in 180 s:\n${output}`);
        await sleep(250);
      }
    },
    async stop() {
      if (!child || !running()) return;
      const exited = exitOf(child);
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000)]);
      if (running()) child.kill("SIGKILL");
      await exited;
    },
    async kill() {
      if (!child || !running()) return;
      const exited = exitOf(child);
      child.kill("SIGKILL");
      await exited;
    },
  };
  return instance;
}

/** deploy/haproxy.cfg with this deployment's address, instances and a stats socket. */
function balancerConfig(port: number, instances: Instance[], statsSocket: string): string {
  const lines = fs.readFileSync(HAPROXY_CONFIG, "utf8").split("\n");
  const out: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith("server ")) continue;
    if (trimmed.startsWith("bind ")) {
      out.push(`  bind 127.0.0.1:${port}`);
      continue;
    }
    out.push(line);
    if (trimmed === "global") out.push(`  stats socket ${statsSocket} mode 600 level admin`);
    if (trimmed.startsWith("default-server "))
      for (const instance of instances)
        out.push(`  server ${instance.name} 127.0.0.1:${instance.port}`);
  }
  return out.join("\n");
}

/** `show stat` on HAProxy's stats socket: each instance's status (an error after 5 s). */
function readBalancerStatus(socketPath: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath, () => socket.end("show stat\n"));
    socket.setTimeout(5_000, () =>
      socket.destroy(new Error("HAProxy's stats socket did not answer in 5 s")),
    );
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [header, ...rows] = text.trim().split("\n");
      const columns = (header ?? "").replace(/^# /, "").split(",");
      const [proxy, server, status] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c));
      const result: Record<string, string> = {};
      for (const row of rows) {
        const cells = row.split(",");
        if (cells[proxy!] === "instances" && cells[server!] !== "BACKEND")
          result[cells[server!]!] = cells[status!]!;
      }
      resolve(result);
    });
  });
}

export async function startDeployment(options: DeploymentOptions = {}): Promise<Deployment> {
  const count = options.instances ?? 2;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-deploy-"));
  const ports = options.port
    ? Array.from({ length: count + 1 }, (_, i) => options.port! + i)
    : await Promise.all(Array.from({ length: count + 1 }, () => freePort()));
  const [balancerPort, ...instancePorts] = ports as [number, ...number[]];
  const url = `http://127.0.0.1:${balancerPort}`;

  let redis: TestRedis | null = null;
  let redisPort: number | null = null;
  let postgres: TestPostgres | null = null;
  let haproxy: ChildProcess | null = null;
  const instances: Instance[] = [];
  const progress = (step: string) => {
    // Given up on: start nothing more (what has started is being stopped).
    if (options.signal?.aborted)
      throw new Error(`the deployment's start was given up before: ${step}`);
    options.onProgress?.(step, instances);
  };
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    if (haproxy) {
      const exited = exitOf(haproxy);
      haproxy.kill("SIGTERM");
      await exited;
    }
    await redis?.stop();
    await postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  options.signal?.addEventListener("abort", () => void stop().catch(() => {}), { once: true });

  try {
    const env: Record<string, string> = {
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      SANDBOX_DB: options.sandboxDb ?? path.join(dir, "sandbox.sqlite"),
      REDIS_URL: "",
    };
    if (options.redis !== false) {
      progress("starting Redis");
      redis = await startTestRedis();
      if (!redis) throw new Error("redis-server is not installed");
      redisPort = redis.port;
      env.REDIS_URL = redis.url;
    }
    if (options.signIn) {
      progress("starting PostgreSQL");
      postgres = await startTestPostgres();
      if (!postgres) throw new Error("PostgreSQL is not installed");
      progress("creating the sign-in database");
      const bin = findPostgresBin()!;
      const created = spawnSync(
        path.join(bin, "createdb"),
        ["-h", "127.0.0.1", "-p", String(postgres.port), "-U", "postgres", "dashboard"],
        // Bounded: a createdb that never returns would block this whole process.
        { encoding: "utf8", timeout: 30_000 },
      );
      if (created.status !== 0)
        throw new Error(`createdb failed: ${created.stderr || created.error?.message}`);
      Object.assign(env, {
        AUTH_REQUIRED: "1",
        AUTH_DATABASE_URL: postgres.url.replace(/\/postgres$/, "/dashboard"),
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        AUTH_URL: url,
      });
    }
    Object.assign(env, options.env);

    instancePorts.forEach((port, i) => {
      instances.push(startInstance(`instance${i + 1}`, port, env));
    });
    // All at once, as a supervisor starts them: the start-up lock orders their migrations.
    progress("starting the instances");
    await Promise.all(
      instances.map((instance) => instance.start().then(() => progress(`${instance.name} is up`))),
    );

    const statsSocket = path.join(dir, "haproxy.sock");
    const configFile = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(configFile, balancerConfig(balancerPort, instances, statsSocket));
    let balancerLog = "";
    haproxy = spawn("haproxy", ["-f", configFile, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
    track(haproxy);
    for (const stream of [haproxy.stdout, haproxy.stderr])
      stream?.on("data", (chunk) => {
        balancerLog = (balancerLog + chunk).slice(-10_000);
      });

    const balancerStatus = () => readBalancerStatus(statsSocket);
    const untilBalancer = async (expected: Record<string, string>, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = await balancerStatus().catch(() => ({}) as Record<string, string>);
        if (Object.entries(expected).every(([name, state]) => status[name] === state)) return;
        if (haproxy?.exitCode !== null)
          throw new Error(`haproxy exited (${haproxy?.exitCode}):\n${balancerLog}`);
        if (Date.now() > deadline)
          throw new Error(
            `the balancer did not see ${JSON.stringify(expected)} in ${timeoutMs / 1000} s: ${JSON.stringify(status)}\n${balancerLog}`,
          );
        await sleep(250);
      }
    };
    progress("waiting for the balancer to see every instance UP");
    await untilBalancer(Object.fromEntries(instances.map((instance) => [instance.name, "UP"])));
    progress("ready");

    return {
      url,
      instances,
      redis: redis
        ? {
            url: redis.url,
            stop: async () => redis?.stop(),
            start: async () => {
              redis = await startTestRedis(undefined, redisPort!);
            },
            freeze: () => redis?.freeze(),
            thaw: () => redis?.thaw(),
          }
        : null,
      postgresUrl: env.AUTH_DATABASE_URL ?? null,
      postgres: postgres
        ? { freeze: () => postgres?.freeze(), thaw: () => postgres?.thaw() }
        : null,
      env,
      serviceProcesses: () =>
        [haproxy?.pid, redis?.pid].filter((pid): pid is number => pid !== undefined),
      balancerStatus,
      untilBalancer,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      instances: { type: "string", default: "2" },
      port: { type: "string" },
      "sign-in": { type: "boolean", default: false },
    },
  });
  const options: DeploymentOptions = {
    instances: Number(values.instances),
    port: values.port ? Number(values.port) : undefined,
    signIn: values["sign-in"],
  };
  const unavailable = deploymentUnavailable(options);
  if (unavailable) {
    console.error(`Cannot run the deployment here: ${unavailable}.`);
    process.exit(1);
  }
  console.error("Starting Redis, PostgreSQL, the instances and HAProxy …");
  const deployment = await startDeployment(options);
  console.log(`Dashboard on ${deployment.url} (HAProxy)`);
  for (const instance of deployment.instances) console.log(`  ${instance.name}: ${instance.url}`);
  if (deployment.redis) console.log(`  Redis: ${deployment.redis.url}`);
  if (deployment.postgresUrl) {
    console.log(`  PostgreSQL: ${deployment.postgresUrl}`);
    console.log(
      `Add an account: AUTH_DATABASE_URL=${deployment.postgresUrl} npm run auth -- users add --email you@example.com`,
    );
  }
  console.log("Ctrl-C stops everything.");
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void deployment.stop().then(() => process.exit(0));
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
