/**
 * The derived sums of a customer and GET /customers/{id}, checked against docs/api.md
 * ("Customer") and docs/readings.md ("Customer sums"): sums and counts recomputed from
 * the invoices and contracts the API itself lists, and each record by id the same as in
 * the list.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Contract, Customer, Invoice, MoneyByCurrency } from "@/lib/api/schemas";
import { cmp, ids } from "../testing/compare";
import { api } from "../testing/sandbox";
import { loadCustomerData } from "./testing/customers";

let customers: Customer[];
let invoices: Invoice[];
let contractById: Map<string, Contract>;
/** Non-deleted contracts per customer id. */
let liveContracts: Map<string, Contract[]>;

/** Money by currency as plain numbers, keys sorted, flagging a key that names another currency. */
function plain(amounts: MoneyByCurrency): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [code, money] of Object.entries(amounts)) {
    if (money.currencyCode !== code) out[`${code}≠${money.currencyCode}`] = money.value;
    else out[code] = money.value;
  }
  return sortKeys(out);
}

function sortKeys(o: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => cmp(a, b)));
}

function sumBy(rows: Invoice[], amount: (inv: Invoice) => number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const inv of rows) {
    const code = inv.totalAmount.currencyCode;
    out[code] = (out[code] ?? 0) + amount(inv);
  }
  for (const code of Object.keys(out)) if (out[code] === 0) delete out[code];
  return sortKeys(out);
}

beforeAll(async () => {
  ({ customers, invoices, contractById, liveContracts } = await loadCustomerData());
});

describe("Customer derived sums, recomputed from /invoices and /contracts", () => {
  function invoicesOf(customerId: string) {
    return invoices.filter((inv) => inv.customerId === customerId);
  }
  const onLiveContract = (inv: Invoice) => {
    const contract = contractById.get(inv.contractId);
    return contract !== undefined && contract.lifecycleStatus !== "DELETED";
  };

  it("every listed customer's invoices bill a contract /contracts lists", () => {
    const live = new Set(ids(customers));
    expect(
      invoices
        .filter((inv) => live.has(inv.customerId) && !contractById.has(inv.contractId))
        .map((inv) => inv.id),
    ).toEqual([]);
  });

  type SumField = "outstandingIssuedAmount" | "contractValueAmount" | "remainingToInvoiceAmount";
  /** Customers whose `field` differs from the per-currency sum of `amount` over their `keep` invoices. */
  function sumProblems(
    field: SumField,
    keep: (inv: Invoice) => boolean,
    amount: (inv: Invoice) => number,
  ) {
    const problems: string[] = [];
    for (const c of customers) {
      const want = JSON.stringify(sumBy(invoicesOf(c.id).filter(keep), amount));
      const got = JSON.stringify(plain(c[field]));
      if (got !== want) problems.push(`${c.id} ${field}: got ${got}, expected ${want}`);
    }
    return problems;
  }

  it("outstandingIssuedAmount: per currency Σ(total − applied) of ISSUED invoices, deleted contracts included", () => {
    expect(
      sumProblems(
        "outstandingIssuedAmount",
        (inv) => inv.status === "ISSUED",
        (inv) => inv.totalAmount.value - inv.appliedAmount.value,
      ),
    ).toEqual([]);
  });

  it("the demo has owed ISSUED invoices on deleted contracts, so that clause is exercised", () => {
    expect(
      invoices.some(
        (inv) =>
          inv.status === "ISSUED" &&
          !onLiveContract(inv) &&
          inv.appliedAmount.value < inv.totalAmount.value &&
          customers.some((c) => c.id === inv.customerId),
      ),
    ).toBe(true);
  });

  it("contractValueAmount: Σ total of non-VOIDED invoices on non-DELETED contracts", () => {
    expect(
      sumProblems(
        "contractValueAmount",
        (inv) => inv.status !== "VOIDED" && onLiveContract(inv),
        (inv) => inv.totalAmount.value,
      ),
    ).toEqual([]);
  });

  it("remainingToInvoiceAmount: Σ total of DRAFT, APPROVED and ISSUING invoices on non-DELETED contracts", () => {
    const unissued = new Set(["DRAFT", "APPROVED", "ISSUING"]);
    expect(
      sumProblems(
        "remainingToInvoiceAmount",
        (inv) => unissued.has(inv.status) && onLiveContract(inv),
        (inv) => inv.totalAmount.value,
      ),
    ).toEqual([]);
  });

  it("customers owing in two currencies at once occur", () => {
    expect(customers.some((c) => Object.keys(c.outstandingIssuedAmount).length >= 2)).toBe(true);
  });

  it("contractCount: the customer's non-deleted contracts", () => {
    expect(
      customers
        .filter((c) => c.contractCount !== (liveContracts.get(c.id)?.length ?? 0))
        .map((c) => `${c.id}: ${c.contractCount} vs ${liveContracts.get(c.id)?.length ?? 0}`),
    ).toEqual([]);
  });
});

describe("GET /customers/{id}", () => {
  it("returns the list's record for every customer", async () => {
    const different: string[] = [];
    for (const c of customers) {
      const res = await api<Customer>(`/customers/${c.id}`);
      if (res.status !== 200 || JSON.stringify(res.body) !== JSON.stringify(c))
        different.push(c.id);
    }
    expect(different).toEqual([]);
  });

  it("an unknown customer is a 404", async () => {
    const res = await api("/customers/0b9b1b0e-2f1d-4e7b-9a51-3c8f1a2b4c5d");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });
});
