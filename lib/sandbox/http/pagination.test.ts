/**
 * Cursor pagination, written from docs/api.md ("Pages", "Cursors") and
 * docs/readings.md ("Pages", "Cursors", "Orders"). Cursors are treated as
 * opaque: never decoded, only stored and sent back (or deliberately damaged).
 *
 * The property test at the end compares, for random filters, orders and page sizes,
 * the forward walk, the backward walk and an independent answer: one full forward
 * walk (limit 100) of each unfiltered list, with every status, filtered and sorted
 * here in JS from the spec's definitions (plus two SQL look-ups for the two filters
 * whose definition is not visible on the records).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api, sandboxInfo, testDatabase } from "../testing/sandbox";
import {
  SPEC_CONTRACT_HEALTHS,
  SPEC_FREQUENCIES,
  SPEC_INVOICE_DATE_PARAMETERS,
  SPEC_INVOICE_STATUSES,
  SPEC_LIFECYCLE_STATUSES,
  SPEC_ORDER_FIELDS,
} from "../testing/spec-terms";

// ---------------------------------------------------------------------------
// Helpers

type Params = [string, string][];
interface Rec {
  id: string;
  [field: string]: unknown;
}
interface ListBody {
  data: Rec[];
  hasMore: boolean;
  nextCursor?: string;
  prevCursor?: string;
}
interface ErrorBody {
  message: string;
  code: string;
  issues: { message: string }[];
}

const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
const DAY = 86_400_000;
const CURSOR_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";
const CURSOR_RE = /^[A-Za-z0-9._-]{1,1024}$/;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

const INVOICE_STATUSES = SPEC_INVOICE_STATUSES;
const LIFECYCLE_STATUSES = SPEC_LIFECYCLE_STATUSES;
const HEALTHS = SPEC_CONTRACT_HEALTHS;
const FREQUENCIES = SPEC_FREQUENCIES;
const CUSTOMER_ORDER_FIELDS = SPEC_ORDER_FIELDS["/customers"];
const PAYMENT_ORDER_FIELDS = SPEC_ORDER_FIELDS["/payments"];

const LISTS = ["/invoices", "/customers", "/contracts", "/payments"] as const;
type ListPath = (typeof LISTS)[number];

/** Every record of a list, whatever its status (the lists hide VOIDED / DELETED by default). */
const ALL_STATUSES: Record<ListPath, Params> = {
  "/invoices": [["statuses", INVOICE_STATUSES.join(",")]],
  "/customers": [],
  "/contracts": [["statuses", LIFECYCLE_STATUSES.join(",")]],
  "/payments": [],
};

function qs(params: Params): string {
  if (params.length === 0) return "";
  return `?${params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
}

function describeRequest(path: string, params: Params): string {
  return `${path}${qs(params)}`;
}

/** Checks the list-page rules that hold for every page of every list. */
function checkPage(body: ListBody, limit: number, where: string): void {
  expect(Array.isArray(body.data), where).toBe(true);
  expect(typeof body.hasMore, where).toBe("boolean");
  expect(body.data.length, where).toBeLessThanOrEqual(limit);
  // docs/readings.md, Pages: a page whose hasMore is true holds exactly `limit` records.
  if (body.hasMore) expect(body.data.length, where).toBe(limit);
  if (body.data.length > 0) {
    expect(body.nextCursor, where).toMatch(CURSOR_RE);
    expect(body.prevCursor, where).toMatch(CURSOR_RE);
  } else {
    expect("nextCursor" in body, `${where}: nextCursor on an empty page`).toBe(false);
    expect("prevCursor" in body, `${where}: prevCursor on an empty page`).toBe(false);
    expect(body.hasMore, `${where}: hasMore on an empty page`).toBe(false);
  }
}

function limitOf(params: Params): number {
  const l = params.find(([k]) => k === "limit");
  return l ? Number(l[1]) : 50;
}

async function getPage(path: string, params: Params, key?: string): Promise<ListBody> {
  const where = describeRequest(path, params);
  const res = await api<ListBody>(where, key === undefined ? {} : { key });
  if (res.status !== 200) throw new Error(`${where} → ${res.status} ${JSON.stringify(res.body)}`);
  checkPage(res.body, limitOf(params), where);
  return res.body;
}

async function expect400(path: string, params: Params, names: string[], key?: string) {
  const where = describeRequest(path, params);
  const res = await api<ErrorBody>(where, key === undefined ? {} : { key });
  expect(res.status, `${where} → ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400);
  expect(Object.keys(res.body).sort(), where).toEqual(["code", "issues", "message"]);
  expect(res.body.code, where).toBe("BAD_REQUEST");
  expect(res.body.message, where).toBe("Input validation failed");
  expect(Array.isArray(res.body.issues), where).toBe(true);
  for (const name of names) {
    expect(
      res.body.issues.some((i) => JSON.stringify(i).includes(name)),
      `${where}: no issue names ${name}: ${JSON.stringify(res.body.issues)}`,
    ).toBe(true);
  }
  return res.body;
}

const ids = (records: Rec[]) => records.map((r) => r.id);

interface Walk {
  ids: string[];
  pages: { body: ListBody; limit: number; start: number }[];
}

/**
 * Reads a whole list forward (spec list rule 2). `limits` is cycled, so the page
 * size changes between pages; `rewrite` may rewrite the filters of each follow-up
 * request into an equivalent form (same filters written in another order).
 */
async function walkForward(
  path: string,
  filters: Params,
  limits: number[],
  options: { key?: string; rewrite?: (p: Params, page: number) => Params } = {},
): Promise<Walk> {
  const walk: Walk = { ids: [], pages: [] };
  let cursor: string | undefined;
  for (let n = 0; n < 5000; n++) {
    const limit = limits[n % limits.length]!;
    const base = n > 0 && options.rewrite ? options.rewrite(filters, n) : filters;
    const params: Params = [...base, ["limit", String(limit)]];
    if (cursor !== undefined) params.push(["startingAfter", cursor]);
    const body = await getPage(path, params, options.key);
    walk.pages.push({ body, limit, start: walk.ids.length });
    walk.ids.push(...ids(body.data));
    if (n > 0)
      expect(body.data.length, `${path}: empty page after hasMore=true`).toBeGreaterThan(0);
    if (!body.hasMore) return walk;
    cursor = body.nextCursor;
  }
  throw new Error(`${path}: the walk did not end`);
}

/**
 * Reads the list backward from its last page (endingBefore = prevCursor, repeated
 * while hasMore), checking every backward page against the forward walk: it must
 * hold the `limit` records just before the page it was asked from, in the list's own
 * order, and hasMore must say whether records exist before it.
 */
async function walkBackward(
  path: string,
  filters: Params,
  forward: Walk,
  limits: number[],
  options: { key?: string; rewrite?: (p: Params, page: number) => Params } = {},
): Promise<string[]> {
  const last = forward.pages.at(-1)!;
  const collected = ids(last.body.data);
  let end = last.start;
  let cursor = last.body.prevCursor;
  for (let n = 0; cursor !== undefined; n++) {
    if (n > 5000) throw new Error(`${path}: the backward walk did not end`);
    const limit = limits[n % limits.length]!;
    const base = options.rewrite ? options.rewrite(filters, n + 1) : filters;
    const params: Params = [...base, ["limit", String(limit)], ["endingBefore", cursor]];
    const where = describeRequest(path, params);
    const body = await getPage(path, params, options.key);
    const from = Math.max(0, end - limit);
    expect(ids(body.data), `${where}: backward page content`).toEqual(forward.ids.slice(from, end));
    expect(body.hasMore, `${where}: backward hasMore`).toBe(from > 0);
    collected.unshift(...ids(body.data));
    end = from;
    if (!body.hasMore) break;
    cursor = body.prevCursor;
  }
  return collected;
}

function expectNoRepeats(list: string[], where: string) {
  const seen = new Set<string>();
  const repeats: string[] = [];
  for (const id of list) {
    if (seen.has(id)) repeats.push(id);
    seen.add(id);
  }
  expect(repeats, `${where}: repeated ids`).toEqual([]);
}

function mutateAt(cursor: string, i: number): string {
  const c = cursor[i]!;
  const next = CURSOR_ALPHABET[(CURSOR_ALPHABET.indexOf(c) + 1) % CURSOR_ALPHABET.length]!;
  return cursor.slice(0, i) + next + cursor.slice(i + 1);
}

// ---------------------------------------------------------------------------
// The independent answer: every record of each list, with every status.

const all: Record<ListPath, Rec[]> = {
  "/invoices": [],
  "/customers": [],
  "/contracts": [],
  "/payments": [],
};
let needsApprovalIds = new Set<string>();
let frequencyCustomers = new Map<string, Set<string>>();

beforeAll(async () => {
  for (const path of LISTS)
    all[path] = (await walkForward(path, ALL_STATUSES[path], [100])).pages.flatMap(
      (p) => p.body.data,
    );
  const db = testDatabase();
  const business = sandboxInfo().demoBusinessId;
  needsApprovalIds = new Set(
    (
      db
        .prepare(
          "SELECT id FROM invoices WHERE business_id = ? AND status = 'DRAFT' AND needs_approval = 1",
        )
        .all(business) as { id: string }[]
    ).map((r) => r.id),
  );
  frequencyCustomers = new Map(FREQUENCIES.map((f) => [f, new Set<string>()]));
  const rows = db
    .prepare(
      `SELECT DISTINCT c.customer_id AS id, b.frequency AS frequency
       FROM contracts c JOIN billables b ON b.contract_id = c.id
       WHERE c.business_id = ? AND c.lifecycle_status <> 'DELETED' AND b.kind = 'SUBSCRIPTION'`,
    )
    .all(business) as { id: string; frequency: string }[];
  for (const r of rows) frequencyCustomers.get(r.frequency)?.add(r.id);
}, 120_000);

// ---------------------------------------------------------------------------
// Ordering by the spec's definitions

type Cmp = (a: Rec, b: Rec) => number;
const time = (v: unknown): number => (typeof v === "string" ? Date.parse(v) : Number.NaN);
const num = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
const str = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const money = (r: Rec, f: string) => (r[f] as { value: number }).value;

/** Customer amounts "compare the number alone"; none → 0; several currencies → last ascending. */
function amountSortKey(v: unknown): number {
  const entries = Object.values((v ?? {}) as Record<string, { value: number }>);
  if (entries.length === 0) return 0;
  if (entries.length > 1) return Number.POSITIVE_INFINITY;
  return entries[0]!.value;
}
const healthRank = (v: unknown) => HEALTHS.indexOf(v as (typeof HEALTHS)[number]);

function customerField(field: string): Cmp {
  switch (field) {
    case "name":
      return (a, b) => str(a.name as string, b.name as string);
    case "contractHealth":
      return (a, b) => num(healthRank(a.contractHealth), healthRank(b.contractHealth));
    case "coverageContractStartAt": {
      // no coverageContractStartAt: last ascending, first descending
      const k = (r: Rec) =>
        r.coverageContractStartAt === null
          ? Number.POSITIVE_INFINITY
          : time(r.coverageContractStartAt);
      return (a, b) => num(k(a), k(b));
    }
    case "contractValueAmount":
    case "remainingToInvoiceAmount":
      return (a, b) => num(amountSortKey(a[field]), amountSortKey(b[field]));
    case "createdAt":
      return (a, b) => num(time(a.createdAt), time(b.createdAt));
    default:
      throw new Error(field);
  }
}

/** customerName may be null (unattributed payment): where nulls sort is not shown, so both are tried. */
function paymentField(field: string, nullsHigh: boolean): Cmp {
  switch (field) {
    case "receivedDate":
      return (a, b) => num(time(a.receivedDate), time(b.receivedDate));
    case "customerName":
      return (a, b) => {
        const x = a.customerName as string | null;
        const y = b.customerName as string | null;
        if (x === null || y === null) {
          if (x === y) return 0;
          return (x === null) === nullsHigh ? 1 : -1;
        }
        return str(x, y);
      };
    case "bankFeeAmountCents": {
      const k = (r: Rec) => (r.bankFee as { amountCents: number } | null)?.amountCents ?? 0;
      return (a, b) => num(k(a), k(b));
    }
    case "amountCents":
    case "appliedAmountCents":
    case "unappliedAmountCents":
      return (a, b) => num(a[field] as number, b[field] as number);
    default:
      throw new Error(field);
  }
}

function combine(parts: { cmp: Cmp; desc: boolean }[]): Cmp {
  return (a, b) => {
    for (const { cmp, desc } of parts) {
      const c = cmp(a, b);
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  };
}

/**
 * The orders the spec allows for `records` under `cmp`: "every order is made total by
 * id as the last tie-breaker"; the tie-breaker's direction is not shown, so both.
 */
function expectedOrders(records: Rec[], cmps: Cmp[]): string[][] {
  const out: string[][] = [];
  for (const cmp of cmps)
    for (const idDesc of [false, true]) {
      const sorted = [...records].sort((a, b) => {
        const c = cmp(a, b);
        if (c !== 0) return c;
        return idDesc ? str(b.id, a.id) : str(a.id, b.id);
      });
      out.push(ids(sorted));
    }
  return out;
}

function expectOneOf(actual: string[], allowed: string[][], where: string) {
  if (allowed.some((o) => o.length === actual.length && o.every((id, i) => actual[i] === id)))
    return;
  const first = allowed[0]!;
  const missing = first.filter((id) => !actual.includes(id));
  const extra = actual.filter((id) => !first.includes(id));
  const at = actual.findIndex((id, i) => first[i] !== id);
  throw new Error(
    `${where}: got ${actual.length} ids, expected ${first.length}; missing ${missing.length} ${JSON.stringify(missing.slice(0, 5))}, extra ${extra.length} ${JSON.stringify(extra.slice(0, 5))}, first difference at ${at}: ${actual[at]} vs ${first[at]}`,
  );
}

// ---------------------------------------------------------------------------

describe("the independent answer itself", () => {
  it("the unfiltered walks hold exactly the business's records, once each, in the default order", () => {
    const db = testDatabase();
    const business = sandboxInfo().demoBusinessId;
    const fromDb = {
      "/invoices": "SELECT id FROM invoices WHERE business_id = ?",
      "/customers": "SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL",
      "/contracts": "SELECT id FROM contracts WHERE business_id = ?",
      "/payments": "SELECT id FROM payments WHERE business_id = ? AND type = 'CASH'",
    } satisfies Record<ListPath, string>;
    for (const path of LISTS) {
      const walked = ids(all[path]);
      expect(walked.length, path).toBeGreaterThan(0);
      expectNoRepeats(walked, path);
      const expected = (db.prepare(fromDb[path]).all(business) as { id: string }[]).map(
        (r) => r.id,
      );
      expect(new Set(walked), path).toEqual(new Set(expected));
    }
    const created: Cmp = (a, b) => num(time(a.createdAt), time(b.createdAt));
    expectOneOf(ids(all["/invoices"]), expectedOrders(all["/invoices"], [created]), "/invoices");
    expectOneOf(ids(all["/contracts"]), expectedOrders(all["/contracts"], [created]), "/contracts");
    expectOneOf(
      ids(all["/payments"]),
      expectedOrders(all["/payments"], [
        combine([{ cmp: paymentField("receivedDate", true), desc: true }]),
      ]),
      "/payments",
    );
    // docs/readings.md, Orders: health table order, then coverageContractEndAt ascending nulls last, then name.
    const endKey = (r: Rec) =>
      r.coverageContractEndAt === null ? Number.POSITIVE_INFINITY : time(r.coverageContractEndAt);
    const attention = combine([
      { cmp: customerField("contractHealth"), desc: false },
      { cmp: (a, b) => num(endKey(a), endKey(b)), desc: false },
      { cmp: customerField("name"), desc: false },
    ]);
    expectOneOf(
      ids(all["/customers"]),
      expectedOrders(all["/customers"], [attention]),
      "/customers",
    );
  });
});

describe("page sizes and hasMore", () => {
  it.each(LISTS)(
    "%s: default limit is 50, and a hasMore page holds exactly limit records",
    async (path) => {
      const body = await getPage(path, ALL_STATUSES[path]);
      const total = all[path].length;
      expect(body.data.length).toBe(Math.min(50, total));
      expect(body.hasMore).toBe(total > 50);
    },
  );

  it.each(LISTS)("%s: limit 1 and limit 100 work", async (path) => {
    for (const limit of [1, 100]) {
      const body = await getPage(path, [...ALL_STATUSES[path], ["limit", String(limit)]]);
      expect(body.data.length).toBe(Math.min(limit, all[path].length));
      expect(body.hasMore).toBe(all[path].length > limit);
      expect(ids(body.data)).toEqual(ids(all[path]).slice(0, limit));
    }
  });

  it.each(LISTS)(
    "%s: limit 0, 101, -1, 1.5, abc, 1e2, empty are 400 naming limit",
    async (path) => {
      for (const bad of [
        "0",
        "101",
        "-1",
        "1.5",
        "abc",
        "1e2",
        "",
        " 5",
        "0x10",
        "99999999999999999999",
      ])
        await expect400(path, [["limit", bad]], ["limit"]);
    },
  );

  it.each([
    ["/invoices", [["customerId", NIL_UUID]]],
    ["/customers", [["search", "zq-no-customer-is-named-this-qz"]]],
    ["/contracts", [["customerIds", NIL_UUID]]],
    ["/payments", [["customerId", NIL_UUID]]],
  ] as [ListPath, Params][])(
    "%s: a filter matching nothing gives an empty page without cursors",
    async (path, filters) => {
      const body = await getPage(path, filters);
      expect(body).toEqual({ data: [], hasMore: false });
    },
  );
});

describe("walking a list", () => {
  it.each(LISTS)(
    "%s: forward walk with changing limits covers the list once, in order",
    async (path) => {
      const walk = await walkForward(path, ALL_STATUSES[path], [97, 1, 100, 33, 64]);
      expect(walk.ids).toEqual(ids(all[path]));
    },
  );

  it.each(["/customers", "/contracts"] as ListPath[])(
    "%s: backward walk from the end with small pages gives the same ids in the same order",
    async (path) => {
      const limits = [7, 3, 11];
      const forward = await walkForward(path, ALL_STATUSES[path], [13, 5]);
      const backward = await walkBackward(path, ALL_STATUSES[path], forward, limits);
      expect(backward).toEqual(forward.ids);
    },
  );

  it("/invoices: backward walk of one customer's invoices ordered by issuedAt:DESC", async () => {
    const customer = all["/invoices"][0]!.customerId as string;
    const filters: Params = [
      ["customerId", customer],
      ["statuses", INVOICE_STATUSES.join(",")],
      ["orderBy", "issuedAt:DESC"],
    ];
    const forward = await walkForward("/invoices", filters, [4, 9]);
    expect(forward.ids.length).toBeGreaterThan(0);
    const backward = await walkBackward("/invoices", filters, forward, [5, 2]);
    expect(backward).toEqual(forward.ids);
  });

  it("reading before the first page and after the last page gives empty pages", async () => {
    const first = await getPage("/customers", [["limit", "10"]]);
    const before = await getPage("/customers", [
      ["limit", "10"],
      ["endingBefore", first.prevCursor!],
    ]);
    expect(before).toEqual({ data: [], hasMore: false });

    const total = all["/customers"].length;
    const lastStart = total - (total % 100 || 100);
    const walk = await walkForward("/customers", [], [100]);
    const last = walk.pages.at(-1)!;
    expect(last.start).toBe(lastStart);
    expect(last.body.hasMore).toBe(false);
    const after = await getPage("/customers", [
      ["limit", "100"],
      ["startingAfter", last.body.nextCursor!],
    ]);
    expect(after).toEqual({ data: [], hasMore: false });
  });

  it("a backward page's nextCursor continues forward right after it", async () => {
    const forward = await walkForward("/contracts", [], [20]);
    const third = forward.pages[2]!;
    const back = await getPage("/contracts", [
      ["limit", "20"],
      ["endingBefore", third.body.prevCursor!],
    ]);
    expect(ids(back.data)).toEqual(forward.ids.slice(20, 40));
    const again = await getPage("/contracts", [
      ["limit", "20"],
      ["startingAfter", back.nextCursor!],
    ]);
    expect(ids(again.data)).toEqual(forward.ids.slice(40, 60));
  });

  it("a cursor can be sent again and gives the same page", async () => {
    const first = await getPage("/invoices", [["limit", "5"]]);
    const a = await getPage("/invoices", [
      ["limit", "5"],
      ["startingAfter", first.nextCursor!],
    ]);
    const b = await getPage("/invoices", [
      ["limit", "5"],
      ["startingAfter", first.nextCursor!],
    ]);
    expect(b).toEqual(a);
  });
});

describe("cursors are bound to their filters and order", () => {
  async function cursorsOf(path: string, params: Params) {
    const body = await getPage(path, [...params, ["limit", "3"]]);
    expect(body.hasMore).toBe(true);
    return { next: body.nextCursor!, prev: body.prevCursor!, body };
  }

  it("/invoices: different statuses, a filter added or removed, a different orderBy → 400", async () => {
    const base: Params = [["statuses", "ISSUED,DRAFT"]];
    const { next, prev } = await cursorsOf("/invoices", base);
    const variants: Params[] = [
      [["statuses", "ISSUED"]],
      [],
      [["statuses", "ISSUED,DRAFT,APPROVED"]],
      [...base, ["orderBy", "issuedAt:ASC"]],
      [...base, ["needsApproval", "true"]],
      [...base, ["hasOutstandingBalance", "false"]],
      [...base, ["issueDateStartAt", "2000-01-01"]],
    ];
    for (const v of variants) {
      await expect400("/invoices", [...v, ["startingAfter", next]], ["startingAfter"]);
      await expect400("/invoices", [...v, ["endingBefore", prev]], ["endingBefore"]);
    }
  });

  it("/invoices: a cursor issued under orderBy is refused under another order or none", async () => {
    const { next } = await cursorsOf("/invoices", [["orderBy", "issuedAt:ASC"]]);
    await expect400(
      "/invoices",
      [
        ["orderBy", "issuedAt:DESC"],
        ["startingAfter", next],
      ],
      ["startingAfter"],
    );
    await expect400("/invoices", [["startingAfter", next]], ["startingAfter"]);
  });

  it("/customers: orderBy changed (direction, field added, reordered) → 400", async () => {
    const { next } = await cursorsOf("/customers", [["orderBy", "name:ASC,createdAt:DESC"]]);
    for (const orderBy of [
      "name:DESC,createdAt:DESC",
      "name:ASC",
      "createdAt:DESC,name:ASC",
      "name:ASC,createdAt:DESC,contractHealth:ASC",
    ])
      await expect400(
        "/customers",
        [
          ["orderBy", orderBy],
          ["startingAfter", next],
        ],
        ["startingAfter"],
      );
    await expect400("/customers", [["startingAfter", next]], ["startingAfter"]);
    await expect400(
      "/customers",
      [
        ["orderBy", "name:ASC,createdAt:DESC"],
        ["search", "a"],
        ["startingAfter", next],
      ],
      ["startingAfter"],
    );
  });

  it("/payments and /contracts: a changed filter → 400", async () => {
    const pay = await cursorsOf("/payments", [["isAttributed", "true"]]);
    await expect400(
      "/payments",
      [
        ["isAttributed", "false"],
        ["startingAfter", pay.next],
      ],
      ["startingAfter"],
    );
    await expect400("/payments", [["startingAfter", pay.next]], ["startingAfter"]);
    await expect400(
      "/payments",
      [
        ["isAttributed", "true"],
        // Another order than the default (receivedDate:DESC alone is the default order:
        // cursor-limits.test.ts).
        ["orderBy", "receivedDate:DESC,amountCents:DESC"],
        ["startingAfter", pay.next],
      ],
      ["startingAfter"],
    );
    const con = await cursorsOf("/contracts", [["processingInvoices", "false"]]);
    await expect400(
      "/contracts",
      [
        ["processingInvoices", "true"],
        ["startingAfter", con.next],
      ],
      ["startingAfter"],
    );
    await expect400("/contracts", [["startingAfter", con.next]], ["startingAfter"]);
  });

  it("the same filters written in another order keep the cursor valid", async () => {
    const a = await cursorsOf("/invoices", [["statuses", "ISSUED,DRAFT"]]);
    const viaReordered = await getPage("/invoices", [
      ["statuses", "DRAFT,ISSUED"],
      ["limit", "3"],
      ["startingAfter", a.next],
    ]);
    const viaSame = await getPage("/invoices", [
      ["statuses", "ISSUED,DRAFT"],
      ["limit", "3"],
      ["startingAfter", a.next],
    ]);
    expect(viaReordered).toEqual(viaSame);
    expect(viaSame.data.length).toBe(3);

    // customerIds reordered, on /contracts and /invoices; parameters in another order too
    const customers = [...new Set(all["/contracts"].map((c) => c.customerId as string))].slice(
      0,
      6,
    );
    for (const path of ["/contracts", "/invoices"] as const) {
      const forward = customers.join(",");
      const reversed = [...customers].reverse().join(",");
      const first = await getPage(path, [
        ["customerIds", forward],
        ["limit", "2"],
      ]);
      expect(first.hasMore).toBe(true);
      const x = await getPage(path, [
        ["limit", "2"],
        ["startingAfter", first.nextCursor!],
        ["customerIds", reversed],
      ]);
      const y = await getPage(path, [
        ["customerIds", forward],
        ["limit", "2"],
        ["startingAfter", first.nextCursor!],
      ]);
      expect(x, path).toEqual(y);
    }

    const h = await cursorsOf("/customers", [["contractHealths", "HEALTHY,RENEWAL_DUE,ENDING"]]);
    await getPage("/customers", [
      ["contractHealths", "ENDING,HEALTHY,RENEWAL_DUE"],
      ["limit", "3"],
      ["startingAfter", h.next],
    ]);
  });

  it("limit may change between pages", async () => {
    const first = await getPage("/invoices", [["limit", "10"]]);
    const next = await getPage("/invoices", [
      ["limit", "37"],
      ["startingAfter", first.nextCursor!],
    ]);
    expect(ids(next.data)).toEqual(
      ids(all["/invoices"].filter((i) => i.status !== "VOIDED")).slice(10, 47),
    );
    const back = await getPage("/invoices", [
      ["limit", "4"],
      ["endingBefore", next.prevCursor!],
    ]);
    expect(ids(back.data)).toEqual(ids(first.data).slice(6, 10));
  });
});

describe("cursor validity", () => {
  it.each(LISTS)("%s: startingAfter and endingBefore together → 400", async (path) => {
    const body = await getPage(path, [["limit", "2"]]);
    await expect400(
      path,
      [
        ["startingAfter", body.nextCursor!],
        ["endingBefore", body.prevCursor!],
      ],
      [],
    );
    await expect400(
      path,
      [
        ["startingAfter", body.nextCursor!],
        ["endingBefore", body.nextCursor!],
      ],
      [],
    );
  });

  it("cursors use only letters, digits, '.', '_', '-' and are at most 1024 characters", async () => {
    for (const path of LISTS) {
      const walk = await walkForward(path, ALL_STATUSES[path], [100]);
      for (const { body } of walk.pages) {
        expect(body.nextCursor).toMatch(CURSOR_RE);
        expect(body.prevCursor).toMatch(CURSOR_RE);
      }
    }
    const threeFields = await getPage("/customers", [
      [
        "orderBy",
        "coverageContractStartAt:DESC,contractValueAmount:ASC,remainingToInvoiceAmount:DESC",
      ],
      ["contractHealths", HEALTHS.join(",")],
      ["limit", "1"],
    ]);
    expect(threeFields.nextCursor).toMatch(CURSOR_RE);
    const names = await getPage("/customers", [
      ["orderBy", "name:DESC,createdAt:ASC,contractHealth:DESC"],
      ["limit", "1"],
    ]);
    expect(names.nextCursor).toMatch(CURSOR_RE);
  });

  it("a cursor with any one character changed → 400", async () => {
    const body = await getPage("/invoices", [["limit", "5"]]);
    const next = body.nextCursor!;
    for (let i = 0; i < next.length; i++)
      await expect400(
        "/invoices",
        [
          ["limit", "5"],
          ["startingAfter", mutateAt(next, i)],
        ],
        ["startingAfter"],
      );
    const prev = (
      await getPage("/invoices", [
        ["limit", "5"],
        ["startingAfter", next],
      ])
    ).prevCursor!;
    for (let i = 0; i < prev.length; i++)
      await expect400(
        "/invoices",
        [
          ["limit", "5"],
          ["endingBefore", mutateAt(prev, i)],
        ],
        ["endingBefore"],
      );
  });

  const damages: [string, (c: string) => string][] = [
    ["last character removed", (c) => c.slice(0, -1)],
    ["first character removed", (c) => c.slice(1)],
    ["a letter appended", (c) => `${c}A`],
    ["a digit appended", (c) => `${c}0`],
    ["a letter prepended", (c) => `A${c}`],
    ["reversed", (c) => [...c].reverse().join("")],
    ["doubled", (c) => `${c}${c}`.slice(0, 1024)],
    [
      "case swapped",
      (c) =>
        [...c].map((x) => (x === x.toUpperCase() ? x.toLowerCase() : x.toUpperCase())).join(""),
    ],
  ];
  it.each(damages)("a cursor with %s → 400", async (_, damage) => {
    const body = await getPage("/customers", [["limit", "5"]]);
    for (const [name, cursor] of [
      ["startingAfter", body.nextCursor!],
      ["endingBefore", body.prevCursor!],
    ] as const) {
      const damaged = damage(cursor);
      expect(damaged).not.toBe(cursor);
      await expect400(
        "/customers",
        [
          ["limit", "5"],
          [name, damaged],
        ],
        [name],
      );
    }
  });

  it("well-formed garbage cursors → 400", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LISTS),
        fc.string({ unit: fc.constantFrom(...CURSOR_ALPHABET), minLength: 1, maxLength: 1024 }),
        fc.boolean(),
        async (path, garbage, backward) => {
          const name = backward ? "endingBefore" : "startingAfter";
          await expect400(path, [[name, garbage]], [name]);
        },
      ),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it("a cursor of one list sent to another list → 400", async () => {
    for (const from of LISTS) {
      const body = await getPage(from, [["limit", "1"]]);
      for (const to of LISTS) {
        if (to === from) continue;
        await expect400(to, [["startingAfter", body.nextCursor!]], ["startingAfter"]);
        await expect400(to, [["endingBefore", body.prevCursor!]], ["endingBefore"]);
      }
    }
  });

  it("a cursor issued to one business sent with another business's key → 400, never data", async () => {
    const { keys } = sandboxInfo();
    for (const path of LISTS) {
      for (const [mine, theirs] of [
        [keys.demo, keys.other],
        [keys.other, keys.demo],
      ] as const) {
        const body = await getPage(path, [["limit", "1"]], mine);
        expect(body.data.length, `${path}: the business has no records`).toBe(1);
        await expect400(path, [["startingAfter", body.nextCursor!]], ["startingAfter"], theirs);
        await expect400(path, [["endingBefore", body.prevCursor!]], ["endingBefore"], theirs);
      }
    }
  });
});

// ---------------------------------------------------------------------------
// Property: forward walk = backward walk = independent answer

const dateArb = fc
  .tuple(fc.integer({ min: -900, max: 400 }), fc.integer({ min: 0, max: DAY - 1 }), fc.boolean())
  .map(([days, ms, dateOnly]) => {
    const t = Math.floor(NOW / DAY) * DAY + days * DAY + (dateOnly ? 0 : ms);
    const iso = new Date(t).toISOString();
    return { text: dateOnly ? iso.slice(0, 10) : iso, ms: t };
  });

/** A filter present about one time in `1 + absentWeight`. */
function sometimes<T>(arb: fc.Arbitrary<T>, absentWeight = 4): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: absentWeight, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: arb },
  );
}

function shuffledCsv(values: string[], seed: number): string {
  const copy = [...values];
  let s = seed + 1;
  for (let i = copy.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.join(",");
}

/** Same filters in another form: comma lists and parameters in another order. */
function rewriteFor(csvParams: string[]) {
  return (params: Params, page: number): Params => {
    const rewritten = params.map(([k, v]): [string, string] =>
      csvParams.includes(k) ? [k, shuffledCsv(v.split(","), page)] : [k, v],
    );
    return page % 2 === 1 ? rewritten.reverse() : rewritten;
  };
}

const limitsArb = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 });

async function checkWalks(
  path: ListPath,
  filters: Params,
  expected: string[][],
  limits: number[],
  csvParams: string[],
) {
  const where = describeRequest(path, filters);
  // keep a run to a few dozen pages on a 2-core machine
  const floor = Math.ceil((expected[0]?.length ?? 0) / 30);
  const sizes = limits.map((l) => Math.min(100, Math.max(l, floor)));
  const rewrite = rewriteFor(csvParams);
  const forward = await walkForward(path, filters, sizes, { rewrite });
  expectNoRepeats(forward.ids, `${where} forward`);
  expectOneOf(forward.ids, expected, `${where} forward`);
  const backward = await walkBackward(path, filters, forward, [...sizes].reverse(), { rewrite });
  expect(backward, `${where} backward`).toEqual(forward.ids);
  stats.runs++;
  if (forward.ids.length > 0) stats.nonEmpty++;
  if (forward.pages.length > 2) stats.multiPage++;
}

/** How often the random runs actually exercised something (checked after each property). */
const stats = { runs: 0, nonEmpty: 0, multiPage: 0 };
function resetStats() {
  stats.runs = 0;
  stats.nonEmpty = 0;
  stats.multiPage = 0;
}
function expectCoverage() {
  expect(stats.nonEmpty, "runs with records").toBeGreaterThanOrEqual(Math.floor(stats.runs / 3));
  expect(stats.multiPage, "runs with 3 or more pages").toBeGreaterThanOrEqual(
    Math.floor(stats.runs / 6),
  );
}

function push(params: Params, name: string, value: string | undefined) {
  if (value !== undefined) params.push([name, value]);
}

// Hundreds of walks each: on a machine shared with other work they outlast the usual minute.
describe("property: forward walk, backward walk and the independent answer agree", {
  timeout: 180_000,
}, () => {
  const runs = { numRuns: 60, seed: Number(process.env.FC_SEED ?? 424242) };

  it("/invoices", async () => {
    resetStats();
    const invoices = all["/invoices"];
    const customerIds = [...new Set(invoices.map((i) => i.customerId as string))];
    const contractIds = [...new Set(invoices.map((i) => i.contractId as string))];
    const arb = fc.record({
      customerId: sometimes(fc.constantFrom(...customerIds)),
      customerIds: sometimes(fc.subarray(customerIds, { minLength: 1, maxLength: 5 })),
      contractId: sometimes(fc.constantFrom(...contractIds), 6),
      statuses: sometimes(fc.subarray([...INVOICE_STATUSES], { minLength: 1 }), 2),
      needsApproval: sometimes(fc.boolean()),
      issueDateStartAt: sometimes(dateArb),
      issueDateEndAt: sometimes(dateArb),
      dueDateStartAt: sometimes(dateArb, 6),
      dueDateEndAt: sometimes(dateArb, 6),
      periodStartAtOrAfter: sometimes(dateArb, 6),
      periodStartBefore: sometimes(dateArb, 6),
      hasOutstandingBalance: sometimes(fc.boolean(), 6),
      hasAppliedPayments: sometimes(fc.boolean(), 6),
      hasUncoveredBalance: sometimes(fc.boolean(), 6),
      orderBy: sometimes(fc.constantFrom("issuedAt:ASC", "issuedAt:DESC"), 1),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "customerId", f.customerId);
        push(params, "customerIds", f.customerIds?.join(","));
        push(params, "contractId", f.contractId);
        push(params, "statuses", f.statuses?.join(","));
        push(params, "needsApproval", f.needsApproval?.toString());
        for (const k of SPEC_INVOICE_DATE_PARAMETERS) push(params, k, f[k]?.text);
        push(params, "hasOutstandingBalance", f.hasOutstandingBalance?.toString());
        push(params, "hasAppliedPayments", f.hasAppliedPayments?.toString());
        push(params, "hasUncoveredBalance", f.hasUncoveredBalance?.toString());
        push(params, "orderBy", f.orderBy);

        const issueMeasure = (r: Rec) => time(r.issuedAt ?? r.periodStartAt);
        const issued = (r: Rec) => r.status === "ISSUED";
        const dueAt = (r: Rec) => (r.dueAt === null ? Number.NaN : time(r.dueAt));
        const kept = invoices.filter((r) => {
          if (f.customerId && r.customerId !== f.customerId) return false;
          if (f.customerIds && !f.customerIds.includes(r.customerId as string)) return false;
          if (f.contractId && r.contractId !== f.contractId) return false;
          if (f.statuses ? !f.statuses.includes(r.status as never) : r.status === "VOIDED")
            return false;
          if (f.needsApproval === true && !needsApprovalIds.has(r.id)) return false;
          if (f.issueDateStartAt && !(issueMeasure(r) >= f.issueDateStartAt.ms)) return false;
          if (f.issueDateEndAt && !(issueMeasure(r) <= f.issueDateEndAt.ms)) return false;
          if (f.dueDateStartAt && !(issued(r) && dueAt(r) >= f.dueDateStartAt.ms)) return false;
          if (f.dueDateEndAt && !(issued(r) && dueAt(r) <= f.dueDateEndAt.ms)) return false;
          if (f.periodStartAtOrAfter && !(time(r.periodStartAt) >= f.periodStartAtOrAfter.ms))
            return false;
          if (f.periodStartBefore && !(time(r.periodStartAt) < f.periodStartBefore.ms))
            return false;
          const applied = money(r, "appliedAmount");
          const total = money(r, "totalAmount");
          const remaining = money(r, "remainingAmount");
          if (f.hasOutstandingBalance !== undefined)
            if (!issued(r) || applied < total !== f.hasOutstandingBalance) return false;
          if (f.hasAppliedPayments !== undefined)
            if (!issued(r) || applied > 0 !== f.hasAppliedPayments) return false;
          if (f.hasUncoveredBalance !== undefined)
            if (!issued(r) || remaining > 0 !== f.hasUncoveredBalance) return false;
          return true;
        });
        const cmp: Cmp = f.orderBy
          ? combine([
              {
                cmp: (a, b) => num(issueMeasure(a), issueMeasure(b)),
                desc: f.orderBy === "issuedAt:DESC",
              },
            ])
          : (a, b) => num(time(a.createdAt), time(b.createdAt));
        await checkWalks("/invoices", params, expectedOrders(kept, [cmp]), limits, [
          "customerIds",
          "statuses",
        ]);
      }),
      runs,
    );
    expectCoverage();
  });

  it("/customers", async () => {
    resetStats();
    const customers = all["/customers"];
    const names = customers.map((c) => c.name as string);
    const searchArb = fc
      .tuple(fc.constantFrom(...names), fc.nat(), fc.integer({ min: 1, max: 4 }), fc.boolean())
      .map(([name, at, len, flip]) => {
        const start = at % Math.max(1, name.length);
        const part = name.slice(start, start + len) || name;
        return flip ? part.toUpperCase() : part.toLowerCase();
      });
    const orderArb = fc
      .uniqueArray(fc.constantFrom(...CUSTOMER_ORDER_FIELDS), { minLength: 1, maxLength: 3 })
      .chain((fields) => fc.tuple(...fields.map((f) => fc.constantFrom(`${f}:ASC`, `${f}:DESC`))));
    const arb = fc.record({
      search: sometimes(
        fc.oneof(
          searchArb,
          fc.string({ minLength: 1, maxLength: 3 }).filter((s) => s.trim() === s && s.length > 0),
        ),
        3,
      ),
      subscriptionFrequency: sometimes(fc.constantFrom(...FREQUENCIES), 3),
      contractHealths: sometimes(fc.subarray([...HEALTHS], { minLength: 1 }), 2),
      orderBy: sometimes(orderArb, 1),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "search", f.search);
        push(params, "subscriptionFrequency", f.subscriptionFrequency);
        push(params, "contractHealths", f.contractHealths?.join(","));
        push(params, "orderBy", f.orderBy?.join(","));
        const needle = f.search?.toLowerCase();
        const kept = customers.filter((c) => {
          if (needle !== undefined && !(c.name as string).toLowerCase().includes(needle))
            return false;
          if (
            f.subscriptionFrequency &&
            !frequencyCustomers.get(f.subscriptionFrequency)!.has(c.id)
          )
            return false;
          if (f.contractHealths && !f.contractHealths.includes(c.contractHealth as never))
            return false;
          return true;
        });
        const endKey = (r: Rec) =>
          r.coverageContractEndAt === null
            ? Number.POSITIVE_INFINITY
            : time(r.coverageContractEndAt);
        const cmp = f.orderBy
          ? combine(
              f.orderBy.map((o) => {
                const [field, dir] = o.split(":") as [string, string];
                return { cmp: customerField(field), desc: dir === "DESC" };
              }),
            )
          : combine([
              { cmp: customerField("contractHealth"), desc: false },
              { cmp: (a, b) => num(endKey(a), endKey(b)), desc: false },
              { cmp: customerField("name"), desc: false },
            ]);
        await checkWalks("/customers", params, expectedOrders(kept, [cmp]), limits, [
          "contractHealths",
        ]);
      }),
      runs,
    );
    expectCoverage();
  });

  it("/contracts", async () => {
    resetStats();
    const contracts = all["/contracts"];
    const customerIds = [...new Set(contracts.map((c) => c.customerId as string))];
    const arb = fc.record({
      customerIds: sometimes(fc.subarray(customerIds, { minLength: 1, maxLength: 6 }), 2),
      statuses: sometimes(fc.subarray([...LIFECYCLE_STATUSES], { minLength: 1 }), 1),
      processingInvoices: sometimes(fc.boolean(), 2),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "customerIds", f.customerIds?.join(","));
        push(params, "statuses", f.statuses?.join(","));
        push(params, "processingInvoices", f.processingInvoices?.toString());
        const kept = contracts.filter((c) => {
          if (f.customerIds && !f.customerIds.includes(c.customerId as string)) return false;
          if (
            f.statuses
              ? !f.statuses.includes(c.lifecycleStatus as never)
              : c.lifecycleStatus === "DELETED"
          )
            return false;
          if (f.processingInvoices !== undefined && c.processingInvoices !== f.processingInvoices)
            return false;
          return true;
        });
        const cmp: Cmp = (a, b) => num(time(a.createdAt), time(b.createdAt));
        await checkWalks("/contracts", params, expectedOrders(kept, [cmp]), limits, [
          "customerIds",
          "statuses",
        ]);
      }),
      runs,
    );
    expectCoverage();
  });

  it("/payments", async () => {
    resetStats();
    const payments = all["/payments"];
    const customerIds = [
      ...new Set(
        payments.map((p) => p.customerId).filter((c): c is string => typeof c === "string"),
      ),
    ];
    const orderArb = fc
      .uniqueArray(fc.constantFrom(...PAYMENT_ORDER_FIELDS), { minLength: 1, maxLength: 3 })
      .chain((fields) => fc.tuple(...fields.map((f) => fc.constantFrom(`${f}:ASC`, `${f}:DESC`))));
    const arb = fc.record({
      customerId: sometimes(fc.constantFrom(...customerIds), 1),
      isAttributed: sometimes(fc.boolean(), 2),
      // "false" is not defined by the spec for this filter: only true is drawn
      hasUnappliedAmount: sometimes(fc.constant(true as const), 2),
      orderBy: sometimes(orderArb, 1),
    });
    await fc.assert(
      fc.asyncProperty(arb, limitsArb, async (f, limits) => {
        const params: Params = [];
        push(params, "customerId", f.customerId);
        push(params, "isAttributed", f.isAttributed?.toString());
        push(params, "hasUnappliedAmount", f.hasUnappliedAmount?.toString());
        push(params, "orderBy", f.orderBy?.join(","));
        const kept = payments.filter((p) => {
          if (f.customerId && p.customerId !== f.customerId) return false;
          if (f.isAttributed !== undefined && (p.customerId !== null) !== f.isAttributed)
            return false;
          if (f.hasUnappliedAmount) {
            const fee = p.bankFee as { unappliedAmountCents: number } | null;
            if (!((p.unappliedAmountCents as number) > 0 || (fee?.unappliedAmountCents ?? 0) > 0))
              return false;
          }
          return true;
        });
        const cmps = [false, true].map((nullsHigh) =>
          f.orderBy
            ? combine(
                f.orderBy.map((o) => {
                  const [field, dir] = o.split(":") as [string, string];
                  return { cmp: paymentField(field, nullsHigh), desc: dir === "DESC" };
                }),
              )
            : combine([{ cmp: paymentField("receivedDate", nullsHigh), desc: true }]),
        );
        await checkWalks("/payments", params, expectedOrders(kept, cmps), limits, []);
      }),
      runs,
    );
    expectCoverage();
  });
});
