/**
 * Businesses, keys, claims and revocation, from docs/api.md ("What the API covers",
 * "Authentication", "Errors") and docs/readings.md ("Keys and claims", "Routes").
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createKey, revokeKey } from "../keys";
import { api, sandboxInfo, testDatabase } from "../testing/sandbox";
import { SPEC_LIST_PARAMETERS } from "../testing/spec-terms";

interface Rec {
  id: string;
  [field: string]: unknown;
}
interface ListBody {
  data: Rec[];
  hasMore: boolean;
  nextCursor?: string;
}
interface ErrorBody {
  message: string;
  code: string;
  issues: { message: string }[];
}

const ALL_CLAIMS = ["invoices:read", "customers:read", "contracts:read", "payments:read"];
const EVERY_STATUS = {
  "/invoices": "?statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED",
  "/customers": "",
  "/contracts": "?statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED",
  "/payments": "",
} as const;
type ListPath = keyof typeof EVERY_STATUS;
const LISTS = Object.keys(EVERY_STATUS) as ListPath[];
const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

type Node = Record<string, unknown>;
const obj = (v: unknown): Node => (v !== null && typeof v === "object" ? (v as Node) : {});

function short(body: unknown): string {
  return JSON.stringify(body).slice(0, 300);
}

async function walk(path: string, key: string): Promise<Rec[]> {
  const out: Rec[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let cursor: string | undefined;
  for (let n = 0; n < 1000; n++) {
    const res = await api<ListBody>(
      `${path}${sep}limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
      { key },
    );
    if (res.status !== 200) throw new Error(`${path} → ${res.status} ${short(res.body)}`);
    out.push(...res.body.data);
    if (!res.body.hasMore) return out;
    cursor = res.body.nextCursor;
  }
  throw new Error("walk did not end");
}

function expect401(res: { status: number; body: unknown }, where: string) {
  expect(res.status, `${where} → ${short(res.body)}`).toBe(401);
  const body = res.body as ErrorBody;
  expect(Object.keys(body).sort(), where).toEqual(["code", "issues", "message"]);
  expect(body.code, where).toBe("UNAUTHORIZED");
  expect(body.message, where).toBe("Unauthorized");
  expect(Array.isArray(body.issues), where).toBe(true);
}

function expect404(res: { status: number; body: unknown }, where: string) {
  expect(res.status, `${where} → ${short(res.body)}`).toBe(404);
  expect(res.body, where).toEqual({
    message: "The record does not exist for your business.",
    code: "NOT_FOUND",
    issues: [],
  });
}

const lists: Record<"demo" | "other", Record<ListPath, Rec[]>> = {
  demo: { "/invoices": [], "/customers": [], "/contracts": [], "/payments": [] },
  other: { "/invoices": [], "/customers": [], "/contracts": [], "/payments": [] },
};
let demoInvoiceId = "";
let demoCustomerId = "";

beforeAll(async () => {
  const { keys } = sandboxInfo();
  for (const who of ["demo", "other"] as const)
    for (const path of LISTS)
      lists[who][path] = await walk(`${path}${EVERY_STATUS[path]}`, keys[who]);
  demoInvoiceId = lists.demo["/invoices"][0]!.id;
  demoCustomerId = lists.demo["/customers"][0]!.id;
}, 120_000);

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

describe("a key reads exactly one business", () => {
  it("both businesses have records in every list", () => {
    for (const who of ["demo", "other"] as const)
      for (const path of LISTS)
        expect(lists[who][path].length, `${who} ${path}`).toBeGreaterThan(0);
  });

  it.each(LISTS)(
    "%s: the two businesses' lists are disjoint and each holds only its own records",
    (path) => {
      const demo = new Set(lists.demo[path].map((r) => r.id));
      const other = new Set(lists.other[path].map((r) => r.id));
      expect([...demo].filter((id) => other.has(id))).toEqual([]);
      const table = path.slice(1);
      const db = testDatabase();
      const owner = db.prepare(`SELECT business_id AS b FROM "${table}" WHERE id = ?`);
      const { demoBusinessId, otherBusinessId } = sandboxInfo();
      for (const id of demo)
        expect((owner.get(id) as { b: string }).b, `${path} ${id}`).toBe(demoBusinessId);
      for (const id of other)
        expect((owner.get(id) as { b: string }).b, `${path} ${id}`).toBe(otherBusinessId);
      // nothing of the other business's rows of this table shows up for the demo key
      const otherRows = (
        db.prepare(`SELECT id FROM "${table}" WHERE business_id = ?`).all(otherBusinessId) as {
          id: string;
        }[]
      ).map((r) => r.id);
      expect(otherRows.filter((id) => demo.has(id))).toEqual([]);
    },
  );

  it("the other business's invoices and customers are 404 by id, exactly like an unknown id", async () => {
    const { keys } = sandboxInfo();
    const otherInvoices = lists.other["/invoices"].slice(0, 60);
    const otherCustomers = lists.other["/customers"];
    for (const inv of otherInvoices) {
      expect404(await api(`/invoices/${inv.id}`), `demo key /invoices/${inv.id}`);
      expect((await api(`/invoices/${inv.id}`, { key: keys.other })).status).toBe(200);
    }
    for (const c of otherCustomers) {
      expect404(await api(`/customers/${c.id}`), `demo key /customers/${c.id}`);
      expect((await api(`/customers/${c.id}`, { key: keys.other })).status).toBe(200);
    }
    // and the other way round
    for (const inv of lists.demo["/invoices"].slice(0, 60))
      expect404(
        await api(`/invoices/${inv.id}`, { key: keys.other }),
        `other key /invoices/${inv.id}`,
      );
    for (const c of lists.demo["/customers"].slice(0, 60))
      expect404(
        await api(`/customers/${c.id}`, { key: keys.other }),
        `other key /customers/${c.id}`,
      );
    expect404(await api(`/invoices/${randomUUID()}`), "unknown invoice");
  });

  it("filtering the demo lists by the other business's customers and contracts gives empty pages", async () => {
    const { keys } = sandboxInfo();
    const otherCustomers = [
      ...new Set(lists.other["/invoices"].map((i) => i.customerId as string)),
    ].slice(0, 10);
    const otherContracts = [
      ...new Set(lists.other["/invoices"].map((i) => i.contractId as string)),
    ].slice(0, 10);
    const paying = lists.other["/payments"].find((p) => p.customerId !== null)
      ?.customerId as string;
    expect(otherCustomers.length).toBeGreaterThan(0);
    expect(paying).toBeDefined();
    const queries = [
      ...otherCustomers.map((c) => `/invoices${EVERY_STATUS["/invoices"]}&customerId=${c}`),
      `/invoices${EVERY_STATUS["/invoices"]}&customerIds=${otherCustomers.join(",")}`,
      ...otherContracts.map((c) => `/invoices${EVERY_STATUS["/invoices"]}&contractId=${c}`),
      `/contracts${EVERY_STATUS["/contracts"]}&customerIds=${otherCustomers.join(",")}`,
      `/payments?customerId=${paying}`,
    ];
    for (const q of queries) {
      const demo = await api<ListBody>(q);
      expect(demo.status, q).toBe(200);
      expect(demo.body, q).toEqual({ data: [], hasMore: false });
      // the same query with the other business's key does find records
      const theirs = await api<ListBody>(q, { key: keys.other });
      expect(theirs.status, q).toBe(200);
      expect(theirs.body.data.length, `${q} with the other key`).toBeGreaterThan(0);
    }
  });

  it("a deleted customer is 404 by id and absent from /customers", async () => {
    const db = testDatabase();
    const deleted = (
      db
        .prepare("SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NOT NULL")
        .all(sandboxInfo().demoBusinessId) as { id: string }[]
    ).map((r) => r.id);
    expect(
      deleted.length,
      "the demo data has deleted customers (docs/readings.md, Demo data)",
    ).toBeGreaterThan(0);
    const listed = new Set(lists.demo["/customers"].map((c) => c.id));
    for (const id of deleted) {
      expect(listed.has(id), id).toBe(false);
      expect404(await api(`/customers/${id}`), `/customers/${id}`);
    }
    // and they stay out whatever the filters and order
    for (const q of [
      "/customers?contractHealths=RENEWAL_DUE,ENDING,HEALTHY,UPCOMING,NO_ACTIVE_CONTRACT,DRAFT_ONLY,NO_CONTRACTS",
      "/customers?orderBy=createdAt:DESC",
    ]) {
      const all = await walk(q, sandboxInfo().keys.demo);
      expect(
        all.filter((c) => deleted.includes(c.id)),
        q,
      ).toEqual([]);
    }
  });
});

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

describe("public routes", () => {
  it("/health needs no key", async () => {
    const res = await api("/health", { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("/openapi.json needs no key: OpenAPI 3.1, version 0.1.0, every route and query parameter", async () => {
    const res = await api<Node>("/openapi.json", { key: null });
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(String(doc.openapi)).toMatch(/^3\.1(\.\d+)?$/);
    expect(obj(doc.info).version).toBe("0.1.0");

    const resolve = (value: unknown, depth = 0): Node => {
      const node = obj(value);
      if (typeof node.$ref === "string" && depth < 20) {
        let at: unknown = doc;
        for (const part of node.$ref.replace(/^#\//, "").split("/"))
          at = obj(at)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
        return resolve(at, depth + 1);
      }
      return node;
    };
    const routes = new Map<string, Node>();
    for (const [path, item] of Object.entries(obj(doc.paths))) {
      const normal = path.replace(/^\/(api\/)?v1(?=\/)/, "").replace(/\{[^}]+\}/g, "{id}");
      routes.set(normal, resolve(item));
    }
    const expected: Record<string, readonly string[]> = {
      ...SPEC_LIST_PARAMETERS,
      "/invoices/{id}": [],
      "/customers/{id}": [],
      "/me": [],
      "/health": [],
      "/openapi.json": [],
    };
    for (const [route, names] of Object.entries(expected)) {
      const item = routes.get(route);
      expect(item, `route ${route} in ${[...routes.keys()].join(", ")}`).toBeDefined();
      const get = resolve(item?.get);
      expect(Object.keys(get).length, `GET ${route}`).toBeGreaterThan(0);
      const list = (v: unknown) => (Array.isArray(v) ? v : []);
      const params = [...list(item?.parameters), ...list(get.parameters)].map((p) => resolve(p));
      const query = params.filter((p) => p.in === "query").map((p) => String(p.name));
      expect([...query].sort(), `query parameters of ${route}`).toEqual([...names].sort());
      if (route.endsWith("{id}"))
        expect(params.filter((p) => p.in === "path").length, `path parameter of ${route}`).toBe(1);
    }
  });
});

describe("the public routes", () => {
  it("refuse a parameter they do not know, as every route does (docs/readings.md, Invalid parameters)", async () => {
    for (const path of ["/health?limit=abc", "/openapi.json?foo=1"]) {
      const res = await api<{ code: string; issues: { message: string }[] }>(path, { key: null });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
      expect(res.body.issues[0]!.message).toMatch(/^(limit|foo): unknown parameter/);
    }
    expect((await api("/health", { key: null })).status).toBe(200);
  });

  it("describe uuids as the spec does: hex digits in either case", async () => {
    const doc = (await api("/openapi.json", { key: null })).body;
    const patterns: string[] = [];
    const visit = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === "object") {
        const o = node as Record<string, unknown>;
        if (o.format === "uuid" && typeof o.pattern === "string") patterns.push(o.pattern);
        Object.values(o).forEach(visit);
      }
    };
    visit(doc);
    expect(patterns.length).toBeGreaterThan(3);
    for (const pattern of patterns) {
      const re = new RegExp(pattern);
      expect(re.test("4B309F48-1C2D-4E5F-8A9B-0C1D2E3F4A5B"), pattern).toBe(true);
      expect(re.test("4b309f48-1c2d-4e5f-8a9b-0c1d2e3f4a5b"), pattern).toBe(true);
      expect(re.test("4b309f48-1c2d-4e5f-8a9b-0c1d2e3f4a5"), pattern).toBe(false);
    }
  });
});
