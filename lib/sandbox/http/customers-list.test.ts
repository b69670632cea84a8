/**
 * GET /customers as a list, checked against docs/api.md ("GET /customers") and
 * docs/readings.md ("Orders"): the default order, search, the subscriptionFrequency and
 * contractHealths filters, orderBy and cursors, compared with the whole list sorted and
 * filtered here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Contract, Customer, MoneyByCurrency } from "@/lib/api/schemas";
import { cmp, expectSameIds, ids, ms } from "../testing/compare";
import { api, sandboxInfo, testDatabase } from "../testing/sandbox";
import { SPEC_FREQUENCIES, SPEC_ORDER_FIELDS } from "../testing/spec-terms";
import { HEALTHS, listIds, loadCustomerData, rank } from "./testing/customers";

const FREQUENCIES = SPEC_FREQUENCIES;

let customers: Customer[];
/** Non-deleted contracts per customer id. */
let liveContracts: Map<string, Contract[]>;

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

beforeAll(async () => {
  ({ customers, liveContracts } = await loadCustomerData());
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
