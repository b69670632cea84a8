/**
 * `npm start`: the production server. `next start` runs one Node.js process, and a
 * Node.js process serves requests on one core: under load Next.js's own work per
 * request (routing, streaming, compression) fills that core while the others idle.
 * This runs one Next.js server per worker process on the same port (node:cluster),
 * so a machine's cores share the requests.
 *
 *   node server.mjs [-p PORT] [-H HOSTNAME]
 *
 * WEB_CONCURRENCY sets the number of processes (default: the cores, at most 4; 1
 * runs a single process with no cluster). The first process starts alone: it checks
 * the sign-in configuration (instrumentation.ts, which may refuse to start),
 * migrates the sign-in storage and seeds the demo database, so the others find them
 * ready. A process that fails to start stops the server with its exit code; one that
 * dies later is replaced.
 *
 * Each process answers a well-formed GET of the data route itself, through the
 * app's own route function, and everything else through Next.js (see `answer`).
 *
 * The processes share the insights views' finished results through a SQLite file in
 * a temporary folder made here (INSIGHTS_SHARED_RESULTS, lib/insights/shared-results.ts),
 * removed when the server stops, and so do the rate limits of the data route and of
 * failed sign-ins (RATE_LIMITS_SHARED, lib/api/server/shared-rate-limit.ts): a
 * client's limit holds whichever process its connections reach.
 */
import cluster from "node:cluster";
import fs from "node:fs";
import { createServer } from "node:http";
import os, { availableParallelism } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

function workerCount() {
  const configured = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.min(availableParallelism(), 4);
}

/**
 * The data route's direct path (lib/api/server/direct-data-route.ts), which
 * instrumentation.ts puts on globalThis once the app's server code is loaded. Read
 * per request: Next.js does not wait for instrumentation before it reports ready.
 */
const DIRECT_DATA_ROUTE = Symbol.for("invoicing-dashboard.direct-data-route");

/**
 * Hands a well-formed GET of the data route (every page of every table) to the
 * app's data route function without Next.js's router, which measured about half
 * of such a request's CPU under load (npm run bench:load); everything else, and a
 * data request the direct path declines, goes to Next.js.
 */
function answer(req, res, handle) {
  const direct = globalThis[DIRECT_DATA_ROUTE];
  if (typeof direct !== "function") return void handle(req, res);
  direct(req, res).then(
    (answered) => {
      if (!answered) void handle(req, res);
    },
    (error) => {
      console.error("The data route failed:", error instanceof Error ? error.message : error);
      if (!res.headersSent)
        res.writeHead(500, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(
        JSON.stringify({
          message: "An unexpected error occurred.",
          code: "INTERNAL_SERVER_ERROR",
          issues: [],
        }),
      );
    },
  );
}

/**
 * A request Node.js cannot parse never reaches Next.js: by default Node answers an
 * address and headers over 16 KB with a bare 431 and other malformed requests with
 * a bare 400. These answer in the API's error shape instead (spec: "Error body (all
 * error statuses)"), with the issue named.
 */
function refuseMalformedRequest(error, socket) {
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  // Not a malformed request: a client too slow to send one (Node's default answer).
  if (!String(error.code).startsWith("HPE_")) {
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    return void socket.end(
      timedOut ? "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n" : undefined,
    );
  }
  const issue =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "the request's address and headers are over 16 KB: send fewer or shorter values"
      : "the request is not well-formed HTTP";
  const body = JSON.stringify({
    message: "Input validation failed",
    code: "BAD_REQUEST",
    issues: [{ message: issue }],
  });
  socket.end(
    [
      "HTTP/1.1 400 Bad Request",
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options: nosniff",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}

/** One Next.js server on `port`: in a cluster worker, the port is shared. */
async function serve() {
  process.env.NODE_ENV = "production";
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: import.meta.dirname, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => answer(req, res, handle));
  server.on("clientError", refuseMalformedRequest);
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  if (!cluster.isWorker)
    console.log(`Ready on http://${hostname ?? "localhost"}:${port} (1 process)`);
}

function runCluster(count) {
  const ready = new WeakSet();
  let stopping = false;
  const sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), "invoicing-dashboard-"));
  process.env.INSIGHTS_SHARED_RESULTS = path.join(sharedDir, "results.sqlite");
  process.env.RATE_LIMITS_SHARED = path.join(sharedDir, "rate-limits.sqlite");
  process.on("exit", () => fs.rmSync(sharedDir, { recursive: true, force: true }));

  function stop(code) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(code);
    let left = workers.length;
    for (const worker of workers) {
      worker.once("exit", () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
      worker.process.kill("SIGTERM");
    }
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(code);
    }, 10_000).unref();
  }

  function fork() {
    const worker = cluster.fork();
    return new Promise((resolve) => {
      worker.once("listening", () => {
        ready.add(worker);
        resolve();
      });
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!ready.has(worker)) {
      console.error(`A server process did not start (exit ${code ?? signal}): stopping.`);
      stop(code || 1);
      return;
    }
    console.error(
      `Server process ${worker.process.pid} ended (${code ?? signal}): starting another.`,
    );
    void fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));

  void (async () => {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, fork));
    console.log(`Ready on http://${hostname ?? "localhost"}:${port} (${count} processes)`);
  })();
}

const count = workerCount();
if (cluster.isPrimary && count > 1) runCluster(count);
else {
  // A worker whose primary is gone (killed outright) must not linger on the port.
  if (cluster.isWorker) process.on("disconnect", () => process.exit(0));
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
