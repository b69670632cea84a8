/**
 * The built-in API over real HTTP, through the production Next.js server: what the
 * in-process handler tests cannot see (routing, raw query strings, methods, headers).
 */
import http from "node:http";
import net from "node:net";
import { demoKey } from "../support/env";
import { expect, test } from "../support/test";

const LISTS = ["/invoices", "/customers", "/contracts", "/payments"];

test("public routes answer without a key", async ({ request }) => {
  const health = await request.get("/api/v1/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const doc = await request.get("/api/v1/openapi.json");
  expect(doc.status()).toBe(200);
  const body = await doc.json();
  expect(body.openapi).toMatch(/^3\.1\./);
  expect(body.info.version).toBe("0.1.0");
});

test("every list and by-id route answers over HTTP with the demo key", async ({ request }) => {
  const headers = { authorization: `Bearer ${demoKey()}` };
  const me = await request.get("/api/v1/me", { headers });
  expect(me.status()).toBe(200);
  expect((await me.json()).authorizationClaims).toHaveLength(4);
  for (const list of LISTS) {
    const res = await request.get(`/api/v1${list}?limit=5`, { headers });
    expect(res.status(), list).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/json");
    const page = await res.json();
    expect(page.data.length, list).toBe(5);
  }
  const invoices = await (await request.get("/api/v1/invoices?limit=1", { headers })).json();
  const invoice = await request.get(`/api/v1/invoices/${invoices.data[0].id}`, { headers });
  expect((await invoice.json()).lines.length).toBeGreaterThan(0);
  const customers = await (await request.get("/api/v1/customers?limit=1", { headers })).json();
  const customer = await request.get(`/api/v1/customers/${customers.data[0].id}`, { headers });
  expect((await customer.json()).id).toBe(customers.data[0].id);
});

test("missing key is 401 UNAUTHORIZED with the spec's body", async ({ request }) => {
  for (const path of ["/me", ...LISTS]) {
    const res = await request.get(`/api/v1${path}`);
    expect(res.status(), path).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED", issues: [] });
  }
});

test("methods other than GET are refused and change nothing", async ({ request }) => {
  const headers = { authorization: `Bearer ${demoKey()}` };
  const before = await (await request.get("/api/v1/invoices?limit=100", { headers })).json();
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const res = await request.fetch(`/api/v1/invoices/${before.data[0].id}`, {
      method,
      headers,
      data: { status: "VOIDED" },
    });
    expect(res.status(), method).toBeGreaterThanOrEqual(400);
    expect(res.status(), method).toBeLessThan(500);
  }
  const after = await (await request.get("/api/v1/invoices?limit=100", { headers })).json();
  expect(after.data).toEqual(before.data);
});

/** Sends a raw request line, so malformed escapes reach the server byte for byte. */
function rawGet(baseURL: string, pathAndQuery: string, key: string): Promise<number> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: "GET",
        path: pathAndQuery,
        headers: { authorization: `Bearer ${key}` },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${pathAndQuery}`)));
    req.on("error", reject);
    req.end();
  });
}

test("hostile raw query strings get 200 or 400, never 500 or a hang", async ({ baseURL }) => {
  const key = demoKey();
  const hostile = [
    "limit=%",
    "limit=%zz",
    "limit=%00",
    "search=%E0%A4%A",
    "search=%ff%fe",
    "customerId=%27%20OR%201%3D1--",
    "statuses=ISSUED%2C%2CDRAFT",
    "orderBy=issuedAt%3AASC%2CissuedAt%3ADESC",
    "startingAfter=..........",
    `startingAfter=${"a".repeat(1025)}`,
    "limit=1&limit=2",
    "&&&&",
    "=",
    "a[b]=c",
    "__proto__=1",
    "constructor=1",
    "toString=1",
    "limit=9999999999999999999999",
    "limit=-1",
    "limit=1.5",
    "issueDateStartAt=2026-02-30",
    "issueDateStartAt=%2B275760-09-13T00:00:00.000Z",
    "dueDateEndAt=2026-01-01T25:00:00Z",
    "needsApproval=TRUE",
    `search=${"%F0%9F%92%A9".repeat(50)}`,
  ];
  for (const list of LISTS) {
    for (const query of hostile) {
      const status = await rawGet(baseURL!, `/api/v1${list}?${query}`, key);
      expect([200, 400], `${list}?${query}`).toContain(status);
    }
  }
  for (const id of [
    "%",
    "..%2F..%2Fetc",
    "00000000-0000-0000-0000-000000000000",
    "x".repeat(300),
  ]) {
    for (const resource of ["invoices", "customers"]) {
      const status = await rawGet(baseURL!, `/api/v1/${resource}/${id}`, key);
      expect([400, 404], `${resource}/${id}`).toContain(status);
    }
  }
});

/** Writes `bytes` on a new connection and reads the whole answer. */
function rawExchange(baseURL: string, bytes: string): Promise<string> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let answer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(10_000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

test("a request Node.js cannot parse is answered in the API's error shape", async ({ baseURL }) => {
  const ids = Array.from({ length: 500 }, () => "00000000-0000-4000-8000-000000000000").join(",");
  for (const [what, bytes, issue] of [
    [
      "an address over 16 KB",
      `GET /api/v1/invoices?customerIds=${ids} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${demoKey()}\r\n\r\n`,
      /over 16 KB/,
    ],
    ["a malformed request line", "GET /api/v1/health HTTP/9 nonsense\r\n\r\n", /not well-formed/],
  ] as const) {
    const answer = await rawExchange(baseURL!, bytes);
    const [head, body] = answer.split("\r\n\r\n");
    expect(head!.split("\r\n")[0], what).toBe("HTTP/1.1 400 Bad Request");
    expect(head, what).toMatch(/x-content-type-options: nosniff/i);
    const parsed = JSON.parse(body!);
    expect(Object.keys(parsed).sort(), what).toEqual(["code", "issues", "message"]);
    expect(parsed.code, what).toBe("BAD_REQUEST");
    expect(parsed.issues[0].message, what).toMatch(issue);
  }
});
