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
 * BENCH_WALK_SECONDS (how long part 2 watches each walk, default 15), BENCH_SECONDS
 * (throughput, default 10), NEXT_DIST_DIR (the build to serve).
 *
 * Parts: api/orders.ts (1), api/no-stall.ts (2), api/throughput.ts (3); the server and
 * its database in api/server.ts.
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import { DB, ORDERS } from "./api/config";
import { benchNoStall } from "./api/no-stall";
import { benchOrders } from "./api/orders";
import { agent, ensureBuild, ensureDatabase, startServer, stopServer } from "./api/server";
import { benchThroughput } from "./api/throughput";

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
    stopServer(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
