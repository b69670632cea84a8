/**
 * A delaying HTTP proxy: stands in front of an API (the built-in one here) and holds
 * every request for a latency ± jitter before forwarding it, so the dashboard reads
 * it as it would a real Invoicing API across a network. node:http only: a proxy this
 * small does not call for a library.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface SlowUpstreamOptions {
  /** the API's origin, e.g. http://127.0.0.1:3000 (paths are forwarded as they come) */
  target: string;
  /** added to each request, ms */
  latencyMs: number;
  /** each request's latency is drawn evenly from latency ± jitter (never below 0), ms */
  jitterMs?: number;
  port?: number;
  host?: string;
  /** 0 ≤ x < 1; Math.random unless a test pins it */
  random?: () => number;
}

export interface SlowUpstream {
  /** the proxy's origin, e.g. http://127.0.0.1:12001 */
  origin: string;
  port: number;
  stats: { requests: number; inFlight: number; maxInFlight: number; delayedMs: number };
  close(): Promise<void>;
}

/** One request's delay: latency ± jitter, evenly drawn, at least 0. */
export function delayOf(latencyMs: number, jitterMs: number, random: () => number): number {
  return Math.max(0, latencyMs + (random() * 2 - 1) * jitterMs);
}

export async function startSlowUpstream(options: SlowUpstreamOptions): Promise<SlowUpstream> {
  const target = new URL(options.target);
  const jitter = options.jitterMs ?? 0;
  const random = options.random ?? Math.random;
  // The upstream's sockets kept open: a real client of a remote API keeps them too.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0, delayedMs: 0 };

  const server = http.createServer(async (req, res) => {
    stats.requests += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const done = () => {
      stats.inFlight -= 1;
    };
    res.once("close", done);
    const delay = delayOf(options.latencyMs, jitter, random);
    stats.delayedMs += delay;
    await sleep(delay);
    const headers = { ...req.headers, host: target.host };
    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (res.headersSent) return res.destroy(error);
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Upstream unreachable", code: "BAD_GATEWAY", issues: [] }));
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    origin: `http://${address}:${port}`,
    port,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
