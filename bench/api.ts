/**
 * `npm run bench:api`: the built-in API at about 1.3 million invoices, over real HTTP
 * against the production build (`npm start`, one process). Prints figures; asserts
 * nothing (machines here are noisy: read the numbers, don't gate on them).
 *
 * 1. Every order of every list: p50 and p99 of the first page and of page 1,000
 *    (50 rows a page, so the page after row 50,000; the deepest page when a list is
 *    shorter). /customers and /payments: each field both ways, every pair of fields
 *    in both directions (what shift-click builds from a header click) and a fixed
 *    sample of three-field orders.
 * 2. Nobody waits on another's work: p50, p99 and worst of `/health` and of a list's
 *    first page, asked one after the other, while idle, while a whole-list walk runs
 *    (the receivables view, read in-process as the page does) and while a CSV export
 *    of every invoice downloads.
 * 3. Throughput of two first pages with 32 connections.
 *
 * Options (env): BENCH_CUSTOMERS (default 50000), BENCH_DB (default .data/bench.sqlite),
 * BENCH_PORT (default 3210), BENCH_SAMPLES (requests per page, default 100),
 * BENCH_ORDERS (`all` (default), `single`: one field only, `none`: skip part 1),
 * BENCH_ONLY (a regular expression: only the orders whose `list?query` matches, e.g.
 * to measure a few again), BENCH_TRIPLES (three-field orders per list, default 16),
 * BENCH_WALK_SECONDS (how
 * long part 2 watches each walk, default 15), BENCH_SECONDS (throughput, default 10),
 * NEXT_DIST_DIR (the build to serve).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { CUSTOMER_ORDER_FIELDS, PAYMENT_ORDER_FIELDS } from "../lib/api/enums";
import { serverEntry, serverStartArgs } from "../lib/testing/server-start";

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
const PORT = Number(process.env.BENCH_PORT ?? 3210);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const ORDERS = process.env.BENCH_ORDERS ?? "all";
const TRIPLES = Number(process.env.BENCH_TRIPLES ?? 16);
const WALK_SECONDS = Number(process.env.BENCH_WALK_SECONDS ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEPTH_ROWS = 50_000;
const LIMIT = 50;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASE = `${ORIGIN}/api/v1`;

/** Every order the API offers (lib/api/enums.ts): the bench walks each of them. */
const PAYMENT_FIELDS = PAYMENT_ORDER_FIELDS;
const CUSTOMER_FIELDS = CUSTOMER_ORDER_FIELDS;

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
  if (fs.existsSync(serverEntry())) return;
  console.error("[bench] building the production app …");
  run("npm", ["run", "build"]);
}

async function startServer(): Promise<ChildProcess> {
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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latency(
  url: string,
  key: string,
  samples = SAMPLES,
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 5; i++) await get(url, key); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const res = await get(url, key);
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The URL of the page after row DEPTH_ROWS (or of the deepest page), and that row. */
async function deepUrl(listUrl: string, key: string): Promise<{ url: string; row: number }> {
  // Walked 100 rows a page (a cursor holds for any limit), then read 50 a page.
  const walkUrl = listUrl.replace(`limit=${LIMIT}`, "limit=100");
  let row = 0;
  let cursor: string | undefined;
  let url = listUrl;
  while (row < DEPTH_ROWS) {
    const res = await get(cursor ? `${walkUrl}&startingAfter=${cursor}` : walkUrl, key);
    if (res.status !== 200) throw new Error(`${walkUrl}: ${res.status} ${res.body.slice(0, 200)}`);
    const page = JSON.parse(res.body) as { data: unknown[]; hasMore: boolean; nextCursor?: string };
    if (!page.hasMore) break;
    cursor = page.nextCursor;
    row += page.data.length;
    url = `${listUrl}&startingAfter=${cursor}`;
  }
  return { url, row };
}

function ordersOf(fields: readonly string[], rng: () => number): string[] {
  const orders: string[] = [];
  for (const a of fields)
    for (const da of ["ASC", "DESC"]) {
      orders.push(`${a}:${da}`);
      if (ORDERS === "single") continue;
      for (const b of fields)
        if (b !== a) for (const db of ["ASC", "DESC"]) orders.push(`${a}:${da},${b}:${db}`);
    }
  if (ORDERS !== "single")
    for (let i = 0; i < TRIPLES; i++) {
      const picked = [...fields].sort(() => rng() - 0.5).slice(0, 3);
      orders.push(picked.map((f) => `${f}:${rng() < 0.5 ? "ASC" : "DESC"}`).join(","));
    }
  return orders;
}

/** A fixed pseudo-random sequence: the same sample of three-field orders every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function benchOrders(key: string): Promise<void> {
  const rng = seededRandom(20261122);
  const scenarios: { list: string; query: string }[] = [
    { list: "invoices", query: "" },
    { list: "invoices", query: "orderBy=issuedAt:ASC" },
    { list: "invoices", query: "orderBy=issuedAt:DESC" },
    { list: "invoices", query: "orderBy=issuedAt:DESC&statuses=ISSUED" },
    { list: "invoices", query: "orderBy=issuedAt:DESC&hasOutstandingBalance=true" },
    { list: "contracts", query: "" },
    { list: "customers", query: "" },
    ...ordersOf(CUSTOMER_FIELDS, rng).map((o) => ({ list: "customers", query: `orderBy=${o}` })),
    { list: "payments", query: "" },
    ...ordersOf(PAYMENT_FIELDS, rng).map((o) => ({ list: "payments", query: `orderBy=${o}` })),
  ];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const chosen = only ? scenarios.filter((s) => only.test(`${s.list}?${s.query}`)) : scenarios;
  const rows: Record<string, string | number>[] = [];
  const started = performance.now();
  for (const [i, { list, query }] of chosen.entries()) {
    const url = `${BASE}/${list}?limit=${LIMIT}${query ? `&${query}` : ""}`;
    const first = await latency(url, key);
    const deep = await deepUrl(url, key);
    const deepLatency = await latency(deep.url, key);
    rows.push({
      list,
      query: query || "(default order)",
      "first p50": first.p50.toFixed(1),
      "first p99": first.p99.toFixed(1),
      "deep after row": deep.row,
      "deep p50": deepLatency.p50.toFixed(1),
      "deep p99": deepLatency.p99.toFixed(1),
    });
    if ((i + 1) % 25 === 0)
      console.error(
        `[bench] ${i + 1}/${chosen.length} orders (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
  console.log(
    `\n1. Every order: latency over HTTP, ms (${SAMPLES} sequential requests each, limit=${LIMIT}; "deep" is page 1,000 or the deepest):`,
  );
  console.log(markdownTable(rows));
  const p50s = rows.flatMap((r) => [Number(r["first p50"]), Number(r["deep p50"])]);
  const worst = rows.reduce((a, r) =>
    Math.max(Number(r["first p50"]), Number(r["deep p50"])) >
    Math.max(Number(a["first p50"]), Number(a["deep p50"]))
      ? r
      : a,
  );
  console.log(
    `\n${rows.length} orders; the slowest p50: ${Math.max(...p50s).toFixed(1)} ms (${worst.list}?${worst.query}); ` +
      `orders with a p50 over 20 ms: ${rows.filter((r) => Number(r["first p50"]) > 20 || Number(r["deep p50"]) > 20).length}`,
  );
}

function markdownTable(rows: Record<string, string | number>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [
    line(columns),
    line(columns.map(() => "---")),
    ...rows.map((r) => line(columns.map((c) => r[c]!))),
  ].join("\n");
}

interface Probe {
  health: number[];
  page: number[];
}

/** Asks /health and a first page one after the other until `until` says stop. */
async function probe(key: string, until: () => boolean): Promise<Probe> {
  const probes: Probe = { health: [], page: [] };
  while (!until()) {
    for (const [kind, url] of [
      ["health", `${BASE}/health`],
      ["page", `${BASE}/payments?limit=${LIMIT}`],
    ] as const) {
      const t = performance.now();
      const res = await get(url, key);
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      probes[kind].push(performance.now() - t);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return probes;
}

function describeProbes(name: string, probes: Probe, walk: string): Record<string, string> {
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return sorted.length === 0
      ? "none"
      : `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${sorted.at(-1)!.toFixed(0)}`;
  };
  return {
    while: name,
    "/health p50 / p99 / worst": stats(probes.health),
    "first page p50 / p99 / worst": stats(probes.page),
    answers: String(probes.health.length + probes.page.length),
    walk,
  };
}

/** Reads a streamed response to its end (or until `stop`), counting bytes and lines. */
function stream(
  url: string,
  key: string,
  stop: AbortSignal,
): Promise<{ bytes: number; lines: number; ended: boolean }> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let lines = 0;
    const req = http.get(url, { headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.on("data", (c: Buffer) => {
        bytes += c.length;
        for (const b of c) if (b === 10) lines++;
      });
      res.on("end", () => resolve({ bytes, lines, ended: true }));
      res.on("error", () => resolve({ bytes, lines, ended: false }));
    });
    stop.addEventListener("abort", () => {
      req.destroy();
      resolve({ bytes, lines, ended: false });
    });
    req.on("error", (error) => (stop.aborted ? undefined : reject(error)));
  });
}

async function benchNoStall(key: string): Promise<void> {
  const rows: Record<string, string>[] = [];
  let idleUntil = performance.now() + 5_000;
  rows.push(describeProbes("idle", await probe(key, () => performance.now() > idleUntil), "-"));

  for (const [name, url] of [
    ["the receivables view walks its lists", `${ORIGIN}/api/insights/receivables?refresh=true`],
    ["a CSV export of every invoice downloads", `${ORIGIN}/api/export/invoices`],
  ] as const) {
    const stop = new AbortController();
    const started = performance.now();
    let ended = false;
    const reading = stream(url, key, stop.signal).then((result) => {
      ended = true;
      return result;
    });
    const probes = await probe(
      key,
      () => ended || performance.now() - started > WALK_SECONDS * 1000,
    );
    stop.abort();
    const result = await reading;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    rows.push(
      describeProbes(
        name,
        probes,
        `${result.ended ? "ended" : "stopped"} after ${seconds} s, ${result.lines.toLocaleString("en-US")} lines`,
      ),
    );
    // Let the server finish what it had in hand before the next measure.
    idleUntil = performance.now() + 3_000;
    await probe(key, () => performance.now() > idleUntil);
  }
  console.log(
    `\n2. Others' requests while whole lists are read, ms (sequential, /payments?limit=${LIMIT} as the first page; at most ${WALK_SECONDS} s of each walk):`,
  );
  console.log(markdownTable(rows));
}

async function benchThroughput(key: string): Promise<void> {
  console.log("");
  for (const [name, url] of [
    ["/invoices (the list's first page)", `${BASE}/invoices?limit=${LIMIT}&orderBy=issuedAt:DESC`],
    ["/customers (default order)", `${BASE}/customers?limit=${LIMIT}`],
  ]) {
    const result = await autocannon({
      url: url!,
      connections: 32,
      duration: SECONDS,
      headers: { authorization: `Bearer ${key}` },
    });
    console.log(
      `3. Throughput ${name}, 32 connections, ${SECONDS} s: ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
}

async function main() {
  ensureDatabase();
  ensureBuild();
  const key = fs.readFileSync(`${DB}.demo-key`, "utf8").trim();
  const started = performance.now();
  const server = await startServer();
  console.error(
    `[bench] server up in ${((performance.now() - started) / 1000).toFixed(1)} s (SANDBOX_WORKERS=${process.env.SANDBOX_WORKERS ?? "default"})`,
  );
  const db = new Database(DB, { readonly: true });
  const { invoices, customers, payments } = db
    .prepare(
      `SELECT (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM customers) AS customers,
              (SELECT count(*) FROM payments) AS payments`,
    )
    .get() as { invoices: number; customers: number; payments: number };
  db.close();
  console.log(
    `\nDatabase: ${invoices.toLocaleString("en-US")} invoices, ${customers.toLocaleString("en-US")} customers, ${payments.toLocaleString("en-US")} payments (two businesses; the demo key reads the first)`,
  );
  try {
    if (ORDERS !== "none") await benchOrders(key);
    await benchNoStall(key);
    await benchThroughput(key);
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
