/**
 * GET /contracts and GET /payments, checked against docs/api.md ("GET /contracts",
 * "GET /payments") and docs/readings.md ("Parameter names", "Orders", "Payments"):
 * each filter and order compared with the whole list filtered and sorted here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Contract, Payment } from "@/lib/api/schemas";
import { strictSchemas } from "@/lib/api/schemas";
import { cmp, expectSameIds, ids, ms } from "../testing/compare";
import { api, walkForward } from "../testing/sandbox";
import { SPEC_LIFECYCLE_STATUSES, SPEC_ORDER_FIELDS } from "../testing/spec-terms";

const LIFECYCLE = SPEC_LIFECYCLE_STATUSES;
const DAY = 86_400_000;
const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
const TODAY = Math.floor(NOW / DAY) * DAY;

let contracts: Contract[]; // every lifecycle status
let defaultContracts: Contract[];
let payments: Payment[];

function mostFrequent<T>(rows: T[], key: (row: T) => string | null): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0])).map(([k]) => k);
}

async function expect400(path: string) {
  const res = await api(path);
  expect(res.status, path).toBe(400);
  expect(res.body.code, path).toBe("BAD_REQUEST");
}

beforeAll(async () => {
  [contracts, defaultContracts, payments] = await Promise.all([
    walkForward<Contract>(`/contracts?statuses=${LIFECYCLE.join(",")}`),
    walkForward<Contract>("/contracts"),
    walkForward<Payment>("/payments"),
  ]);
});

// ---- contracts -------------------------------------------------------------------

describe("GET /contracts", () => {
  const contractIds = (query: string) => walkForward<Contract>(`/contracts?${query}`).then(ids);
  /** The spec's answer: the statuses given (default all but DELETED), `keep`, oldest first. */
  function want(keep: (c: Contract) => boolean, statuses?: readonly string[]) {
    const set = new Set<string>(statuses ?? LIFECYCLE.filter((s) => s !== "DELETED"));
    return ids(contracts.filter((c) => set.has(c.lifecycleStatus) && keep(c)));
  }

  it("reads a non-trivial list, oldest first with ties by id", () => {
    expect(contracts.length).toBeGreaterThan(50);
    const sorted = [...contracts].sort(
      (a, b) => ms(a.createdAt) - ms(b.createdAt) || cmp(a.id, b.id),
    );
    expectSameIds(ids(contracts), ids(sorted), "every status");
  });

  it("omitted statuses: every status except DELETED", () => {
    expect(contracts.some((c) => c.lifecycleStatus === "DELETED")).toBe(true);
    expectSameIds(
      ids(defaultContracts),
      want(() => true),
      "default list",
    );
  });

  it("every lifecycle status occurs", () => {
    expect(new Set(contracts.map((c) => c.lifecycleStatus))).toEqual(new Set(LIFECYCLE));
  });

  it.each(LIFECYCLE)("statuses=%s", async (status) => {
    const expected = want(() => true, [status]);
    expect(expected.length).toBeGreaterThan(0);
    expectSameIds(await contractIds(`statuses=${status}`), expected, status);
  });

  it.each([
    ["ACTIVE", "DRAFT"],
    ["DELETED", "EXPIRED"],
    ["CANCELLED", "EXPIRED", "ACTIVE"],
  ])("statuses=%s,... together", async (...statuses) => {
    expectSameIds(
      await contractIds(`statuses=${statuses.join(",")}`),
      want(() => true, statuses),
      statuses.join(),
    );
  });

  it("customerIds: one customer, several, and with statuses", async () => {
    const [a, b, c] = mostFrequent(contracts, (k) => k.customerId) as [string, string, string];
    expectSameIds(
      await contractIds(`customerIds=${a}`),
      want((k) => k.customerId === a),
      "one customer",
    );
    const set = new Set([a, b, c]);
    expectSameIds(
      await contractIds(`customerIds=${a},${b},${c}`),
      want((k) => set.has(k.customerId)),
      "three customers",
    );
    const withDeleted = mostFrequent(
      contracts.filter((k) => k.lifecycleStatus === "DELETED"),
      (k) => k.customerId,
    )[0]!;
    const expected = want((k) => k.customerId === withDeleted, LIFECYCLE);
    expect(expected.length).toBeGreaterThan(0);
    expectSameIds(
      await contractIds(`customerIds=${withDeleted}&statuses=${LIFECYCLE.join(",")}`),
      expected,
      "customer with every status",
    );
  });

  it("processingInvoices=true: only those processing; false: the rest", async () => {
    const processing = want((k) => k.processingInvoices, LIFECYCLE);
    expect(processing.length).toBeGreaterThan(0);
    expectSameIds(
      await contractIds(`processingInvoices=true&statuses=${LIFECYCLE.join(",")}`),
      processing,
      "true",
    );
    expectSameIds(
      await contractIds("processingInvoices=true"),
      want((k) => k.processingInvoices),
      "true, default statuses",
    );
    expectSameIds(
      await contractIds("processingInvoices=false"),
      want((k) => !k.processingInvoices),
      "false",
    );
  });

  it("filters combine", async () => {
    const customer = mostFrequent(contracts, (k) => k.customerId)[0]!;
    expectSameIds(
      await contractIds(`customerIds=${customer}&statuses=ACTIVE,EXPIRED&processingInvoices=false`),
      want((k) => k.customerId === customer && !k.processingInvoices, ["ACTIVE", "EXPIRED"]),
      "combined",
    );
  });

  it("cancelsAt is absent (not null) when there is none, a string when present", () => {
    expect(
      contracts.filter((k) => "cancelsAt" in k && typeof k.cancelsAt !== "string").map((k) => k.id),
    ).toEqual([]);
    expect(contracts.some((k) => !("cancelsAt" in k))).toBe(true);
    expect(contracts.some((k) => "cancelsAt" in k)).toBe(true);
  });

  it("futureAmendment: an amendment of this contract starting after today", () => {
    const problems: string[] = [];
    for (const k of contracts) {
      if (k.futureAmendment === null) continue;
      const parsed = strictSchemas.Amendment.safeParse(k.futureAmendment);
      if (!parsed.success) problems.push(`${k.id}: ${parsed.error.message}`);
      if (k.futureAmendment.contractId !== k.id)
        problems.push(`${k.id}: contractId ${k.futureAmendment.contractId}`);
      if (!(ms(k.futureAmendment.startAt) > TODAY))
        problems.push(`${k.id}: starts ${k.futureAmendment.startAt}`);
    }
    expect(problems).toEqual([]);
    expect(contracts.some((k) => k.futureAmendment !== null)).toBe(true);
  });

  it("a malformed filter value is a 400", async () => {
    await expect400("/contracts?statuses=LIVE");
    await expect400("/contracts?statuses=active");
    await expect400("/contracts?customerIds=abc");
    await expect400("/contracts?processingInvoices=1");
    await expect400("/contracts?orderBy=createdAt:ASC");
  });
});

// ---- payments ----------------------------------------------------------------------

const PAYMENT_FIELDS = SPEC_ORDER_FIELDS["/payments"];
type PaymentField = (typeof PAYMENT_FIELDS)[number];
type Term = [PaymentField, "ASC" | "DESC"];

function paymentValue(p: Payment, field: PaymentField): number | string | null {
  switch (field) {
    case "receivedDate":
      return ms(p.receivedDate);
    case "customerName":
      return p.customerName;
    case "amountCents":
      return p.amountCents;
    case "bankFeeAmountCents":
      return p.bankFee?.amountCents ?? 0; // no fee counts as 0
    case "appliedAmountCents":
      return p.appliedAmountCents;
    case "unappliedAmountCents":
      return p.unappliedAmountCents;
  }
}

/**
 * Where two payments stand in `terms`, ties by id ascending. A null customerName has
 * no place given by the spec: `nullsFirst` says where the API put it (checked apart).
 */
function comparePayments(a: Payment, b: Payment, terms: Term[], nullsFirst: boolean): number {
  for (const [field, direction] of terms) {
    const va = paymentValue(a, field);
    const vb = paymentValue(b, field);
    let c: number;
    if (va === null || vb === null) c = va === vb ? 0 : (va === null) === nullsFirst ? -1 : 1;
    else c = direction === "ASC" ? cmp(va, vb) : -cmp(va, vb);
    if (c !== 0) return c;
  }
  return cmp(a.id, b.id);
}

describe("GET /payments", () => {
  const paymentList = (query: string) => walkForward<Payment>(`/payments?${query}`);

  it("only cash payments, a non-trivial list", () => {
    expect(payments.length).toBeGreaterThan(100);
    expect(payments.filter((p) => p.type !== "CASH").map((p) => p.id)).toEqual([]);
    expect(new Set(ids(payments)).size).toBe(payments.length);
  });

  it("default order: newest received first, ties by id ascending", () => {
    const sorted = [...payments].sort(
      (a, b) => ms(b.receivedDate) - ms(a.receivedDate) || cmp(a.id, b.id),
    );
    expectSameIds(ids(payments), ids(sorted), "default order");
    expect(new Set(payments.map((p) => p.receivedDate)).size).toBeLessThan(payments.length);
  });

  it("amountCents = applied + unapplied, likewise inside bankFee", () => {
    expect(
      payments
        .filter(
          (p) =>
            p.amountCents !== p.appliedAmountCents + p.unappliedAmountCents ||
            (p.bankFee !== null &&
              p.bankFee.amountCents !==
                p.bankFee.appliedAmountCents + p.bankFee.unappliedAmountCents),
        )
        .map((p) => p.id),
    ).toEqual([]);
  });

  it("customerName is null iff customerId is null", () => {
    expect(
      payments
        .filter((p) => (p.customerName === null) !== (p.customerId === null))
        .map((p) => p.id),
    ).toEqual([]);
  });

  it("unattributed, part-applied payments and bank fees occur", () => {
    expect(
      payments.some((p) => p.customerId === null),
      "unattributed",
    ).toBe(true);
    expect(
      payments.some((p) => p.appliedAmountCents > 0 && p.unappliedAmountCents > 0),
      "part-applied",
    ).toBe(true);
    expect(
      payments.some((p) => p.bankFee !== null),
      "bank fee",
    ).toBe(true);
  });

  it("customerId: only payments attributed to that customer", async () => {
    const [a, b] = mostFrequent(payments, (p) => p.customerId) as [string, string];
    for (const customer of [a, b]) {
      const expected = ids(payments.filter((p) => p.customerId === customer));
      expect(expected.length).toBeGreaterThan(1);
      expectSameIds(
        ids(await paymentList(`customerId=${customer}`)),
        expected,
        `customerId=${customer}`,
      );
    }
  });

  it("isAttributed=true: attributed; false: not yet attributed", async () => {
    expectSameIds(
      ids(await paymentList("isAttributed=true")),
      ids(payments.filter((p) => p.customerId !== null)),
      "true",
    );
    expectSameIds(
      ids(await paymentList("isAttributed=false")),
      ids(payments.filter((p) => p.customerId === null)),
      "false",
    );
  });

  const hasUnapplied = (p: Payment) =>
    p.unappliedAmountCents > 0 || (p.bankFee?.unappliedAmountCents ?? 0) > 0;

  it("hasUnappliedAmount=true: an unapplied amount of its own or of its bank fee; false: the rest", async () => {
    const yes = ids(payments.filter(hasUnapplied));
    expect(yes.length).toBeGreaterThan(0);
    expectSameIds(ids(await paymentList("hasUnappliedAmount=true")), yes, "true");
    expectSameIds(
      ids(await paymentList("hasUnappliedAmount=false")),
      ids(payments.filter((p) => !hasUnapplied(p))),
      "false",
    );
    // The fee clause is exercised: a payment fully applied whose fee is not.
    expect(
      payments.some(
        (p) => p.unappliedAmountCents === 0 && (p.bankFee?.unappliedAmountCents ?? 0) > 0,
      ),
    ).toBe(true);
  });

  it("filters combine", async () => {
    const customer = mostFrequent(payments.filter(hasUnapplied), (p) => p.customerId)[0]!;
    expectSameIds(
      ids(await paymentList(`customerId=${customer}&hasUnappliedAmount=true&isAttributed=true`)),
      ids(payments.filter((p) => p.customerId === customer && hasUnapplied(p))),
      "customer + unapplied",
    );
    expectSameIds(
      ids(await paymentList(`customerId=${customer}&isAttributed=false`)),
      [],
      "customer + unattributed",
    );
    expectSameIds(
      ids(
        await paymentList("isAttributed=false&hasUnappliedAmount=false&orderBy=amountCents:DESC"),
      ),
      ids(
        payments
          .filter((p) => p.customerId === null && !hasUnapplied(p))
          .sort((a, b) => comparePayments(a, b, [["amountCents", "DESC"]], false)),
      ),
      "unattributed + applied, by amount",
    );
  });

  /**
   * Compares the API's order for `terms` (over the payments `keep` selects) with the
   * spec's. The spec does not place a null customerName: the order must then be
   * consistent with the values with unattributed payments either first or last.
   */
  async function checkOrder(terms: Term[], query = "", keep: (p: Payment) => boolean = () => true) {
    const orderBy = terms.map(([f, d]) => `${f}:${d}`).join(",");
    const got = await paymentList(`orderBy=${orderBy}${query}`);
    const rows = payments.filter(keep);
    expect(rows.length).toBeGreaterThan(0);
    if (!terms.some(([f]) => f === "customerName")) {
      expectSameIds(
        ids(got),
        ids([...rows].sort((a, b) => comparePayments(a, b, terms, false))),
        orderBy,
      );
      return;
    }
    expect(new Set(ids(got)), `${orderBy}: the same payments`).toEqual(new Set(ids(rows)));
    expect(got.length).toBe(rows.length);
    const consistent = (nullsFirst: boolean) =>
      got.every((p, i) => i === 0 || comparePayments(got[i - 1]!, p, terms, nullsFirst) < 0);
    expect(
      consistent(true) || consistent(false),
      `${orderBy}: sorted by the values, ties by id`,
    ).toBe(true);
  }

  for (const field of PAYMENT_FIELDS)
    for (const direction of ["ASC", "DESC"] as const)
      it(`orderBy=${field}:${direction}`, async () => {
        await checkOrder([[field, direction]]);
      });

  it.each([
    [
      ["customerName", "ASC"],
      ["receivedDate", "DESC"],
    ],
    [
      ["bankFeeAmountCents", "DESC"],
      ["amountCents", "ASC"],
      ["receivedDate", "ASC"],
    ],
    [
      ["unappliedAmountCents", "DESC"],
      ["customerName", "DESC"],
    ],
    [
      ["appliedAmountCents", "ASC"],
      ["bankFeeAmountCents", "ASC"],
    ],
  ] as Term[][])("orderBy combination %s, %s, ...", async (...terms) => {
    await checkOrder(terms);
  });

  it("orderBy with filters", async () => {
    await checkOrder([["amountCents", "ASC"]], "&hasUnappliedAmount=true", hasUnapplied);
    await checkOrder(
      [
        ["customerName", "DESC"],
        ["amountCents", "DESC"],
      ],
      "&isAttributed=true",
      (p) => p.customerId !== null,
    );
  });

  it("the data has payments without a fee among those with one (the 0 rule is exercised)", () => {
    expect(payments.some((p) => p.bankFee === null)).toBe(true);
    expect(payments.some((p) => p.bankFee !== null && p.bankFee.amountCents > 0)).toBe(true);
  });

  it("a malformed filter value or orderBy is a 400", async () => {
    await expect400("/payments?customerId=not-a-uuid");
    await expect400("/payments?isAttributed=yes");
    await expect400("/payments?hasUnappliedAmount=1");
    await expect400("/payments?orderBy=createdAt:ASC");
    await expect400("/payments?orderBy=amountCents:up");
    await expect400(
      "/payments?orderBy=amountCents:ASC,receivedDate:ASC,customerName:ASC,unappliedAmountCents:ASC",
    );
  });
});

describe("GET /contracts: cursors under equivalent filters", () => {
  it("statuses written as the default set and statuses omitted are one filter", async () => {
    const first = await api("/contracts?statuses=CANCELLED,EXPIRED,DRAFT,ACTIVE&limit=3");
    expect(first.status).toBe(200);
    const cursor = first.body.nextCursor;
    expect((await api(`/contracts?limit=3&startingAfter=${cursor}`)).status).toBe(200);
    expect(
      (await api(`/contracts?statuses=${LIFECYCLE.join(",")}&limit=3&startingAfter=${cursor}`))
        .status,
    ).toBe(400);
  });
});
