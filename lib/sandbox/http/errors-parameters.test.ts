/**
 * Parameter names and formats, from docs/api.md ("Conventions", each route's parameter
 * table) and docs/readings.md ("Parameter names", "Invalid parameters"): unknown,
 * repeated and empty parameters, booleans, search lengths and cursor formats.
 */
import { beforeAll, describe, it } from "vitest";
import {
  demoIds,
  expect400,
  expectStatus,
  LISTS,
  type ListPath,
  NIL,
  PARAMS,
  q,
  V4,
} from "./testing/errors";

const BOOLEANS: [ListPath, string][] = [
  ["/invoices", "needsApproval"],
  ["/invoices", "hasOutstandingBalance"],
  ["/invoices", "hasAppliedPayments"],
  ["/invoices", "hasUncoveredBalance"],
  ["/contracts", "processingInvoices"],
  ["/payments", "isAttributed"],
  ["/payments", "hasUnappliedAmount"],
];

let invoiceId = "";
let customerId = "";

beforeAll(() => {
  ({ invoiceId, customerId } = demoIds());
});

// ---------------------------------------------------------------------------

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
