/**
 * `npm run bench:search`: the server's search indexes (lib/search/) on the production
 * build over the built-in API at ~1.4M invoices and 50,000 customers
 * (.data/bench.sqlite, seeded once when missing, as bench:insights does).
 *
 * For one instance (its index kept on disk), then two sharing Redis:
 * 1. The first build of the number index from nothing: seconds, API pages, invoices,
 *    the instance's anonymous memory before, at its peak and after (SQLite's mapped
 *    file left out), and the slowest search answered while it ran.
 * 2. Lookups by whole number, by part of one (its last six characters), by words
 *    (two words of a name, the second first and cut short) and by an e-mail's
 *    domain, one at a time then 8 at once (over both instances in turn when two):
 *    p50, p99 and max in ms, and how many found something.
 * 3. The first incremental refresh (BENCH_SEARCH_REFRESH_INTERVAL after the build):
 *    its pages and time, as the index's status reports them.
 * 4. (one instance) A restart: seconds until the kept index answers again.
 *
 * First, in a process of its own (search/index-scan.ts): the number index built in
 * memory from every invoice of the database, its heap and its lookups, without the
 * API: what a search costs at the database's full size however fast the walk goes.
 *
 * The machine's load average is printed with each part: the figures are only as
 * steady as the machine is quiet.
 *
 * Options (env): BENCH_DB (default .data/bench.sqlite), BENCH_CUSTOMERS (default 50000,
 * only when seeding), BENCH_SEARCH_PORT (default 7400; two instances take the next two),
 * BENCH_SEARCH_LOOKUPS (default 300 per kind), BENCH_SEARCH_REFRESH_INTERVAL (default
 * 60s), BENCH_SEARCH_SETUPS (default "one,two"), BENCH_SEARCH_BUILD_LIMIT_S (default
 * 3600: past it the lookups search what the build has read, and no refresh is timed),
 * BENCH_SEARCH_WAIT_LIMIT_S (default 3600, the other waits), BENCH_SEARCH_SCAN ("0"
 * leaves out the in-memory scan), INSIGHTS_MAX_PAGES_PER_SECOND (the walks' page
 * budget; default the app's, 50), NEXT_DIST_DIR (the build). Each wait prints how
 * far it has got every 30 s.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { startTestRedis } from "../lib/testing/redis-server";
import { ensureDatabase } from "./insights/server";
import { BUILD_LIMIT_S, DB, PORT, SCAN, SETUPS } from "./search/config";
import { indexStatus, search, timeLookups, until } from "./search/measure";
import { drawSamples, type Samples } from "./search/samples";
import { anonMiB, dataDir, type Instance, startInstance, stopInstance } from "./search/servers";

const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${os.availableParallelism()} cores`;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * Parts 1 and 3's first half: the first build on every instance (or as far as it got
 * in BUILD_LIMIT_S), and the customers read. True when the build ended.
 */
async function benchBuild(instances: Instance[]): Promise<boolean> {
  const before = instances.map(anonMiB);
  const build = await until(instances, (s) => s.state === "ready", "first build", {
    limitS: BUILD_LIMIT_S,
    partial: true,
  });
  const [status] = build.statuses;
  const after = instances.map(anonMiB);
  const what = build.done ? "first build" : `first build NOT DONE in ${BUILD_LIMIT_S} s, so far`;
  console.log(
    `  ${what}: ${build.seconds.toFixed(1)} s, ${count(status!.pages)} pages (${(status!.pages / build.seconds).toFixed(1)} pages/s), ${count(status!.invoices)} invoices; ${load()}`,
  );
  for (const [i, m] of before.entries())
    console.log(
      `  instance ${i + 1} memory: ${m.toFixed(0)} MiB before, peak ${build.peakMiB[i]!.toFixed(0)}, ${after[i]!.toFixed(0)} after (anonymous RSS)`,
    );
  console.log(`  slowest search while building: ${build.slowestMs.toFixed(0)} ms`);
  for (const instance of instances)
    for (
      let i = 0;
      (await search(instance, "q=a&in=customers")).customers?.index.state !== "ready";
      i++
    ) {
      if (i > 600) throw new Error("the customers were not read in 10 minutes");
      if (i > 0 && i % 30 === 0) console.log(`    … customers not read yet: ${i} s; ${load()}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  if (!build.done) console.log("  (the lookups below search the part of the index read so far)");
  return build.done;
}

/** Part 2: lookups of each kind, one at a time and 8 at once. */
async function benchLookups(instances: Instance[], samples: Samples) {
  const kinds: [string, string[]][] = [
    ["whole number", samples.numbers.map((n) => `in=invoices&q=${encodeURIComponent(n)}`)],
    ["part of number", samples.numberParts.map((n) => `in=invoices&q=${encodeURIComponent(n)}`)],
    ["words", samples.words.map((w) => `in=customers&q=${encodeURIComponent(w)}`)],
    ["e-mail domain", samples.domains.map((d) => `in=customers&q=${encodeURIComponent(d)}`)],
    ["palette (both)", samples.numberParts.map((n) => `q=${encodeURIComponent(n)}`)],
  ];
  for (const concurrency of [1, 8]) {
    console.log(`  lookups, ${concurrency} at a time (${load()}):`);
    for (const [kind, queries] of kinds) {
      const t = await timeLookups(instances, queries, concurrency);
      console.log(
        `    ${kind.padEnd(15)} p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms, max ${t.max.toFixed(1)} ms; ${t.found}/${queries.length} found something`,
      );
    }
  }
}

/** Part 3: the first incremental refresh, as each instance's status reports it. */
async function benchRefresh(instances: Instance[]) {
  const refresh = await until(instances, (s) => s.lastRefresh !== null, "first refresh");
  const last = refresh.statuses[0]!.lastRefresh!;
  console.log(
    `  incremental refresh: ${count(last.pages)} pages in ${(last.ms / 1000).toFixed(1)} s (${refresh.statuses.length === 2 ? "followed by both; " : ""}${load()})`,
  );
}

async function benchOne(samples: Samples) {
  console.log("\nOne instance (index on disk)");
  const dir = dataDir("one");
  let instance = await startInstance(PORT, { INSIGHTS_DATA_DIR: dir });
  try {
    const built = await benchBuild([instance]);
    await benchLookups([instance], samples);
    if (built) await benchRefresh([instance]);
    const kept = await indexStatus(instance);
    await stopInstance(instance);
    const started = performance.now();
    instance = await startInstance(PORT, { INSIGHTS_DATA_DIR: dir });
    const back = await until(
      [instance],
      // The kept index (whole, or as far as the build got) answers again.
      (s) => s.state === kept.state && s.invoices >= kept.invoices,
      "restart",
    );
    console.log(
      `  restart: the kept index answers ${((performance.now() - started) / 1000).toFixed(1)} s after the start (${count(back.statuses[0]!.invoices)} invoices, ${back.statuses[0]!.pages} build pages kept; ${kept.state === "ready" ? "no new walk" : "the build goes on from its saved cursor"}), ${anonMiB(instance).toFixed(0)} MiB`,
    );
  } finally {
    await stopInstance(instance);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchTwo(samples: Samples) {
  console.log("\nTwo instances sharing Redis (locks, page budget, index)");
  const redis = await startTestRedis();
  if (!redis) return console.log("  skipped: redis-server is not installed");
  const dirs = [dataDir("two-a"), dataDir("two-b")];
  const instances: Instance[] = [];
  try {
    for (const [i, dir] of dirs.entries())
      instances.push(
        await startInstance(PORT + 1 + i, { INSIGHTS_DATA_DIR: dir, REDIS_URL: redis.url }),
      );
    const built = await benchBuild(instances);
    await benchLookups(instances, samples);
    if (built) await benchRefresh(instances);
  } finally {
    for (const instance of instances) await stopInstance(instance);
    await redis.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  ensureDatabase();
  const samples = drawSamples();
  const budget = process.env.INSIGHTS_MAX_PAGES_PER_SECOND ?? "50 (the default)";
  console.log(`bench:search, page budget ${budget} pages/s, ${load()}`);
  if (SCAN) {
    console.log(`\nThe number index in memory, from ${DB}`);
    execFileSync(
      process.execPath,
      ["--conditions=react-server", "--expose-gc", "--import", "tsx", "bench/search/index-scan.ts"],
      { stdio: "inherit" },
    );
  }
  if (SETUPS.includes("one")) await benchOne(samples);
  if (SETUPS.includes("two")) await benchTwo(samples);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
