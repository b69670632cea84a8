/**
 * Random and hostile query strings on every authenticated route. Whatever is sent,
 * the answer is 200 or 400 (404 only on the by-id routes), never 500, never a hang,
 * and a 400 always says what was wrong (non-empty `issues`).
 *
 * Beyond that, a request that breaks a rule of the documents must be a 400: an
 * unknown parameter, a repeated one, an empty value, a bad boolean / uuid / enum /
 * limit / orderBy / search / cursor (docs/api.md "Lists" and the parameter tables;
 * docs/readings.md "Parameter names", "Invalid parameters").
 *
 * fast-check runs with fixed seeds so a failure reproduces.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api, sandboxInfo, testDatabase } from "../testing/sandbox";
import {
  SPEC_CONTRACT_HEALTHS,
  SPEC_FREQUENCIES,
  SPEC_INVOICE_STATUSES,
  SPEC_LIFECYCLE_STATUSES,
  SPEC_ORDER_FIELDS,
} from "../testing/spec-terms";

type Kind =
  | "uuid"
  | "uuids"
  | "bool"
  | "date"
  | "limit"
  | "cursor"
  | "search"
  | "invoiceStatuses"
  | "lifecycleStatuses"
  | "healths"
  | "frequency"
  | "invoiceOrder"
  | "customerOrder"
  | "paymentOrder";

const SHARED: Record<string, Kind> = {
  startingAfter: "cursor",
  endingBefore: "cursor",
  limit: "limit",
};
const ROUTE_PARAMS: Record<string, Record<string, Kind>> = {
  "/invoices": {
    customerId: "uuid",
    customerIds: "uuids",
    contractId: "uuid",
    statuses: "invoiceStatuses",
    needsApproval: "bool",
    issueDateStartAt: "date",
    issueDateEndAt: "date",
    dueDateStartAt: "date",
    dueDateEndAt: "date",
    periodStartAtOrAfter: "date",
    periodStartBefore: "date",
    hasOutstandingBalance: "bool",
    hasAppliedPayments: "bool",
    hasUncoveredBalance: "bool",
    orderBy: "invoiceOrder",
    ...SHARED,
  },
  "/customers": {
    search: "search",
    subscriptionFrequency: "frequency",
    contractHealths: "healths",
    orderBy: "customerOrder",
    ...SHARED,
  },
  "/contracts": {
    customerIds: "uuids",
    statuses: "lifecycleStatuses",
    processingInvoices: "bool",
    ...SHARED,
  },
  "/payments": {
    customerId: "uuid",
    isAttributed: "bool",
    hasUnappliedAmount: "bool",
    orderBy: "paymentOrder",
    ...SHARED,
  },
  "/me": {},
  "/invoices/{id}": {},
  "/customers/{id}": {},
};
const ALL_NAMES = [...new Set(Object.values(ROUTE_PARAMS).flatMap((p) => Object.keys(p)))];

const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
const CURSOR_RE = /^[A-Za-z0-9._-]{1,1024}$/;
const ENUMS: Partial<Record<Kind, string[]>> = {
  invoiceStatuses: [...SPEC_INVOICE_STATUSES],
  lifecycleStatuses: [...SPEC_LIFECYCLE_STATUSES],
  healths: [...SPEC_CONTRACT_HEALTHS],
  frequency: [...SPEC_FREQUENCIES],
};
const ORDER_FIELDS: Partial<Record<Kind, { fields: string[]; max: number }>> = {
  invoiceOrder: { fields: [...SPEC_ORDER_FIELDS["/invoices"]], max: 1 },
  customerOrder: { fields: [...SPEC_ORDER_FIELDS["/customers"]], max: 3 },
  paymentOrder: { fields: [...SPEC_ORDER_FIELDS["/payments"]], max: 3 },
};

/** Why the documents require a 400 for this query, or null when they do not. */
function mustBe400(route: string, params: URLSearchParams): string | null {
  const known = ROUTE_PARAMS[route]!;
  const seen = new Map<string, string>();
  for (const [name, value] of params) {
    if (!Object.hasOwn(known, name)) return `unknown parameter ${JSON.stringify(name)}`;
    const before = seen.get(name);
    if (before !== undefined && before !== value) return `${name} repeated with different values`;
    seen.set(name, value);
    if (value === "") return `${name} is empty`;
    const kind = known[name]!;
    switch (kind) {
      case "uuid":
        if (!UUID_RE.test(value)) return `${name} is not a uuid`;
        break;
      case "uuids":
        if (!value.split(",").every((v) => UUID_RE.test(v))) return `${name} holds a bad uuid`;
        break;
      case "bool":
        if (value !== "true" && value !== "false") return `${name} is not true/false`;
        break;
      case "limit": {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > 100) return "limit outside 1..100";
        break;
      }
      case "cursor":
        if (!CURSOR_RE.test(value)) return `${name} outside the cursor alphabet or length`;
        break;
      case "search":
        if ([...value].length > 200) return "search over 200 characters";
        break;
      case "date":
        if (/^[a-z]+$/i.test(value)) return `${name} is a word`;
        break;
      default: {
        const set = ENUMS[kind];
        if (set && !value.split(",").every((v) => set.includes(v))) return `${name} bad enum`;
        const order = ORDER_FIELDS[kind];
        if (order) {
          const parts = value.split(",");
          if (parts.length > order.max) return "orderBy too many fields";
          const fields = parts.map((p) => p.split(":"));
          if (
            !fields.every(
              ([f, d, ...rest]) =>
                rest.length === 0 && order.fields.includes(f!) && (d === "ASC" || d === "DESC"),
            )
          )
            return "orderBy malformed";
          if (new Set(fields.map(([f]) => f)).size !== fields.length)
            return "orderBy duplicate field";
        }
      }
    }
  }
  if (params.has("startingAfter") && params.has("endingBefore")) return "both cursors";
  return null;
}

// ---------------------------------------------------------------------------
// Values

const NIL = "00000000-0000-0000-0000-000000000000";
const MAX = "ffffffff-ffff-ffff-ffff-ffffffffffff";
const HOSTILE_VALUES = [
  "",
  " ",
  "\t",
  "\n",
  "\r\n",
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "' OR 1=1 --",
  '" OR ""="',
  "1; DROP TABLE invoices; --",
  "') UNION SELECT secret_hash FROM api_keys --",
  "%",
  "_",
  "%%",
  "\\",
  "'",
  '"',
  "`",
  "*",
  "?",
  "#",
  "&",
  "=",
  "+",
  "/",
  "..",
  "../../etc/passwd",
  "9007199254740992",
  "9007199254740991",
  "-9007199254740992",
  "-0",
  "0",
  "-1",
  "1e309",
  "-1e309",
  "1e-309",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "0b1",
  "1_0",
  "١٠",
  "１０",
  "10 ",
  " 10",
  "+10",
  "10.0",
  "1e1",
  "100",
  "101",
  "true",
  "false",
  "null",
  "undefined",
  "[]",
  "{}",
  '{"$gt":""}',
  "[object Object]",
  "__proto__",
  "constructor",
  "é",
  "😀",
  "\u202e",
  "\ufeff",
  "\ud7ff",
  "Ω".repeat(300),
  "a".repeat(1025),
  "a".repeat(20_000),
  "A-._".repeat(300),
  "2026-02-30",
  "2026-11-22",
  "9999-12-31T23:59:59.999Z",
  "0000-01-01",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "2026-11-22T09:30:00.000Z",
  NIL,
  MAX,
  "123e4567-e89b-42d3-a456-426614174000",
  "DRAFT",
  "DRAFT,ISSUED",
  ",,,",
  "issuedAt:ASC",
  "name:ASC,name:ASC",
];
const HOSTILE_NAMES = [
  "",
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "valueOf",
  "limit[]",
  "limit[0]",
  "LIMIT",
  " limit",
  "limit ",
  "\u0000limit",
  "😀",
  "a".repeat(5000),
];

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
function enc(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udfff]/g, (c, i: number) => {
      const code = c.charCodeAt(0);
      const next = s.charCodeAt(i + 1);
      const prev = s.charCodeAt(i - 1);
      if (code < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) return c;
      if (code >= 0xdc00 && prev >= 0xd800 && prev < 0xdc00) return c;
      return "\ufffd";
    }),
  );
}

let realIds: Record<string, string[]> = {};
let contractIds: string[] = [];
let otherIds: Record<string, string[]> = {};

beforeAll(() => {
  const db = testDatabase();
  const { demoBusinessId, otherBusinessId } = sandboxInfo();
  const pick = (sql: string, business: string) =>
    (db.prepare(sql).all(business) as { id: string }[]).map((r) => r.id);
  realIds = {
    "/invoices/{id}": pick(
      "SELECT id FROM invoices WHERE business_id = ? LIMIT 50",
      demoBusinessId,
    ),
    "/customers/{id}": pick(
      "SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL LIMIT 50",
      demoBusinessId,
    ),
  };
  otherIds = {
    "/invoices/{id}": pick(
      "SELECT id FROM invoices WHERE business_id = ? LIMIT 10",
      otherBusinessId,
    ),
    "/customers/{id}": pick(
      "SELECT id FROM customers WHERE business_id = ? LIMIT 10",
      otherBusinessId,
    ),
  };
  contractIds = pick("SELECT id FROM contracts WHERE business_id = ? LIMIT 50", demoBusinessId);
});

function validValueArb(kind: Kind): fc.Arbitrary<string> {
  const customerIds = () => realIds["/customers/{id}"]!;
  switch (kind) {
    case "uuid":
      return fc.oneof(
        fc.constantFrom(...customerIds(), ...contractIds),
        fc.uuid(),
        fc.constantFrom(NIL, MAX),
      );
    case "uuids":
      return fc
        .array(fc.oneof(fc.constantFrom(...customerIds()), fc.uuid()), {
          minLength: 1,
          maxLength: 4,
        })
        .map((a) => a.join(","));
    case "bool":
      return fc.constantFrom("true", "false");
    case "date":
      return fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.boolean()).map(([d, dateOnly]) => {
        const iso = new Date(Date.UTC(2026, 10, 22) + d * 86_400_000).toISOString();
        return dateOnly ? iso.slice(0, 10) : iso;
      });
    case "limit":
      return fc.integer({ min: 1, max: 100 }).map(String);
    case "cursor":
      return fc.string({ unit: fc.constantFrom(..."abcXYZ019._-"), minLength: 1, maxLength: 60 });
    case "search":
      return fc.string({ minLength: 1, maxLength: 20 });
    default: {
      const set = ENUMS[kind];
      if (set) return fc.subarray(set, { minLength: 1 }).map((a) => a.join(","));
      const order = ORDER_FIELDS[kind]!;
      return fc
        .uniqueArray(fc.constantFrom(...order.fields), { minLength: 1, maxLength: order.max })
        .chain((fs) => fc.tuple(...fs.map((f) => fc.constantFrom(`${f}:ASC`, `${f}:DESC`))))
        .map((a) => a.join(","));
    }
  }
}

const junkValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "binary-ascii", maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      "\u0000",
      "\u0001",
      "\n",
      "\r",
      "\t",
      "\u007f",
      "%",
      "&",
      "=",
      "+",
      ",",
      ":",
    ),
    maxLength: 12,
  }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.nat({ max: 30_000 }).map((n) => "x".repeat(n)),
);

/** Raw (unencoded) fragments: malformed percent-escapes and separators as they are. */
const rawFragmentArb = fc.constantFrom(
  "%",
  "%z",
  "%zz",
  "%E0%A4%A",
  "%C0%AE",
  "%FF%FE",
  "%00",
  "%25%",
  "&",
  "&&",
  "=",
  "==",
  "a=b=c",
  "+",
  "++=++",
  ";",
  "limit=1;limit=2",
  "%26limit%3D5",
  "limit%3D5",
  "lim%69t=5",
  "limit=%31%30",
  "?",
  "??",
  "[]=",
  "a[b]=c",
);

type Piece = { raw: string } | { name: string; value: string };

function pieceArb(route: string): fc.Arbitrary<Piece> {
  const known = Object.keys(ROUTE_PARAMS[route]!);
  const named = (nameArb: fc.Arbitrary<string>, valueArb: fc.Arbitrary<string>) =>
    fc.record({ name: nameArb, value: valueArb });
  const arbs: fc.WeightedArbitrary<Piece>[] = [
    { weight: 3, arbitrary: named(fc.constantFrom(...ALL_NAMES), junkValueArb) },
    { weight: 2, arbitrary: named(fc.constantFrom(...HOSTILE_NAMES), junkValueArb) },
    { weight: 2, arbitrary: named(fc.string({ unit: "binary", maxLength: 12 }), junkValueArb) },
    { weight: 1, arbitrary: rawFragmentArb.map((raw) => ({ raw })) },
  ];
  if (known.length > 0) {
    arbs.push({
      weight: 6,
      arbitrary: fc
        .constantFrom(...known)
        .chain((name) => named(fc.constant(name), validValueArb(ROUTE_PARAMS[route]![name]!))),
    });
    arbs.push({ weight: 4, arbitrary: named(fc.constantFrom(...known), junkValueArb) });
  }
  return fc.oneof(...arbs);
}

function queryArb(route: string): fc.Arbitrary<string> {
  return fc
    .array(pieceArb(route), { maxLength: 6 })
    .chain((pieces) =>
      // sometimes send a piece twice (repeated key, same value)
      fc
        .nat({ max: 4 })
        .map((dup) => (dup === 0 && pieces.length > 0 ? [...pieces, pieces[0]!] : pieces)),
    )
    .map((pieces) =>
      pieces.map((p) => ("raw" in p ? p.raw : `${enc(p.name)}=${enc(p.value)}`)).join("&"),
    );
}

function idArb(route: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...realIds[route]!) },
    { weight: 1, arbitrary: fc.constantFrom(...otherIds[route]!) },
    { weight: 1, arbitrary: fc.constantFrom(...realIds[route]!).map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc
        .oneof(junkValueArb, fc.constantFrom(...HOSTILE_VALUES))
        .filter((s) => s.length > 0 && !/^\.+$/.test(s) && !s.includes("/"))
        .map(enc),
    },
  );
}

// ---------------------------------------------------------------------------

interface Outcome {
  status: number;
  body: unknown;
}

const WALL_CLOCK_GUARD_MS = 2000;

async function send(pathAndQuery: string): Promise<Outcome> {
  const started = performance.now();
  const res = await api(pathAndQuery);
  const elapsed = performance.now() - started;
  expect(elapsed, `${pathAndQuery.slice(0, 200)} took ${elapsed.toFixed(0)} ms`).toBeLessThan(
    WALL_CLOCK_GUARD_MS,
  );
  return res;
}

function check(route: string, path: string, query: string, res: Outcome, idIsReal: boolean) {
  const where = `${`${path}?${query}`.slice(0, 400)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  const byId = route.endsWith("{id}");
  expect(byId ? [200, 400, 404] : [200, 400], where).toContain(res.status);
  if (res.status === 400 || res.status === 404) {
    const body = res.body as { message: string; code: string; issues: { message: string }[] };
    expect(Object.keys(body).sort(), where).toEqual(["code", "issues", "message"]);
    expect(Array.isArray(body.issues), where).toBe(true);
    if (res.status === 400) {
      expect(body.code, where).toBe("BAD_REQUEST");
      expect(body.message, where).toBe("Input validation failed");
      expect(body.issues.length, where).toBeGreaterThan(0);
      for (const issue of body.issues) expect(typeof issue.message, where).toBe("string");
    } else {
      expect(body.code, where).toBe("NOT_FOUND");
    }
  }
  const params = new URL(`http://sandbox.test/api/v1${path}${query ? `?${query}` : ""}`)
    .searchParams;
  const reason = mustBe400(route, params);
  if (reason && (!byId || idIsReal)) expect(res.status, `${where}: ${reason}`).toBe(400);
  if (reason && byId) expect(res.status, `${where}: ${reason}`).not.toBe(200);
  if (res.status === 200 && !byId && route !== "/me") {
    const body = res.body as { data: unknown[]; hasMore: boolean };
    expect(Array.isArray(body.data), where).toBe(true);
    expect(typeof body.hasMore, where).toBe("boolean");
    const limit = params.get("limit");
    expect(body.data.length, where).toBeLessThanOrEqual(
      limit === null ? 50 : Math.min(100, Number(limit)),
    );
  }
}

const LIST_ROUTES = ["/invoices", "/customers", "/contracts", "/payments", "/me"];
const BY_ID_ROUTES = ["/invoices/{id}", "/customers/{id}"];

describe("random query strings", () => {
  it.each(LIST_ROUTES)("%s", async (route) => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(queryArb(route), async (query) => {
        const res = await send(`${route}${query ? `?${query}` : ""}`);
        check(route, route, query, res, false);
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      }),
      { numRuns: 1500, seed: 7_000 + route.length },
    );
    // the generator reaches both valid and invalid requests
    expect(seen.get(200) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(100);
    expect(seen.get(400) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(100);
  });

  it.each(BY_ID_ROUTES)("%s", async (route) => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(idArb(route), queryArb(route), async (id, query) => {
        const path = route.replace("{id}", id);
        const res = await send(`${path}${query ? `?${query}` : ""}`);
        check(route, path, query, res, realIds[route]!.includes(id));
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      }),
      { numRuns: 1500, seed: 9_000 + route.length },
    );
    for (const status of [200, 400, 404])
      expect(seen.get(status) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(50);
  });
});

describe("hostile values for every known parameter", () => {
  it.each(LIST_ROUTES.filter((r) => r !== "/me"))("%s", async (route) => {
    for (const name of Object.keys(ROUTE_PARAMS[route]!))
      for (const value of HOSTILE_VALUES) {
        const query = `${enc(name)}=${enc(value)}`;
        check(route, route, query, await send(`${route}?${query}`), false);
      }
  });

  it("hostile names on every route", async () => {
    for (const route of [...LIST_ROUTES, ...BY_ID_ROUTES]) {
      const path = route.replace("{id}", realIds[route]?.[0] ?? "");
      for (const name of HOSTILE_NAMES)
        for (const value of ["1", "", "true", NIL]) {
          const query = `${enc(name)}=${enc(value)}`;
          check(route, path, query, await send(`${path}?${query}`), true);
        }
    }
  });

  it("raw malformed fragments on every route", async () => {
    const fragments = [
      "%",
      "%zz",
      "%E0%A4%A",
      "%C0%AE",
      "&&&",
      "=",
      "==",
      "=1",
      "&=&",
      "a=b=c",
      "limit=1&limit=2",
      "limit=5&limit=5&limit=6",
      "limit=1;limit=2",
      "limit%3D5",
      "lim%69t=5",
      "limit=%31%30",
      "limit=%",
      "%6C%69%6D%69%74=7",
      "startingAfter=%2e%2e",
      "search=%00",
      "search=%ZZ",
      "statuses=DRAFT%2CISSUED",
    ];
    for (const route of [...LIST_ROUTES, ...BY_ID_ROUTES]) {
      const path = route.replace("{id}", realIds[route]?.[0] ?? "");
      for (const f of fragments) check(route, path, f, await send(`${path}?${f}`), true);
    }
  });
});
