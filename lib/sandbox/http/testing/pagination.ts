/**
 * What the tests of cursor pagination share (docs/api.md, "Pages", "Cursors";
 * docs/readings.md, "Pages", "Cursors"): reading a page and checking the rules every
 * page keeps, checking a 400, walking a list forward and backward, and the
 * independent answer, read once per worker: one full forward walk (limit 100) of each
 * unfiltered list, with every status, plus two SQL look-ups for the two filters whose
 * definition is not visible on the records. Cursors are treated as opaque: never
 * decoded, only stored and sent back (or deliberately damaged).
 */
import { expect } from "vitest";
import { api, sandboxInfo, testDatabase } from "../../testing/sandbox";
import {
  SPEC_CONTRACT_HEALTHS,
  SPEC_FREQUENCIES,
  SPEC_INVOICE_STATUSES,
  SPEC_LIFECYCLE_STATUSES,
  SPEC_ORDER_FIELDS,
} from "../../testing/spec-terms";

export type Params = [string, string][];
export interface Rec {
  id: string;
  [field: string]: unknown;
}
export interface ListBody {
  data: Rec[];
  hasMore: boolean;
  nextCursor?: string;
  prevCursor?: string;
}
export interface ErrorBody {
  message: string;
  code: string;
  issues: { message: string }[];
}

export const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
export const DAY = 86_400_000;
export const CURSOR_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";
export const CURSOR_RE = /^[A-Za-z0-9._-]{1,1024}$/;
export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export const INVOICE_STATUSES = SPEC_INVOICE_STATUSES;
export const LIFECYCLE_STATUSES = SPEC_LIFECYCLE_STATUSES;
export const HEALTHS = SPEC_CONTRACT_HEALTHS;
export const FREQUENCIES = SPEC_FREQUENCIES;
export const CUSTOMER_ORDER_FIELDS = SPEC_ORDER_FIELDS["/customers"];
export const PAYMENT_ORDER_FIELDS = SPEC_ORDER_FIELDS["/payments"];

export const LISTS = ["/invoices", "/customers", "/contracts", "/payments"] as const;
export type ListPath = (typeof LISTS)[number];

/** Every record of a list, whatever its status (the lists hide VOIDED / DELETED by default). */
export const ALL_STATUSES: Record<ListPath, Params> = {
  "/invoices": [["statuses", INVOICE_STATUSES.join(",")]],
  "/customers": [],
  "/contracts": [["statuses", LIFECYCLE_STATUSES.join(",")]],
  "/payments": [],
};

function qs(params: Params): string {
  if (params.length === 0) return "";
  return `?${params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
}

export function describeRequest(path: string, params: Params): string {
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

export async function getPage(path: string, params: Params, key?: string): Promise<ListBody> {
  const where = describeRequest(path, params);
  const res = await api<ListBody>(where, key === undefined ? {} : { key });
  if (res.status !== 200) throw new Error(`${where} → ${res.status} ${JSON.stringify(res.body)}`);
  checkPage(res.body, limitOf(params), where);
  return res.body;
}

export async function expect400(path: string, params: Params, names: string[], key?: string) {
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

export const ids = (records: Rec[]) => records.map((r) => r.id);

export interface Walk {
  ids: string[];
  pages: { body: ListBody; limit: number; start: number }[];
}

/**
 * Reads a whole list forward (spec list rule 2). `limits` is cycled, so the page
 * size changes between pages; `rewrite` may rewrite the filters of each follow-up
 * request into an equivalent form (same filters written in another order).
 */
export async function walkForward(
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
export async function walkBackward(
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

export function expectNoRepeats(list: string[], where: string) {
  const seen = new Set<string>();
  const repeats: string[] = [];
  for (const id of list) {
    if (seen.has(id)) repeats.push(id);
    seen.add(id);
  }
  expect(repeats, `${where}: repeated ids`).toEqual([]);
}

export function mutateAt(cursor: string, i: number): string {
  const c = cursor[i]!;
  const next = CURSOR_ALPHABET[(CURSOR_ALPHABET.indexOf(c) + 1) % CURSOR_ALPHABET.length]!;
  return cursor.slice(0, i) + next + cursor.slice(i + 1);
}

// ---------------------------------------------------------------------------
// The independent answer: every record of each list, with every status.

export interface Answer {
  all: Record<ListPath, Rec[]>;
  /** Ids of the DRAFT invoices that need approval. */
  needsApprovalIds: Set<string>;
  /** Per subscription frequency, the customers with a live contract billing at it. */
  frequencyCustomers: Map<string, Set<string>>;
}

async function reallyLoadAnswer(): Promise<Answer> {
  const all: Record<ListPath, Rec[]> = {
    "/invoices": [],
    "/customers": [],
    "/contracts": [],
    "/payments": [],
  };
  for (const path of LISTS)
    all[path] = (await walkForward(path, ALL_STATUSES[path], [100])).pages.flatMap(
      (p) => p.body.data,
    );
  const db = testDatabase();
  const business = sandboxInfo().demoBusinessId;
  const needsApprovalIds = new Set(
    (
      db
        .prepare(
          "SELECT id FROM invoices WHERE business_id = ? AND status = 'DRAFT' AND needs_approval = 1",
        )
        .all(business) as { id: string }[]
    ).map((r) => r.id),
  );
  const frequencyCustomers = new Map<string, Set<string>>(
    FREQUENCIES.map((f) => [f, new Set<string>()]),
  );
  const rows = db
    .prepare(
      `SELECT DISTINCT c.customer_id AS id, b.frequency AS frequency
       FROM contracts c JOIN billables b ON b.contract_id = c.id
       WHERE c.business_id = ? AND c.lifecycle_status <> 'DELETED' AND b.kind = 'SUBSCRIPTION'`,
    )
    .all(business) as { id: string; frequency: string }[];
  for (const r of rows) frequencyCustomers.get(r.frequency)?.add(r.id);
  return { all, needsApprovalIds, frequencyCustomers };
}

let loaded: Promise<Answer> | undefined;

/** The independent answer, read once per worker. */
export function loadAnswer(): Promise<Answer> {
  loaded ??= reallyLoadAnswer();
  return loaded;
}
