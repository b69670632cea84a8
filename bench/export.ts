/**
 * `npm run bench:export`: CSV export of 100,000 invoices from the production build
 * on the built-in API at ~1.4M invoices (.data/bench.sqlite, seeded once with 50,000
 * customers when missing, as bench:api does), on loopback only. The view is the
 * issued invoices, newest first (≥100,000 rows); the client reads the stream like a
 * browser would, counts records, and stops at 100,000 rows. Prints the time, rows
 * per second, bytes, and the server process's resident memory: before (baseline,
 * after a warm-up export) and sampled every 50 ms during the export, with the value
 * at each 10,000 rows, to show that memory does not grow with the row count.
 *
 * Options (env): BENCH_DB (default .data/bench.sqlite), BENCH_CUSTOMERS (default
 * 50000, only when seeding), BENCH_EXPORT_PORT (default 5150), BENCH_EXPORT_ROWS
 * (default 100000), NEXT_DIST_DIR (the build).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureSeededDatabase } from "../lib/testing/seeded-database";
import { serverEntry, serverStartArgs } from "../lib/testing/server-start";

const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const PORT = Number(process.env.BENCH_EXPORT_PORT ?? 5150);
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const VIEW = "statuses=ISSUED&orderBy=issuedAt:DESC";
const URL_ = `http://127.0.0.1:${PORT}/api/export/invoices?${VIEW}`;

async function startServer(): Promise<ChildProcess> {
  if (!fs.existsSync(serverEntry()))
    throw new Error(`no production build at ${serverEntry()}: run npm run build first`);
  const server = spawn(process.execPath, serverStartArgs(PORT), {
    // One process per instance: the export runs in it, and its memory is what is measured.
    env: {
      ...process.env,
      SANDBOX_DB: DB,
      INVOICING_API_URL: "",
      AUTH_REQUIRED: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/v1/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** The process ids under `root` (npm start → the server), from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/**
 * VmRSS and VmHWM of a process, in MiB, and the two parts of RSS: anonymous memory
 * (the JavaScript heap and native allocations: what the export itself could grow)
 * and file pages (SQLite's memory-mapped database, up to its 256 MiB mmap_size,
 * which grows with the pages a walk touches, not with what the export holds).
 */
function memory(pid: number): { rss: number; hwm: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    rss: kb("VmRSS") / 1024,
    hwm: kb("VmHWM") / 1024,
    anon: kb("RssAnon") / 1024,
    file: kb("RssFile") / 1024 + kb("RssShmem") / 1024,
  };
}

/** The server: the process of the tree that listens, i.e. the one holding the most memory. */
function serverPid(root: number): number {
  const pids = descendants(root);
  let best = root;
  let most = -1;
  for (const pid of pids) {
    try {
      const { rss } = memory(pid);
      if (rss > most) [best, most] = [pid, rss];
    } catch {}
  }
  return best;
}

interface Run {
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  /** memory when the count passed each 10,000 rows */
  rssAt: Array<[rows: number, memory: ReturnType<typeof memory>]>;
  peakRss: number;
  peakAnon: number;
}

/** Reads the export like a browser does, stopping (aborting) at `limit` rows. */
async function exportRows(pid: number, limit: number): Promise<Run> {
  const controller = new AbortController();
  const started = performance.now();
  let peakRss = 0;
  let peakAnon = 0;
  const sample = () => {
    const m = memory(pid);
    peakRss = Math.max(peakRss, m.rss);
    peakAnon = Math.max(peakAnon, m.anon);
    return m;
  };
  const sampler = setInterval(() => {
    try {
      sample();
    } catch {}
  }, 50);
  const response = await fetch(URL_, { signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  const reader = response.body.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  let records = 0;
  let inQuotes = false;
  const rssAt: Run["rssAt"] = [];
  let nextMark = 10_000;
  try {
    while (records - 1 < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.byteLength;
      for (const byte of value) {
        if (byte === 34) inQuotes = !inQuotes;
        else if (byte === 10 && !inQuotes) records++;
      }
      if (records - 1 >= nextMark) {
        rssAt.push([nextMark, sample()]);
        nextMark += 10_000;
      }
    }
  } finally {
    controller.abort();
    clearInterval(sampler);
  }
  return {
    rows: Math.min(records - 1, limit),
    bytes,
    seconds: (performance.now() - started) / 1000,
    firstByteMs,
    rssAt,
    peakRss,
    peakAnon,
  };
}

async function main() {
  ensureSeededDatabase(DB, CUSTOMERS);
  const server = await startServer();
  try {
    const pid = serverPid(server.pid!);
    console.log(
      `bench:export — GET /api/export/invoices?${VIEW} on http://127.0.0.1:${PORT} (production build, built-in API, ${path.relative(process.cwd(), DB)})`,
    );
    // Warm-up: compiles nothing (production) but opens the database and fills caches.
    await exportRows(pid, 2_000);
    await new Promise((r) => setTimeout(r, 1_000));
    const baseline = memory(pid);
    const run = await exportRows(pid, ROWS);
    await new Promise((r) => setTimeout(r, 500));
    const after = memory(pid);
    const mb = (n: number) => `${n.toFixed(0)} MiB`;
    console.log(`rows            ${run.rows.toLocaleString("en-US")}`);
    console.log(
      `time            ${run.seconds.toFixed(2)} s (first byte after ${run.firstByteMs.toFixed(0)} ms)`,
    );
    console.log(`rows per second ${Math.round(run.rows / run.seconds).toLocaleString("en-US")}`);
    console.log(
      `bytes           ${(run.bytes / 1024 / 1024).toFixed(1)} MiB (${Math.round(run.bytes / run.rows)} B/row)`,
    );
    console.log(
      `server RSS      baseline ${mb(baseline.rss)}, peak during export ${mb(run.peakRss)} (+${mb(run.peakRss - baseline.rss)}), after ${mb(after.rss)}; VmHWM (lifetime) ${mb(after.hwm)}`,
    );
    console.log(
      `anonymous RSS   baseline ${mb(baseline.anon)}, peak ${mb(run.peakAnon)} (+${mb(run.peakAnon - baseline.anon)}); file-backed (SQLite mmap) baseline ${mb(baseline.file)}, after ${mb(after.file)}`,
    );
    console.log("by rows         RSS = anonymous + file-backed (MiB)");
    for (const [rows, m] of run.rssAt)
      console.log(
        `  ${`${rows / 1000}k`.padStart(5)}        ${m.rss.toFixed(0).padStart(4)} = ${m.anon.toFixed(0).padStart(4)} + ${m.file.toFixed(0)}`,
      );
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
