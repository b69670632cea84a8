/**
 * The deployment of deploy/ on loopback: N instances of one build (`npm start`,
 * deploy/instance.ts), HAProxy in front of them (deploy/haproxy.cfg, deploy/balancer.ts), and a Redis and a PostgreSQL of its
 * own (Debian's redis-server and postgresql, started for the run and removed after).
 * The instances get deploy/instance.env.example's shape: REDIS_URL, AUTH_DATABASE_URL,
 * TRUST_PROXY=1, and the built-in API on one SQLite file they share.
 *
 *   npx tsx deploy/local.ts [--instances 2] [--port 4300] [--sign-in] [--cpu-quota 0.4]
 *     [--cpu-burst 0.4]
 *
 * prints the balancer's address and runs until Ctrl-C. Build first (`npm run build`;
 * NEXT_DIST_DIR picks another build). With --sign-in the instances require sign-in
 * (add an account with the printed command). With --cpu-quota (or INSTANCE_CPU_QUOTA)
 * each instance runs in a cgroup of its own held to that many cores (deploy/cpu-quota.ts;
 * root), HAProxy, Redis and PostgreSQL outside the quotas; --cpu-burst
 * (INSTANCE_CPU_BURST) lets it save that much unused quota for a busy period.
 *
 * `startDeployment` is the same as a function, for the deployment test
 * (e2e/flows/deployment.spec.ts) and bench:load: it returns the balancer's address and a
 * handle per instance (stop, kill, start again) and for Redis (stop, start again).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
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
import { serverEntry } from "../lib/testing/server-start";
import { type Balancer, startBalancer } from "./balancer";
import { type CpuGroups, cpuCgroupLayout, createCpuGroups } from "./cpu-quota";
import { deploymentInstance, type Instance } from "./instance";

export type { Instance };

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
  /** each instance in a cgroup of its own held to this many cores (e.g. 0.4) */
  cpuQuota?: number;
  /** with cpuQuota: cores' worth of unused quota an instance may save for a busy period */
  cpuBurst?: number;
  /** where the instances' groups go (default: groups of the deployment's own) */
  cpuGroups?: CpuGroups;
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
  if (!fs.existsSync(serverEntry()))
    return `no production build at ${serverEntry()}: run npm run build first`;
  const cgroups = options.cpuQuota && !options.cpuGroups ? cpuCgroupLayout() : null;
  if (cgroups && "unavailable" in cgroups)
    return `CPU quotas cannot be set: ${cgroups.unavailable}`;
  return null;
}

/** A database for sign-in on the deployment's PostgreSQL; the instances' settings for it. */
function signInSettings(postgres: TestPostgres, url: string): Record<string, string> {
  const created = spawnSync(
    path.join(findPostgresBin()!, "createdb"),
    ["-h", "127.0.0.1", "-p", String(postgres.port), "-U", "postgres", "dashboard"],
    // Bounded: a createdb that never returns would block this whole process.
    { encoding: "utf8", timeout: 30_000 },
  );
  if (created.status !== 0)
    throw new Error(`createdb failed: ${created.stderr || created.error?.message}`);
  return {
    AUTH_REQUIRED: "1",
    AUTH_DATABASE_URL: postgres.url.replace(/\/postgres$/, "/dashboard"),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    AUTH_URL: url,
  };
}

async function deploymentPorts(options: DeploymentOptions): Promise<[number, ...number[]]> {
  const count = (options.instances ?? 2) + 1;
  const ports = options.port
    ? Array.from({ length: count }, (_, i) => options.port! + i)
    : await Promise.all(Array.from({ length: count }, () => freePort()));
  return ports as [number, ...number[]];
}

export async function startDeployment(options: DeploymentOptions = {}): Promise<Deployment> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-deploy-"));
  const [balancerPort, ...instancePorts] = await deploymentPorts(options);
  const url = `http://127.0.0.1:${balancerPort}`;

  let redis: TestRedis | null = null;
  let postgres: TestPostgres | null = null;
  let balancer: Balancer | null = null;
  const instances: Instance[] = [];
  const ownCpuGroups =
    options.cpuQuota && !options.cpuGroups ? createCpuGroups("deployment") : null;
  const cpuGroups = options.cpuGroups ?? ownCpuGroups;
  const progress = (step: string) => {
    // Given up on: start nothing more (what has started is being stopped).
    if (options.signal?.aborted)
      throw new Error(`the deployment's start was given up before: ${step}`);
    options.onProgress?.(step, instances);
  };
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await balancer?.stop();
    await redis?.stop();
    await postgres?.stop();
    for (const instance of instances) instance.cpuGroup?.remove();
    ownCpuGroups?.release();
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
      env.REDIS_URL = redis.url;
    }
    if (options.signIn) {
      progress("starting PostgreSQL");
      postgres = await startTestPostgres();
      if (!postgres) throw new Error("PostgreSQL is not installed");
      progress("creating the sign-in database");
      Object.assign(env, signInSettings(postgres, url));
    }
    Object.assign(env, options.env);

    instancePorts.forEach((port, i) => {
      const name = `instance${i + 1}`;
      const quota = options.cpuQuota;
      const limits = { quotaCores: quota, burstCores: options.cpuBurst };
      const cpuGroup = quota ? cpuGroups!.group(name, limits) : null;
      instances.push(deploymentInstance(name, port, env, cpuGroup));
    });
    // All at once, as a supervisor starts them: the start-up lock orders their migrations.
    progress("starting the instances");
    await Promise.all(
      instances.map((instance) => instance.start().then(() => progress(`${instance.name} is up`))),
    );
    balancer = startBalancer(balancerPort, instances, dir);
    progress("waiting for the balancer to see every instance UP");
    await balancer.until(Object.fromEntries(instances.map((instance) => [instance.name, "UP"])));
    progress("ready");

    const redisPort = redis?.port;
    const running = balancer;
    return {
      url,
      instances,
      redis: redis
        ? {
            url: redis.url,
            stop: async () => redis?.stop(),
            start: async () => {
              redis = await startTestRedis(undefined, redisPort);
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
        [running.pid, redis?.pid].filter((pid): pid is number => pid !== undefined),
      balancerStatus: () => running.status(),
      untilBalancer: (expected, timeoutMs) => running.until(expected, timeoutMs),
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
      "cpu-quota": { type: "string", default: process.env.INSTANCE_CPU_QUOTA },
      "cpu-burst": { type: "string", default: process.env.INSTANCE_CPU_BURST },
    },
  });
  const [cpuQuota, cpuBurst] = (["cpu-quota", "cpu-burst"] as const).map((name) => {
    const value = values[name];
    if (value === undefined || value === "") return undefined;
    if (Number(value) > 0 && Number(value) <= 64) return Number(value);
    console.error(`--${name} is cores per instance, e.g. 0.4: not ${value}.`);
    return process.exit(1);
  });
  const options: DeploymentOptions = {
    instances: Number(values.instances),
    port: values.port ? Number(values.port) : undefined,
    signIn: values["sign-in"],
    cpuQuota,
    cpuBurst,
  };
  const unavailable = deploymentUnavailable(options);
  if (unavailable) {
    console.error(`Cannot run the deployment here: ${unavailable}.`);
    process.exit(1);
  }
  console.error("Starting Redis, PostgreSQL, the instances and HAProxy …");
  const deployment = await startDeployment(options);
  console.log(`Dashboard on ${deployment.url} (HAProxy)`);
  for (const instance of deployment.instances)
    console.log(
      `  ${instance.name}: ${instance.url}${cpuQuota ? ` (at most ${cpuQuota} core, cgroup ${instance.cpuGroup?.name})` : ""}`,
    );
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
