/**
 * `npm run bench:load`: simulated users paging through every list via the
 * dashboard's data route (/api/data/…), on the production build and the built-in
 * API, on loopback only. At 8, 32 and 64 concurrent sessions, for a fixed time each
 * (and at most BENCH_LOAD_MAX_REQUESTS requests per level), each session opens a
 * list with a filter, follows nextCursor a few pages, then starts again with
 * another list or filter. Prints throughput, p50/p99 latency and errors per level,
 * and the CPU each part used: the instances, HAProxy, Redis, the generator; and the
 * generator's own event-loop delay, which a latency measured here includes.
 *
 * By default two set-ups, one after the other: one instance (`npm start`, its limits
 * in memory), then the deployment of deploy/ (deploy/local.ts): two instances behind
 * HAProxy with Redis for the limits. The output ends with each balanced set-up's
 * throughput over the one-instance set-up's at each level. With BENCH_LOAD_CPU_QUOTA
 * each instance is held to the same share of a core (docs/scaling.md, Instances under
 * a CPU quota).
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
 * balancer's and Redis's cost from the second instance's gain; "three": three
 * instances), BENCH_LOAD_CPU_QUOTA (cores per instance, e.g. 0.4: each instance in a
 * cgroup of its own held to that, see benchCpuGroups; needs root), BENCH_LOAD_CPU_SHARES
 * (default 262144: the bench's weight against the machine's other tasks, with a quota),
 * BENCH_LOAD_CPU_BURST (cores' worth of unused quota an instance may save for a busy
 * period: cpu.cfs_burst_us), BENCH_LOAD_WARM_UP_SECONDS (default 5: back to back at the
 * most sessions, not counted, before each set-up's levels), BENCH_LOAD_PER_INSTANCE=1
 * (the levels are sessions per instance: three instances at level 8 get 24, so each
 * instance holds as many requests as the one-instance set-up's), BENCH_LOAD_REPEATS
 * (default 1: the set-ups in turn that many times; the comparison takes each figure's
 * median over the runs), NEXT_DIST_DIR (the build).
 */
import fs from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { gunzipSync } from "node:zlib";
import { type CpuGroups, createCpuGroups, processCpuSeconds } from "../deploy/cpu-quota";
import { ensureSeededDatabase } from "../lib/testing/seeded-database";
import { serverEntry } from "../lib/testing/server-start";
import { type PartsCpu, startBalanced, startOneInstance, type Target } from "./load/targets";

const DB = path.resolve(process.env.BENCH_LOAD_DB ?? ".data/bench-load.sqlite");
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 4230);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const MAX_REQUESTS = Number(process.env.BENCH_LOAD_MAX_REQUESTS ?? 100_000);
const LEVELS = (process.env.BENCH_LOAD_LEVELS ?? "8,32,64").split(",").map(Number);
const PAGES_PER_WALK = 4;
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 500);
const SETUPS = (process.env.BENCH_LOAD_SETUPS ?? "one,two").split(",");
const RATE_LIMIT = { DATA_RATE_LIMIT_PER_SEC: "1000", DATA_RATE_LIMIT_BURST: "2000" };
const CPU_QUOTA = process.env.BENCH_LOAD_CPU_QUOTA ? Number(process.env.BENCH_LOAD_CPU_QUOTA) : 0;
const CPU_BURST = process.env.BENCH_LOAD_CPU_BURST
  ? Number(process.env.BENCH_LOAD_CPU_BURST)
  : undefined;
const WARM_UP_SECONDS = Number(process.env.BENCH_LOAD_WARM_UP_SECONDS ?? 5);
const CPU_SHARES = Number(process.env.BENCH_LOAD_CPU_SHARES ?? 262_144);
const PER_INSTANCE = process.env.BENCH_LOAD_PER_INSTANCE === "1";
const REPEATS = Math.max(1, Number(process.env.BENCH_LOAD_REPEATS ?? 1));
/** The balanced set-ups by name: instances behind HAProxy. */
const BALANCED: Record<string, number> = { "one-balanced": 1, two: 2, three: 3 };

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

function requireBuild(): void {
  if (!fs.existsSync(serverEntry()))
    throw new Error(`no production build at ${serverEntry()}: run npm run build first`);
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
  /** each server-side part's CPU over the level, in % of one core */
  parts: Pick<PartsCpu, "instances" | "balancer" | "redis">;
  /** % of the instances' quota periods in which the quota ran out */
  throttledPct: number;
  /** the 1-minute load average at the level's end */
  load: number;
  /** the generator's own event-loop delay, p99 and max (ms): time it added to the latencies */
  stallP99: number;
  stallMax: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * A person's pause: exponentially distributed around `meanMs` (capped at 4×), so the
 * sessions do not fall into step and arrive as one burst every `meanMs`.
 */
const pause = (meanMs: number) =>
  sleep(Math.min(4 * meanMs, -meanMs * Math.log(1 - Math.random())));

async function runLevel(
  target: Target,
  sessions: number,
  thinkMs: number,
  seconds = SECONDS,
): Promise<Level> {
  const level: Level = {
    sessions,
    requests: 0,
    errors: 0,
    errorKinds: new Map(),
    latencies: [],
    seconds: 0,
    clientCpuPct: 0,
    parts: { instances: 0, balancer: 0, redis: 0 },
    throttledPct: 0,
    load: 0,
    stallP99: 0,
    stallMax: 0,
  };
  const base = `${target.base}/api/data`;
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const cpuBefore = processCpuSeconds([process.pid]);
  const partsBefore = target.cpu();
  const started = performance.now();
  const until = started + seconds * 1000;
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
  level.clientCpuPct = ((processCpuSeconds([process.pid]) - cpuBefore) * 100) / level.seconds;
  const partsAfter = target.cpu();
  for (const part of ["instances", "balancer", "redis"] as const)
    level.parts[part] = ((partsAfter[part] - partsBefore[part]) * 100) / level.seconds;
  const periods = partsAfter.periods - partsBefore.periods;
  level.throttledPct =
    periods > 0
      ? ((partsAfter.throttledPeriods - partsBefore.throttledPeriods) * 100) / periods
      : 0;
  level.load = loadavg()[0] ?? 0;
  stalls.disable();
  [level.stallP99, level.stallMax] = [stalls.percentile(99) / 1e6, stalls.max / 1e6];
  level.latencies.sort((a, b) => a - b);
  return level;
}

const passes = () => (process.env.BENCH_LOAD_BACK_TO_BACK_ONLY === "1" ? [0] : [0, THINK_MS]);

/** A level's figures kept for the comparison, by pass and level. */
type Figures = Map<string, { perSecond: number; p99: number }>;

/** Every level of both passes on `target`, its levels times `instances` when per instance. */
async function runSetup(target: Target, instances: number): Promise<Figures> {
  const figures: Figures = new Map();
  console.log(`\n=== ${target.name}: ${target.base}`);
  // A warm-up, not counted: the first level must not pay for loading routes and for
  // the JIT, which takes longer on an instance held to a fraction of a core.
  for (let i = 0; i < 4; i++)
    await getJson(`${target.base}/api/data/invoices?limit=50`, { "x-forwarded-for": "10.0.0.0" });
  if (WARM_UP_SECONDS > 0) await runLevel(target, Math.max(...LEVELS), 0, WARM_UP_SECONDS);
  for (const thinkMs of passes()) {
    console.log(
      thinkMs === 0
        ? "back to back (stress: no pause between pages)"
        : `paced (${thinkMs} ms between pages, a person scrolling without reading)`,
    );
    console.log(
      "sessions  requests  req/s    p50 ms  p99 ms  errors  instances  throttled  HAProxy  Redis  generator  load  gen. stall p99/max ms",
    );
    for (const sessions of LEVELS) {
      const l = await runLevel(target, PER_INSTANCE ? sessions * instances : sessions, thinkMs);
      const perSecond = l.requests / l.seconds;
      figures.set(`${thinkMs}:${sessions}`, { perSecond, p99: pct(l.latencies, 99) });
      console.log(
        [
          String(l.sessions).padStart(8),
          String(l.requests).padStart(9),
          perSecond.toFixed(0).padStart(6),
          pct(l.latencies, 50).toFixed(1).padStart(9),
          pct(l.latencies, 99).toFixed(1).padStart(7),
          String(l.errors).padStart(7),
          `${l.parts.instances.toFixed(0)}%`.padStart(10),
          `${l.throttledPct.toFixed(0)}%`.padStart(10),
          `${l.parts.balancer.toFixed(0)}%`.padStart(8),
          `${l.parts.redis.toFixed(0)}%`.padStart(6),
          `${l.clientCpuPct.toFixed(0)}%`.padStart(10),
          l.load.toFixed(1).padStart(5),
          `${l.stallP99.toFixed(0)}/${l.stallMax.toFixed(0)}`.padStart(9),
        ].join(" "),
      );
      for (const [kind, count] of l.errorKinds) console.log(`          ${count} × ${kind}`);
    }
  }
  return figures;
}

/**
 * With BENCH_LOAD_CPU_QUOTA: a group of the bench's own weighted CPU_SHARES against the
 * machine's other tasks, holding the instances' quota groups and, without a quota, this
 * generator with the HAProxy and Redis it starts.
 */
function benchCpuGroups(): CpuGroups | null {
  if (!CPU_QUOTA) return null;
  const groups = createCpuGroups("bench-load", { shares: CPU_SHARES });
  groups.group("outside").add(process.pid);
  // Ctrl-C ends through exit, whose handler releases the groups.
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => process.exit(130));
  console.log(
    `CPU quota: each instance in its own cgroup (${groups.layout.version === 1 ? "v1 cpu.cfs_quota_us" : "v2 cpu.max"}) at most ${CPU_QUOTA} core; HAProxy, Redis and this generator in a group without a quota; all of them in ${groups.dir} with cpu.shares ${CPU_SHARES} against the machine's other tasks`,
  );
  return groups;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Each balanced set-up's throughput over one instance's, and the paced p99: medians over the runs. */
function compare(runs: Map<string, Figures[]>): void {
  const base = runs.get("one-balanced") ? "one-balanced" : "one";
  const at = (setup: string, key: string, figure: "perSecond" | "p99") =>
    median((runs.get(setup) ?? []).map((figures) => figures.get(key)![figure]));
  const levels = PER_INSTANCE ? "sessions per instance" : "sessions";
  const over = REPEATS > 1 ? `, medians of ${REPEATS} runs` : "";
  for (const setup of runs.keys()) {
    console.log(`\n${setup}${over}:`);
    for (const thinkMs of passes()) {
      const key = (n: number) => `${thinkMs}:${n}`;
      const ratio = (n: number) =>
        setup === base
          ? ""
          : ` ${(at(setup, key(n), "perSecond") / at(base, key(n), "perSecond")).toFixed(2)}× ${base}`;
      const each = LEVELS.map(
        (n) =>
          `${n} ${levels} ${at(setup, key(n), "perSecond").toFixed(0)} req/s${ratio(n)}, p99 ${at(setup, key(n), "p99").toFixed(0)} ms`,
      );
      console.log(`  ${thinkMs === 0 ? "back to back" : "paced"}: ${each.join("; ")}`);
    }
  }
}

async function main() {
  requireBuild();
  ensureSeededDatabase(DB, 200);
  console.log(
    `bench:load — the data route, production build, built-in API (${path.relative(process.cwd(), DB)}), ${availableParallelism()} cores shared by the server side and this generator`,
  );
  console.log(
    `rate limit raised for the bench: ${RATE_LIMIT.DATA_RATE_LIMIT_PER_SEC} req/s, burst ${RATE_LIMIT.DATA_RATE_LIMIT_BURST} per client (default 20 req/s, burst 60); each session is its own client (its own X-Forwarded-For, believed through TRUST_PROXY)`,
  );
  console.log(
    `each session: a list + filter, ${PAGES_PER_WALK} pages of 50 via nextCursor, then the next; ${SECONDS} s per level, at most ${MAX_REQUESTS} requests; CPU in % of one core: the instances (their cgroups' usage with a quota), the share of their quota periods in which the quota ran out (throttled), HAProxy, Redis and this generator (/proc/<pid>/stat); load: the machine's 1-minute load average`,
  );
  const cpuGroups = benchCpuGroups();
  const runs = new Map<string, Figures[]>();
  const options = { port: PORT, db: DB, cpuQuota: CPU_QUOTA, cpuBurst: CPU_BURST, cpuGroups };
  for (const setup of SETUPS)
    if (setup !== "one" && !BALANCED[setup]) throw new Error(`unknown set-up ${setup}`);
  // In turn rather than each set-up's runs together: the machine's drift falls on all.
  for (let run = 0; run < REPEATS; run++)
    for (const setup of SETUPS) {
      const target =
        setup === "one"
          ? await startOneInstance({
              ...options,
              env: { INVOICING_API_URL: "", TRUST_PROXY: "1", ...RATE_LIMIT },
            })
          : await startBalanced(BALANCED[setup]!, {
              ...options,
              port: PORT + 10,
              // The session's own X-Forwarded-For is the hop before HAProxy's.
              env: { INVOICING_API_URL: "", TRUST_PROXY: "2", ...RATE_LIMIT },
            });
      try {
        const figures = await runSetup(target, BALANCED[setup] ?? 1);
        runs.set(setup, [...(runs.get(setup) ?? []), figures]);
      } finally {
        await target.stop();
      }
    }
  compare(runs);
  cpuGroups?.release();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
