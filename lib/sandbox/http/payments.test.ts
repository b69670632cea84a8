/**
 * GET /payments, checked against docs/api.md ("GET /payments", "Orders") and
 * docs/readings.md ("Parameter names", "Orders", "Payments"): the records' sums, each
 * filter and order compared with the whole list filtered and sorted here, and bad
 * values.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Payment } from "@/lib/api/schemas";
import { cmp, expectSameIds, ids, ms } from "../testing/compare";
import { walkForward } from "../testing/sandbox";
import { SPEC_ORDER_FIELDS } from "../testing/spec-terms";
import { expect400, mostFrequent } from "./testing/contracts-payments";

let payments: Payment[];

beforeAll(async () => {
  payments = await walkForward<Payment>("/payments");
});

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

const paymentList = (query: string) => walkForward<Payment>(`/payments?${query}`);

const hasUnapplied = (p: Payment) =>
  p.unappliedAmountCents > 0 || (p.bankFee?.unappliedAmountCents ?? 0) > 0;

describe("GET /payments", () => {
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
});

describe("GET /payments: filters", () => {
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
});

describe("GET /payments: orderBy", () => {
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
