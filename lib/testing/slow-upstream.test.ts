/**
 * The delaying proxy over real HTTP: each request takes at least its latency, within
 * a generous bound on a loaded machine, and a walk read through it gives the figures
 * the same walk gives in-process (the built-in API on the seeded test database).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Fetcher } from "@/lib/api/client";
import { handleApiRequest } from "@/lib/sandbox/http/handler";
import { sandboxInfo, testDatabase } from "@/lib/sandbox/testing/sandbox";
import { delayOf, type SlowUpstream, startSlowUpstream } from "./slow-upstream";

/** A server answering at once: what the proxy adds is all there is to time. */
async function listen(handler: http.RequestListener): Promise<{ origin: string; close(): void }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Sequential GETs through the proxy: each one's time in ms, sorted. */
async function timeRequests(origin: string, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}/ping`);
    expect(await response.text()).toBe("pong");
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
/** What a loaded machine may add on top of the latency set. */
const SLACK_MS = 1500;

describe("the delaying proxy", () => {
  let echo: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    echo = await listen((_req, res) => res.end("pong"));
  });
  afterAll(() => echo.close());

  it("holds each request for the latency set", async () => {
    const proxy = await startSlowUpstream({ target: echo.origin, latencyMs: 120 });
    try {
      const times = await timeRequests(proxy.origin, 12);
      expect(times[0]).toBeGreaterThanOrEqual(119);
      expect(median(times)).toBeLessThan(120 + SLACK_MS);
      expect(proxy.stats.requests).toBe(12);
    } finally {
      await proxy.close();
    }
  });

  it("spreads the latency over ± the jitter", async () => {
    expect(delayOf(100, 40, () => 0)).toBe(60);
    expect(delayOf(100, 40, () => 0.5)).toBe(100);
    expect(delayOf(100, 40, () => 0.999999)).toBeCloseTo(140, 3);
    expect(delayOf(10, 40, () => 0)).toBe(0);
    const proxy = await startSlowUpstream({ target: echo.origin, latencyMs: 150, jitterMs: 50 });
    try {
      const times = await timeRequests(proxy.origin, 16);
      expect(times[0]).toBeGreaterThanOrEqual(99);
      expect(median(times)).toBeGreaterThanOrEqual(99);
      expect(median(times)).toBeLessThan(200 + SLACK_MS);
      const mean = proxy.stats.delayedMs / proxy.stats.requests;
      expect(mean).toBeGreaterThanOrEqual(100);
      expect(mean).toBeLessThanOrEqual(200);
    } finally {
      await proxy.close();
    }
  });

  it("answers 502 in the API's error shape when the API cannot be reached", async () => {
    const gone = await listen((_req, res) => res.end());
    gone.close();
    const proxy = await startSlowUpstream({ target: gone.origin, latencyMs: 1 });
    try {
      const response = await fetch(`${proxy.origin}/api/v1/health`);
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: "BAD_GATEWAY" });
    } finally {
      await proxy.close();
    }
  });
});

describe("a walk through the delaying proxy", () => {
  let api: Awaited<ReturnType<typeof listen>>;
  let proxy: SlowUpstream;
  let walker: typeof import("@/lib/insights/walker");
  let split: typeof import("@/lib/insights/split-walk");
  let home: typeof import("@/lib/insights/home");
  let quick: typeof import("@/lib/lists/quick-views");

  beforeAll(async () => {
    vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
    vi.stubEnv("INVOICING_API_URL", "");
    vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
    walker = await import("@/lib/insights/walker");
    split = await import("@/lib/insights/split-walk");
    home = await import("@/lib/insights/home");
    quick = await import("@/lib/lists/quick-views");
    // The built-in API's handler over real HTTP, as a remote API answers.
    api = await listen(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const request = new Request(url, {
        headers: { authorization: req.headers.authorization ?? "" },
      });
      const answer = await handleApiRequest(request, url.pathname.replace(/^\/api\/v1/, ""), {
        db: testDatabase,
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    proxy = await startSlowUpstream({ target: api.origin, latencyMs: 20, jitterMs: 10 });
  });
  afterAll(async () => {
    await proxy?.close();
    api?.close();
  });

  it("gives the home page's overdue figures of the walk in-process", async () => {
    const overHttp: Fetcher = (path, init) =>
      fetch(`${proxy.origin}/api/v1${path}`, {
        headers: { authorization: `Bearer ${sandboxInfo().keys.demo}` },
        signal: init?.signal,
      });
    const today = Date.parse("2026-11-22T00:00:00.000Z");
    const query = quick.overdueQuery(today);
    const inProcess = await walker.walkList(
      walker.createWalkContext(),
      "invoices",
      query,
      home.emptyOverdue(),
      home.foldOverdue,
    );
    const before = proxy.stats.requests;
    const ctx = walker.createWalkContext({ fetcher: overHttp, concurrency: 4 });
    const { acc } = await split.walkInvoicesSplit(
      ctx,
      query,
      home.emptyOverdue(),
      home.foldOverdue,
    );
    expect(acc).toEqual(inProcess);
    expect(proxy.stats.requests - before).toBe(ctx.progress.pages);
    expect(Object.values(acc.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
