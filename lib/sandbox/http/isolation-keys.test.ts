/**
 * Keys, claims and revocation, and /me, from docs/api.md ("Authentication", "Errors")
 * and docs/readings.md ("Keys and claims", "Routes"): revoked, missing and malformed
 * keys are 401 on every route, a key reads exactly the routes its claims allow, and /me
 * reports the calling key.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createKey, revokeKey } from "../keys";
import { api, sandboxInfo, testDatabase } from "../testing/sandbox";
import { firstDemoIds, short } from "./testing/isolation";

interface ErrorBody {
  message: string;
  code: string;
  issues: { message: string }[];
}

const ALL_CLAIMS = ["invoices:read", "customers:read", "contracts:read", "payments:read"];
const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

function expect401(res: { status: number; body: unknown }, where: string) {
  expect(res.status, `${where} → ${short(res.body)}`).toBe(401);
  const body = res.body as ErrorBody;
  expect(Object.keys(body).sort(), where).toEqual(["code", "issues", "message"]);
  expect(body.code, where).toBe("UNAUTHORIZED");
  expect(body.message, where).toBe("Unauthorized");
  expect(Array.isArray(body.issues), where).toBe(true);
}

let demoInvoiceId = "";
let demoCustomerId = "";

beforeAll(async () => {
  ({ demoInvoiceId, demoCustomerId } = await firstDemoIds());
});

/** Keys this file creates are revoked after each test, so the business stays under 10 active keys. */
const created: string[] = [];
function newKey(claims?: string[]) {
  const key = createKey(testDatabase(), {
    businessId: sandboxInfo().demoBusinessId,
    claims,
    name: "isolation test",
  });
  created.push(key.id);
  return key;
}
afterEach(() => {
  for (const id of created.splice(0)) revokeKey(testDatabase(), id);
});

function authRoutes(): string[] {
  return [
    "/invoices",
    `/invoices/${demoInvoiceId}`,
    "/customers",
    `/customers/${demoCustomerId}`,
    "/contracts",
    "/payments",
    "/me",
  ];
}

// ---------------------------------------------------------------------------

describe("keys", () => {
  it("a revoked key is refused on every route at once", async () => {
    const key = newKey();
    for (const path of authRoutes())
      expect((await api(path, { key: key.secret })).status, path).toBe(200);
    revokeKey(testDatabase(), key.id);
    for (const path of authRoutes())
      expect401(await api(path, { key: key.secret }), `revoked ${path}`);
  });

  it("the key revoked at setup is refused on every route", async () => {
    for (const path of authRoutes())
      expect401(await api(path, { key: sandboxInfo().keys.revoked }), path);
  });

  it("missing, unknown or malformed credentials → 401 on every route", async () => {
    const valid = sandboxInfo().keys.demo;
    const changed = valid.slice(0, -1) + (valid.endsWith("A") ? "B" : "A");
    const headers: (string | null)[] = [
      null,
      "",
      "Bearer",
      "Bearer ",
      "Basic dXNlcjpwYXNz",
      `Basic ${valid}`,
      valid,
      `Token ${valid}`,
      `Bearer ${changed}`,
      `Bearer ${valid}x`,
      `Bearer x${valid}`,
      `Bearer ${valid.slice(0, -1)}`,
      `Bearer ${valid} ${valid}`,
      "Bearer inv_sk_unknown",
    ];
    for (const path of authRoutes())
      for (const header of headers) {
        const res = await api(path, {
          key: null,
          headers: header === null ? {} : { authorization: header },
        });
        expect401(res, `${path} with ${JSON.stringify(header)}`);
      }
  });

  it("a key lacking a claim is 401 on the routes that need it; payments:read reads /payments and /me", async () => {
    const key = sandboxInfo().keys.paymentsOnly;
    for (const path of [
      "/invoices",
      `/invoices/${demoInvoiceId}`,
      "/customers",
      `/customers/${demoCustomerId}`,
      "/contracts",
    ])
      expect401(await api(path, { key }), `payments-only ${path}`);
    expect((await api("/payments", { key })).status).toBe(200);
    const me = await api<{ authorizationClaims: string[] }>("/me", { key });
    expect(me.status).toBe(200);
    expect(me.body.authorizationClaims).toEqual(["payments:read"]);
  });

  it.each([
    [["invoices:read"], ["/invoices", "/invoices/{invoice}"]],
    [["customers:read"], ["/customers", "/customers/{customer}"]],
    [["contracts:read"], ["/contracts"]],
    [["payments:read"], ["/payments"]],
    [
      ["customers:read", "contracts:read"],
      ["/customers", "/customers/{customer}", "/contracts"],
    ],
  ])("a key with claims %j reads exactly %j (and /me)", async (claims, allowed) => {
    const key = newKey(claims);
    const routes: [string, string][] = [
      ["/invoices", "/invoices"],
      ["/invoices/{invoice}", `/invoices/${demoInvoiceId}`],
      ["/customers", "/customers"],
      ["/customers/{customer}", `/customers/${demoCustomerId}`],
      ["/contracts", "/contracts"],
      ["/payments", "/payments"],
    ];
    for (const [name, path] of routes) {
      const res = await api(path, { key: key.secret });
      if (allowed.includes(name)) expect(res.status, `${name}: ${short(res.body)}`).toBe(200);
      else expect401(res, `${claims.join(",")} on ${name}`);
    }
    const me = await api<{ authorizationClaims: string[]; apiKeyId: string }>("/me", {
      key: key.secret,
    });
    expect(me.status).toBe(200);
    expect([...me.body.authorizationClaims].sort()).toEqual([...claims].sort());
    expect(me.body.authorizationClaims.length).toBe(claims.length);
    expect(me.body.apiKeyId).toBe(key.id);
  });
});

describe("/me", () => {
  it("reports the calling key: exactly apiKeyId, entityId, entityName, authorizationClaims, createdAt", async () => {
    const { keys, demoBusinessId, otherBusinessId } = sandboxInfo();
    const db = testDatabase();
    for (const [key, business] of [
      [keys.demo, demoBusinessId],
      [keys.other, otherBusinessId],
    ] as const) {
      const me = await api<Record<string, unknown>>("/me", { key });
      expect(me.status).toBe(200);
      expect(Object.keys(me.body).sort()).toEqual(
        ["apiKeyId", "authorizationClaims", "createdAt", "entityId", "entityName"].sort(),
      );
      expect(me.body.apiKeyId).toMatch(UUID_RE);
      expect(me.body.entityId).toBe(business);
      const name = (
        db.prepare("SELECT name FROM businesses WHERE id = ?").get(business) as { name: string }
      ).name;
      expect(me.body.entityName).toBe(name);
      expect([...(me.body.authorizationClaims as string[])].sort()).toEqual([...ALL_CLAIMS].sort());
      expect((me.body.authorizationClaims as string[]).length).toBe(4);
      expect(typeof me.body.createdAt).toBe("string");
      expect(new Date(me.body.createdAt as string).toISOString()).toBe(me.body.createdAt);
    }
  });

  it("a key made with no claims named gets all four", async () => {
    const key = newKey();
    const me = await api<{ authorizationClaims: string[]; apiKeyId: string; entityId: string }>(
      "/me",
      {
        key: key.secret,
      },
    );
    expect([...me.body.authorizationClaims].sort()).toEqual([...ALL_CLAIMS].sort());
    expect(me.body.apiKeyId).toBe(key.id);
    expect(me.body.entityId).toBe(sandboxInfo().demoBusinessId);
  });
});
