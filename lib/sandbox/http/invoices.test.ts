/**
 * GET /invoices and GET /invoices/{id}, checked against the contract (docs/api.md,
 * "GET /invoices", "Invoice"; docs/readings.md, "Invoices", "Dates"), not against
 * the code.
 *
 * The whole list is read once (every status, creation order); every filter and
 * order is then requested from the API and compared, id by id and in order, with
 * that list filtered and sorted here by the spec's own definition.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Contract, Customer, Invoice, InvoiceLine } from "@/lib/api/schemas";
import { expectSameIds, ids, ms } from "../testing/compare";
import { api, walkForward } from "../testing/sandbox";
import { SPEC_INVOICE_STATUSES } from "../testing/spec-terms";

const STATUSES = SPEC_INVOICE_STATUSES;
const EVERY_STATUS = STATUSES.join(",");
const DEFAULT_STATUSES = new Set<string>(["DRAFT", "APPROVED", "ISSUING", "ISSUED"]);
const DAY = 86_400_000;
const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
const TODAY = Math.floor(NOW / DAY) * DAY;

/** Every invoice of the demo business, every status, as the list returns them by default. */
let all: Invoice[];
/** The list with no `statuses`: the spec's default. */
let defaultList: Invoice[];
let customers: Customer[];
let contracts: Contract[];

const byIdAsc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The issue-date measure of the spec: `issuedAt`, or `periodStartAt` while `issuedAt` is null. */
const issueMeasure = (inv: Invoice) => ms(inv.issuedAt ?? inv.periodStartAt);
const isIssued = (inv: Invoice) => inv.status === "ISSUED";
const day = (isoTime: string) => isoTime.slice(0, 10);

/** Ids of a whole list read from the API with this query. */
async function listIds(query: string): Promise<string[]> {
  return ids(await walkForward<Invoice>(`/invoices?${query}`));
}

/**
 * The spec's definition of a filter, over the in-memory list: `statuses` (default
 * every status but VOIDED), then `keep`, in creation order, or by `issuedAt` when asked.
 */
function expected(
  keep: (inv: Invoice) => boolean,
  options: { statuses?: readonly string[]; order?: "ASC" | "DESC" } = {},
): string[] {
  const statuses = options.statuses ? new Set(options.statuses) : DEFAULT_STATUSES;
  const rows = all.filter((inv) => statuses.has(inv.status) && keep(inv));
  if (options.order) {
    const sign = options.order === "ASC" ? 1 : -1;
    rows.sort((a, b) => sign * (issueMeasure(a) - issueMeasure(b)) || byIdAsc(a, b));
  }
  return ids(rows);
}

/** Requests `query` and compares with the spec's answer; the answer must be neither empty nor everything unless `allowEmpty`. */
async function check(
  query: string,
  keep: (inv: Invoice) => boolean,
  options: { statuses?: readonly string[]; order?: "ASC" | "DESC"; allowEmpty?: boolean } = {},
) {
  const want = expected(keep, options);
  if (!options.allowEmpty)
    expect(
      want.length,
      `${query}: the demo data should make this filter select something`,
    ).toBeGreaterThan(0);
  const statusParam = options.statuses ? `statuses=${options.statuses.join(",")}&` : "";
  const orderParam = options.order ? `&orderBy=issuedAt:${options.order}` : "";
  expectSameIds(await listIds(`${statusParam}${query}${orderParam}`), want, query || "(no filter)");
  return want;
}

function countBy<T>(rows: T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/** Keys of `counts` from the most frequent down. */
function mostFrequent(counts: Map<string, number>): string[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k]) => k);
}

// Fixtures chosen from the data once it is read.
let customerA: string;
let customerB: string;
let customerC: string;
let contractWithVoided: string;

beforeAll(async () => {
  [all, defaultList, customers, contracts] = await Promise.all([
    walkForward<Invoice>(`/invoices?statuses=${EVERY_STATUS}`),
    walkForward<Invoice>("/invoices"),
    walkForward<Customer>("/customers"),
    walkForward<Contract>("/contracts?statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED"),
  ]);
  const perCustomer = mostFrequent(countBy(all, (inv) => inv.customerId));
  [customerA, customerB, customerC] = perCustomer as [string, string, string];
  const voidedPerContract = countBy(
    all.filter((inv) => inv.status === "VOIDED"),
    (inv) => inv.contractId,
  );
  contractWithVoided = mostFrequent(voidedPerContract)[0]!;
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

describe("GET /invoices: issue-date filters", () => {
  // Bounds are taken from the data so that inclusivity is actually exercised.
  const issuedTimes = () =>
    all
      .filter((inv) => inv.issuedAt !== null)
      .map((inv) => inv.issuedAt!)
      .sort();
  const unissuedPeriodStarts = () =>
    all
      .filter((inv) => inv.issuedAt === null)
      .map((inv) => inv.periodStartAt)
      .sort();

  it("issueDateStartAt: issuedAt (or periodStartAt while unissued) at or after, bound included", async () => {
    const times = issuedTimes();
    const bound = times[Math.floor(times.length / 2)]!;
    const want = await check(`issueDateStartAt=${bound}`, (inv) => issueMeasure(inv) >= ms(bound), {
      statuses: STATUSES,
    });
    expect(want).toContain(all.find((inv) => inv.issuedAt === bound)!.id);
  });

  it("issueDateEndAt: same measure, at or before, bound included", async () => {
    const issued = all.filter(isIssued);
    const boundary = issued[Math.floor(issued.length / 3)]!;
    const bound = boundary.issuedAt!;
    const want = await check(`issueDateEndAt=${bound}`, (inv) => issueMeasure(inv) <= ms(bound));
    expect(want).toContain(boundary.id);
  });

  it("unissued invoices are measured by periodStartAt", async () => {
    const starts = unissuedPeriodStarts();
    expect(starts.length).toBeGreaterThan(0);
    const bound = starts[Math.floor(starts.length / 2)]!;
    const want = await check(
      `issueDateStartAt=${bound}&issueDateEndAt=${bound}`,
      (inv) => issueMeasure(inv) === ms(bound),
      {
        statuses: STATUSES,
      },
    );
    expect(want.some((id) => all.find((inv) => inv.id === id)!.issuedAt === null)).toBe(true);
  });

  it("a date-only bound is that day's UTC midnight, for start and end alike", async () => {
    // A day on which something was issued after midnight: the end bound must leave it out.
    const offMidnight = all.filter(
      (inv) => inv.status === "ISSUED" && inv.issuedAt !== null && ms(inv.issuedAt) % DAY !== 0,
    );
    const withTime = offMidnight[Math.floor(offMidnight.length / 2)];
    expect(withTime, "an invoice issued at a time other than midnight").toBeDefined();
    const d = day(withTime!.issuedAt!);
    const midnight = ms(`${d}T00:00:00.000Z`);
    const endWant = await check(`issueDateEndAt=${d}`, (inv) => issueMeasure(inv) <= midnight);
    expect(endWant).not.toContain(withTime!.id);
    const startWant = await check(`issueDateStartAt=${d}`, (inv) => issueMeasure(inv) >= midnight);
    expect(startWant).toContain(withTime!.id);
    // An unissued invoice planned exactly on a day is inside [day, day].
    const starts = unissuedPeriodStarts();
    const planned = day(starts[Math.floor(starts.length / 4)]!);
    await check(
      `issueDateStartAt=${planned}&issueDateEndAt=${planned}`,
      (inv) => issueMeasure(inv) === ms(`${planned}T00:00:00.000Z`),
      { statuses: STATUSES },
    );
  });

  it("a date-time with a zone offset is that instant", async () => {
    const bound = "2026-06-15T02:00:00+02:00"; // 2026-06-15T00:00:00Z
    await check(
      `issueDateStartAt=${encodeURIComponent(bound)}`,
      (inv) => issueMeasure(inv) >= Date.parse("2026-06-15T00:00:00.000Z"),
    );
  });

  it("a start after the end selects nothing; a range selects its inside", async () => {
    await check("issueDateStartAt=2026-06-01&issueDateEndAt=2026-05-01", () => false, {
      allowEmpty: true,
    });
    const lo = ms("2026-03-01T00:00:00.000Z");
    const hi = ms("2026-09-01T00:00:00.000Z");
    await check(
      "issueDateStartAt=2026-03-01&issueDateEndAt=2026-09-01T00:00:00.000Z",
      (inv) => issueMeasure(inv) >= lo && issueMeasure(inv) <= hi,
      { statuses: STATUSES },
    );
  });

  it("a malformed date is a 400", async () => {
    for (const query of [
      "issueDateStartAt=2026-02-30",
      "issueDateEndAt=tomorrow",
      "issueDateStartAt=2026-13-01",
    ]) {
      const res = await api(`/invoices?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /invoices: due-date filters", () => {
  const due = (inv: Invoice) => (inv.dueAt === null ? null : ms(inv.dueAt));

  it("dueDateStartAt: only ISSUED invoices whose dueAt is at or after", async () => {
    const bound = new Date(TODAY).toISOString();
    await check(
      `dueDateStartAt=${bound}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! >= TODAY,
      { statuses: STATUSES },
    );
  });

  it("dueDateEndAt: only ISSUED invoices whose dueAt is at or before (overdue ones)", async () => {
    await check(
      `dueDateEndAt=${encodeURIComponent(new Date(NOW).toISOString())}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! <= NOW,
    );
  });

  it("both bounds, inclusive, with a bound equal to a real dueAt", async () => {
    const dues = all
      .filter((inv) => isIssued(inv) && inv.dueAt !== null)
      .map((inv) => inv.dueAt!)
      .sort();
    const lo = dues[Math.floor(dues.length / 4)]!;
    const hi = dues[Math.floor((dues.length * 3) / 4)]!;
    const want = await check(
      `dueDateStartAt=${lo}&dueDateEndAt=${hi}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! >= ms(lo) && due(inv)! <= ms(hi),
    );
    expect(want).toContain(all.find((inv) => isIssued(inv) && inv.dueAt === lo)!.id);
    expect(want).toContain(all.find((inv) => isIssued(inv) && inv.dueAt === hi)!.id);
  });

  it("a date-only bound is UTC midnight", async () => {
    const d = day(new Date(TODAY - 20 * DAY).toISOString());
    await check(
      `dueDateEndAt=${d}`,
      (inv) => isIssued(inv) && due(inv) !== null && due(inv)! <= ms(`${d}T00:00:00.000Z`),
    );
  });

  it("statuses without ISSUED and a due-date filter: nothing", async () => {
    await check("dueDateStartAt=2000-01-01&statuses=DRAFT,APPROVED,ISSUING", () => false, {
      allowEmpty: true,
    });
  });

  it("a malformed date is a 400", async () => {
    const res = await api("/invoices?dueDateEndAt=2026-11-31");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("BAD_REQUEST");
  });
});

describe("GET /invoices: period filters", () => {
  const periodStarts = () => [...new Set(all.map((inv) => inv.periodStartAt))].sort();

  it("periodStartAtOrAfter: periodStartAt at or after, bound included", async () => {
    const starts = periodStarts();
    const bound = starts[Math.floor(starts.length / 2)]!;
    const want = await check(
      `periodStartAtOrAfter=${bound}`,
      (inv) => ms(inv.periodStartAt) >= ms(bound),
      {
        statuses: STATUSES,
      },
    );
    expect(want).toContain(all.find((inv) => inv.periodStartAt === bound)!.id);
  });

  it("periodStartBefore: periodStartAt before, bound excluded", async () => {
    const starts = periodStarts();
    const bound = starts[Math.floor(starts.length / 2)]!;
    const want = await check(
      `periodStartBefore=${bound}`,
      (inv) => ms(inv.periodStartAt) < ms(bound),
      {
        statuses: STATUSES,
      },
    );
    expect(want).not.toContain(all.find((inv) => inv.periodStartAt === bound)!.id);
  });

  it("both: a half-open range; the same bound twice selects nothing", async () => {
    const starts = periodStarts();
    const lo = starts[Math.floor(starts.length / 3)]!;
    const hi = starts[Math.floor((starts.length * 2) / 3)]!;
    await check(
      `periodStartAtOrAfter=${day(lo)}&periodStartBefore=${day(hi)}`,
      (inv) => ms(inv.periodStartAt) >= ms(lo) && ms(inv.periodStartAt) < ms(hi),
    );
    await check(`periodStartAtOrAfter=${lo}&periodStartBefore=${lo}`, () => false, {
      allowEmpty: true,
      statuses: STATUSES,
    });
  });
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

describe("Invoice record rules", () => {
  function violations(rule: (inv: Invoice) => boolean): string[] {
    return all.filter((inv) => !rule(inv)).map((inv) => inv.id);
  }

  it("dueAt = issuedAt + paymentTermsDays × 24 h; null when either is null", () => {
    expect(
      violations((inv) =>
        inv.issuedAt === null || inv.paymentTermsDays === null
          ? inv.dueAt === null
          : inv.dueAt !== null && ms(inv.dueAt) === ms(inv.issuedAt) + inv.paymentTermsDays * DAY,
      ),
    ).toEqual([]);
    expect(all.some((inv) => inv.dueAt !== null)).toBe(true);
  });

  it("every money object of an invoice is in one currency", () => {
    expect(
      violations((inv) =>
        [inv.appliedAmount, inv.pendingPaymentAmount, inv.remainingAmount].every(
          (m) => m.currencyCode === inv.totalAmount.currencyCode,
        ),
      ),
    ).toEqual([]);
  });

  it("remainingAmount = totalAmount − appliedAmount − pendingPaymentAmount", () => {
    expect(
      violations(
        (inv) =>
          inv.remainingAmount.value ===
          inv.totalAmount.value - inv.appliedAmount.value - inv.pendingPaymentAmount.value,
      ),
    ).toEqual([]);
  });

  it("payments apply only to issued invoices: before issue and when voided, remaining = total", () => {
    expect(
      violations(
        (inv) =>
          inv.status === "ISSUED" ||
          (inv.appliedAmount.value === 0 &&
            inv.pendingPaymentAmount.value === 0 &&
            inv.remainingAmount.value === inv.totalAmount.value),
      ),
    ).toEqual([]);
  });

  it("paidAt is set iff applied covers the total (and something is applied); paidAt ≤ lastPaidAt", () => {
    expect(
      violations((inv) => {
        const paid =
          inv.appliedAmount.value >= inv.totalAmount.value && inv.appliedAmount.value > 0;
        return paid === (inv.paidAt !== null);
      }),
    ).toEqual([]);
    expect(
      violations(
        (inv) =>
          inv.paidAt === null || (inv.lastPaidAt !== null && ms(inv.paidAt) <= ms(inv.lastPaidAt)),
      ),
    ).toEqual([]);
    // Covered exactly: the latest payment covering the total is the latest one applied.
    expect(
      violations(
        (inv) =>
          inv.paidAt === null ||
          inv.appliedAmount.value !== inv.totalAmount.value ||
          inv.paidAt === inv.lastPaidAt,
      ),
    ).toEqual([]);
  });

  it("lastPaidAt is set iff something is applied", () => {
    expect(violations((inv) => inv.appliedAmount.value > 0 === (inv.lastPaidAt !== null))).toEqual(
      [],
    );
  });

  it("voidedAt is set iff the status is VOIDED", () => {
    expect(violations((inv) => (inv.status === "VOIDED") === (inv.voidedAt !== null))).toEqual([]);
  });

  it("ISSUED has issuedAt; DRAFT and APPROVED have none (null until issued)", () => {
    expect(violations((inv) => inv.status !== "ISSUED" || inv.issuedAt !== null)).toEqual([]);
    expect(
      violations(
        (inv) => !(inv.status === "DRAFT" || inv.status === "APPROVED") || inv.issuedAt === null,
      ),
    ).toEqual([]);
  });

  it("DRAFT: not approved, no approver, no delivery method", () => {
    expect(
      violations(
        (inv) =>
          inv.status !== "DRAFT" ||
          (inv.approvedAt === null &&
            inv.approvedByUserId === null &&
            inv.approvedByUser === null &&
            inv.approvedByApiKeyId === null &&
            inv.deliveryMethod === null),
      ),
    ).toEqual([]);
  });

  it("APPROVED: approvedAt, an approver (person or key) and a delivery method are set", () => {
    expect(
      violations(
        (inv) =>
          inv.status !== "APPROVED" ||
          (inv.approvedAt !== null &&
            (inv.approvedByUserId !== null || inv.approvedByApiKeyId !== null) &&
            inv.deliveryMethod !== null),
      ),
    ).toEqual([]);
  });

  it("approved by a person or by a key, not both; an APPROVED invoice was approved before its period start", () => {
    expect(
      violations((inv) => inv.approvedByUserId === null || inv.approvedByApiKeyId === null),
    ).toEqual([]);
    expect(
      violations(
        (inv) =>
          inv.status !== "APPROVED" ||
          (inv.approvedAt !== null && ms(inv.approvedAt) < ms(inv.periodStartAt)),
      ),
    ).toEqual([]);
  });

  it("ISSUING starts on periodStartAt, the planned issue day: never before it", () => {
    expect(violations((inv) => inv.status !== "ISSUING" || ms(inv.periodStartAt) <= NOW)).toEqual(
      [],
    );
  });

  it("delivery: no method recorded ⇒ never emailed; ISSUED by EMAIL ⇒ emailing was started", () => {
    expect(violations((inv) => inv.deliveryMethod !== null || inv.lastSentAt === null)).toEqual([]);
    expect(
      violations(
        (inv) =>
          !(inv.status === "ISSUED" && inv.deliveryMethod === "EMAIL") || inv.lastSentAt !== null,
      ),
    ).toEqual([]);
    expect(all.some((inv) => inv.status === "ISSUED" && inv.deliveryMethod === "EMAIL")).toBe(true);
  });

  it("approvedByUser is present iff approvedByUserId, with that id", () => {
    expect(
      violations((inv) =>
        inv.approvedByUserId === null
          ? inv.approvedByUser === null
          : inv.approvedByUser !== null &&
            inv.approvedByUser.id === inv.approvedByUserId &&
            inv.approvedByUser.firstName.length > 0,
      ),
    ).toEqual([]);
    expect(all.some((inv) => inv.approvedByUser !== null)).toBe(true);
  });

  it("numbers are unique among the entity's invoices, voided ones included", () => {
    const counts = countBy(all, (inv) => inv.number);
    expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([]);
  });

  it("the period ends after it starts", () => {
    expect(violations((inv) => ms(inv.periodEndAt) > ms(inv.periodStartAt))).toEqual([]);
  });

  it("until issue, customerName is the customer's current name", () => {
    const names = new Map(customers.map((c) => [c.id, c.name]));
    const unissued = all.filter(
      (inv) =>
        (inv.status === "DRAFT" || inv.status === "APPROVED" || inv.status === "VOIDED") &&
        names.has(inv.customerId),
    );
    expect(unissued.length).toBeGreaterThan(0);
    expect(
      unissued.filter((inv) => inv.customerName !== names.get(inv.customerId)).map((inv) => inv.id),
    ).toEqual([]);
  });
});

describe("GET /invoices/{id}", () => {
  /** A spread of invoices: the first few of every status, then every 60th. */
  function sample(): Invoice[] {
    const picked = new Map<string, Invoice>();
    for (const status of STATUSES)
      for (const inv of all.filter((i) => i.status === status).slice(0, 8)) picked.set(inv.id, inv);
    all.forEach((inv, i) => {
      if (i % 60 === 0) picked.set(inv.id, inv);
    });
    return [...picked.values()];
  }

  it("returns the list record with lines filled, ordered by billingStartAt then id, summing to totalAmount", async () => {
    const problems: string[] = [];
    let lineCount = 0;
    for (const inv of sample()) {
      const res = await api<Invoice>(`/invoices/${inv.id}`);
      if (res.status !== 200) {
        problems.push(`${inv.id}: status ${res.status}`);
        continue;
      }
      const { lines, ...rest } = res.body;
      const { lines: listLines, ...listRest } = inv;
      expect(listLines).toBeNull();
      if (JSON.stringify(rest) !== JSON.stringify(listRest)) {
        expect(rest, `${inv.id}: the by-id record equals the list record except lines`).toEqual(
          listRest,
        );
      }
      if (!Array.isArray(lines)) {
        problems.push(`${inv.id}: lines is ${JSON.stringify(lines)}`);
        continue;
      }
      lineCount += lines.length;
      const sorted = [...lines].sort(
        (a: InvoiceLine, b: InvoiceLine) =>
          ms(a.billingStartAt) - ms(b.billingStartAt) || byIdAsc(a, b),
      );
      if (ids(sorted).join() !== ids(lines).join()) problems.push(`${inv.id}: lines out of order`);
      const sum = lines.reduce((s, line) => s + line.amount.value, 0);
      if (sum !== inv.totalAmount.value)
        problems.push(`${inv.id}: lines sum ${sum} ≠ total ${inv.totalAmount.value}`);
      for (const line of lines) {
        if (line.invoiceId !== inv.id)
          problems.push(`${inv.id}: line ${line.id} has invoiceId ${line.invoiceId}`);
        if (line.amount.currencyCode !== inv.totalAmount.currencyCode)
          problems.push(`${inv.id}: line ${line.id} in ${line.amount.currencyCode}`);
        if (ms(line.billingEndAt) <= ms(line.billingStartAt))
          problems.push(`${inv.id}: line ${line.id} ends before it starts`);
      }
    }
    expect(problems).toEqual([]);
    expect(lineCount).toBeGreaterThan(0);
  });

  it("an id written in upper case reads the same invoice", async () => {
    const inv = all[0]!;
    const res = await api<Invoice>(`/invoices/${inv.id.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(inv.id);
  });

  it("an unknown invoice is a 404", async () => {
    const res = await api("/invoices/6f1c2d3e-4b5a-4c6d-8e7f-901234567890");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });
});

describe("Data the sandbox holds: invoices", () => {
  it("every invoice status occurs", () => {
    expect(new Set(all.map((inv) => inv.status))).toEqual(new Set(STATUSES));
  });

  it("backdated invoices occur (issuedAt before createdAt)", () => {
    expect(all.some((inv) => inv.issuedAt !== null && ms(inv.issuedAt) < ms(inv.createdAt))).toBe(
      true,
    );
  });

  it("paid, part-paid, unpaid and pending-card issued invoices occur", () => {
    const issued = all.filter(isIssued);
    expect(
      issued.some((inv) => inv.paidAt !== null),
      "paid",
    ).toBe(true);
    expect(
      issued.some(
        (inv) => inv.appliedAmount.value > 0 && inv.appliedAmount.value < inv.totalAmount.value,
      ),
      "part-paid",
    ).toBe(true);
    expect(
      issued.some((inv) => inv.appliedAmount.value === 0 && inv.totalAmount.value > 0),
      "unpaid",
    ).toBe(true);
    expect(
      issued.some((inv) => inv.pendingPaymentAmount.value > 0),
      "pending card payment",
    ).toBe(true);
  });

  it("overdue invoices occur", () => {
    expect(
      all.some(
        (inv) =>
          isIssued(inv) &&
          inv.dueAt !== null &&
          ms(inv.dueAt) < NOW &&
          inv.appliedAmount.value < inv.totalAmount.value,
      ),
    ).toBe(true);
  });

  it("all four currencies occur", () => {
    expect(new Set(all.map((inv) => inv.totalAmount.currencyCode))).toEqual(
      new Set(["USD", "CAD", "EUR", "USDC"]),
    );
  });
});

describe("GET /invoices: date bounds finer than a millisecond", () => {
  // A bound 0.1 ms after a record's time: the record is before it, so "at or after"
  // leaves it out, and "at or before" and "before" keep it.
  const justAfter = (iso: string) => iso.replace(/Z$/, "1Z");
  const FINE = 0.1;

  it("issueDateStartAt and issueDateEndAt compare the exact instant", async () => {
    const boundary = all.filter(isIssued)[100]!;
    const bound = justAfter(boundary.issuedAt!);
    const after = await check(
      `issueDateStartAt=${bound}`,
      (inv) => issueMeasure(inv) >= ms(boundary.issuedAt!) + FINE,
    );
    expect(after).not.toContain(boundary.id);
    const upTo = await check(
      `issueDateEndAt=${bound}`,
      (inv) => issueMeasure(inv) <= ms(boundary.issuedAt!) + FINE,
    );
    expect(upTo).toContain(boundary.id);
  });

  it("dueDateStartAt and dueDateEndAt compare the exact instant", async () => {
    const boundary = all.filter(isIssued)[50]!;
    const bound = justAfter(boundary.dueAt!);
    const due = ms(boundary.dueAt!) + FINE;
    expect(
      await check(`dueDateStartAt=${bound}`, (inv) => isIssued(inv) && ms(inv.dueAt!) >= due),
    ).not.toContain(boundary.id);
    expect(
      await check(`dueDateEndAt=${bound}`, (inv) => isIssued(inv) && ms(inv.dueAt!) <= due),
    ).toContain(boundary.id);
  });

  it("periodStartAtOrAfter and periodStartBefore compare the exact instant", async () => {
    const boundary = all[all.length >> 1]!;
    const bound = justAfter(boundary.periodStartAt);
    const start = ms(boundary.periodStartAt) + FINE;
    const opts = { statuses: STATUSES };
    expect(
      await check(`periodStartAtOrAfter=${bound}`, (inv) => ms(inv.periodStartAt) >= start, opts),
    ).not.toContain(boundary.id);
    expect(
      await check(`periodStartBefore=${bound}`, (inv) => ms(inv.periodStartAt) < start, opts),
    ).toContain(boundary.id);
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
