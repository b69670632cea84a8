/**
 * Error responses and every validation rule, from docs/api.md ("Errors",
 * "Conventions", each route's parameter table) and docs/readings.md ("Parameter
 * names", "Invalid parameters", "Errors").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, sandboxInfo, testDatabase } from "../testing/sandbox";
import {
  SPEC_CONTRACT_HEALTHS,
  SPEC_FREQUENCIES,
  SPEC_INVOICE_DATE_PARAMETERS,
  SPEC_INVOICE_STATUSES,
  SPEC_LIFECYCLE_STATUSES,
  SPEC_LIST_PARAMETERS,
  SPEC_ORDER_FIELDS,
} from "../testing/spec-terms";

interface ErrorBody {
  message: string;
  code: string;
  issues: { message: string }[];
}

const NIL = "00000000-0000-0000-0000-000000000000";
const MAX = "ffffffff-ffff-ffff-ffff-ffffffffffff";
const V4 = "123e4567-e89b-42d3-a456-426614174000";

const PARAMS = SPEC_LIST_PARAMETERS;
type ListPath = keyof typeof PARAMS;
const LISTS = Object.keys(PARAMS) as ListPath[];

const BOOLEANS: [ListPath, string][] = [
  ["/invoices", "needsApproval"],
  ["/invoices", "hasOutstandingBalance"],
  ["/invoices", "hasAppliedPayments"],
  ["/invoices", "hasUncoveredBalance"],
  ["/contracts", "processingInvoices"],
  ["/payments", "isAttributed"],
  ["/payments", "hasUnappliedAmount"],
];
const DATES = SPEC_INVOICE_DATE_PARAMETERS;

function q(params: [string, string][]): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

function short(body: unknown): string {
  return JSON.stringify(body).slice(0, 400);
}

/** The error body: exactly message, code and issues (an array of objects with a string message). */
function expectErrorBody(body: unknown, where: string): asserts body is ErrorBody {
  expect(body, where).toBeTypeOf("object");
  expect(body, where).not.toBeNull();
  expect(Object.keys(body as object).sort(), `${where}: ${short(body)}`).toEqual([
    "code",
    "issues",
    "message",
  ]);
  const b = body as ErrorBody;
  expect(typeof b.message, where).toBe("string");
  expect(typeof b.code, where).toBe("string");
  expect(Array.isArray(b.issues), where).toBe(true);
  for (const issue of b.issues) {
    expect(issue, where).toBeTypeOf("object");
    expect(typeof issue.message, `${where}: ${short(issue)}`).toBe("string");
    expect(issue.message.length, where).toBeGreaterThan(0);
  }
}

/**
 * A 400 with one issue per bad parameter, each named (docs/readings.md, Invalid
 * parameters: "one `issues` entry per problem, each naming its parameter").
 */
async function expect400(pathAndQuery: string, names: string[], key?: string) {
  const res = await api<ErrorBody>(pathAndQuery, key === undefined ? {} : { key });
  const where = `${pathAndQuery.slice(0, 300)} → ${res.status} ${short(res.body)}`;
  expect(res.status, where).toBe(400);
  expectErrorBody(res.body, where);
  expect(res.body.code, where).toBe("BAD_REQUEST");
  expect(res.body.message, where).toBe("Input validation failed");
  if (names.length > 0) {
    expect(res.body.issues.length, `${where}: one issue per problem`).toBe(names.length);
    for (const name of names)
      expect(
        res.body.issues.some((i) => JSON.stringify(i).includes(name)),
        `${where}: no issue names ${name}`,
      ).toBe(true);
  } else {
    expect(res.body.issues.length, `${where}: no issue`).toBeGreaterThan(0);
  }
  return res.body;
}

async function expectStatus(pathAndQuery: string, status: number) {
  const res = await api(pathAndQuery);
  expect(res.status, `${pathAndQuery.slice(0, 300)} → ${short(res.body)}`).toBe(status);
  return res;
}

async function expect404Record(pathAndQuery: string) {
  const res = await api<ErrorBody>(pathAndQuery);
  const where = `${pathAndQuery} → ${res.status} ${short(res.body)}`;
  expect(res.status, where).toBe(404);
  expectErrorBody(res.body, where);
  expect(res.body.code, where).toBe("NOT_FOUND");
  expect(res.body.message, where).toBe("The record does not exist for your business.");
}

let invoiceId = "";
let customerId = "";
let contractId = "";

beforeAll(() => {
  const db = testDatabase();
  const business = sandboxInfo().demoBusinessId;
  invoiceId = (
    db.prepare("SELECT id FROM invoices WHERE business_id = ? LIMIT 1").get(business) as {
      id: string;
    }
  ).id;
  customerId = (
    db
      .prepare("SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL LIMIT 1")
      .get(business) as { id: string }
  ).id;
  contractId = (
    db.prepare("SELECT id FROM contracts WHERE business_id = ? LIMIT 1").get(business) as {
      id: string;
    }
  ).id;
});

// ---------------------------------------------------------------------------

describe("error bodies", () => {
  it("400: BAD_REQUEST, 'Input validation failed', issues", async () => {
    await expect400("/invoices?limit=0", ["limit"]);
  });

  it("401: UNAUTHORIZED, 'Unauthorized', issues present", async () => {
    for (const path of ["/invoices", "/customers", `/customers/${NIL}`, "/me"]) {
      const res = await api<ErrorBody>(path, { key: null });
      const where = `${path} → ${short(res.body)}`;
      expect(res.status, where).toBe(401);
      expectErrorBody(res.body, where);
      expect(res.body.code, where).toBe("UNAUTHORIZED");
      expect(res.body.message, where).toBe("Unauthorized");
    }
  });

  it("404 for an unknown id: NOT_FOUND, 'The record does not exist for your business.'", async () => {
    await expect404Record(`/invoices/${V4}`);
    await expect404Record(`/customers/${V4}`);
    await expect404Record(`/invoices/${NIL}`);
    await expect404Record(`/customers/${MAX}`);
  });

  it.each([
    "/nope",
    "/invoice",
    "/",
    `/contracts/${V4}`,
    `/payments/${V4}`,
    `/invoices/${V4}/lines`,
    `/customers/${V4}/invoices`,
    `/me/${V4}`,
    "/v1/invoices",
  ])("unknown route %s → 404 with an error body", async (path) => {
    const res = await api<ErrorBody>(path);
    const where = `${path} → ${res.status} ${short(res.body)}`;
    expect(res.status, where).toBe(404);
    expectErrorBody(res.body, where);
    expect(res.body.code, where).toBe("NOT_FOUND");
  });

  it("unknown route → 404 carries the spec's one 404 message", async () => {
    // docs/api.md, Errors: one code and one message per HTTP status.
    const res = await api<ErrorBody>("/nope");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("The record does not exist for your business.");
  });

  it("a 405 (or other refusal of a method) has the error body", async () => {
    const res = await api<ErrorBody>("/invoices", { method: "POST" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorBody(res.body, `POST /invoices → ${res.status}`);
  });
});

describe("unknown, repeated and empty parameters", () => {
  it.each([
    ["/invoices?foo=1", ["foo"]],
    ["/invoices?search=abc", ["search"]],
    ["/invoices?Limit=10", ["Limit"]],
    ["/invoices?subscriptionFrequency=MONTHLY", ["subscriptionFrequency"]],
    ["/customers?name=abc", ["name"]],
    [`/customers?customerId=${V4}`, ["customerId"]],
    ["/customers?statuses=DRAFT", ["statuses"]],
    ["/contracts?orderBy=createdAt%3AASC", ["orderBy"]],
    [`/contracts?customerId=${V4}`, ["customerId"]],
    ["/payments?status=POSTED", ["status"]],
    [`/payments?customerIds=${V4}`, ["customerIds"]],
    ["/me?foo=1", ["foo"]],
    ["/me?limit=10", ["limit"]],
    ["/invoices?foo=1&bar=2", ["foo", "bar"]],
  ] as [string, string[]][])("%s → 400 naming the parameter", async (path, names) => {
    await expect400(path, names);
  });

  it("a by-id route refuses any query parameter", async () => {
    await expect400(`/invoices/${invoiceId}?foo=1`, ["foo"]);
    await expect400(`/customers/${customerId}?limit=5`, ["limit"]);
  });

  it.each([
    ["/invoices?limit=10&limit=20", "limit"],
    ["/invoices?statuses=DRAFT&statuses=ISSUED", "statuses"],
    [`/invoices?customerId=${V4}&customerId=${NIL}`, "customerId"],
    ["/customers?search=a&search=b", "search"],
    ["/contracts?processingInvoices=true&processingInvoices=false", "processingInvoices"],
    ["/payments?orderBy=amountCents%3AASC&orderBy=receivedDate%3AASC", "orderBy"],
  ])("repeated parameter %s → 400", async (path, name) => {
    await expect400(path, [name]);
  });

  it.each(LISTS)("%s: every parameter with an empty value → 400 naming it", async (path) => {
    for (const name of PARAMS[path]) await expect400(`${path}?${name}=`, [name]);
  });

  it("a bare parameter name (no '=') is an empty value → 400", async () => {
    await expect400("/customers?search", ["search"]);
    await expect400("/invoices?limit", ["limit"]);
  });

  it("two, three bad parameters → one issue each", async () => {
    await expect400("/invoices?limit=0&needsApproval=yes", ["limit", "needsApproval"]);
    await expect400("/customers?contractHealths=BOGUS&search=&foo=1", [
      "contractHealths",
      "search",
      "foo",
    ]);
    await expect400(`/payments?customerId=nope&isAttributed=1&orderBy=x%3AASC&limit=101`, [
      "customerId",
      "isAttributed",
      "orderBy",
      "limit",
    ]);
  });
});

describe("booleans are exactly true or false", () => {
  const bad = [
    "TRUE",
    "True",
    "FALSE",
    "False",
    "1",
    "0",
    "yes",
    "no",
    "t",
    "f",
    "on",
    "true ",
    " false",
    "truee",
  ];
  it.each(BOOLEANS)("%s %s", async (path, name) => {
    for (const value of ["true", "false"]) await expectStatus(`${path}?${name}=${value}`, 200);
    for (const value of bad) await expect400(`${path}?${q([[name, value]])}`, [name]);
  });
});

describe("uuids", () => {
  const badUuids = [
    "123e4567-e89b-02d3-a456-426614174000", // version 0
    "123e4567-e89b-92d3-a456-426614174000", // version 9
    "123e4567-e89b-f2d3-a456-426614174000", // version f
    "123e4567-e89b-42d3-c456-426614174000", // variant c
    "123e4567-e89b-42d3-7456-426614174000", // variant 7
    "123e4567-e89b-42d3-a456-42661417400", // 35 characters
    "123e4567-e89b-42d3-a456-4266141740000", // 37 characters
    "123e4567e89b42d3a456426614174000", // no hyphens
    "{123e4567-e89b-42d3-a456-426614174000}",
    "urn:uuid:123e4567-e89b-42d3-a456-426614174000",
    "123e4567-e89b-42d3-a456-42661417400g",
    "123e456-7e89b-42d3-a456-426614174000",
    " 123e4567-e89b-42d3-a456-426614174000",
    "00000000-0000-0000-0000-000000000001", // almost nil: version 0
    "ffffffff-ffff-ffff-ffff-fffffffffffe", // almost max: version f
    "not-a-uuid",
  ];
  const goodUuids = [
    ...["1", "2", "3", "4", "5", "6", "7", "8"].flatMap((version) =>
      ["8", "9", "a", "b", "A", "B"].map(
        (variant) => `123e4567-e89b-${version}2d3-${variant}456-426614174000`,
      ),
    ),
    "123E4567-E89B-42D3-A456-426614174000",
    NIL,
    MAX,
    MAX.toUpperCase(),
  ];

  it.each([
    ["/invoices", "customerId"],
    ["/invoices", "contractId"],
    ["/invoices", "customerIds"],
    ["/contracts", "customerIds"],
    ["/payments", "customerId"],
  ])("%s %s: bad uuids → 400, valid ones (uppercase, nil, max) → 200", async (path, name) => {
    for (const u of badUuids) await expect400(`${path}?${q([[name, u]])}`, [name]);
    for (const u of goodUuids) {
      const res = await expectStatus(`${path}?${q([[name, u]])}`, 200);
      expect((res.body as { data: unknown[] }).data).toEqual([]);
    }
  });

  it.each([["/invoices"], ["/contracts"]])(
    "%s customerIds: one bad element spoils the list",
    async (path) => {
      await expect400(`${path}?${q([["customerIds", `${V4},nope`]])}`, ["customerIds"]);
      await expect400(`${path}?${q([["customerIds", `${V4},`]])}`, ["customerIds"]);
      await expect400(`${path}?${q([["customerIds", `,${V4}`]])}`, ["customerIds"]);
      await expect400(`${path}?${q([["customerIds", ","]])}`, ["customerIds"]);
      await expectStatus(`${path}?${q([["customerIds", `${V4},${NIL}`]])}`, 200);
    },
  );

  it.each(["/invoices", "/customers"])(
    "%s/{id}: bad id → 400, valid unknown id → 404",
    async (path) => {
      for (const u of badUuids) await expect400(`${path}/${encodeURIComponent(u)}`, []);
      for (const u of goodUuids) await expect404Record(`${path}/${u}`);
    },
  );

  it("a real id written in uppercase is a valid uuid (never 400)", async () => {
    for (const [path, id] of [
      ["/invoices", invoiceId],
      ["/customers", customerId],
    ] as const) {
      const res = await api(`${path}/${id.toUpperCase()}`);
      expect([200, 404], `${path}/${id.toUpperCase()}`).toContain(res.status);
    }
    const res = await api(`/invoices?customerId=${customerId.toUpperCase()}`);
    expect(res.status).toBe(200);
    const res2 = await api(`/invoices?contractId=${contractId.toUpperCase()}`);
    expect(res2.status).toBe(200);
  });
});

describe("enums", () => {
  it.each([
    [
      "/invoices",
      "statuses",
      ["PAID", "draft", "DRAFT,PAID", "DRAFT,", ",DRAFT", "DELETED", "Issued", "DRAFT;ISSUED"],
    ],
    ["/contracts", "statuses", ["VOIDED", "ISSUED", "active", "ACTIVE,", "ACTIVE,BOGUS"]],
    [
      "/customers",
      "contractHealths",
      ["HEALTHY,BOGUS", "healthy", "HEALTHY,", "ACTIVE", "RENEWAL DUE"],
    ],
    [
      "/customers",
      "subscriptionFrequency",
      ["WEEKLY", "monthly", "MONTHLY,ANNUAL", "SEMIANNUAL", "Annual"],
    ],
  ] as [ListPath, string, string[]][])("%s %s: bad values → 400", async (path, name, values) => {
    for (const v of values) await expect400(`${path}?${q([[name, v]])}`, [name]);
  });

  it.each([
    ["/invoices", "statuses", [...SPEC_INVOICE_STATUSES, "ISSUED,DRAFT,VOIDED,APPROVED,ISSUING"]],
    ["/contracts", "statuses", [...SPEC_LIFECYCLE_STATUSES, "DELETED,ACTIVE"]],
    ["/customers", "contractHealths", [...SPEC_CONTRACT_HEALTHS, "ENDING,HEALTHY"]],
    ["/customers", "subscriptionFrequency", [...SPEC_FREQUENCIES]],
  ] as [ListPath, string, string[]][])(
    "%s %s: every spec value → 200",
    async (path, name, values) => {
      for (const v of values) await expectStatus(`${path}?${q([[name, v]])}`, 200);
    },
  );
});

describe("dates", () => {
  const good = [
    "2026-11-22T09:30:00.000Z",
    "2026-11-22T09:30:00Z",
    "2026-11-22",
    "2028-02-29",
    "2026-11-22T09:30:00.000+01:00",
    "2026-11-22T09:30:00-05:00",
    "1970-01-01",
  ];
  const bad = [
    "2026-02-30",
    "2026-13-01",
    "2026-02-29",
    "2026-11-31",
    "2026-00-10",
    "2026-11-00",
    "yesterday",
    "now",
    "2026-11-22T25:00:00Z",
    "2026-11-22T09:60:00Z",
    "2026-02-30T00:00:00Z",
    "20261122",
    "2026/11/22",
    "1700000000000",
    "2026-1-5",
    "2026-11-22T",
    "22-11-2026",
  ];
  it.each(DATES)(
    "/invoices %s: ISO date-time and YYYY-MM-DD valid, impossible dates 400",
    async (name) => {
      for (const v of good) await expectStatus(`/invoices?${q([[name, v]])}`, 200);
      for (const v of bad) await expect400(`/invoices?${q([[name, v]])}`, [name]);
    },
  );
});

describe("orderBy", () => {
  it.each([
    ["/invoices", "createdAt:ASC"],
    ["/invoices", "issuedAt:asc"],
    ["/invoices", "issuedAt"],
    ["/invoices", "issuedAt:"],
    ["/invoices", "issuedAt:ASC,issuedAt:DESC"],
    ["/invoices", "issuedAt:ASC,periodStartAt:ASC"],
    ["/invoices", "issuedAt:ASC,"],
    ["/invoices", "issuedAt:ASCENDING"],
    ["/invoices", "issuedAt:DESC:ASC"],
    ["/invoices", ":ASC"],
    ["/customers", "name:asc"],
    ["/customers", "name"],
    ["/customers", "bogus:ASC"],
    ["/customers", "id:ASC"],
    ["/customers", "issuedAt:ASC"],
    ["/customers", "Name:ASC"],
    ["/customers", "name:ASC,name:DESC"],
    ["/customers", "name:ASC,name:ASC"],
    ["/customers", "name:ASC,createdAt:DESC,contractHealth:ASC,coverageContractStartAt:ASC"],
    ["/customers", "name:ASC,,createdAt:ASC"],
    ["/customers", "name:ASC;createdAt:ASC"],
    ["/payments", "receivedDate:ASC,customerName:DESC,amountCents:ASC,appliedAmountCents:ASC"],
    ["/payments", "bankFee:ASC"],
    ["/payments", "name:ASC"],
    ["/payments", "amountCents:desc"],
    ["/payments", "amountCents:ASC,amountCents:ASC"],
  ])("%s orderBy=%s → 400 with one issue naming orderBy", async (path, orderBy) => {
    await expect400(`${path}?${q([["orderBy", orderBy]])}`, ["orderBy"]);
  });

  it.each([
    ["/invoices", "issuedAt:ASC"],
    ["/invoices", "issuedAt:DESC"],
    ...SPEC_ORDER_FIELDS["/customers"].flatMap((f) => [
      ["/customers", `${f}:ASC`],
      ["/customers", `${f}:DESC`],
    ]),
    ["/customers", "contractValueAmount:DESC,name:ASC,createdAt:DESC"],
    ...SPEC_ORDER_FIELDS["/payments"].flatMap((f) => [
      ["/payments", `${f}:ASC`],
      ["/payments", `${f}:DESC`],
    ]),
    ["/payments", "customerName:ASC,bankFeeAmountCents:DESC,receivedDate:ASC"],
  ])("%s orderBy=%s → 200", async (path, orderBy) => {
    await expectStatus(`${path}?${q([["orderBy", orderBy]])}`, 200);
  });
});

describe("search and cursor formats", () => {
  it("search: 1 and 200 characters valid, 201 → 400", async () => {
    await expectStatus(`/customers?search=a`, 200);
    await expectStatus(`/customers?search=${"a".repeat(200)}`, 200);
    await expectStatus(`/customers?search=${encodeURIComponent("é".repeat(200))}`, 200);
    await expect400(`/customers?search=${"a".repeat(201)}`, ["search"]);
    await expect400(`/customers?search=${"a".repeat(5000)}`, ["search"]);
  });

  it.each(["startingAfter", "endingBefore"])(
    "%s: characters outside the alphabet or over 1024 → 400",
    async (name) => {
      for (const path of LISTS) {
        for (const v of [
          "abc+def",
          "abc/def",
          "abc=",
          "abc def",
          "abc~",
          "é",
          "abc%",
          "a\u0000b",
          "a,b",
          "a:b",
          "a*",
        ])
          await expect400(`${path}?${q([[name, v]])}`, [name]);
        await expect400(`${path}?${name}=${"a".repeat(1025)}`, [name]);
        await expect400(`${path}?${name}=${"a".repeat(1024)}`, [name]);
        await expect400(`${path}?${name}=${"a.b".repeat(3000)}`, [name]);
      }
    },
  );
});

describe("methods other than GET", () => {
  function snapshot() {
    const db = testDatabase();
    const out: Record<string, unknown> = {};
    for (const table of [
      "businesses",
      "users",
      "customers",
      "customer_amounts",
      "contracts",
      "amendments",
      "billables",
      "invoices",
      "invoice_lines",
      "payments",
      "payment_applications",
      "meta",
    ]) {
      out[table] = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get();
    }
    out.invoiceSums = db
      .prepare(
        "SELECT total(updated_at), total(total_cents), total(applied_cents), group_concat(status) FROM invoices",
      )
      .get();
    out.customerSums = db
      .prepare(
        "SELECT total(updated_at), total(coalesce(deleted_at, 0)), group_concat(name) FROM customers",
      )
      .get();
    out.contractSums = db
      .prepare("SELECT total(updated_at), group_concat(lifecycle_status) FROM contracts")
      .get();
    out.paymentSums = db
      .prepare("SELECT total(updated_at), total(applied_cents) FROM payments")
      .get();
    return out;
  }

  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"])(
    "%s → 4xx with the error body on every route, and nothing changes",
    async (method) => {
      const before = snapshot();
      const invoiceBefore = await api(`/invoices/${invoiceId}`);
      const customerBefore = await api(`/customers/${customerId}`);
      const paths = [
        "/invoices",
        `/invoices/${invoiceId}`,
        "/customers",
        `/customers/${customerId}`,
        "/contracts",
        "/payments",
        "/me",
        "/health",
        "/openapi.json",
      ];
      const failures: string[] = [];
      for (const path of paths)
        for (const key of [undefined, null]) {
          const res = await api<ErrorBody>(path, { method, key });
          const where = `${method} ${path}${key === null ? " (no key)" : ""} → ${res.status}`;
          if (res.status < 400 || res.status >= 500) {
            failures.push(where);
            continue;
          }
          if (method !== "HEAD") expectErrorBody(res.body, where);
        }
      expect(snapshot()).toEqual(before);
      const invoiceAfter = await api(`/invoices/${invoiceId}`);
      const customerAfter = await api(`/customers/${customerId}`);
      expect([invoiceAfter.status, invoiceAfter.body]).toEqual([200, invoiceBefore.body]);
      expect([customerAfter.status, customerAfter.body]).toEqual([200, customerBefore.body]);
      // docs/readings.md, Errors: methods other than GET are refused with a 4xx and change nothing.
      expect(failures, "requests that were not refused with a 4xx").toEqual([]);
    },
  );
});
