/**
 * GET /invoices with no filter, by statuses, by customer and contract, and with
 * needsApproval, checked against the contract (docs/api.md, "GET /invoices",
 * "Invoice"; docs/readings.md, "Invoices"), not against the code: each answer is
 * compared, id by id and in order, with the whole list read once (every status,
 * creation order) and filtered here by the spec's own definition.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Contract, Invoice } from "@/lib/api/schemas";
import { expectSameIds, ids, ms } from "../testing/compare";
import { walkForward } from "../testing/sandbox";
import {
  byIdAsc,
  check,
  EVERY_STATUS,
  expected,
  listIds,
  loadInvoiceData,
  STATUSES,
} from "./testing/invoices";

/** Every invoice of the demo business, every status, as the list returns them by default. */
let all: Invoice[];
/** The list with no `statuses`: the spec's default. */
let defaultList: Invoice[];
let contracts: Contract[];
// Fixtures chosen from the data once it is read.
let customerA: string;
let customerB: string;
let customerC: string;
let contractWithVoided: string;

beforeAll(async () => {
  ({ all, defaultList, contracts, customerA, customerB, customerC, contractWithVoided } =
    await loadInvoiceData());
});

describe("GET /invoices: list and statuses", () => {
  it("reads a non-trivial demo list", () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(new Set(ids(all)).size).toBe(all.length);
  });

  it("orders by creation, oldest first, ties by id ascending", () => {
    const sorted = [...all].sort((a, b) => ms(a.createdAt) - ms(b.createdAt) || byIdAsc(a, b));
    expectSameIds(ids(all), ids(sorted), "statuses=every status");
    expectSameIds(
      ids(defaultList),
      ids([...defaultList].sort((a, b) => ms(a.createdAt) - ms(b.createdAt) || byIdAsc(a, b))),
      "default list",
    );
  });

  it("omitted statuses: every status except VOIDED", () => {
    expect(all.some((inv) => inv.status === "VOIDED")).toBe(true);
    expect(defaultList.some((inv) => inv.status === "VOIDED")).toBe(false);
    expectSameIds(
      ids(defaultList),
      expected(() => true),
      "default list",
    );
  });

  it.each(STATUSES)("statuses=%s returns exactly the invoices in that status", async (status) => {
    await check("", () => true, { statuses: [status] });
  });

  it.each([
    ["DRAFT", "APPROVED"],
    ["ISSUED", "VOIDED"],
    ["VOIDED", "DRAFT"],
    ["ISSUING", "ISSUED", "APPROVED"],
    ["ISSUED", "DRAFT", "VOIDED", "ISSUING"],
  ])("statuses=%s,... returns the union of those statuses", async (...statuses) => {
    await check("", () => true, { statuses });
  });

  it("lines are null in a list", () => {
    expect(all.filter((inv) => inv.lines !== null).map((inv) => inv.id)).toEqual([]);
  });
});

describe("GET /invoices: customer and contract filters", () => {
  it("customerId: only that customer's invoices", async () => {
    await check(`customerId=${customerA}`, (inv) => inv.customerId === customerA);
    await check(`customerId=${customerB}`, (inv) => inv.customerId === customerB, {
      statuses: STATUSES,
    });
  });

  it("customerId written in upper case names the same customer (uuids accept either case)", async () => {
    await check(`customerId=${customerA.toUpperCase()}`, (inv) => inv.customerId === customerA);
  });

  it("customerIds: any of the listed customers", async () => {
    const set = new Set([customerA, customerB, customerC]);
    await check(`customerIds=${customerA},${customerB},${customerC}`, (inv) =>
      set.has(inv.customerId),
    );
    await check(`customerIds=${customerC}`, (inv) => inv.customerId === customerC, {
      statuses: STATUSES,
    });
  });

  it("customerId with customerIds: an invoice must match both", async () => {
    await check(
      `customerId=${customerA}&customerIds=${customerA},${customerB}`,
      (inv) => inv.customerId === customerA,
    );
    await check(`customerId=${customerA}&customerIds=${customerB},${customerC}`, () => false, {
      allowEmpty: true,
      statuses: STATUSES,
    });
  });

  it("contractId: only that contract's invoices", async () => {
    const want = await check(
      `contractId=${contractWithVoided}`,
      (inv) => inv.contractId === contractWithVoided,
      {
        statuses: STATUSES,
      },
    );
    expect(want.length).toBeGreaterThan(1);
    await check(`contractId=${contractWithVoided}`, (inv) => inv.contractId === contractWithVoided);
  });
});

describe("GET /invoices: needsApproval", () => {
  it("true: only drafts, in creation order, a subset of the drafts", async () => {
    const got = await listIds("needsApproval=true");
    const drafts = expected((inv) => inv.status === "DRAFT");
    const draftSet = new Set(drafts);
    expect(got.filter((id) => !draftSet.has(id))).toEqual([]);
    // Creation order: the same relative order as in the full list.
    expectSameIds(
      got,
      drafts.filter((id) => got.includes(id)),
      "needsApproval=true order",
    );
  });

  it("true: drafts waiting for a person, so none under a contract whose invoices the service issues itself (autoIssue)", async () => {
    const got = await walkForward<Invoice>("/invoices?needsApproval=true");
    expect(got.length).toBeGreaterThan(0);
    const autoIssue = new Map(contracts.map((c) => [c.id, c.autoIssue]));
    expect(
      got.filter((inv) => autoIssue.get(inv.contractId) !== false).map((inv) => inv.id),
    ).toEqual([]);
  });

  it("true with statuses that hold no draft: nothing", async () => {
    expectSameIds(
      await listIds("needsApproval=true&statuses=ISSUED,APPROVED,VOIDED"),
      [],
      "needsApproval=true&statuses=ISSUED,APPROVED,VOIDED",
    );
  });

  it("true with other statuses listed beside DRAFT: still only drafts", async () => {
    const drafts = await listIds("needsApproval=true");
    expectSameIds(
      await listIds(`needsApproval=true&statuses=${EVERY_STATUS}`),
      drafts,
      "needsApproval=true&statuses=every status",
    );
  });

  it("false: no filter", async () => {
    await check("needsApproval=false", () => true);
    await check(
      `needsApproval=false&customerId=${customerA}`,
      (inv) => inv.customerId === customerA,
      {
        statuses: STATUSES,
      },
    );
  });
});
