/**
 * No request waits on another's work. While whole-list walks read a database large
 * enough to take seconds (the dashboard's in-process calls, as the home page and the
 * exports read), `/api/v1/health` and a list's first page, over real HTTP through
 * the route's function, keep answering, and the main thread's event loop stays free.
 *
 * Written to fail when the walk's SQLite work runs on the main thread: there, a
 * walk's pages follow each other without giving way to the event loop (each page is
 * synchronous SQLite work and promise continuations), so the probes wait for the walk
 * and the loop's delay grows to the walk's length. The margins are wide (no timing
 * a loaded machine could miss): the probes only need to answer before the walk ends,
 * and the loop's worst delay must stay under a tenth of the walk.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { threadId } from "node:worker_threads";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fetchListPage, type ListName } from "@/lib/api/client";
import { serveSandboxRequest } from "@/lib/sandbox";
import { serverFetcher } from "@/lib/upstream/server-fetcher";
import { openDatabase } from "../storage/db";
import { seedDatabase } from "../storage/seed-database";
import { closePool, poolStats } from "./pool";

/** About 25,000 invoices and 12,000 payments: a walk of several seconds on this machine. */
const CUSTOMERS = 1000;

let dir: string;
let server: http.Server;
let base: string;
let key: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "no-stall-"));
  const file = path.join(dir, "sandbox.sqlite");
  const db = openDatabase(file);
  seedDatabase(db, { customers: CUSTOMERS });
  db.close();
  key = fs.readFileSync(`${file}.demo-key`, "utf8").trim();
  vi.stubEnv("SANDBOX_DB", file);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", "");
  // The route's function (app/api/v1/[[...path]]/route.ts) behind a real HTTP server.
  server = http.createServer((req, res) => {
    const url = `http://${req.headers.host}${req.url}`;
    const request = new Request(url, {
      headers: req.headers.authorization ? { authorization: req.headers.authorization } : {},
    });
    const apiPath = new URL(url).pathname.replace(/^\/api\/v1/, "");
    void serveSandboxRequest(request, apiPath).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  return new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
      resolve();
    }),
  );
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closePool();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Reads a whole list as the insight views do: every page over nextCursor, 100 rows each. */
async function walk(list: ListName, limit: ReturnType<typeof pLimit>): Promise<number> {
  let pages = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await limit(() => fetchListPage(serverFetcher, list, "limit=100", cursor));
    pages += 1;
    if (!page.hasMore) return pages;
    cursor = page.nextCursor;
  }
}

async function probe(pathAndQuery: string): Promise<number> {
  const response = await fetch(`${base}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await response.arrayBuffer();
  return response.status;
}

describe("the built-in API's SQLite work runs off the main thread", () => {
  it("while whole lists are walked, health and a list's first page answer and the event loop stays free", async () => {
    // Warm up: workers started, connections open, as on a running server.
    expect(await probe("/health")).toBe(200);
    expect(await probe("/invoices?limit=50")).toBe(200);
    const answeredBefore = poolStats().answeredBy;

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    // Its first ticks set the monitor's baseline: let them pass before the walk starts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    let walking = true;
    // The home page's walks: four lists, four page requests in flight (INSIGHTS_CONCURRENCY).
    const limit = pLimit(4);
    const walks = Promise.all(
      (["invoices", "payments", "customers", "contracts"] as const).map((list) =>
        walk(list, limit),
      ),
    ).finally(() => {
      walking = false;
    });
    // Someone else, meanwhile: health and a first page, one after the other, until the walk ends.
    const probes: { status: number; duringWalk: boolean }[] = [];
    const prober = (async () => {
      while (walking) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        for (const target of ["/health", "/payments?limit=50"]) {
          const status = await probe(target);
          probes.push({ status, duringWalk: walking });
        }
      }
    })();
    const pages = (await walks).reduce((sum, n) => sum + n, 0);
    const walkMs = performance.now() - started;
    await prober;
    // One more turn of the loop, so the monitor also measures a delay still running
    // when the walk ended (a walk that never gave way is one long delay).
    await new Promise((resolve) => setTimeout(resolve, 50));
    loop.disable();

    const worstDelayMs = loop.max / 1e6;
    const during = probes.filter((p) => p.duringWalk).length;
    const figures = `walk: ${pages} pages in ${walkMs.toFixed(0)} ms; event loop delay: worst ${worstDelayMs.toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms; probes answered during the walk: ${during} of ${probes.length}`;
    console.info(figures);

    // Structural: every request of the walk and the probes was answered by a worker
    // thread, none by this (the main) thread.
    const answeredBy = poolStats().answeredBy;
    expect(answeredBy.has(threadId)).toBe(false);
    const answered = [...answeredBy].reduce(
      (sum, [thread, n]) => sum + n - (answeredBefore.get(thread) ?? 0),
      0,
    );
    expect(answered).toBeGreaterThanOrEqual(pages + probes.length);
    expect(pages).toBeGreaterThan(300);

    // The loop's worst delay: a small fraction of the walk (a walk on this thread
    // delays it by about the walk's whole length).
    expect(worstDelayMs, figures).toBeLessThan(walkMs / 10);
    // Others were served during the walk, not after it.
    expect(probes.every((p) => p.status === 200)).toBe(true);
    expect(during, figures).toBeGreaterThanOrEqual(6);
  });
});
