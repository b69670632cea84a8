/**
 * GET /invoices with the balance filters, orderBy, several filters at once, and
 * cursors under filters written in equivalent ways, checked against the contract
 * (docs/api.md, "GET /invoices"; docs/readings.md, "Invoices"), not against the
 * code: each answer is compared, id by id and in order, with the whole list read
 * once (every status, creation order) filtered and sorted here by the spec's own
 * definition.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Invoice } from "@/lib/api/schemas";
import { ms } from "../testing/compare";
import { api } from "../testing/sandbox";
import {
  check,
  countBy,
  EVERY_STATUS,
  isIssued,
  issueMeasure,
  loadInvoiceData,
  mostFrequent,
  STATUSES,
} from "./testing/invoices";

/** Every invoice of the demo business, every status, as the list returns them by default. */
let all: Invoice[];
// Fixtures chosen from the data once it is read.
let customerA: string;
let customerB: string;
let customerC: string;

beforeAll(async () => {
  ({ all, customerA, customerB, customerC } = await loadInvoiceData());
});

describe("GET /invoices: balance filters (restrict to ISSUED whichever value)", () => {
  const v = (m: { value: number }) => m.value;
  const cases: [string, (inv: Invoice) => boolean][] = [
    ["hasOutstandingBalance", (inv) => v(inv.appliedAmount) < v(inv.totalAmount)],
    ["hasAppliedPayments", (inv) => v(inv.appliedAmount) > 0],
    ["hasUncoveredBalance", (inv) => v(inv.remainingAmount) > 0],
  ];

  for (const [name, holds] of cases) {
    it(`${name}=true: ISSUED invoices where it holds`, async () => {
      await check(`${name}=true`, (inv) => isIssued(inv) && holds(inv));
    });
    it(`${name}=false: ISSUED invoices where it does not hold`, async () => {
      await check(`${name}=false`, (inv) => isIssued(inv) && !holds(inv));
    });
    it(`${name}: statuses beside ISSUED do not widen it`, async () => {
      await check(`${name}=false`, (inv) => isIssued(inv) && !holds(inv), {
        statuses: ["DRAFT", "ISSUED", "VOIDED"],
      });
      await check(`${name}=true`, () => false, {
        statuses: ["DRAFT", "APPROVED"],
        allowEmpty: true,
      });
    });
  }

  it("a malformed boolean is a 400", async () => {
    for (const query of [
      "hasOutstandingBalance=TRUE",
      "hasAppliedPayments=1",
      "hasUncoveredBalance=yes",
      "needsApproval=no",
    ]) {
      const res = await api(`/invoices?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /invoices: orderBy", () => {
  it("issuedAt:ASC over the default list (null issuedAt sorts by periodStartAt; ties by id)", async () => {
    await check("", () => true, { order: "ASC" });
  });

  it("issuedAt:DESC over the default list", async () => {
    await check("", () => true, { order: "DESC" });
  });

  it("issuedAt:ASC and :DESC with every status and a customer filter", async () => {
    const set = new Set([customerA, customerB]);
    for (const order of ["ASC", "DESC"] as const)
      await check(`customerIds=${customerA},${customerB}`, (inv) => set.has(inv.customerId), {
        statuses: STATUSES,
        order,
      });
  });

  it("the order has real ties and unissued invoices to sort", () => {
    const measures = countBy(all, (inv) => String(issueMeasure(inv)));
    expect([...measures.values()].some((n) => n > 1)).toBe(true);
    expect(all.some((inv) => inv.issuedAt === null)).toBe(true);
  });

  it("any other orderBy is a 400", async () => {
    for (const orderBy of [
      "createdAt:ASC",
      "issuedAt:asc",
      "issuedAt",
      "issuedAt:ASC,issuedAt:DESC",
      "periodStartAt:DESC",
    ]) {
      const res = await api(`/invoices?orderBy=${orderBy}`);
      expect(res.status, orderBy).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /invoices: filters combine (all must hold)", () => {
  it("customers, statuses, balance and issuedAt:DESC", async () => {
    const set = new Set([customerA, customerB, customerC]);
    await check(
      `customerIds=${[...set].join(",")}&hasOutstandingBalance=true`,
      (inv) =>
        set.has(inv.customerId) && isIssued(inv) && inv.appliedAmount.value < inv.totalAmount.value,
      { statuses: ["ISSUED", "VOIDED"], order: "DESC" },
    );
  });

  it("issue dates, period and applied payments", async () => {
    const lo = ms("2026-01-01T00:00:00.000Z");
    const hi = ms("2026-10-01T00:00:00.000Z");
    await check(
      "issueDateStartAt=2026-01-01&periodStartBefore=2026-10-01&hasAppliedPayments=true",
      (inv) =>
        issueMeasure(inv) >= lo &&
        ms(inv.periodStartAt) < hi &&
        isIssued(inv) &&
        inv.appliedAmount.value > 0,
      { order: "ASC" },
    );
  });

  it("contract, due dates and uncovered balance", async () => {
    const contract = mostFrequent(countBy(all.filter(isIssued), (inv) => inv.contractId))[0]!;
    await check(
      `contractId=${contract}&dueDateStartAt=2000-01-01&hasUncoveredBalance=false`,
      (inv) =>
        inv.contractId === contract &&
        isIssued(inv) &&
        inv.dueAt !== null &&
        inv.remainingAmount.value <= 0,
      { allowEmpty: true },
    );
    await check(
      `contractId=${contract}&dueDateEndAt=2100-01-01`,
      (inv) => inv.contractId === contract && isIssued(inv) && inv.dueAt !== null,
      { order: "DESC" },
    );
  });

  it("customerId, needsApproval=false and period start", async () => {
    const bound = ms("2026-01-01T00:00:00.000Z");
    await check(
      `customerId=${customerB}&needsApproval=false&periodStartAtOrAfter=2026-01-01`,
      (inv) => inv.customerId === customerB && ms(inv.periodStartAt) >= bound,
      { statuses: STATUSES, order: "ASC" },
    );
  });

  it("a malformed filter value is a 400", async () => {
    for (const query of [
      "customerId=123",
      "customerIds=abc",
      "contractId=x",
      "statuses=PAID",
      "statuses=issued",
    ]) {
      const res = await api(`/invoices?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /invoices: cursors under equivalent filters", () => {
  const next = async (query: string) => {
    const page = await api(`/invoices?${query}&limit=5`);
    expect(page.status, query).toBe(200);
    return page.body.nextCursor as string;
  };

  it("needsApproval=false and no needsApproval are one filter (spec: 'false or omitted: no filter')", async () => {
    const cursor = await next("needsApproval=false");
    expect((await api(`/invoices?limit=5&startingAfter=${cursor}`)).status).toBe(200);
    const back = await next("");
    expect((await api(`/invoices?needsApproval=false&limit=5&startingAfter=${back}`)).status).toBe(
      200,
    );
    // needsApproval=true is another filter.
    expect((await api(`/invoices?needsApproval=true&limit=5&startingAfter=${back}`)).status).toBe(
      400,
    );
  });

  it("statuses written as the default set and statuses omitted are one filter", async () => {
    const cursor = await next("statuses=ISSUED,ISSUING,APPROVED,DRAFT");
    const page = await api(`/invoices?limit=5&startingAfter=${cursor}`);
    expect(page.status).toBe(200);
    expect(
      (await api(`/invoices?statuses=${EVERY_STATUS}&limit=5&startingAfter=${cursor}`)).status,
    ).toBe(400);
  });

  it("customerIds takes more than 100 ids (neither document caps a list)", async () => {
    const real = [...new Set(all.map((inv) => inv.customerId))];
    const fake = Array.from(
      { length: 120 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const query = `customerIds=${[...fake, real[0]!, real[1]!].join(",")}`;
    const want = await check(
      query,
      (inv) => inv.customerId === real[0] || inv.customerId === real[1],
    );
    expect(want.length).toBeGreaterThan(0);
  });
});
