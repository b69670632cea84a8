/**
 * Parameter values, from docs/api.md (each route's parameter table) and
 * docs/readings.md ("Invalid parameters"): uuids, enums, dates and orderBy, each bad
 * value a 400 naming its parameter and each valid one a 200.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../testing/sandbox";
import {
  SPEC_CONTRACT_HEALTHS,
  SPEC_FREQUENCIES,
  SPEC_INVOICE_DATE_PARAMETERS,
  SPEC_INVOICE_STATUSES,
  SPEC_LIFECYCLE_STATUSES,
  SPEC_ORDER_FIELDS,
} from "../testing/spec-terms";
import {
  demoIds,
  expect400,
  expect404Record,
  expectStatus,
  type ListPath,
  MAX,
  NIL,
  q,
  V4,
} from "./testing/errors";

const DATES = SPEC_INVOICE_DATE_PARAMETERS;

let invoiceId = "";
let customerId = "";
let contractId = "";

beforeAll(() => {
  ({ invoiceId, customerId, contractId } = demoIds());
});

// ---------------------------------------------------------------------------

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
