/**
 * `npm run bench:insights`: the insight views on the production build over the
 * built-in API at ~1.4M invoices (.data/bench.sqlite, seeded once with 50,000
 * customers when missing, as bench:api does), one instance on loopback, its results
 * in a folder of its own (so the first walks are cold).
 *
 * 1. Cold walks of the home page, /receivables and /renewals, each asked for by 20
 *    viewers at once: seconds, pages read, pages per second, how many walks the 20
 *    cost (one is the target), when each figure arrived, and the largest gap between
 *    two progress lines one viewer got. During the home page's walk, /api/v1/health
 *    and the invoice list's first page (/api/data/invoices, as the browser reads it)
 *    are timed every 100 ms: p50/p99/max.
 * 2. Warm views: each page's HTML time and size, and 20 viewers at once again (no walk).
 * 3. A restart: the last results are shown at once.
 * 4. A soak of browsing (every page, the renewals table's pages, list pages) and walks
 *    (a refresh interval of 60 s, so the background walks every view again each
 *    minute) for --soak-minutes (default 10): server RSS before, during (peak) and after.
 *
 * With --totals, instead: the totals of list views ("Sum this view", /api/totals) of
 * about 10,000, 100,000 and all invoices, cold then cached: seconds, pages read, and
 * the server's RSS (peak while summing).
 *
 * Options: --soak-minutes N; --totals; env BENCH_DB (default .data/bench.sqlite), BENCH_CUSTOMERS
 * (default 50000, only when seeding), BENCH_INSIGHTS_PORT (default 7300),
 * INSIGHTS_MAX_PAGES_PER_SECOND (the app's page budget; default its own, 50),
 * NEXT_DIST_DIR (the build).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serverEntry, serverStartArgs } from "../lib/testing/server-start";

const { values: flags } = parseArgs({
  options: { "soak-minutes": { type: "string" }, totals: { type: "boolean" } },
});
const SOAK_MINUTES = Number(flags["soak-minutes"] ?? 10);
const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const PORT = Number(process.env.BENCH_INSIGHTS_PORT ?? 7300);
const BASE = `http://127.0.0.1:${PORT}`;
const VIEWERS = 20;
const VIEWS = ["home", "receivables", "renewals"] as const;
const PAGE_OF = { home: "/", receivables: "/receivables", renewals: "/renewals" } as const;

function ensureDatabase(): void {
  if (fs.existsSync(`${DB}.demo-key`)) {
    console.error(`[bench] using ${path.relative(process.cwd(), DB)} (delete it to re-seed)`);
    return;
  }
  console.error(`[bench] seeding ${CUSTOMERS} customers into ${DB} (a few minutes) …`);
  execFileSync(
    "npx",
    ["tsx", "lib/sandbox/cli.ts", "seed", "--reset", "--customers", String(CUSTOMERS)],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, SANDBOX_DB: DB } },
  );
}

/** One instance (server.ts), the built-in API on the bench database, results in `dataDir`. */
async function startServer(dataDir: string, env: Record<string, string> = {}) {
  if (!fs.existsSync(serverEntry()))
    throw new Error(`no production build at ${serverEntry()}: run npm run build first`);
  const server = spawn(process.execPath, serverStartArgs(PORT), {
    env: {
      ...process.env,
      SANDBOX_DB: DB,
      INVOICING_API_URL: "",
      AUTH_REQUIRED: "",
      REDIS_URL: "",
      INSIGHTS_DATA_DIR: dataDir,
      // The per-client limit on forced refreshes is not what is measured here.
      INSIGHTS_REFRESHES_PER_MINUTE: "1000",
      VIEW_SUMS_PER_MINUTE: "1000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return server;
    } catch {}
    await sleep(500);
  }
  throw new Error("server did not start");
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (!server.pid || server.exitCode !== null) return resolve();
    server.once("exit", () => resolve());
    process.kill(-server.pid, "SIGTERM");
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The listening process (the one holding the most memory in the server's process group). */
function serverPid(root: number): number {
  let best = root;
  let most = -1;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pgid = Number(fields[2]);
      if (pgid !== root) continue;
      const rss = memory(Number(entry)).rss;
      if (rss > most) [best, most] = [Number(entry), rss];
    } catch {}
  }
  return best;
}

/** RSS and its parts in MiB: anonymous (heap, native) and file-backed (SQLite's mmap). */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, anon: kb("RssAnon") / 1024, file: kb("RssFile") / 1024 };
}

const mib = (m: { rss: number; anon: number; file: number }) =>
  `${m.rss.toFixed(0)} MiB (anonymous ${m.anon.toFixed(0)}, SQLite mmap and files ${m.file.toFixed(0)})`;

interface Followed {
  resultId: string | null;
  error: string | null;
  pages: number;
  seconds: number;
  /** when each part's figure arrived, s from the start */
  parts: Record<string, number>;
  progressLines: number;
  /** the largest gap between two lines this viewer got, s */
  maxGap: number;
}

/** Reads a view's NDJSON stream as a browser does, timing each line. */
async function follow(view: string, refresh = false): Promise<Followed> {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/insights/${view}${refresh ? "?refresh=true" : ""}`);
  if (!response.ok || !response.body) throw new Error(`/api/insights/${view}: ${response.status}`);
  const out: Followed = {
    resultId: null,
    error: null,
    pages: 0,
    seconds: 0,
    parts: {},
    progressLines: 0,
    maxGap: 0,
  };
  let last = started;
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let i = buffer.indexOf("\n"); i !== -1; i = buffer.indexOf("\n")) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      if (!line) continue;
      const now = performance.now();
      out.maxGap = Math.max(out.maxGap, (now - last) / 1000);
      last = now;
      const event = JSON.parse(line);
      if (event.type === "progress") out.progressLines += 1;
      if (event.type === "part") out.parts[event.name] = (now - started) / 1000;
      if (event.type === "result") [out.resultId, out.pages] = [event.id, event.pages];
      if (event.type === "error") out.error = event.message;
    }
  }
  out.seconds = (performance.now() - started) / 1000;
  return out;
}

/** Times GETs of `url` every `everyMs` until `until` resolves: p50, p99, max in ms. */
async function timeWhile(url: string, until: Promise<unknown>, everyMs = 100) {
  const times: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
    await sleep(everyMs);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  return { n: times.length, p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? 0 };
}

const ms = (t: { n: number; p50: number; p99: number; max: number }) =>
  `p50 ${t.p50.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms, max ${t.max.toFixed(0)} ms (${t.n} requests)`;

/** 20 viewers asking for a view at once: what they got, and how many walks it cost. */
async function viewers(view: string) {
  const all = await Promise.all(Array.from({ length: VIEWERS }, () => follow(view)));
  const failed = all.find((f) => f.error);
  if (failed) throw new Error(`${view}: ${failed.error}`);
  const walks = new Set(all.map((f) => f.resultId)).size;
  return { first: all[0]!, all, walks };
}

async function pageTime(pathname: string) {
  const started = performance.now();
  const response = await fetch(`${BASE}${pathname}`);
  const html = await response.text();
  return { ms: performance.now() - started, bytes: html.length, status: response.status };
}

async function main() {
  ensureDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-insights-"));
  console.log(
    `bench:insights — production build, built-in API on ${path.relative(process.cwd(), DB)}, one instance on ${BASE}, page budget ${process.env.INSIGHTS_MAX_PAGES_PER_SECOND ?? "default (50/s)"}, ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  let server = await startServer(dataDir);
  try {
    let pid = serverPid(server.pid!);
    // Warm-up: the database open, the list pages compiled into the cache.
    for (const p of ["/invoices", "/customers", "/api/data/invoices?limit=50"]) await pageTime(p);
    const before = memory(pid);
    console.log(`\nserver RSS at start: ${mib(before)}`);
    if (flags.totals) return await benchTotals(pid);

    console.log(`\n1. Cold walks, ${VIEWERS} viewers arriving at once`);
    for (const view of VIEWS) {
      const walk = viewers(view);
      const [result, health, list] = await Promise.all([
        walk,
        view === "home" ? timeWhile(`${BASE}/api/v1/health`, walk) : null,
        view === "home" ? timeWhile(`${BASE}/api/data/invoices?limit=50`, walk) : null,
      ]);
      const f = result.first;
      console.log(
        `  ${view.padEnd(12)} ${f.seconds.toFixed(1)} s, ${f.pages.toLocaleString("en-US")} pages (${(f.pages / f.seconds).toFixed(0)} pages/s); ${VIEWERS} viewers cost ${result.walks} walk${result.walks === 1 ? "" : "s"}; ${f.progressLines} progress lines, largest gap ${f.maxGap.toFixed(2)} s`,
      );
      console.log(
        `  ${"".padEnd(12)} figures arrived at ${Object.entries(f.parts)
          .sort((a, b) => a[1] - b[1])
          .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
          .join(", ")}`,
      );
      if (health && list) {
        console.log(`  ${"".padEnd(12)} meanwhile /api/v1/health: ${ms(health)}`);
        console.log(`  ${"".padEnd(12)} meanwhile invoice list first page: ${ms(list)}`);
      }
      console.log(`  ${"".padEnd(12)} server RSS now ${mib(memory(pid))}`);
    }

    console.log(`\n2. Warm views`);
    for (const view of VIEWS) {
      const again = await viewers(view);
      const html = await pageTime(PAGE_OF[view]);
      console.log(
        `  ${PAGE_OF[view].padEnd(13)} HTML ${html.ms.toFixed(0)} ms, ${(html.bytes / 1024).toFixed(0)} kB; ${VIEWERS} viewers answered in ${Math.max(...again.all.map((f) => f.seconds)).toFixed(2)} s with ${again.walks === 1 && again.first.progressLines === 0 ? "no walk" : `${again.walks} walk(s)`}`,
      );
    }
    // Refreshes: a walk moments old answers them; an older one is walked again, once.
    for (const view of ["renewals", "home"] as const) {
      const refreshes = await Promise.all(
        Array.from({ length: VIEWERS }, () => follow(view, true)),
      );
      const walked = refreshes.some((f) => f.progressLines > 0);
      console.log(
        `  ${VIEWERS} refreshes of ${PAGE_OF[view]} at once: ${new Set(refreshes.map((f) => f.resultId)).size} result, ${walked ? `one new walk of ${refreshes[0]!.pages.toLocaleString("en-US")} pages (its last walk was over 30 s old)` : "no walk (its last walk was moments old)"}, ${Math.max(...refreshes.map((f) => f.seconds)).toFixed(1)} s`,
      );
    }

    console.log(`\n3. A restart: the last results at once`);
    await stop(server);
    server = await startServer(dataDir);
    pid = serverPid(server.pid!);
    for (const view of VIEWS) {
      const html = await pageTime(PAGE_OF[view]);
      const answered = await follow(view);
      console.log(
        `  ${PAGE_OF[view].padEnd(13)} HTML ${html.ms.toFixed(0)} ms, result answered in ${answered.seconds.toFixed(2)} s (${answered.progressLines === 0 ? "no walk" : "walked"})`,
      );
    }

    console.log(
      `\n4. Soak: ${SOAK_MINUTES} min of browsing, with every view walked again each minute (INSIGHTS_REFRESH_INTERVAL=60)`,
    );
    await stop(server);
    server = await startServer(dataDir, { INSIGHTS_REFRESH_INTERVAL: "60" });
    pid = serverPid(server.pid!);
    const soakBefore = memory(pid);
    let peak = soakBefore;
    const browse = [
      "/",
      "/receivables",
      "/invoices",
      "/customers",
      "/payments",
      "/api/data/invoices?limit=50",
      "/api/data/customers?limit=50&contractHealths=RENEWAL_DUE,ENDING",
    ];
    const end = Date.now() + SOAK_MINUTES * 60_000;
    let requests = 0;
    let nextReport = Date.now() + 60_000;
    while (Date.now() < end) {
      // /renewals, then its table scrolled through 20 pages, as a manager would.
      const renewals = await (await fetch(`${BASE}/renewals`)).text();
      const rowsId = /data-rows-id="([^"]+)"/.exec(renewals)?.[1];
      const rows = Array.from(
        { length: 20 },
        (_, i) => `/api/insights/renewals/rows?rows=${rowsId}&page=${i}`,
      );
      for (const p of [...browse, ...rows]) {
        const response = await fetch(`${BASE}${p}`);
        await response.arrayBuffer();
        requests += 1;
        // A renewals page two walks old answers 410: the browser would reload it.
        if (!response.ok && response.status !== 410) throw new Error(`${p}: ${response.status}`);
      }
      const now = memory(pid);
      if (now.rss > peak.rss) peak = now;
      if (Date.now() >= nextReport) {
        nextReport += 60_000;
        console.log(
          `  ${Math.round((Date.now() - end) / 60_000 + SOAK_MINUTES)} min: ${requests} requests, RSS ${mib(now)}`,
        );
      }
      await sleep(200);
    }
    await sleep(5_000);
    const after = memory(pid);
    console.log(`  before  ${mib(soakBefore)}`);
    console.log(`  peak    ${mib(peak)}`);
    console.log(`  after   ${mib(after)} (${requests} requests)`);
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The invoice views summed: by issue date, about 10,000 and 100,000 invoices, then all. */
const TOTALS_VIEWS = [
  { name: "issued in 3 weeks", query: "issueDateStartAt=2026-01-01&issueDateEndAt=2026-01-22" },
  { name: "issued in 6 months", query: "issueDateStartAt=2026-01-01&issueDateEndAt=2026-07-01" },
  { name: "all invoices", query: "" },
];

/** Reads /api/totals/invoices as the browser does: seconds, pages, rows, RSS peak. */
async function sumView(query: string, pid: number) {
  const started = performance.now();
  let peak = memory(pid);
  const sampler = setInterval(() => {
    const now = memory(pid);
    if (now.rss > peak.rss) peak = now;
  }, 250);
  try {
    const response = await fetch(`${BASE}/api/totals/invoices?${query}`);
    if (!response.ok || !response.body) throw new Error(`/api/totals: ${response.status}`);
    const text = await response.text();
    const last = JSON.parse(text.trim().split("\n").at(-1)!) as {
      type: string;
      pages?: number;
      totals?: { count: number };
      message?: string;
    };
    if (last.type !== "result") throw new Error(`the sum ended with ${text.slice(-300)}`);
    return {
      seconds: (performance.now() - started) / 1000,
      pages: last.pages ?? 0,
      count: last.totals?.count ?? 0,
      peak,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function benchTotals(pid: number) {
  console.log("\nTotals of invoice views (cold: walked; then warm: the cached result)");
  console.log("| view | invoices | pages read | cold s | warm s | server RSS peak while summing |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const view of TOTALS_VIEWS) {
    const cold = await sumView(view.query, pid);
    const warm = await sumView(view.query, pid);
    console.log(
      `| ${view.name} | ${cold.count.toLocaleString("en-US")} | ${cold.pages.toLocaleString("en-US")} | ${cold.seconds.toFixed(1)} | ${warm.seconds.toFixed(2)} | ${mib(cold.peak)} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
