/**
 * `npm run bench:web`: the dashboard's budgets, measured on the production build in
 * headless Chromium against the built-in API. Prints figures; asserts nothing.
 *
 * - first-load JavaScript per route, gzipped (every script the page loads until the load
 *   event), and what a list loads after it: while left idle, and on its first scroll
 * - whether the first page of rows is in the server HTML
 * - server render time of /invoices minus the API's own time for the same page
 * - with 10,000 rows loaded: table rows in the DOM, JS heap
 * - frame times while scrolling fast through those rows
 * - Lighthouse (desktop and mobile presets) on the home page, /invoices and /customers:
 *   Performance, Accessibility and Best Practices scores, LCP, TBT, CLS
 *
 * Options (env): BENCH_WEB_DB (default .data/bench-web.sqlite, seeded with 1,000
 * customers when missing), BENCH_WEB_PORT (default 3220; Lighthouse's browser listens
 * on the port after it), BENCH_SAMPLES (default 40), BENCH_LIGHTHOUSE=0 skips Lighthouse,
 * BENCH_LIGHTHOUSE_RUNS (default 1) runs of each page and preset, the best Performance kept.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { invoiceList } from "../lib/lists/invoices";
import { chromiumForTests } from "../lib/testing/chromium";
import { ensureSeededDatabase } from "../lib/testing/seeded-database";
import { serverEntry, serverStartArgs } from "../lib/testing/server-start";

const DB = path.resolve(process.env.BENCH_WEB_DB ?? ".data/bench-web.sqlite");
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3220);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUTES = [
  "/",
  "/invoices",
  "/customers",
  "/contracts",
  "/payments",
  "/renewals",
  "/receivables",
  "/trends",
  "/key",
  "/views",
];
const TARGET_ROWS = 10_000;
/** The API query /invoices opens on (issued, newest first): its first page is the server HTML's. */
const OPENING = invoiceList.viewQuery({});
/** The pages Lighthouse measures: the home page and the two busiest lists. */
const LIGHTHOUSE_ROUTES = ["/", "/invoices", "/customers"];
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const LIGHTHOUSE_FLAGS = (port: number) => ({
  port,
  output: "json" as const,
  logLevel: "error" as const,
  onlyCategories: ["performance", "accessibility", "best-practices"],
});
/** The first-load budget per route, gzipped. */
const BUDGET_KB = 185;

// The browser tests' chromium (found or installed: lib/testing/chromium.ts), with
// memory figures that are not rounded: the whole browser, never Debian's headless
// shell the tests prefer, so the figures stay comparable with earlier runs'.
const testBrowser = chromiumForTests(process.env, { wholeBrowser: true });
const launchOptions = {
  ...testBrowser,
  args: [...(testBrowser.args ?? []), "--enable-precise-memory-info"],
};

/**
 * The scripts of /invoices, biggest first, each marked by whether /key (a page with
 * no table) loads it too: what every page pays (framework, layout providers) against
 * what a list adds, for whoever works on the budget.
 */
function printChunks(scriptsByRoute: Map<string, Map<string, Buffer>>) {
  const list = scriptsByRoute.get("/invoices");
  const plain = scriptsByRoute.get("/key");
  if (!list || !plain) return;
  const rows = [...list]
    .map(([url, body]) => ({
      script: url.split("/").pop()!,
      "gzipped kB": Number((gzipSync(body, { level: 9 }).length / 1024).toFixed(1)),
      "also on /key": plain.has(url) ? "yes" : "no",
    }))
    .sort((a, b) => b["gzipped kB"] - a["gzipped kB"]);
  console.log("\nScripts of /invoices (what every page loads, and what the list adds):");
  console.table(rows);
}

/**
 * What a list loads after its first load: nothing while the person only looks (the
 * page left idle for 2 s), then the virtualizer's script on the first scroll
 * (components/data-table/use-row-window.ts). Counted here so that the first-load
 * figure above hides nothing.
 */
async function printFirstUseScripts(browser: Browser) {
  const page = await browser.newPage();
  // URLs in the order the responses arrive (synchronously); sizes once the bodies are in.
  const urls: string[] = [];
  const sizes = new Map<string, number>();
  const bodies: Promise<void>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    urls.push(res.url());
    bodies.push(
      res.body().then(
        (body) => void sizes.set(res.url(), gzipSync(body, { level: 9 }).length),
        () => {},
      ),
    );
  });
  await page.goto(`${BASE}/invoices`, { waitUntil: "load" });
  const atLoad = urls.length;
  await page.waitForTimeout(2000);
  const idle = urls.slice(atLoad);
  const region = page.getByRole("region", { name: "Invoices" });
  await region.evaluate((el) => el.scrollBy({ top: 400 }));
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const onUse = urls.slice(atLoad + idle.length);
  await Promise.all(bodies);
  const scripts = sizes;
  const kB = (urls: string[]) =>
    (urls.reduce((n, url) => n + (scripts.get(url) ?? 0), 0) / 1024).toFixed(1);
  console.log(
    `\n/invoices after its first load: ${idle.length} scripts (${kB(idle)} kB gzipped) while left idle 2 s; ` +
      `on the first scroll ${onUse.length} (${kB(onUse)} kB gzipped: TanStack Virtual)`,
  );
  await page.close();
}

/**
 * One invoice's page, one customer's (three tables) and one contract's, from the API's
 * first records.
 */
async function detailRoutes(key: string): Promise<string[]> {
  const first = async (list: string) =>
    (
      JSON.parse(
        (await timed(`${BASE}/api/v1/${list}?limit=1`, { authorization: `Bearer ${key}` })).body,
      ) as { data: { id: string; customerId?: string }[] }
    ).data[0]!;
  const contract = await first("contracts");
  return [
    `/invoices/${(await first("invoices")).id}`,
    `/customers/${(await first("customers")).id}`,
    `/contracts/${contract.id}?customerId=${contract.customerId}`,
  ];
}

/**
 * Lighthouse on each route with its desktop and its mobile preset (the mobile one
 * simulates a mid-range phone on a slow 4G link), in the browser tests' chromium
 * listening for Lighthouse on the port after the server's. Scores out of 100.
 */
async function printLighthouse() {
  const port = PORT + 1;
  const browser = await chromium.launch({
    ...testBrowser,
    args: [...(testBrowser.args ?? []), `--remote-debugging-port=${port}`],
  });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const route of LIGHTHOUSE_ROUTES)
      for (const [preset, config] of [
        ["desktop", desktopConfig],
        ["mobile", undefined],
      ] as const) {
        let [result, best]: [Awaited<ReturnType<typeof lighthouse>>, number] = [undefined, -1];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
          const attempt = await lighthouse(`${BASE}${route}`, LIGHTHOUSE_FLAGS(port), config);
          const performance = attempt?.lhr.categories.performance?.score ?? -1;
          if (attempt && performance > best) [result, best] = [attempt, performance];
        }
        if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
        const { categories, audits } = result.lhr;
        const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
        const value = (name: string) => audits[name]?.numericValue ?? Number.NaN;
        rows.push({
          route,
          preset,
          Performance: score("performance"),
          Accessibility: score("accessibility"),
          "Best practices": score("best-practices"),
          "LCP ms": Math.round(value("largest-contentful-paint")),
          "TBT ms": Math.round(value("total-blocking-time")),
          CLS: Number(value("cumulative-layout-shift").toFixed(3)),
        });
      }
  } finally {
    await browser.close();
  }
  console.log("\nLighthouse (desktop and mobile presets):");
  console.table(rows);
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  execFileSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env },
  });
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, serverStartArgs(PORT), {
    env: { ...process.env, SANDBOX_DB: DB, INVOICING_API_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function timed(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; body: string }> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - t, body };
}

/** 1. First-load JavaScript per route, and what a list loads after it. */
async function printFirstLoad(browser: Browser, key: string) {
  // 1. First-load JavaScript per route.
  console.log(
    "\nFirst-load JavaScript per route (scripts loaded until the load event; later prefetches of other routes not counted):",
  );
  const jsRows: Record<string, string | number>[] = [];
  const scriptsByRoute = new Map<string, Map<string, Buffer>>();
  for (const route of [...ROUTES, ...(await detailRoutes(key))]) {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    const pending: Promise<void>[] = [];
    let loaded = false;
    page.on("response", (res) => {
      if (loaded || res.request().resourceType() !== "script") return;
      pending.push(
        res.body().then(
          (body) => void scripts.set(res.url(), body),
          () => {},
        ),
      );
    });
    await page.goto(`${BASE}${route}`, { waitUntil: "load" });
    loaded = true;
    await Promise.all(pending);
    const raw = [...scripts.values()].reduce((n, b) => n + b.length, 0);
    const gzipped = [...scripts.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    jsRows.push({
      route,
      scripts: scripts.size,
      "raw kB": (raw / 1024).toFixed(1),
      "gzipped kB": (gzipped / 1024).toFixed(1),
      [`under ${BUDGET_KB} kB`]: gzipped / 1024 < BUDGET_KB ? "yes" : "NO",
    });
    scriptsByRoute.set(route, scripts);
    await page.close();
  }
  console.table(jsRows);
  printChunks(scriptsByRoute);
  await printFirstUseScripts(browser);
}

/** 2 + 3. The first page of rows in the server HTML; the render's time beside the API's. */
async function printServerHtml(key: string) {
  // 2. The first page of rows in the server HTML.
  const apiFirst = JSON.parse(
    (await timed(`${BASE}/api/v1/invoices?limit=50&${OPENING}`, { authorization: `Bearer ${key}` }))
      .body,
  ) as { data: { number: string }[] };
  const html = (await timed(`${BASE}/invoices`)).body;
  const inHtml = apiFirst.data.filter((i) => html.includes(i.number)).length;
  const drawn = html.match(/data-row-id=/g)?.length ?? 0;
  console.log(
    `\nFirst page of /invoices in the server HTML: ${inHtml} of ${apiFirst.data.length} invoice numbers present, ${drawn} rows drawn`,
  );

  // 3. Server render of /invoices vs the API's own time for the same page.
  const apiTimes: number[] = [];
  const pageTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    apiTimes.push(
      (
        await timed(`${BASE}/api/v1/invoices?limit=50&${OPENING}`, {
          authorization: `Bearer ${key}`,
        })
      ).ms,
    );
    pageTimes.push((await timed(`${BASE}/invoices`)).ms);
  }
  console.log(
    `Server render of /invoices: p50 ${median(pageTimes).toFixed(1)} ms (full HTML) vs the API's own first page p50 ${median(apiTimes).toFixed(1)} ms ` +
      `→ the render adds ${(median(pageTimes) - median(apiTimes)).toFixed(1)} ms (${SAMPLES} samples each)`,
  );
}

/** 4 + 5. 10,000 rows loaded: DOM rows, heap, frame times while scrolling fast. */
async function printTenThousandRows(browser: Browser) {
  // 4 + 5. 10,000 rows loaded: DOM rows, heap, frame times while scrolling fast.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${BASE}/invoices`);
  const region = page.getByRole("region", { name: "Invoices" });
  await region.locator("tbody tr").first().waitFor();
  const loadStart = performance.now();
  let loaded = 0;
  while (loaded < TARGET_ROWS) {
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForTimeout(30);
    const text = await page
      .getByText(/invoices loaded/)
      .first()
      .innerText();
    loaded = Number(/([\d,]+) invoices loaded/.exec(text)?.[1]?.replaceAll(",", "") ?? 0);
    if (/all loaded/.test(text)) break;
    if (performance.now() - loadStart > 300_000)
      throw new Error(`only ${loaded} rows after 5 minutes`);
  }
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  const domRows = await region.locator("tbody tr").count();
  console.log(
    `\nWith ${loaded.toLocaleString("en-US")} rows loaded (${loadSeconds.toFixed(1)} s of scrolling to load them): ` +
      `${domRows} table rows in the DOM, JS heap ${(heap.usedSize / 1024 / 1024).toFixed(1)} MB after GC`,
  );

  // Passed as text: the bundler's helpers must not leak into the page.
  const frames = (await page.evaluate(`(async () => {
    const el = document.querySelector('section[aria-label="Invoices"]');
    const times = [];
    let last = performance.now();
    let running = true;
    const tick = (now) => { times.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    el.scrollTop = 0;
    const start = performance.now();
    await new Promise((resolve) => {
      const step = () => {
        const t = (performance.now() - start) / 2000;
        el.scrollTop = Math.min(1, t) * el.scrollHeight;
        if (t < 1) requestAnimationFrame(step); else resolve();
      };
      requestAnimationFrame(step);
    });
    running = false;
    return times.slice(1);
  })()`)) as number[];
  console.log(
    `Frame times scrolling the ${loaded.toLocaleString("en-US")} rows top to bottom in 2 s: ${frames.length} frames, ` +
      `p50 ${median(frames).toFixed(1)} ms, p95 ${pct(frames, 95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms, ` +
      `frames over 50 ms: ${frames.filter((f) => f > 50).length}`,
  );
  await page.close();
}

async function main() {
  ensureSeededDatabase(DB, 1_000);
  // The build `npm start` will serve: NEXT_DIST_DIR moves it (next.config.ts).
  if (!fs.existsSync(serverEntry())) run("npm", ["run", "build"]);
  const key = fs.readFileSync(`${DB}.demo-key`, "utf8").trim();
  const server = await startServer();
  const browser = await chromium.launch(launchOptions);
  try {
    await printFirstLoad(browser, key);
    await printServerHtml(key);
    await printTenThousandRows(browser);
    // 6. Lighthouse.
    if (process.env.BENCH_LIGHTHOUSE !== "0") await printLighthouse();
  } finally {
    await browser.close();
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
