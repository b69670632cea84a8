/**
 * Customers found by any words of their name and by their addresses, on the real
 * built-in API's customers (a database of the test's own: some are renamed), checked
 * against what the API lists, read here without the dashboard's folding code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerRecord } from "@/lib/api/client";
import { foldCase } from "@/lib/sandbox/fold-case";
import type { SearchIndex } from "./search-index";
import { type Harness, openHarness, upstream, walked } from "./testing/index-harness";

let h: Harness;
let customers: CustomerRecord[];
let index: SearchIndex;

const RENAMED = [
  ["Wiza, Klein and Sons", "accounts@wiza-klein.example", ["ap@wk-holdings.example"]],
  ["Klein Wiza Partners", "billing@kwp.example", []],
  ["Müller & Søn GmbH", "rechnung@mueller.example", ["ceo@mueller.example"]],
  ["O'Hara-Brück Logistics", "ap@ohara.example", []],
  ["Wiza, Klein and Sons", "finance@wiza-klein.example", []],
] as const;

async function everyCustomer(): Promise<CustomerRecord[]> {
  const all: CustomerRecord[] = [];
  let cursor = "";
  for (;;) {
    const page = await h.sandbox.get<{
      data: CustomerRecord[];
      hasMore: boolean;
      nextCursor?: string;
    }>(`/customers?limit=100${cursor}`);
    all.push(...page.body.data);
    if (!page.body.hasMore) return all;
    cursor = `&startingAfter=${page.body.nextCursor}`;
  }
}

/** The name as the test reads it: accents off by Unicode's decomposition, ß, ø and punctuation by hand. */
const plain = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replaceAll("ß", "ss")
    .replaceAll("ø", "o")
    .replace(/'/g, "")
    .replace(/[,&.-]/g, " ");

/** The API's customers a search must find, by name order (as the API lists `name:ASC`). */
function expected(predicate: (c: CustomerRecord) => boolean): string[] {
  return customers
    .filter(predicate)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
    .map((c) => c.id);
}

const ids = (found: { shown: CustomerRecord[] }) => found.shown.map((c) => c.id);

beforeAll(async () => {
  h = openHarness("search-customers", 60);
  const db = h.sandbox.db;
  const some = db
    .prepare(
      "SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL ORDER BY id LIMIT ?",
    )
    .all(h.sandbox.businessId, RENAMED.length) as { id: string }[];
  RENAMED.forEach(([name, billing, copied], i) => {
    db.prepare(
      "UPDATE customers SET name = ?, name_folded = ?, billing_email = ?, invoice_cc_emails = ? WHERE id = ?",
    ).run(name, foldCase(name), billing, JSON.stringify(copied), some[i]!.id);
  });
  customers = await everyCustomer();
  index = h.make();
  await walked(index);
});

afterAll(() => h.close());

describe("customers by words", () => {
  it.each([
    ["wiza k", ["wiza", "k"]],
    ["klein wiza", ["klein", "wiza"]],
    ["WIZA, KLEIN", ["wiza", "klein"]],
    ["sons and wiza", ["sons", "and", "wiza"]],
    ["muller son", ["muller", "son"]],
    ["MÜLLER søn", ["muller", "son"]],
    ["ohara bruck", ["ohara", "bruck"]],
    ["o'hara brück", ["ohara", "bruck"]],
  ])("“%s” finds every customer whose name holds %j, in any order", async (typed, words) => {
    const want = expected((c) => words.every((w) => plain(c.name).includes(w)));
    expect(want.length).toBeGreaterThan(0);
    const found = await index.customers(typed);
    expect(found.index.state).toBe("ready");
    expect(ids(found)).toEqual(want.slice(0, 8));
    expect(found.counted).toBe(want.length);
    for (const c of found.shown) expect(found.matchedBy[c.id]).toBe("name");
  });

  it("tells same-named customers apart: both are listed, each with its record", async () => {
    const found = await index.customers("wiza klein and sons");
    expect(found.shown.map((c) => [c.name, c.billingEmail])).toEqual([
      ["Wiza, Klein and Sons", "accounts@wiza-klein.example"],
      ["Wiza, Klein and Sons", "finance@wiza-klein.example"],
    ]);
    expect(found.shown[0]).toEqual(customers.find((c) => c.id === found.shown[0]!.id));
  });

  it("counts up to 100 and says when more match", async () => {
    const want = expected((c) => plain(c.name).includes("a"));
    const found = await index.customers("a");
    expect(found.shown).toHaveLength(8);
    expect(found.counted).toBe(Math.min(want.length, 100));
    expect(found.more).toBe(want.length > 100);
  });
});

describe("customers by e-mail", () => {
  const addresses = (c: CustomerRecord) => [c.billingEmail, ...c.invoiceCcEmails];
  it.each([
    ["accounts@wiza-klein.example", "a billing address"],
    ["AP@WK-Holdings.example", "a copied address, in any case"],
    ["wiza-klein.example", "a domain"],
    ["@mueller.example", "a domain written with its @"],
  ])("“%s” (%s) finds the customers whose address holds it", async (typed) => {
    const term = typed.toLowerCase().replace(/^@/, "");
    const want = expected((c) => addresses(c).some((a) => a.toLowerCase().includes(term)));
    expect(want.length).toBeGreaterThan(0);
    const found = await index.customers(typed);
    expect(ids(found)).toEqual(want.slice(0, 8));
    for (const c of found.shown) expect(found.matchedBy[c.id]).toBe("email");
  });
});

describe("same-named customers", () => {
  it("are told apart by their e-mails; a customer of a name of its own is not listed", async () => {
    const count = (name: string) => customers.filter((c) => c.name === name).length;
    const want = Object.fromEntries(
      customers.filter((c) => count(c.name) > 1).map((c) => [c.id, c.billingEmail]),
    );
    expect(Object.keys(want).length).toBeGreaterThan(1);
    const all = await index.namesakes(customers.map((c) => c.id));
    expect(all.emails).toEqual(want);
    const wiza = customers.filter((c) => c.name === "Wiza, Klein and Sons").map((c) => c.id);
    const alone = customers.find((c) => count(c.name) === 1)!.id;
    expect((await index.namesakes([...wiza, alone])).emails).toEqual({
      [wiza[0]!]: want[wiza[0]!],
      [wiza[1]!]: want[wiza[1]!],
    });
  });

  it("are none until the customers are read (no API read meanwhile)", async () => {
    const api = upstream(h.sandbox);
    const early = h.make({ upstream: api, source: async () => "not read yet" });
    const found = await early.namesakes(customers.map((c) => c.id));
    expect(found).toMatchObject({ emails: {}, index: { state: "waiting" } });
    expect(api.calls).toEqual([]);
  });
});

describe("before the customers are read", () => {
  it("narrows with the API's own search and checks the other words here; addresses wait", async () => {
    const api = upstream(h.sandbox);
    const early = h.make({ upstream: api, source: async () => "not read yet" });
    const found = await early.customers("k wiza");
    expect(found.index.state).toBe("waiting");
    expect(api.calls).toEqual(["/customers?search=wiza&limit=100&orderBy=name%3AASC"]);
    expect(ids(found)).toEqual(
      expected((c) => plain(c.name).includes("wiza") && plain(c.name).includes("k")),
    );
    expect((await early.customers("ap@ohara.example")).counted).toBe(0);
  });
});
