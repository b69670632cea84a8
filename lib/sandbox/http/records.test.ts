/**
 * The shape of every record and body the API returns, checked against docs/api.md
 * (Conventions, Records) and docs/readings.md (Records, Contracts, Payments, Routes):
 * the exact (strict) schemas, timestamps, calendar
 * dates at UTC midnight, uuids, money keyed by currency, links between records,
 * GET /me, error bodies, /health and /openapi.json.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Contract, Customer, Invoice, Payment } from "@/lib/api/schemas";
import { strictSchemas } from "@/lib/api/schemas";
import { api, sandboxInfo } from "../testing/sandbox";

/** Spec: 8-4-4-4-12 hex, version digit 1-8, variant digit 8, 9, a or b, either case; all-zero and all-f too. */
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;
/** docs/readings.md, Records: ISO 8601 UTC with milliseconds. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;
const EVERY_INVOICE_STATUS = "DRAFT,APPROVED,ISSUING,ISSUED,VOIDED";
const EVERY_LIFECYCLE = "DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED";

interface PageBody<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  prevCursor?: string;
}

/** Reads a whole list keeping every page body as it came. */
async function pages<T>(path: string): Promise<PageBody<T>[]> {
  const out: PageBody<T>[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const res = await api<PageBody<T>>(
      `${path}${sep}limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    out.push(res.body);
    if (!res.body.hasMore) return out;
    cursor = res.body.nextCursor;
  }
  throw new Error("walk did not end");
}

let invoicePages: PageBody<Invoice>[];
let customerPages: PageBody<Customer>[];
let contractPages: PageBody<Contract>[];
let paymentPages: PageBody<Payment>[];
let invoices: Invoice[];
let customers: Customer[];
let contracts: Contract[];
let payments: Payment[];
/** A spread of invoices read by id, lines filled. */
let invoicesById: Invoice[];

beforeAll(async () => {
  [invoicePages, customerPages, contractPages, paymentPages] = await Promise.all([
    pages<Invoice>(`/invoices?statuses=${EVERY_INVOICE_STATUS}`),
    pages<Customer>("/customers"),
    pages<Contract>(`/contracts?statuses=${EVERY_LIFECYCLE}`),
    pages<Payment>("/payments"),
  ]);
  invoices = invoicePages.flatMap((p) => p.data);
  customers = customerPages.flatMap((p) => p.data);
  contracts = contractPages.flatMap((p) => p.data);
  payments = paymentPages.flatMap((p) => p.data);
  const sample = new Map<string, Invoice>();
  for (const status of EVERY_INVOICE_STATUS.split(","))
    for (const inv of invoices.filter((i) => i.status === status).slice(0, 5))
      sample.set(inv.id, inv);
  invoices.forEach((inv, i) => {
    if (i % 97 === 0) sample.set(inv.id, inv);
  });
  invoicesById = [];
  for (const inv of sample.values()) {
    const res = await api<Invoice>(`/invoices/${inv.id}`);
    if (res.status !== 200) throw new Error(`/invoices/${inv.id}: ${res.status}`);
    invoicesById.push(res.body);
  }
});

/** Every schema failure of `bodies`, with where it happened. */
function schemaProblems(schema: z.ZodType, bodies: unknown[], what: string): string[] {
  const problems: string[] = [];
  bodies.forEach((body, i) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues.slice(0, 3))
        problems.push(`${what}[${i}] ${issue.path.join(".")}: ${issue.message}`);
  });
  return problems;
}

/**
 * Walks a record: every field named `...At` or `...Date` holding a string must be a
 * timestamp; every `id` / `...Id` field that is not null must be a uuid.
 */
function fieldProblems(value: unknown, path: string, out: string[]) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      fieldProblems(v, `${path}[${i}]`, out);
    });
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (/(?:At|Date)$/.test(key) && v !== null && !(typeof v === "string" && TIMESTAMP.test(v)))
      out.push(`${at}: ${JSON.stringify(v)} is not an ISO UTC timestamp with milliseconds`);
    if ((key === "id" || /Id$/.test(key)) && v !== null && !(typeof v === "string" && UUID.test(v)))
      out.push(`${at}: ${JSON.stringify(v)} is not a uuid`);
    fieldProblems(v, at, out);
  }
}

function midnightProblems<T>(rows: T[], fields: (keyof T)[], what: string): string[] {
  const out: string[] = [];
  for (const row of rows)
    for (const field of fields) {
      const v = row[field];
      if (v !== null && v !== undefined && !(typeof v === "string" && MIDNIGHT.test(v)))
        out.push(`${what} ${(row as { id?: string }).id}.${String(field)}: ${JSON.stringify(v)}`);
    }
  return out;
}

describe("list pages parse with the exact schemas", () => {
  it("invoices", () => {
    expect(invoices.length).toBeGreaterThan(1000);
    expect(schemaProblems(strictSchemas.InvoicePage, invoicePages, "invoice page")).toEqual([]);
  });

  it("customers", () => {
    expect(schemaProblems(strictSchemas.CustomerPage, customerPages, "customer page")).toEqual([]);
  });

  it("contracts", () => {
    expect(schemaProblems(strictSchemas.ContractPage, contractPages, "contract page")).toEqual([]);
  });

  it("payments", () => {
    expect(schemaProblems(strictSchemas.PaymentPage, paymentPages, "payment page")).toEqual([]);
  });

  it("pages read with filters and orders, and an empty page", async () => {
    const bodies: [z.ZodType, string][] = [
      [
        strictSchemas.InvoicePage,
        "/invoices?orderBy=issuedAt:DESC&hasOutstandingBalance=true&limit=100",
      ],
      [strictSchemas.InvoicePage, "/invoices?statuses=VOIDED&limit=7"],
      [
        strictSchemas.CustomerPage,
        "/customers?orderBy=contractValueAmount:DESC,name:ASC&limit=100",
      ],
      [strictSchemas.CustomerPage, "/customers?search=zqxjv-no-such-customer"],
      [strictSchemas.ContractPage, "/contracts?processingInvoices=true"],
      [strictSchemas.PaymentPage, "/payments?isAttributed=false&orderBy=bankFeeAmountCents:DESC"],
    ];
    const problems: string[] = [];
    for (const [schema, path] of bodies) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      problems.push(...schemaProblems(schema, [res.body], path));
    }
    expect(problems).toEqual([]);
  });
});

describe("single records parse with the exact schemas", () => {
  it("GET /invoices/{id}: an Invoice with lines", () => {
    expect(invoicesById.length).toBeGreaterThan(50);
    expect(schemaProblems(strictSchemas.Invoice, invoicesById, "invoice")).toEqual([]);
    expect(invoicesById.filter((inv) => !Array.isArray(inv.lines)).map((inv) => inv.id)).toEqual(
      [],
    );
  });

  it("GET /customers/{id}: a Customer, not wrapped in data", async () => {
    const bodies: unknown[] = [];
    for (const c of customers.filter((_, i) => i % 10 === 0)) {
      const res = await api(`/customers/${c.id}`);
      expect(res.status).toBe(200);
      bodies.push(res.body);
    }
    expect(schemaProblems(strictSchemas.Customer, bodies, "customer")).toEqual([]);
  });
});

describe("record conventions", () => {
  it("timestamps are ISO UTC with milliseconds; every id is a uuid", () => {
    const problems: string[] = [];
    fieldProblems(invoices, "invoices", problems);
    fieldProblems(invoicesById, "invoicesById", problems);
    fieldProblems(customers, "customers", problems);
    fieldProblems(contracts, "contracts", problems);
    fieldProblems(payments, "payments", problems);
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it("calendar dates are at UTC midnight", () => {
    const lines = invoicesById.flatMap((inv) => inv.lines ?? []);
    expect(lines.length).toBeGreaterThan(0);
    expect(
      [
        ...midnightProblems(
          invoices,
          ["periodStartAt", "periodEndAt", "lastPaidAt", "paidAt"],
          "invoice",
        ),
        ...midnightProblems(lines, ["billingStartAt", "billingEndAt"], "line"),
        ...midnightProblems(
          customers,
          ["coverageContractStartAt", "coverageContractEndAt"],
          "customer",
        ),
        ...midnightProblems(contracts, ["startAt", "endAt"], "contract"),
        ...midnightProblems(payments, ["receivedDate"], "payment"),
      ].slice(0, 20),
    ).toEqual([]);
    // The nullable ones are exercised too.
    expect(invoices.some((inv) => inv.paidAt !== null)).toBe(true);
    expect(invoices.some((inv) => inv.lastPaidAt !== null)).toBe(true);
  });

  it("customer money maps are keyed by their own currency code, with no zero entries", () => {
    const problems: string[] = [];
    for (const c of customers)
      for (const field of [
        "outstandingIssuedAmount",
        "contractValueAmount",
        "remainingToInvoiceAmount",
      ] as const)
        for (const [code, money] of Object.entries(c[field])) {
          if (money.currencyCode !== code)
            problems.push(`${c.id}.${field}.${code}: ${money.currencyCode}`);
          if (money.value === 0) problems.push(`${c.id}.${field}.${code}: 0`);
        }
    expect(problems).toEqual([]);
  });

  it("an invoice's contract belongs to the invoice's customer and is in the invoice's currency", () => {
    const byId = new Map(contracts.map((c) => [c.id, c]));
    const problems: string[] = [];
    for (const inv of invoices) {
      const contract = byId.get(inv.contractId);
      if (!contract) problems.push(`${inv.id}: contract ${inv.contractId} not listed`);
      else {
        if (contract.customerId !== inv.customerId)
          problems.push(`${inv.id}: contract of ${contract.customerId}`);
        if (contract.currencyCode !== inv.totalAmount.currencyCode)
          problems.push(
            `${inv.id}: ${inv.totalAmount.currencyCode} on a ${contract.currencyCode} contract`,
          );
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it("all four currencies occur among contracts", () => {
    expect(new Set(contracts.map((c) => c.currencyCode))).toEqual(
      new Set(["USD", "CAD", "EUR", "USDC"]),
    );
  });
});

describe("GET /me", () => {
  it("the demo key: apiKeyId, entityId, entityName, all four claims, createdAt", async () => {
    const res = await api("/me");
    expect(res.status).toBe(200);
    expect(schemaProblems(strictSchemas.Me, [res.body], "me")).toEqual([]);
    expect(Object.keys(res.body).sort()).toEqual([
      "apiKeyId",
      "authorizationClaims",
      "createdAt",
      "entityId",
      "entityName",
    ]);
    expect(res.body.apiKeyId).toMatch(UUID);
    expect(res.body.entityId).toBe(sandboxInfo().demoBusinessId);
    expect(res.body.entityName.length).toBeGreaterThan(0);
    expect([...res.body.authorizationClaims].sort()).toEqual([
      "contracts:read",
      "customers:read",
      "invoices:read",
      "payments:read",
    ]);
    expect(res.body.createdAt).toMatch(TIMESTAMP);
  });

  it("another business's key names that business; a payments-only key holds exactly that claim", async () => {
    const other = await api("/me", { key: sandboxInfo().keys.other });
    expect(other.status).toBe(200);
    expect(schemaProblems(strictSchemas.Me, [other.body], "me")).toEqual([]);
    expect(other.body.entityId).toBe(sandboxInfo().otherBusinessId);
    const demo = await api("/me");
    expect(other.body.apiKeyId).not.toBe(demo.body.apiKeyId);
    const limited = await api("/me", { key: sandboxInfo().keys.paymentsOnly });
    expect(limited.status).toBe(200);
    expect(schemaProblems(strictSchemas.Me, [limited.body], "me")).toEqual([]);
    expect(limited.body.authorizationClaims).toEqual(["payments:read"]);
    expect(limited.body.entityId).toBe(sandboxInfo().demoBusinessId);
  });
});

describe("error bodies follow the spec's table", () => {
  const ERRORS = {
    400: { code: "BAD_REQUEST", message: "Input validation failed" },
    401: { code: "UNAUTHORIZED", message: "Unauthorized" },
    404: { code: "NOT_FOUND", message: "The record does not exist for your business." },
  } as const;

  async function expectError(status: 400 | 401 | 404, path: string, key?: string | null) {
    const res = await api(path, key === undefined ? {} : { key });
    expect(res.status, path).toBe(status);
    expect(schemaProblems(strictSchemas.ApiError, [res.body], path)).toEqual([]);
    expect({ code: res.body.code, message: res.body.message }, path).toEqual(ERRORS[status]);
    expect(Array.isArray(res.body.issues), `${path}: issues is present`).toBe(true);
    return res.body as { code: string; message: string; issues: { message: string }[] };
  }

  it("400 on a malformed filter value, one issue naming the parameter", async () => {
    for (const [path, param] of [
      ["/invoices?statuses=PAID", "statuses"],
      ["/customers?contractHealths=SICK", "contractHealths"],
      ["/contracts?processingInvoices=maybe", "processingInvoices"],
      ["/payments?customerId=nope", "customerId"],
    ] as const) {
      const body = await expectError(400, path);
      expect(body.issues.length, path).toBe(1);
      expect(body.issues[0]!.message, path).toContain(param);
    }
  });

  it("401 without a key, with a revoked key, and with a key lacking the claim", async () => {
    await expectError(401, "/invoices", null);
    await expectError(401, "/customers", sandboxInfo().keys.revoked);
    await expectError(401, "/me", "not-a-real-key");
    await expectError(401, "/invoices", sandboxInfo().keys.paymentsOnly);
  });

  it("404 for an unknown invoice or customer, and for another business's record", async () => {
    await expectError(404, "/invoices/3b241101-e2bb-4255-8caf-4136c566a962");
    await expectError(404, "/customers/3b241101-e2bb-4255-8caf-4136c566a962");
    await expectError(404, `/customers/${customers[0]!.id}`, sandboxInfo().keys.other);
  });
});

describe("public routes", () => {
  it("GET /health: 200 { status: ok } without a key", async () => {
    const res = await api("/health", { key: null });
    expect(res.status).toBe(200);
    expect(strictSchemas.Health.parse(res.body)).toEqual({ status: "ok" });
  });

  it("GET /openapi.json: an OpenAPI 3.1 document, info.version 0.1.0, without a key", async () => {
    const res = await api("/openapi.json", { key: null });
    expect(res.status).toBe(200);
    expect(String(res.body.openapi)).toMatch(/^3\.1\./);
    expect(res.body.info.version).toBe("0.1.0");
  });

  it("GET /openapi.json: query values are documented as what they mean (limit an integer, flags booleans)", async () => {
    const res = await api("/openapi.json", { key: null });
    const schemaOf = (path: string, name: string) =>
      res.body.paths[path].get.parameters.find((p: { name: string }) => p.name === name)?.schema;
    for (const path of ["/invoices", "/customers", "/contracts", "/payments"])
      expect(schemaOf(path, "limit")).toMatchObject({
        type: "integer",
        minimum: 1,
        maximum: 100,
        default: 50,
      });
    for (const [path, name] of [
      ["/invoices", "needsApproval"],
      ["/invoices", "hasOutstandingBalance"],
      ["/invoices", "hasAppliedPayments"],
      ["/invoices", "hasUncoveredBalance"],
      ["/contracts", "processingInvoices"],
      ["/payments", "isAttributed"],
      ["/payments", "hasUnappliedAmount"],
    ] as const) {
      const schema = schemaOf(path, name);
      expect(schema, `${path} ${name}`).toMatchObject({ type: "boolean" });
      expect(schema.enum, `${path} ${name}`).toBeUndefined();
    }
  });
});
