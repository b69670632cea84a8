/**
 * `npm run bench:load`: simulated users paging through every list via the
 * dashboard's data route (/api/data/…), on the production build and the built-in
 * API, on loopback only. At 8, 32 and 64 concurrent sessions, for a fixed time each
 * (and at most BENCH_LOAD_MAX_REQUESTS requests per level), each session opens a
 * list with a filter, follows nextCursor a few pages, then starts again with
 * another list or filter. Prints throughput, p50/p99 latency and errors per level,
 * and the CPU the server side used.
 *
 * Two set-ups, one after the other: one instance (`npm start`, its limits in
 * memory), then the deployment of deploy/ (deploy/local.ts): two instances behind
 * HAProxy with Redis for the limits. The output ends with the second's throughput
 * over the first's at each level.
 *
 * Each session is its own client for the data route's rate limiter (its own
 * X-Forwarded-For, believed because the instance runs with TRUST_PROXY=1, and behind
 * the balancer with TRUST_PROXY=2: the hop before the one HAProxy appends), and the
 * limit is raised for the bench (DATA_RATE_LIMIT_*): the output says so.
 *
 * Two passes per set-up: back to back (each session asks for its next page the moment
 * the last one arrives: a stress test, far beyond what a person does), then paced,
 * with BENCH_LOAD_THINK_MS (default 500, drawn from an exponential distribution so the
 * sessions stay out of step) between pages, about a person scrolling a table without
 * stopping to read. The load generator's own CPU is printed beside each level: it
 * shares the machine's cores with the server side.
 *
 * Options (env): BENCH_LOAD_DB (default .data/bench-load.sqlite, seeded with 200
 * customers when missing), BENCH_LOAD_PORT (default 4230: the single instance; the
 * deployment takes the ports after it), BENCH_LOAD_SECONDS (default 10),
 * BENCH_LOAD_MAX_REQUESTS (default 100000), BENCH_LOAD_LEVELS (default 8,32,64),
 * BENCH_LOAD_BACK_TO_BACK_ONLY=1 (skip the paced pass), BENCH_LOAD_SETUPS (default
 * "one,two"; "one-balanced" adds one instance behind HAProxy with Redis, to tell the
 * balancer's and Redis's cost from the second instance's gain), NEXT_DIST_DIR (the build).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { type Deployment, deploymentUnavailable, startDeployment } from "../deploy/local";
import { serverEntry, serverStartArgs } from "../lib/testing/server-start";

const DB = path.resolve(process.env.BENCH_LOAD_DB ?? ".data/bench-load.sqlite");
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 4230);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const MAX_REQUESTS = Number(process.env.BENCH_LOAD_MAX_REQUESTS ?? 100_000);
const LEVELS = (process.env.BENCH_LOAD_LEVELS ?? "8,32,64").split(",").map(Number);
const PAGES_PER_WALK = 4;
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 500);
const SETUPS = (process.env.BENCH_LOAD_SETUPS ?? "one,two").split(",");
const RATE_LIMIT = { DATA_RATE_LIMIT_PER_SEC: "1000", DATA_RATE_LIMIT_BURST: "2000" };

/** What a person does on each list: open it plain or with one of these filters. */
const WALKS: Array<[list: string, query: string]> = [
  ["invoices", ""],
  ["invoices", "statuses=ISSUED"],
  ["invoices", "hasOutstandingBalance=true&orderBy=issuedAt:ASC"],
  ["customers", ""],
  ["customers", "contractHealths=RENEWAL_DUE,ENDING"],
  ["customers", "subscriptionFrequency=MONTHLY"],
  ["contracts", ""],
  ["contracts", "statuses=ACTIVE"],
  ["payments", ""],
  ["payments", "hasUnappliedAmount=true"],
];

function ensureDatabase(): void {
  if (fs.existsSync(`${DB}.demo-key`)) return;
  console.error(`[bench] seeding 200 customers into ${DB} …`);
  execFileSync("npx", ["tsx", "lib/sandbox/cli.ts", "seed", "--reset", "--customers", "200"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, SANDBOX_DB: DB },
  });
}

/** A set-up under test: where its data route is, and the processes doing its work. */
interface Target {
  name: string;
  base: string;
  /** the server side's processes (instances, balancer, Redis), for their CPU */
  pids: () => number[];
  stop: () => Promise<void>;
}

function requireBuild(): void {
  if (!fs.existsSync(serverEntry()))
    throw new Error(`no production build at ${serverEntry()}: run npm run build first`);
}

/** One instance, `npm start` on PORT, its limits in its own memory. */
async function startOneInstance(): Promise<Target> {
  const server: ChildProcess = spawn(process.execPath, serverStartArgs(PORT), {
    env: {
      ...process.env,
      SANDBOX_DB: DB,
      INVOICING_API_URL: "",
      REDIS_URL: "",
      TRUST_PROXY: "1",
      ...RATE_LIMIT,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return {
          name: "one instance (npm start, limits in memory)",
          base,
          pids: () => (server.pid ? [server.pid] : []),
          stop: async () => {
            const exited = new Promise((resolve) => server.once("exit", resolve));
            server.kill("SIGTERM");
            await exited;
          },
        };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill("SIGKILL");
  throw new Error("the instance did not start");
}

/** deploy/: `instances` instances behind HAProxy, limits in Redis. */
async function startBalanced(instances: number): Promise<Target> {
  const unavailable = deploymentUnavailable({ redis: true });
  if (unavailable) throw new Error(`the deployment cannot run here: ${unavailable}`);
  const deployment: Deployment = await startDeployment({
    instances,
    port: PORT + 10,
    sandboxDb: DB,
    // The session's own X-Forwarded-For is the hop before HAProxy's.
    env: { INVOICING_API_URL: "", TRUST_PROXY: "2", ...RATE_LIMIT },
  });
  return {
    name: `${instances} instance${instances > 1 ? "s" : ""} behind HAProxy, limits in Redis`,
    base: deployment.url,
    pids: () => [
      ...deployment.instances.map((i) => i.pid()).filter((pid): pid is number => Boolean(pid)),
      ...deployment.serviceProcesses(),
    ],
    stop: () => deployment.stop(),
  };
}

/** CPU seconds used so far by `pids` (user + system), from /proc. */
function cpuSeconds(pids: number[]): number {
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

/**
 * One GET as a browser sends it (keep-alive, gzip accepted), on node:http rather
 * than fetch: the load generator shares the machine's two cores with the server,
 * and fetch costs it about twice the CPU per request.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function getJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { "accept-encoding": "gzip", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          try {
            const raw = Buffer.concat(chunks);
            const text = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text.toString("utf8")) });
          } catch (error) {
            reject(error);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

interface Level {
  sessions: number;
  requests: number;
  errors: number;
  errorKinds: Map<string, number>;
  latencies: number[];
  seconds: number;
  clientCpuPct: number;
  /** the server side's CPU over the level, in % of one core */
  serverCpuPct: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * A person's pause: exponentially distributed around `meanMs` (capped at 4×), so the
 * sessions do not fall into step and arrive as one burst every `meanMs`.
 */
const pause = (meanMs: number) =>
  sleep(Math.min(4 * meanMs, -meanMs * Math.log(1 - Math.random())));

async function runLevel(target: Target, sessions: number, thinkMs: number): Promise<Level> {
  const level: Level = {
    sessions,
    requests: 0,
    errors: 0,
    errorKinds: new Map(),
    latencies: [],
    seconds: 0,
    clientCpuPct: 0,
    serverCpuPct: 0,
  };
  const base = `${target.base}/api/data`;
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = cpuSeconds(target.pids());
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const running = () => performance.now() < until && level.requests < MAX_REQUESTS;

  async function session(n: number) {
    // Paced sessions start at random moments within one pause, as people do.
    if (thinkMs > 0) await sleep(Math.random() * thinkMs);
    const headers = { "x-forwarded-for": `10.${sessions}.${n >> 8}.${n & 255}` };
    for (let walk = n; running(); walk++) {
      const [list, filter] = WALKS[walk % WALKS.length]!;
      let cursor: string | null = null;
      for (let page = 0; page < PAGES_PER_WALK && running(); page++) {
        const query = [filter, "limit=50", cursor ? `startingAfter=${cursor}` : ""]
          .filter(Boolean)
          .join("&");
        const t = performance.now();
        level.requests++;
        try {
          const res = await getJson(`${base}/${list}?${query}`, headers);
          level.latencies.push(performance.now() - t);
          if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
          cursor = (res.body as { nextCursor?: string | null }).nextCursor ?? null;
        } catch (error) {
          level.errors++;
          const kind = error instanceof Error ? error.message : String(error);
          level.errorKinds.set(kind, (level.errorKinds.get(kind) ?? 0) + 1);
          cursor = null;
        }
        if (!cursor) break;
        if (thinkMs > 0) await pause(thinkMs);
      }
      if (thinkMs > 0) await pause(thinkMs);
    }
  }

  await Promise.all(Array.from({ length: sessions }, (_, n) => session(n)));
  level.seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  level.clientCpuPct = (cpu.user + cpu.system) / 1e4 / level.seconds;
  level.serverCpuPct = ((cpuSeconds(target.pids()) - serverCpuBefore) * 100) / level.seconds;
  level.latencies.sort((a, b) => a - b);
  return level;
}

const passes = () => (process.env.BENCH_LOAD_BACK_TO_BACK_ONLY === "1" ? [0] : [0, THINK_MS]);

/** Every level of both passes on `target`: req/s per pass and level, for the comparison. */
async function runSetup(target: Target): Promise<Map<string, number>> {
  const throughput = new Map<string, number>();
  console.log(`\n=== ${target.name}: ${target.base}`);
  // A short warm-up so the first level does not pay for loading routes.
  for (let i = 0; i < 4; i++)
    await getJson(`${target.base}/api/data/invoices?limit=50`, { "x-forwarded-for": "10.0.0.0" });
  for (const thinkMs of passes()) {
    console.log(
      thinkMs === 0
        ? "back to back (stress: no pause between pages)"
        : `paced (${thinkMs} ms between pages, a person scrolling without reading)`,
    );
    console.log("sessions  requests  req/s    p50 ms  p99 ms  errors  server CPU  generator CPU");
    for (const sessions of LEVELS) {
      const l = await runLevel(target, sessions, thinkMs);
      const perSecond = l.requests / l.seconds;
      throughput.set(`${thinkMs}:${sessions}`, perSecond);
      console.log(
        [
          String(l.sessions).padStart(8),
          String(l.requests).padStart(9),
          perSecond.toFixed(0).padStart(6),
          pct(l.latencies, 50).toFixed(1).padStart(9),
          pct(l.latencies, 99).toFixed(1).padStart(7),
          String(l.errors).padStart(7),
          `${l.serverCpuPct.toFixed(0)}%`.padStart(11),
          `${l.clientCpuPct.toFixed(0)}%`.padStart(14),
        ].join(" "),
      );
      for (const [kind, count] of l.errorKinds) console.log(`          ${count} × ${kind}`);
    }
  }
  return throughput;
}

async function main() {
  requireBuild();
  ensureDatabase();
  console.log(
    `bench:load — the data route, production build, built-in API (${path.relative(process.cwd(), DB)}), ${availableParallelism()} cores shared by the server side and this generator`,
  );
  console.log(
    `rate limit raised for the bench: ${RATE_LIMIT.DATA_RATE_LIMIT_PER_SEC} req/s, burst ${RATE_LIMIT.DATA_RATE_LIMIT_BURST} per client (default 20 req/s, burst 60); each session is its own client (its own X-Forwarded-For, believed through TRUST_PROXY)`,
  );
  console.log(
    `each session: a list + filter, ${PAGES_PER_WALK} pages of 50 via nextCursor, then the next; ${SECONDS} s per level, at most ${MAX_REQUESTS} requests; server CPU: instances, balancer and Redis together, in % of one core`,
  );
  const results = new Map<string, Map<string, number>>();
  for (const setup of SETUPS) {
    const target =
      setup === "one"
        ? await startOneInstance()
        : await startBalanced(setup === "one-balanced" ? 1 : 2);
    try {
      results.set(setup, await runSetup(target));
    } finally {
      await target.stop();
    }
  }
  const one = results.get("one");
  const two = results.get("two");
  if (one && two) {
    console.log("\ntwo instances behind HAProxy over one instance, throughput:");
    for (const thinkMs of passes())
      console.log(
        `  ${thinkMs === 0 ? "back to back" : "paced"}: ${LEVELS.map((n) => `${n} sessions ${(two.get(`${thinkMs}:${n}`)! / one.get(`${thinkMs}:${n}`)!).toFixed(2)}×`).join(", ")}`,
      );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
