/**
 * The data route's direct path (server.mjs hands it the data route's requests before
 * Next.js's router), over real HTTP on loopback, on the built-in API's test
 * database: it answers exactly what the route function answers, compresses like
 * Next.js, and declines (writing nothing) whatever it should leave to Next.js.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";

const DECLINED = 599;
let server: http.Server;
let port: number;
let answerDataRequest: typeof import("./data-endpoint").answerDataRequest;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  vi.stubEnv("DATA_RATE_LIMIT_PER_SEC", "0.001");
  vi.stubEnv("DATA_RATE_LIMIT_BURST", "30");
  const { serveDataDirect } = await import("./direct-data-route");
  ({ answerDataRequest } = await import("./data-endpoint"));
  // Declined requests get a marker status, as if Next.js had taken them.
  server = http.createServer((req, res) => {
    void serveDataDirect(req, res).then((answered) => {
      if (!answered) res.writeHead(DECLINED).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request, so no client normalises the path or decodes the body. */
function request(
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

let client = 0;
/** Each test draws from its own rate-limit bucket (the first X-Forwarded-For hop). */
const own = (headers: Record<string, string> = {}) => ({
  "x-forwarded-for": `198.51.100.${++client}`,
  ...headers,
});

describe("the data route's direct path", () => {
  it("answers a list page, a record and /me exactly as the route function does", async () => {
    for (const path of [
      "/invoices?limit=3&statuses=ISSUED&orderBy=issuedAt%3ADESC",
      "/customers?contractHealths=RENEWAL_DUE%2CENDING&limit=2",
      "/contracts?limit=2",
      "/payments?hasUnappliedAmount=true&limit=2",
      "/me",
    ]) {
      const direct = await request(`/api/data${path}`, { headers: own() });
      const url = new URL(`http://dashboard.test/api/data${path}`);
      const viaRoute = await answerDataRequest(
        new Request(url, { headers: own() }),
        url.pathname.split("/").slice(3),
      );
      expect(direct.status, path).toBe(200);
      expect(JSON.parse(direct.body.toString()), path).toEqual(await viaRoute.json());
    }
    const first = JSON.parse(
      (await request("/api/data/invoices?limit=1", { headers: own() })).body.toString(),
    );
    const one = await request(`/api/data/invoices/${first.data[0].id.toUpperCase()}`, {
      headers: own(),
    });
    expect(JSON.parse(one.body.toString()).id).toBe(first.data[0].id);
  });

  it("answers whatever Host header the client sends", async () => {
    for (const host of ["a b", "evil.example/x?", "[::1", ""]) {
      const res = await request("/api/data/invoices?limit=1", { headers: own({ host }) });
      expect(res.status, host).toBe(200);
    }
  });

  it("gzips for a client that accepts it, and only then", async () => {
    const plain = await request("/api/data/invoices?limit=20", { headers: own() });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    const zipped = await request("/api/data/invoices?limit=20", {
      headers: own({ "accept-encoding": "gzip, deflate, br" }),
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  });

  it("sets the API answer headers on answers and refusals", async () => {
    for (const [path, status] of [
      ["/api/data/invoices?limit=1", 200],
      ["/api/data/invoices?limit=nope", 400],
      ["/api/data/secrets", 404],
      [`/api/data/invoices/not-a-uuid`, 400],
    ] as const) {
      const res = await request(path, { headers: own() });
      expect(res.status, path).toBe(status);
      expect(res.headers["content-security-policy"], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(res.headers["cache-control"], path).toBe("no-store");
    }
    const bad = JSON.parse(
      (await request("/api/data/invoices?limit=nope&x=1", { headers: own() })).body.toString(),
    );
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.issues.map((i: { message: string }) => i.message).join("\n")).toMatch(/limit/);
  });

  it("leaves to Next.js what is not a well-formed GET of the data route, writing nothing", async () => {
    for (const [path, method] of [
      ["/api/data/invoices", "POST"],
      ["/api/data/invoices", "HEAD"],
      ["/api/data/invoices/", "GET"],
      ["/api/data/", "GET"],
      ["/api/data", "GET"],
      ["/api/datainvoices", "GET"],
      ["/api/data/%zz", "GET"],
      ["/api/data/invoices/%E0%A4%A", "GET"],
      ["/api/data/./invoices", "GET"],
      ["/api/data/x/../invoices", "GET"],
      ["/invoices", "GET"],
      ["/api/v1/invoices", "GET"],
    ] as const) {
      const res = await request(path, { method, headers: own() });
      expect(res.status, `${method} ${path}`).toBe(DECLINED);
    }
  });

  it("draws each client's requests from its own bucket: the first forwarded address, else the socket's", async () => {
    const headers = own();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await request("/api/data/me", { headers })).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await request("/api/data/me", { headers });
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect((await request("/api/data/me", { headers: own() })).status).toBe(200);
    // No X-Forwarded-For: the socket's address (loopback) is the client.
    const fromSocket: number[] = [];
    for (let i = 0; i < 31; i++) fromSocket.push((await request("/api/data/me")).status);
    expect(fromSocket.at(-1)).toBe(429);
    expect((await request("/api/data/me", { headers: own() })).status).toBe(200);
  });
});
