/**
 * Cursors at the edges of the documents' rules, on a database of its own (records are
 * changed here): a cursor the API issues stays within the spec's 1 to 1024 characters
 * whatever the record's sort values (a customer's name has no length limit); every
 * cursor problem is named alongside the other parameters' issues (docs/readings.md,
 * Cursors: one issue per problem); and an explicit `orderBy` equal to the default
 * keeps a cursor valid.
 */
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnSandbox, openOwnSandbox } from "../testing/own-sandbox";

interface Rec {
  id: string;
  name?: string;
  customerName?: string | null;
}
interface Page {
  data: Rec[];
  hasMore: boolean;
  nextCursor?: string;
  prevCursor?: string;
}

const CURSOR_RE = /^[A-Za-z0-9._-]{1,1024}$/;
const LONG_NAME = `${"Zymurgy & Sons ".repeat(60)}Ltd`; // 903 characters, sorts last by name

let sandbox: OwnSandbox;
let db: Database.Database;
let longNamed: string;

const get = <T = Page>(pathAndQuery: string) => sandbox.get<T>(pathAndQuery);

/** Every record of a list, walking `limit` at a time forward. */
async function walk(list: string, query: string, limit: number) {
  const ids: string[] = [];
  const cursors: string[] = [];
  let last: Page | undefined;
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await get(
      `/${list}?${query}&limit=${limit}${cursor ? `&startingAfter=${cursor}` : ""}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    ids.push(...page.body.data.map((r) => r.id));
    for (const c of [page.body.nextCursor, page.body.prevCursor]) if (c) cursors.push(c);
    last = page.body;
    if (!page.body.hasMore) return { ids, cursors, last };
    cursor = page.body.nextCursor;
  }
  throw new Error("the walk did not end");
}

/** Every record of a list, walking back from its last page with `endingBefore`. */
async function walkBack(list: string, query: string, limit: number) {
  const { last } = await walk(list, query, limit);
  const ids = last!.data.map((r) => r.id);
  const cursors: string[] = [];
  let cursor = last!.prevCursor;
  for (let i = 0; i < 1000 && cursor; i++) {
    const page = await get(`/${list}?${query}&limit=${limit}&endingBefore=${cursor}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    ids.unshift(...page.body.data.map((r) => r.id));
    for (const c of [page.body.nextCursor, page.body.prevCursor]) if (c) cursors.push(c);
    if (!page.body.hasMore) return { ids, cursors };
    cursor = page.body.prevCursor;
  }
  throw new Error("the walk did not end");
}

beforeAll(() => {
  sandbox = openOwnSandbox("cursor-limits", 40);
  db = sandbox.db;
  // A customer that has payments, renamed to a very long name.
  const customer = db
    .prepare(
      `SELECT c.id FROM customers c JOIN payments p ON p.customer_id = c.id
       WHERE c.business_id = ? AND c.deleted_at IS NULL GROUP BY c.id ORDER BY c.id LIMIT 1`,
    )
    .get(sandbox.businessId) as { id: string };
  longNamed = customer.id;
  db.prepare("UPDATE customers SET name = ?, name_folded = ? WHERE id = ?").run(
    LONG_NAME,
    LONG_NAME.toLowerCase(),
    longNamed,
  );
});

afterAll(() => sandbox.close());

describe("a cursor stays within 1 to 1024 characters whatever the sort values", () => {
  it("customers by name, both ways: every cursor is valid, the walks see every customer once", async () => {
    const full = await get("/customers?orderBy=name:DESC&limit=100");
    const expected = full.body.data.map((r) => r.id);
    expect(full.body.data[0]!.name).toBe(LONG_NAME);
    for (const query of ["orderBy=name:DESC", "orderBy=name:ASC", ""]) {
      const forward = await walk("customers", query, 1);
      const backward = await walkBack("customers", query, 1);
      for (const c of [...forward.cursors, ...backward.cursors]) expect(c).toMatch(CURSOR_RE);
      expect(backward.ids).toEqual(forward.ids);
      expect(new Set(forward.ids)).toEqual(new Set(expected));
    }
    const desc = await walk("customers", "orderBy=name:DESC", 1);
    expect(desc.ids).toEqual(expected);
  });

  it("payments by customer name: the long-named customer's payments are walked in order", async () => {
    const query = "orderBy=customerName:DESC,amountCents:ASC";
    const forward = await walk("payments", query, 2);
    for (const c of forward.cursors) expect(c).toMatch(CURSOR_RE);
    const oneGo = await walk("payments", query, 100);
    expect(forward.ids).toEqual(oneGo.ids);
    const page = await get(`/payments?${query}&limit=3`);
    expect(page.body.data.every((p) => p.customerName === LONG_NAME)).toBe(true);
  });

  it("a cursor whose record has left the list since is refused, saying why", async () => {
    const page = await get("/customers?orderBy=name:DESC&limit=1");
    expect(page.body.data[0]!.id).toBe(longNamed);
    const cursor = page.body.nextCursor!;
    db.prepare("UPDATE customers SET deleted_at = ? WHERE id = ?").run(Date.now(), longNamed);
    try {
      const answer = await get<{ code: string; issues: { message: string }[] }>(
        `/customers?orderBy=name:DESC&limit=1&startingAfter=${cursor}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((i) => i.message)).toEqual([
        "startingAfter: the record this cursor points at is no longer in the list; restart without a cursor",
      ]);
    } finally {
      db.prepare("UPDATE customers SET deleted_at = NULL WHERE id = ?").run(longNamed);
    }
  });
});

describe("cursor problems are named with the other parameters' issues", () => {
  const issuesOf = async (query: string) => {
    const answer = await get<{ code: string; issues: { message: string }[] }>(`/invoices?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("BAD_REQUEST");
    return answer.body.issues.map((i) => i.message);
  };

  it("both cursors, neither issued here, and an unknown parameter: four issues", async () => {
    expect(await issuesOf("startingAfter=abc&endingBefore=def&foo=1")).toEqual([
      "foo: unknown parameter",
      "startingAfter, endingBefore: send one cursor or the other, not both",
      "startingAfter: not a cursor this list issued",
      "endingBefore: not a cursor this list issued",
    ]);
  });

  it("a bad limit and a bad cursor: both named", async () => {
    const issues = await issuesOf("startingAfter=abc&limit=0");
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(/^limit: /);
    expect(issues[1]).toBe("startingAfter: not a cursor this list issued");
  });

  it("a cursor sent the wrong way with a bad parameter: both named", async () => {
    const page = await get("/invoices?limit=2");
    const issues = await issuesOf(
      `endingBefore=${page.body.nextCursor}&hasOutstandingBalance=maybe`,
    );
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(/^hasOutstandingBalance: /);
    expect(issues[1]).toBe("endingBefore: send a prevCursor as endingBefore");
  });

  it("a cursor's own format problem is named once", async () => {
    const issues = await issuesOf(`startingAfter=${"a".repeat(1025)}&foo=1`);
    expect(issues.filter((i) => i.startsWith("startingAfter:"))).toHaveLength(1);
  });
});

describe("an orderBy written as the default order is the default order", () => {
  it("payments: a cursor of the default order continues under orderBy=receivedDate:DESC, and back", async () => {
    const first = await get("/payments?limit=5");
    const next = await get(`/payments?limit=5&startingAfter=${first.body.nextCursor}`);
    const explicit = await get(
      `/payments?limit=5&orderBy=receivedDate:DESC&startingAfter=${first.body.nextCursor}`,
    );
    expect(explicit.status).toBe(200);
    expect(explicit.body.data.map((r) => r.id)).toEqual(next.body.data.map((r) => r.id));
    const back = await get(`/payments?limit=5&endingBefore=${explicit.body.prevCursor}`);
    expect(back.body.data.map((r) => r.id)).toEqual(first.body.data.map((r) => r.id));
    // Another order is another order.
    const other = await get(
      `/payments?limit=5&orderBy=receivedDate:ASC&startingAfter=${first.body.nextCursor}`,
    );
    expect(other.status).toBe(400);
  });
});
