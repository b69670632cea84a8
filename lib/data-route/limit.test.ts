/**
 * The data route's rate limit over real HTTP on loopback (the socket's address as
 * server.ts stamps it), on the built-in API's test database: per account
 * when signed in (all its sessions share one allowance), per client address when open, and an X-Forwarded-For the client
 * writes never moves it to another allowance unless TRUST_PROXY says a proxy of ours
 * wrote it. Sharing across instances is limiter.test.ts's and the deployment test's.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/auth/guard";
import { stampPeerAddress } from "@/lib/rate-limits/client-address";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";

const BURST = 4;
let server: http.Server;
let port: number;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  vi.stubEnv("REDIS_URL", "");
  // A window of 400 s: nothing refills while the test runs, however slow the machine.
  vi.stubEnv("DATA_RATE_LIMIT_PER_SEC", "0.01");
  vi.stubEnv("DATA_RATE_LIMIT_BURST", String(BURST));
  const { forwardDataRequest } = await import("./serve");
  // As the route handler calls it: the viewer (x-test-account and x-test-session
  // stand in for the signed-in viewer the guard found) and the request with its headers.
  server = http.createServer((req, res) => {
    stampPeerAddress(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const account = headers.get("x-test-account");
    const viewer: Viewer = account
      ? {
          kind: "user",
          userId: account,
          email: `${account}@example.com`,
          name: account,
          sessionId: headers.get("x-test-session") ?? "",
        }
      : { kind: "open" };
    void forwardDataRequest(
      new Request(`http://dashboard.test${req.url}`, { headers }),
      ["invoices"],
      viewer,
    ).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(headers: Record<string, string> = {}, from = "127.0.0.1") {
  // A new connection each time, from `from` (any 127.x address reaches the server).
  return new Promise<{ status: number; retryAfter?: string; body: unknown }>((resolve, reject) => {
    const req = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/data/invoices?limit=1",
        headers,
        localAddress: from,
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            retryAfter: res.headers["retry-after"] as string | undefined,
            body: JSON.parse(text),
          }),
        );
      },
    );
    req.on("error", reject);
  });
}

const statuses = async (
  n: number,
  headers: (i: number) => Record<string, string>,
  from?: string,
) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await get(headers(i), from)).status);
  return out;
};

describe("the data route's limit", () => {
  it("per client address: the burst, then 429 with Retry-After in the API's error shape", async () => {
    // Each request claims another forwarded address: without TRUST_PROXY none counts.
    const seen = await statuses(
      BURST + 2,
      (i) => ({ "x-forwarded-for": `203.0.113.${i}` }),
      "127.0.0.2",
    );
    expect(seen).toEqual([...Array(BURST).fill(200), 429, 429]);
    const refused = await get({}, "127.0.0.2");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(300);
    expect(refused.body).toEqual({
      message: expect.stringMatching(/^Too many requests: try again in \d+ s\.$/),
      code: "RATE_LIMITED",
      issues: [],
    });
    // Another address has its own allowance.
    expect((await get({}, "127.0.0.3")).status).toBe(200);
  });

  it("per account when signed in, whatever its sessions and the addresses they come from", async () => {
    // Three sessions of one account: one allowance, also from another address.
    const seen = await statuses(
      BURST + 1,
      (i) => ({ "x-test-account": "u-1", "x-test-session": `s-${i % 3}` }),
      "127.0.0.4",
    );
    expect(seen).toEqual([...Array(BURST).fill(200), 429]);
    const fresh = { "x-test-account": "u-1", "x-test-session": "s-new" };
    expect((await get(fresh, "127.0.0.5")).status).toBe(429);
    expect(
      (await get({ "x-test-account": "u-2", "x-test-session": "s-9" }, "127.0.0.4")).status,
    ).toBe(200);
  });

  it("behind TRUST_PROXY=1, the address our proxy saw (the last hop), not the client's claims", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    try {
      const seen = await statuses(BURST + 1, (i) => ({
        "x-forwarded-for": `198.51.100.${i}, 192.0.2.7`,
      }));
      expect(seen).toEqual([...Array(BURST).fill(200), 429]);
      expect((await get({ "x-forwarded-for": "192.0.2.8" })).status).toBe(200);
    } finally {
      vi.stubEnv("TRUST_PROXY", "");
    }
  });
});
