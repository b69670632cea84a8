/**
 * The dashboard's data route, on the real built-in API (the test database): only
 * allow-listed routes and parameters pass, answers come back validated, and the
 * key stays on the server.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";

let forwardDataRequest: typeof import("./serve").forwardDataRequest;

beforeAll(async () => {
  // The data route reads the API through the server's configuration: the built-in
  // API on the seeded test database, with a test key.
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  ({ forwardDataRequest } = await import("./serve"));
});

async function get(path: string, method = "GET") {
  const url = new URL(`http://dashboard.test/api/data${path}`);
  const segments = url.pathname
    .replace(/^\/api\/data\/?/, "")
    .split("/")
    .filter(Boolean)
    .map(decodeURIComponent);
  const response = await forwardDataRequest(new Request(url, { method }), segments);
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

describe("data route", () => {
  it("forwards the four lists, the two by-id routes and /me", async () => {
    for (const list of ["invoices", "customers", "contracts", "payments"]) {
      const res = await get(`/${list}?limit=3`);
      expect(res.status, list).toBe(200);
      expect(res.body.data).toHaveLength(3);
    }
    const invoices = await get("/invoices?limit=1");
    const invoice = await get(`/invoices/${invoices.body.data[0].id}`);
    expect(invoice.body.lines.length).toBeGreaterThan(0);
    const customers = await get("/customers?limit=1");
    expect((await get(`/customers/${customers.body.data[0].id}`)).body.id).toBe(
      customers.body.data[0].id,
    );
    expect((await get("/me")).body.authorizationClaims).toHaveLength(4);
  });

  it("follows cursors like the API", async () => {
    const first = await get("/invoices?limit=5&statuses=ISSUED");
    const second = await get(
      `/invoices?limit=5&statuses=ISSUED&startingAfter=${first.body.nextCursor}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
  });

  it("stops anything off the allow-list before it reaches the API", async () => {
    for (const path of [
      "/openapi.json",
      "/health",
      "/invoices/x/lines",
      "/payments/abc",
      "/contracts/00000000-0000-0000-0000-000000000000",
      "/",
      "/../v1/me",
    ])
      expect((await get(path)).status, path).toBe(404);
    const unknown = await get("/invoices?limit=5&foo=1");
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([{ message: "foo: unknown parameter" }]);
    expect((await get("/invoices?statuses=PAID")).status).toBe(400);
    expect((await get("/customers/not-a-uuid")).status).toBe(400);
    expect((await get("/invoices", "POST")).status).toBe(405);
  });

  it("passes the API's own errors through, and never shows the key", async () => {
    const missing = await get("/invoices/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("NOT_FOUND");
    for (const path of [
      "/invoices?limit=2",
      "/me",
      "/invoices?foo=1",
      "/invoices/00000000-0000-4000-8000-000000000000",
    ])
      expect((await get(path)).text, path).not.toContain(sandboxInfo().keys.demo);
  });
});
