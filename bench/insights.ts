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
 * With --trends, instead: /trends alone, cold and warm, with the server's RSS.
 * With --totals, instead: the totals of list views ("Sum this view", /api/totals) of
 * about 10,000, 100,000 and all invoices, cold then cached: seconds, pages read, and
 * the server's RSS (peak while summing).
 *
 * With --changes, instead: "What changed since yesterday" cold, warm and refreshed
 * (insights/changes.ts).
 *
 * With --aging, instead: /receivables/customers cold and warm, and the statement of the
 * customer with the most invoices (insights/aging.ts).
 *
 * Options: --soak-minutes N; --totals; --trends; --aging; --changes; env BENCH_DB (default
 * .data/bench.sqlite), BENCH_CUSTOMERS
 * (default 50000, only when seeding), BENCH_INSIGHTS_PORT (default 7300),
 * INSIGHTS_MAX_PAGES_PER_SECOND (the app's page budget; default its own, 50),
 * NEXT_DIST_DIR (the build).
 *
 * Parts 1 to 3 are here; the soak in insights/soak.ts, --totals in insights/totals.ts,
 * the server and its memory in insights/server.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchAging } from "./insights/aging";
import { benchChanges } from "./insights/changes";
import { BASE, DB, flags, PAGE_OF, SOAK_MINUTES, VIEWERS, VIEWS } from "./insights/config";
import { ensureDatabase, memory, mib, serverPid, startServer, stop } from "./insights/server";
import { benchSoak } from "./insights/soak";
import { benchTotals } from "./insights/totals";
import { benchTrends } from "./insights/trends";
import { follow, ms, pageTime, timeWhile, viewers } from "./insights/viewers";

/** Part 1: each view walked cold for VIEWERS viewers at once (the home page's with others' requests timed). */
async function benchColdWalks(pid: number) {
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
}

/** Part 2: the warm pages, and refreshes (a walk moments old answers them; an older one is walked again, once). */
async function benchWarmViews() {
  console.log(`\n2. Warm views`);
  for (const view of VIEWS) {
    const again = await viewers(view);
    const html = await pageTime(PAGE_OF[view]);
    console.log(
      `  ${PAGE_OF[view].padEnd(13)} HTML ${html.ms.toFixed(0)} ms, ${(html.bytes / 1024).toFixed(0)} kB; ${VIEWERS} viewers answered in ${Math.max(...again.all.map((f) => f.seconds)).toFixed(2)} s with ${again.walks === 1 && again.first.progressLines === 0 ? "no walk" : `${again.walks} walk(s)`}`,
    );
  }
  for (const view of ["renewals", "home"] as const) {
    const refreshes = await Promise.all(Array.from({ length: VIEWERS }, () => follow(view, true)));
    const walked = refreshes.some((f) => f.progressLines > 0);
    console.log(
      `  ${VIEWERS} refreshes of ${PAGE_OF[view]} at once: ${new Set(refreshes.map((f) => f.resultId)).size} result, ${walked ? `one new walk of ${refreshes[0]!.pages.toLocaleString("en-US")} pages (its last walk was over 30 s old)` : "no walk (its last walk was moments old)"}, ${Math.max(...refreshes.map((f) => f.seconds)).toFixed(1)} s`,
    );
  }
}

/** Part 3, after a restart: each page and its result at once. */
async function benchRestarted() {
  for (const view of VIEWS) {
    const html = await pageTime(PAGE_OF[view]);
    const answered = await follow(view);
    console.log(
      `  ${PAGE_OF[view].padEnd(13)} HTML ${html.ms.toFixed(0)} ms, result answered in ${answered.seconds.toFixed(2)} s (${answered.progressLines === 0 ? "no walk" : "walked"})`,
    );
  }
}

async function main() {
  ensureDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-insights-"));
  console.log(
    `bench:insights — production build, built-in API on ${path.relative(process.cwd(), DB)}, one instance on ${BASE}, page budget ${process.env.INSIGHTS_MAX_PAGES_PER_SECOND ?? "default (50/s)"}, ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  let server = await startServer(dataDir);
  try {
    const pid = serverPid(server.pid!);
    // Warm-up: the database open, the list pages compiled into the cache.
    for (const p of ["/invoices", "/customers", "/api/data/invoices?limit=50"]) await pageTime(p);
    const before = memory(pid);
    console.log(`\nserver RSS at start: ${mib(before)}`);
    if (flags.totals) return await benchTotals(pid);
    if (flags.trends) return await benchTrends(pid);
    if (flags.aging) return await benchAging(pid);
    if (flags.changes) return await benchChanges(pid);
    await benchColdWalks(pid);
    await benchWarmViews();

    console.log(`\n3. A restart: the last results at once`);
    await stop(server);
    server = await startServer(dataDir);
    await benchRestarted();

    console.log(
      `\n4. Soak: ${SOAK_MINUTES} min of browsing, with every view walked again each minute (INSIGHTS_REFRESH_INTERVAL=60)`,
    );
    await stop(server);
    server = await startServer(dataDir, { INSIGHTS_REFRESH_INTERVAL: "60" });
    await benchSoak(serverPid(server.pid!));
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
