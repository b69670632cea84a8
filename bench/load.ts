/**
 * `npm run bench:load`: simulated users paging through every list via the
 * dashboard's data route (/api/data/…), on the production build and the built-in
 * API, on loopback only. At 8, 32 and 64 concurrent sessions, for a fixed time each
 * (and at most BENCH_LOAD_MAX_REQUESTS requests per level), each session opens a
 * list with a filter, follows nextCursor a few pages, then starts again with
 * another list or filter. Prints throughput, p50/p99 latency and errors per level.
 *
 * Each session is its own client for the data route's rate limiter (its own
 * X-Forwarded-For, read because the bench server runs with TRUST_PROXY=1), and the
 * limit is raised for the bench (DATA_RATE_LIMIT_*): the output says so.
 *
 * Two passes: back to back (each session asks for its next page the moment the last
 * one arrives: a stress test, far beyond what a person does), then paced, with
 * BENCH_LOAD_THINK_MS (default 500, drawn from an exponential distribution so the
 * sessions stay out of step) between pages, about a person scrolling a table without
 * stopping to read. The load generator's own CPU is printed beside each
 * level: it shares the machine's two cores with the server.
 *
 * The server is `npm start` (server.mjs: WEB_CONCURRENCY processes, by default one
 * per core up to 4); the output names how many.
 *
 * Options (env): BENCH_LOAD_DB (default .data/bench-load.sqlite, seeded with 200
 * customers when missing), BENCH_LOAD_PORT (default 3230), BENCH_LOAD_SECONDS
 * (default 10), BENCH_LOAD_MAX_REQUESTS (default 100000), BENCH_LOAD_LEVELS (default
 * 8,32,64), BENCH_LOAD_BACK_TO_BACK_ONLY=1 (skip the paced pass), WEB_CONCURRENCY,
 * NEXT_DIST_DIR (the build).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const DB = path.resolve(process.env.BENCH_LOAD_DB ?? ".data/bench-load.sqlite");
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 3230);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const MAX_REQUESTS = Number(process.env.BENCH_LOAD_MAX_REQUESTS ?? 100_000);
const LEVELS = (process.env.BENCH_LOAD_LEVELS ?? "8,32,64").split(",").map(Number);
const PAGES_PER_WALK = 4;
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 500);
const BASE = `http://127.0.0.1:${PORT}/api/data`;
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

/** The processes server.mjs starts (its rule, repeated: the bench prints what it measured). */
function serverProcesses(): number {
  const configured = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.min(availableParallelism(), 4);
}

function ensureDatabase(): void {
  if (fs.existsSync(`${DB}.demo-key`)) return;
  console.error(`[bench] seeding 200 customers into ${DB} …`);
  execFileSync("npx", ["tsx", "lib/sandbox/cli.ts", "seed", "--reset", "--customers", "200"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, SANDBOX_DB: DB },
  });
}

async function startServer(): Promise<ChildProcess> {
  const dist = process.env.NEXT_DIST_DIR ?? ".next";
  if (!fs.existsSync(path.join(dist, "BUILD_ID")))
    throw new Error(`no production build in ${dist}: run next build first`);
  const server = spawn("node", ["server.mjs", "-p", String(PORT), "-H", "127.0.0.1"], {
    env: { ...process.env, SANDBOX_DB: DB, INVOICING_API_URL: "", TRUST_PROXY: "1", ...RATE_LIMIT },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/v1/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
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
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * A person's pause: exponentially distributed around `meanMs` (capped at 4×), so the
 * sessions do not fall into step and arrive as one burst every `meanMs`.
 */
const pause = (meanMs: number) =>
  sleep(Math.min(4 * meanMs, -meanMs * Math.log(1 - Math.random())));

async function runLevel(sessions: number, thinkMs: number): Promise<Level> {
  const level: Level = {
    sessions,
    requests: 0,
    errors: 0,
    errorKinds: new Map(),
    latencies: [],
    seconds: 0,
    clientCpuPct: 0,
  };
  const cpuBefore = process.cpuUsage();
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
          const res = await getJson(`${BASE}/${list}?${query}`, headers);
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
  level.latencies.sort((a, b) => a - b);
  return level;
}

async function main() {
  ensureDatabase();
  const server = await startServer();
  try {
    console.log(
      `bench:load — data route on http://127.0.0.1:${PORT} (production build, built-in API, ${path.relative(process.cwd(), DB)}; npm start with ${serverProcesses()} server process(es) on ${availableParallelism()} cores)`,
    );
    console.log(
      `rate limit raised for the bench: ${RATE_LIMIT.DATA_RATE_LIMIT_PER_SEC} req/s, burst ${RATE_LIMIT.DATA_RATE_LIMIT_BURST} per client (default 20 req/s, burst 60); each session is its own client (TRUST_PROXY=1, own X-Forwarded-For)`,
    );
    console.log(
      `each session: a list + filter, ${PAGES_PER_WALK} pages of 50 via nextCursor, then the next; ${SECONDS} s per level, at most ${MAX_REQUESTS} requests`,
    );
    // A short warm-up so the first level does not pay for compiling routes.
    await fetch(`${BASE}/invoices?limit=50`, { headers: { "x-forwarded-for": "10.0.0.0" } });
    for (const thinkMs of process.env.BENCH_LOAD_BACK_TO_BACK_ONLY === "1" ? [0] : [0, THINK_MS]) {
      console.log(
        thinkMs === 0
          ? "\nback to back (stress: no pause between pages)"
          : `\npaced (${thinkMs} ms between pages, a person scrolling without reading)`,
      );
      console.log("sessions  requests  req/s    p50 ms  p99 ms  errors  generator CPU");
      for (const sessions of LEVELS) {
        const l = await runLevel(sessions, thinkMs);
        console.log(
          [
            String(l.sessions).padStart(8),
            String(l.requests).padStart(9),
            (l.requests / l.seconds).toFixed(0).padStart(6),
            pct(l.latencies, 50).toFixed(1).padStart(9),
            pct(l.latencies, 99).toFixed(1).padStart(7),
            String(l.errors).padStart(7),
            `${l.clientCpuPct.toFixed(0)}%`.padStart(14),
          ].join(" "),
        );
        for (const [kind, count] of l.errorKinds) console.log(`          ${count} × ${kind}`);
      }
    }
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
