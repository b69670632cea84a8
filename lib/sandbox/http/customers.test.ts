/**
 * GET /customers and GET /customers/{id}, checked against docs/api.md ("GET /customers",
 * "Customer", "Contract health") and docs/readings.md ("Health", "Coverage contract",
 * "Customer sums"):
 * filters and orders compared with the whole list sorted and filtered here, and the
 * derived fields (sums, counts, coverage, health) recomputed from the invoices and
 * contracts the API itself lists.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type {
  Contract,
  ContractHealth,
  Customer,
  Invoice,
  MoneyByCurrency,
} from "@/lib/api/schemas";
import { cmp, expectSameIds, ids, ms } from "../testing/compare";
import { api, sandboxInfo, testDatabase, walkForward } from "../testing/sandbox";
import { SPEC_CONTRACT_HEALTHS, SPEC_FREQUENCIES, SPEC_ORDER_FIELDS } from "../testing/spec-terms";

/** The spec's health table, in its order. */
const HEALTHS: ContractHealth[] = [...SPEC_CONTRACT_HEALTHS];
const RUNNING = new Set<string>(["RENEWAL_DUE", "ENDING", "HEALTHY"]);
const FREQUENCIES = SPEC_FREQUENCIES;
const DAY = 86_400_000;
const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
const TODAY = Math.floor(NOW / DAY) * DAY;

let customers: Customer[];
let invoices: Invoice[];
let contracts: Contract[];
let contractById: Map<string, Contract>;
/** Non-deleted contracts per customer id. */
let liveContracts: Map<string, Contract[]>;

const rank = (health: string) => HEALTHS.indexOf(health as ContractHealth);

async function listIds(query: string): Promise<string[]> {
  return ids(await walkForward<Customer>(`/customers${query ? `?${query}` : ""}`));
}

// ---- the spec's orders ----------------------------------------------------------

const FIELDS = SPEC_ORDER_FIELDS["/customers"];
type Field = (typeof FIELDS)[number];

/** Amount fields compare the number alone; none counts as 0; several currencies sort last ascending. */
function amountSortValue(amounts: MoneyByCurrency): number {
  const values = Object.values(amounts);
  if (values.length > 1) return Number.POSITIVE_INFINITY;
  return values[0]?.value ?? 0;
}

function sortValue(c: Customer, field: Field): number | string {
  switch (field) {
    case "name":
      return c.name;
    case "contractHealth":
      return rank(c.contractHealth);
    case "coverageContractStartAt":
      // No start: last ascending, first descending.
      return c.coverageContractStartAt === null
        ? Number.POSITIVE_INFINITY
        : ms(c.coverageContractStartAt);
    case "contractValueAmount":
      return amountSortValue(c.contractValueAmount);
    case "remainingToInvoiceAmount":
      return amountSortValue(c.remainingToInvoiceAmount);
    case "createdAt":
      return ms(c.createdAt);
  }
}

type Term = [Field, "ASC" | "DESC"];

/** The list sorted by `terms` in written order, ties by id ascending. */
function sortedBy(rows: Customer[], terms: Term[]): string[] {
  return ids(
    [...rows].sort((a, b) => {
      for (const [field, direction] of terms) {
        const c = cmp(sortValue(a, field), sortValue(b, field));
        if (c !== 0) return direction === "ASC" ? c : -c;
      }
      return cmp(a.id, b.id);
    }),
  );
}

/** docs/readings.md, Orders: health table order, then coverageContractEndAt ascending nulls last, then name, then id. */
function defaultOrder(rows: Customer[]): string[] {
  const end = (c: Customer) =>
    c.coverageContractEndAt === null ? Number.POSITIVE_INFINITY : ms(c.coverageContractEndAt);
  return ids(
    [...rows].sort(
      (a, b) =>
        rank(a.contractHealth) - rank(b.contractHealth) ||
        cmp(end(a), end(b)) ||
        cmp(a.name, b.name) ||
        cmp(a.id, b.id),
    ),
  );
}

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
  [customers, invoices, contracts] = await Promise.all([
    walkForward<Customer>("/customers"),
    walkForward<Invoice>("/invoices?statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED"),
    walkForward<Contract>("/contracts?statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED"),
  ]);
  contractById = new Map(contracts.map((c) => [c.id, c]));
  liveContracts = new Map();
  for (const c of contracts) {
    if (c.lifecycleStatus === "DELETED") continue;
    liveContracts.set(c.customerId, [...(liveContracts.get(c.customerId) ?? []), c]);
  }
});

describe("GET /customers: default order", () => {
  it("reads a non-trivial list", () => {
    expect(customers.length).toBeGreaterThan(100);
    expect(new Set(ids(customers)).size).toBe(customers.length);
  });

  it("health table order, then coverageContractEndAt ascending nulls last, then name, then id", () => {
    expectSameIds(ids(customers), defaultOrder(customers), "default order");
  });

  it("lists exactly the business's non-deleted customers; deleted ones are absent and 404", async () => {
    const rows = testDatabase()
      .prepare("SELECT id, deleted_at AS deletedAt FROM customers WHERE business_id = ?")
      .all(sandboxInfo().demoBusinessId) as { id: string; deletedAt: number | null }[];
    const deleted = rows.filter((r) => r.deletedAt !== null).map((r) => r.id);
    const live = rows.filter((r) => r.deletedAt === null).map((r) => r.id);
    expect(deleted.length, "the demo data holds deleted customers").toBeGreaterThan(0);
    expect(new Set(ids(customers))).toEqual(new Set(live));
    const res = await api(`/customers/${deleted[0]}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });
});

describe("GET /customers: search", () => {
  /** A part of a real name: four letters from inside its longest word. */
  function namePart(): string {
    const name = customers[Math.floor(customers.length / 2)]!.name;
    const word = name.split(/[^A-Za-z]+/).sort((a, b) => b.length - a.length)[0]!;
    return word.slice(1, 5);
  }
  const matching = (text: string) =>
    customers.filter((c) => c.name.toLowerCase().includes(text.toLowerCase()));

  it("contains, ignoring case (lower, upper and mixed case of a part of a real name)", async () => {
    const part = namePart();
    const want = defaultOrder(matching(part));
    expect(want.length).toBeGreaterThan(0);
    const mixed = [...part].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch.toLowerCase())).join("");
    for (const text of [part.toLowerCase(), part.toUpperCase(), mixed])
      expectSameIds(await listIds(`search=${encodeURIComponent(text)}`), want, `search=${text}`);
  });

  it("a whole name, upper-cased, with spaces and punctuation", async () => {
    const name = customers.find((c) => /[ ,'&-]/.test(c.name))!.name;
    const want = defaultOrder(matching(name));
    expect(want.length).toBeGreaterThan(0);
    expectSameIds(
      await listIds(`search=${encodeURIComponent(name.toUpperCase())}`),
      want,
      `search=${name}`,
    );
  });

  it("text matching no name gives an empty list", async () => {
    expectSameIds(await listIds("search=zqxjv-no-such-customer"), [], "search=zqxjv…");
  });

  it("characters that are wildcards elsewhere (%, _) match themselves only", async () => {
    for (const text of ["%", "_", "a%e", "'"])
      expectSameIds(
        await listIds(`search=${encodeURIComponent(text)}`),
        defaultOrder(matching(text)),
        `search=${text}`,
      );
  });

  it("search with a health filter and an order", async () => {
    const part = namePart().slice(0, 2);
    const rows = matching(part).filter((c) => c.contractHealth === "HEALTHY");
    expect(rows.length).toBeGreaterThan(0);
    expectSameIds(
      await listIds(`search=${part}&contractHealths=HEALTHY&orderBy=name:DESC`),
      sortedBy(rows, [["name", "DESC"]]),
      "search + contractHealths + orderBy",
    );
  });
  it("search is 1 to 200 characters: 200 is fine, empty or 201 is a 400", async () => {
    expectSameIds(await listIds(`search=${"q".repeat(200)}`), [], "search of 200 characters");
    for (const text of ["", "q".repeat(201)]) {
      const res = await api(`/customers?search=${text}`);
      expect(res.status, `search of ${text.length}`).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /customers: subscriptionFrequency", () => {
  it.each(FREQUENCIES)(
    "%s: a subset of the customers having a non-deleted contract, in the default order",
    async (frequency) => {
      const got = await listIds(`subscriptionFrequency=${frequency}`);
      const byId = new Map(customers.map((c) => [c.id, c]));
      expect(got.filter((id) => !byId.has(id))).toEqual([]);
      expect(got.filter((id) => byId.get(id)!.contractCount === 0)).toEqual([]);
      expectSameIds(got, defaultOrder(got.map((id) => byId.get(id)!)), `${frequency} order`);
      if (frequency === "MONTHLY") expect(got.length).toBeGreaterThan(0);
    },
  );

  it("together they are the customers with a non-deleted contract (draft or ended counts) billing a subscription", async () => {
    // Reading: a contract bills a subscription when its subscriptionBillableCount is above 0.
    const union = new Set<string>();
    for (const f of FREQUENCIES)
      for (const id of await listIds(`subscriptionFrequency=${f}`)) union.add(id);
    const billing = customers.filter((c) =>
      (liveContracts.get(c.id) ?? []).some((k) => k.subscriptionBillableCount > 0),
    );
    expect(new Set(billing.map((c) => c.contractHealth))).toContain("DRAFT_ONLY");
    expect(new Set(billing.map((c) => c.contractHealth))).toContain("NO_ACTIVE_CONTRACT");
    expect([...union].sort()).toEqual(ids(billing).sort());
  });

  it("a value outside the enum is a 400", async () => {
    for (const v of ["WEEKLY", "monthly", ""]) {
      const res = await api(`/customers?subscriptionFrequency=${v}`);
      expect(res.status, v).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /customers: contractHealths", () => {
  it.each(HEALTHS)("%s alone", async (health) => {
    const rows = customers.filter((c) => c.contractHealth === health);
    expect(rows.length, `${health} occurs in the demo data`).toBeGreaterThan(0);
    expectSameIds(await listIds(`contractHealths=${health}`), defaultOrder(rows), health);
  });

  it.each([
    ["RENEWAL_DUE", "ENDING"],
    ["NO_CONTRACTS", "HEALTHY", "UPCOMING"],
    ["DRAFT_ONLY", "NO_ACTIVE_CONTRACT", "RENEWAL_DUE", "HEALTHY"],
    [...HEALTHS],
  ])("%s,... together", async (...healths) => {
    const set = new Set<string>(healths);
    expectSameIds(
      await listIds(`contractHealths=${healths.join(",")}`),
      defaultOrder(customers.filter((c) => set.has(c.contractHealth))),
      healths.join(","),
    );
  });

  it("with an order", async () => {
    const rows = customers.filter(
      (c) => c.contractHealth === "HEALTHY" || c.contractHealth === "UPCOMING",
    );
    expectSameIds(
      await listIds("contractHealths=UPCOMING,HEALTHY&orderBy=coverageContractStartAt:DESC"),
      sortedBy(rows, [["coverageContractStartAt", "DESC"]]),
      "contractHealths + orderBy",
    );
  });

  it("an unknown value is a 400", async () => {
    for (const v of ["BAD", "healthy", "HEALTHY,NOPE"]) {
      const res = await api(`/customers?contractHealths=${v}`);
      expect(res.status, v).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
});

describe("GET /customers: orderBy", () => {
  for (const field of FIELDS)
    for (const direction of ["ASC", "DESC"] as const)
      it(`${field}:${direction}`, async () => {
        expectSameIds(
          await listIds(`orderBy=${field}:${direction}`),
          sortedBy(customers, [[field, direction]]),
          `${field}:${direction}`,
        );
      });

  it.each([
    [
      ["contractHealth", "ASC"],
      ["name", "DESC"],
    ],
    [
      ["remainingToInvoiceAmount", "DESC"],
      ["createdAt", "ASC"],
    ],
    [
      ["coverageContractStartAt", "ASC"],
      ["contractValueAmount", "DESC"],
      ["name", "ASC"],
    ],
    [
      ["contractValueAmount", "ASC"],
      ["contractHealth", "DESC"],
      ["coverageContractStartAt", "DESC"],
    ],
  ] as Term[][])("combination %s, %s, ...", async (...terms) => {
    const orderBy = terms.map(([f, d]) => `${f}:${d}`).join(",");
    expectSameIds(await listIds(`orderBy=${orderBy}`), sortedBy(customers, terms), orderBy);
  });

  it("the data exercises the special rules (several currencies, no amounts, no coverage, ties)", () => {
    const several = customers.filter((c) => Object.keys(c.contractValueAmount).length > 1);
    const none = customers.filter((c) => Object.keys(c.remainingToInvoiceAmount).length === 0);
    const noStart = customers.filter((c) => c.coverageContractStartAt === null);
    expect(several.length).toBeGreaterThan(0);
    expect(none.length).toBeGreaterThan(0);
    expect(noStart.length).toBeGreaterThan(0);
    const starts = new Set(customers.map((c) => c.coverageContractStartAt));
    expect(starts.size).toBeLessThan(customers.length); // ties to break by id
  });

  it("more than 3 fields, an unknown field or a bad direction is a 400", async () => {
    for (const orderBy of [
      "name:ASC,createdAt:ASC,contractHealth:ASC,contractValueAmount:ASC",
      "email:ASC",
      "name:asc",
      "name",
      "coverageContractEndAt:ASC",
    ]) {
      const res = await api(`/customers?orderBy=${orderBy}`);
      expect(res.status, orderBy).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
    }
  });
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

describe("Customer coverage and health", () => {
  it("contractHealth is the best (table order) of its non-deleted contracts' health; NO_CONTRACTS when none", () => {
    const wrong = customers.filter((c) => {
      const own = liveContracts.get(c.id) ?? [];
      const best =
        own.length === 0
          ? "NO_CONTRACTS"
          : HEALTHS[Math.min(...own.map((k) => rank(k.contractHealth)))];
      return c.contractHealth !== best;
    });
    expect(wrong.map((c) => `${c.id}: ${c.contractHealth}`)).toEqual([]);
  });

  it("NO_CONTRACTS ⇔ no coverage contract ⇔ contractCount 0; then dates null and flags false", () => {
    const wrong = customers.filter((c) => {
      const none = c.contractHealth === "NO_CONTRACTS";
      if (none !== (c.coverageContractId === null) || none !== (c.contractCount === 0)) return true;
      return (
        none &&
        (c.coverageContractStartAt !== null ||
          c.coverageContractEndAt !== null ||
          c.coverageContractAutoRenew ||
          c.coverageContractRenewed)
      );
    });
    expect(wrong.map((c) => c.id)).toEqual([]);
  });

  it("the coverage contract is one of the customer's non-deleted contracts, in the customer's health, with its dates and autoRenew", () => {
    const problems: string[] = [];
    for (const c of customers) {
      if (c.coverageContractId === null) continue;
      const k = contractById.get(c.coverageContractId);
      if (!k) {
        problems.push(`${c.id}: coverage ${c.coverageContractId} not listed`);
        continue;
      }
      if (k.customerId !== c.id) problems.push(`${c.id}: coverage contract of ${k.customerId}`);
      if (k.lifecycleStatus === "DELETED") problems.push(`${c.id}: coverage contract deleted`);
      if (k.contractHealth !== c.contractHealth)
        problems.push(
          `${c.id}: health ${c.contractHealth}, coverage contract's ${k.contractHealth}`,
        );
      if (c.coverageContractStartAt !== k.startAt)
        problems.push(`${c.id}: start ${c.coverageContractStartAt} vs ${k.startAt}`);
      if (c.coverageContractEndAt !== k.endAt)
        problems.push(`${c.id}: end ${c.coverageContractEndAt} vs ${k.endAt}`);
      if (c.coverageContractAutoRenew !== k.autoRenew)
        problems.push(`${c.id}: autoRenew ${c.coverageContractAutoRenew}`);
    }
    expect(problems).toEqual([]);
  });

  it("coverageContractRenewed: only when another non-deleted contract of the customer renews it and is agreed and not ended", () => {
    const problems: string[] = [];
    for (const c of customers.filter((x) => x.coverageContractRenewed)) {
      const cov = contractById.get(c.coverageContractId ?? "");
      const renewers = (liveContracts.get(c.id) ?? []).filter(
        (k) =>
          k.id !== cov?.id &&
          (k.renewingContractId === cov?.id || cov?.renewalContractId === k.id) &&
          !["DRAFT", "CANCELLED", "EXPIRED"].includes(k.lifecycleStatus),
      );
      if (renewers.length === 0) problems.push(c.id);
    }
    expect(problems).toEqual([]);
    expect(customers.some((c) => c.coverageContractRenewed)).toBe(true);
  });

  it("coverageContractRenewed: true when a renewal of it is agreed, running or upcoming, with no cancellation", () => {
    const agreed = new Set(["RENEWAL_DUE", "ENDING", "HEALTHY", "UPCOMING"]);
    const problems: string[] = [];
    for (const c of customers) {
      if (c.coverageContractId === null || c.coverageContractRenewed) continue;
      const renewer = (liveContracts.get(c.id) ?? []).find(
        (k) =>
          k.id !== c.coverageContractId &&
          k.renewingContractId === c.coverageContractId &&
          k.lifecycleStatus === "ACTIVE" &&
          agreed.has(k.contractHealth) &&
          !("cancelsAt" in k),
      );
      if (renewer) problems.push(`${c.id}: renewed by ${renewer.id} (${renewer.contractHealth})`);
    }
    expect(problems).toEqual([]);
  });

  it("contract health facts: running ones started, upcoming ones not; RENEWAL_DUE/ENDING rules", () => {
    const problems: string[] = [];
    for (const k of contracts) {
      if (k.lifecycleStatus === "DELETED") continue;
      const start = ms(k.startAt);
      const end = ms(k.endAt);
      const say = (what: string) => problems.push(`${k.id} ${k.contractHealth}: ${what}`);
      if (RUNNING.has(k.contractHealth)) {
        if (start > TODAY) say(`starts ${k.startAt}, after today`);
        if (end <= TODAY) say(`ended ${k.endAt}`);
      }
      if (k.contractHealth === "UPCOMING" && start <= TODAY)
        say(`starts ${k.startAt}, not after today`);
      if (k.contractHealth === "RENEWAL_DUE" || k.contractHealth === "ENDING") {
        if (k.autoRenew) say("auto-renews");
      }
      if (k.contractHealth === "RENEWAL_DUE") {
        if (!(k.renewalNoticeDays !== null && k.renewalNoticeDays > 0))
          say(`renewalNoticeDays ${k.renewalNoticeDays}`);
        // No other agreed contract of the customer begins on or after the end of its terms.
        const later = (liveContracts.get(k.customerId) ?? []).filter(
          (o) => o.id !== k.id && o.contractHealth === "UPCOMING" && ms(o.startAt) >= end,
        );
        if (later.length > 0) say(`upcoming ${later[0]!.id} begins after it`);
        if (k.futureAmendment === null && k.renewalNoticeDays !== null) {
          // Terms in force are its last terms: inside the notice period before its end.
          if (!(end - k.renewalNoticeDays * DAY <= TODAY && TODAY < end))
            say(
              `ends ${k.endAt}, notice ${k.renewalNoticeDays} days: not inside the notice period`,
            );
        }
      }
      if (k.contractHealth === "ENDING") {
        if (k.renewalNoticeDays !== null && k.renewalNoticeDays !== 0)
          say(`renewalNoticeDays ${k.renewalNoticeDays}`);
        if (k.futureAmendment === null && !(TODAY < end && end <= TODAY + 30 * DAY))
          say(`terms end ${k.endAt}, not within 30 days`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the RENEWAL_DUE and ENDING date rules above are exercised (contracts with no future amendment)", () => {
    for (const health of ["RENEWAL_DUE", "ENDING"])
      expect(
        contracts.some(
          (k) =>
            k.contractHealth === health &&
            k.futureAmendment === null &&
            k.lifecycleStatus !== "DELETED",
        ),
        health,
      ).toBe(true);
  });

  it("every contractHealth value occurs among the customers", () => {
    expect(new Set(customers.map((c) => c.contractHealth))).toEqual(new Set(HEALTHS));
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

describe("GET /customers: cursors under equivalent filters", () => {
  it("search in another case is the same filter (the filter ignores case)", async () => {
    const first = await api("/customers?search=son&limit=2");
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    const cursor = first.body.nextCursor;
    const same = await api(`/customers?search=SON&limit=2&startingAfter=${cursor}`);
    expect(same.status).toBe(200);
    const lower = await api(`/customers?search=son&limit=2&startingAfter=${cursor}`);
    expect(same.body.data).toEqual(lower.body.data);
    expect((await api(`/customers?search=so&limit=2&startingAfter=${cursor}`)).status).toBe(400);
  });
});
