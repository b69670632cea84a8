/**
 * `npm run bench:api`: latency and throughput of the built-in API at about a
 * million invoices, over real HTTP against the production build. Prints figures;
 * asserts nothing (machines here are noisy: read the numbers, don't gate on them).
 *
 * Options (env): BENCH_CUSTOMERS (default 50000), BENCH_DB (default .data/bench.sqlite),
 * BENCH_PORT (default 3210), BENCH_SAMPLES (default 300), BENCH_SECONDS (default 10).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { nextStartArgs } from "../lib/testing/next-start";

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
const PORT = Number(process.env.BENCH_PORT ?? 3210);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEPTH = 1000;
const LIMIT = 50;
const BASE = `http://127.0.0.1:${PORT}/api/v1`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout ${url}`)));
    req.on("error", reject);
  });
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  execFileSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env },
  });
}

function ensureDatabase(): void {
  if (fs.existsSync(`${DB}.demo-key`)) {
    console.error(`[bench] using ${path.relative(process.cwd(), DB)} (delete it to re-seed)`);
    return;
  }
  console.error(`[bench] seeding ${CUSTOMERS} customers into ${DB} …`);
  const started = performance.now();
  run("npx", ["tsx", "lib/sandbox/cli.ts", "seed", "--reset", "--customers", String(CUSTOMERS)], {
    SANDBOX_DB: DB,
  });
  console.error(`[bench] seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function ensureBuild(): void {
  if (fs.existsSync(".next/BUILD_ID")) return;
  console.error("[bench] building the production app …");
  run("npx", ["next", "build"]);
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, nextStartArgs(PORT), {
    env: { ...process.env, SANDBOX_DB: DB, INVOICING_API_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await get(`${BASE}/health`, "")).status === 200) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latency(url: string, key: string): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await get(url, key); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const res = await get(url, key);
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Walks forward to the page DEPTH pages in (or the deepest full page) and returns its URL. */
async function deepUrl(listUrl: string, key: string): Promise<{ url: string; depth: number }> {
  let url = listUrl;
  let depth = 0;
  let cursor: string | undefined;
  while (depth < DEPTH) {
    const page = JSON.parse((await get(url, key)).body) as {
      hasMore: boolean;
      nextCursor?: string;
    };
    if (!page.hasMore) break;
    cursor = page.nextCursor;
    url = `${listUrl}&startingAfter=${cursor}`;
    depth++;
  }
  return { url, depth };
}

async function main() {
  ensureDatabase();
  ensureBuild();
  const key = fs.readFileSync(`${DB}.demo-key`, "utf8").trim();
  const server = await startServer();
  const db = new Database(DB, { readonly: true });
  const { invoices, customers } = db
    .prepare(
      "SELECT (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM customers) AS customers",
    )
    .get() as { invoices: number; customers: number };
  db.close();
  console.log(
    `\nDatabase: ${invoices.toLocaleString("en-US")} invoices, ${customers.toLocaleString("en-US")} customers`,
  );
  try {
    const scenarios = [
      { name: "/invoices (default order)", url: `${BASE}/invoices?limit=${LIMIT}` },
      {
        name: "/invoices orderBy=issuedAt:DESC, statuses=ISSUED",
        url: `${BASE}/invoices?limit=${LIMIT}&orderBy=issuedAt:DESC&statuses=ISSUED`,
      },
      {
        name: "/invoices orderBy=issuedAt:DESC, hasOutstandingBalance=true",
        url: `${BASE}/invoices?limit=${LIMIT}&orderBy=issuedAt:DESC&hasOutstandingBalance=true`,
      },
      { name: "/customers (default order)", url: `${BASE}/customers?limit=${LIMIT}` },
      { name: "/payments (default order)", url: `${BASE}/payments?limit=${LIMIT}` },
    ];
    const rows: string[][] = [];
    for (const scenario of scenarios) {
      const first = await latency(scenario.url, key);
      const deep = await deepUrl(scenario.url, key);
      const deepLatency = await latency(deep.url, key);
      rows.push([
        scenario.name,
        first.p50.toFixed(2),
        first.p99.toFixed(2),
        String(deep.depth),
        deepLatency.p50.toFixed(2),
        deepLatency.p99.toFixed(2),
        (deepLatency.p50 / first.p50).toFixed(2),
      ]);
    }
    console.log(`\nLatency over HTTP, ms (${SAMPLES} sequential requests each, limit=${LIMIT}):`);
    console.table(
      rows.map(([name, p50, p99, depth, dp50, dp99, ratio]) => ({
        route: name,
        "first p50": p50,
        "first p99": p99,
        "deep page #": depth,
        "deep p50": dp50,
        "deep p99": dp99,
        "deep/first p50": ratio,
      })),
    );

    for (const scenario of [scenarios[0]!, scenarios[3]!]) {
      const result = await autocannon({
        url: scenario.url,
        connections: 32,
        duration: SECONDS,
        headers: { authorization: `Bearer ${key}` },
      });
      console.log(
        `Throughput ${scenario.name}, 32 connections, ${SECONDS} s: ${result.requests.average.toFixed(0)} req/s, ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
    }
  } finally {
    agent.destroy();
    try {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
