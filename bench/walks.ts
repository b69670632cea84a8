/**
 * `npm run bench:walks`: the insight views' walks against a slow upstream. The
 * built-in API on BENCH_DB (~1.4M invoices, seeded by bench:api or bench:insights)
 * runs alone; a delaying proxy (lib/testing/slow-upstream.ts) stands in front of it;
 * 1 or 2 production instances read the API through the proxy as a real one
 * (INVOICING_API_URL, sign-in on), sharing one Redis. Each run is a cold deployment
 * (a new Redis, no results kept).
 *
 * Per run (latency × split on/off × instances): each view's cold walk, asked for by
 * one viewer on every instance at once: seconds, pages, pages per second against the
 * budget, requests the proxy saw in flight at most, and how many walks the viewers
 * cost (one is the target). Then a forced refresh of every view at once, which is
 * what the background refresh does each INSIGHTS_REFRESH_INTERVAL: its seconds
 * against that interval. A walk longer than --timeout is stopped and said so.
 *
 * Options: --latencies 150,50,300 (ms a page); --jitter 0.2 (share of the latency);
 * --split on,off; --instances 1,2; --views home,receivables,renewals; --timeout 900
 * (s a walk); --no-refresh. Env: BENCH_DB, BENCH_WALKS_PORT (default 12000: the API,
 * +1 the proxy, +10 and up the instances), INSIGHTS_CONCURRENCY and
 * INSIGHTS_MAX_PAGES_PER_SECOND (the instances'), NEXT_DIST_DIR (the build).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { type Deployment, deploy, sleep, startApi, stopServer } from "./walks/deploy";

const { values } = parseArgs({
  options: {
    latencies: { type: "string", default: "150,50,300" },
    jitter: { type: "string", default: "0.2" },
    split: { type: "string", default: "on,off" },
    instances: { type: "string", default: "1,2" },
    views: { type: "string", default: "home,receivables,renewals" },
    timeout: { type: "string", default: "900" },
    "no-refresh": { type: "boolean" },
  },
});
const list = (s: string) => s.split(",").map((x) => x.trim());
const TIMEOUT_MS = Number(values.timeout) * 1000;
const BUDGET = Number(process.env.INSIGHTS_MAX_PAGES_PER_SECOND ?? 50);
const CONCURRENCY = process.env.INSIGHTS_CONCURRENCY ?? "default";
const INTERVAL_S = 600;
const load = () => os.loadavg()[0]!.toFixed(1);

interface Walked {
  seconds: number;
  pages: number;
  resultId: string | null;
  error: string | null;
}

/** Follows a view's NDJSON stream to its result (or error, or the timeout). */
async function follow(origin: string, cookie: string, view: string, refresh: boolean) {
  const started = performance.now();
  const out: Walked = { seconds: 0, pages: 0, resultId: null, error: null };
  try {
    const response = await fetch(
      `${origin}/api/insights/${view}${refresh ? "?refresh=true" : ""}`,
      {
        headers: { cookie },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
    );
    if (!response.ok || !response.body) throw new Error(`${view}: ${response.status}`);
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let i = buffer.indexOf("\n"); i !== -1; i = buffer.indexOf("\n")) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        if (!line) continue;
        const event = JSON.parse(line);
        if (event.type === "progress") out.pages = event.pages;
        if (event.type === "result") [out.resultId, out.pages] = [event.id, event.pages];
        if (event.type === "error") out.error = event.message;
      }
    }
  } catch (error) {
    out.error =
      (error as Error).name === "TimeoutError"
        ? `stopped at the ${values.timeout} s timeout`
        : String(error);
  }
  out.seconds = (performance.now() - started) / 1000;
  return out;
}

const rows: string[] = [];

async function coldWalk(d: Deployment, view: string, label: string) {
  const before = d.proxy.stats.requests;
  d.proxy.stats.maxInFlight = 0;
  const loadBefore = load();
  const all = await Promise.all(d.instances.map((i) => follow(i.origin, i.cookie, view, false)));
  const first = all.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  // Any viewer's error is shown: one that failed is why a walk was not shared.
  const error = all.find((w) => w.error)?.error ?? null;
  const pages = Math.max(...all.map((w) => w.pages));
  const walks = new Set(all.map((w) => w.resultId)).size;
  const requests = d.proxy.stats.requests - before;
  const rate = pages / first.seconds;
  const row = `| ${label} | ${view} | ${first.error ? `> ${first.seconds.toFixed(0)}` : first.seconds.toFixed(1)} | ${pages.toLocaleString("en-US")} | ${rate.toFixed(1)} (${((rate / BUDGET) * 100).toFixed(0)} % of ${BUDGET}) | ${d.proxy.stats.maxInFlight} | ${walks} | ${requests.toLocaleString("en-US")} | ${loadBefore}–${load()} |${error ? ` ${error}` : ""}`;
  rows.push(row);
  console.log(row);
  return performance.now();
}

async function refreshAll(d: Deployment, views: string[], label: string, lastWalkAt: number) {
  // A refresh within 30 s of a finished walk answers that walk's result.
  const wait = 31_000 - (performance.now() - lastWalkAt);
  if (wait > 0) await sleep(wait);
  const loadBefore = load();
  const before = d.proxy.stats.requests;
  const started = performance.now();
  const all = await Promise.all(
    views.map((view, i) => {
      const at = d.instances[i % d.instances.length]!;
      return follow(at.origin, at.cookie, view, true);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const failed = all.find((w) => w.error);
  const pages = all.reduce((n, w) => n + w.pages, 0);
  const row = `| ${label} | refresh of all at once | ${failed ? `> ${seconds.toFixed(0)}` : seconds.toFixed(1)} | ${pages.toLocaleString("en-US")} | ${(pages / seconds).toFixed(1)} | ${d.proxy.stats.maxInFlight} | ${seconds < INTERVAL_S && !failed ? `fits ${INTERVAL_S} s` : `exceeds ${INTERVAL_S} s`} | ${(d.proxy.stats.requests - before).toLocaleString("en-US")} | ${loadBefore}–${load()} |${failed ? ` ${failed.error}` : ""}`;
  rows.push(row);
  console.log(row);
}

async function main() {
  console.log(
    `bench:walks — built-in API on ${process.env.BENCH_DB ?? ".data/bench.sqlite"} behind a delaying proxy; budget ${BUDGET} pages/s, INSIGHTS_CONCURRENCY ${CONCURRENCY}; ${os.availableParallelism()} cores, load average ${load()}`,
  );
  const header = `| run | view | cold s | pages | pages/s (of budget) | most in flight | walks (1 = shared) | API requests | load avg |`;
  console.log(`${header}\n|---|---|---|---|---|---|---|---|---|`);
  const api = await startApi();
  try {
    for (const latency of list(values.latencies).map(Number))
      for (const split of list(values.split))
        for (const count of list(values.instances).map(Number)) {
          const label = `${latency} ms, split ${split}, ${count} instance${count > 1 ? "s" : ""}`;
          const d = await deploy({
            api,
            latencyMs: latency,
            jitterMs: latency * Number(values.jitter),
            count,
            env: split === "off" ? { INSIGHTS_SPLIT_WALKS: "0" } : {},
          });
          try {
            let last = performance.now();
            for (const view of list(values.views)) last = await coldWalk(d, view, label);
            if (!values["no-refresh"]) await refreshAll(d, list(values.views), label, last);
          } finally {
            await d.stop();
          }
        }
  } finally {
    await stopServer(api.child);
  }
  console.log(`\n${header}\n|---|---|---|---|---|---|---|---|---|\n${rows.join("\n")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
