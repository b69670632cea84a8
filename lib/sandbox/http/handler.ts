/**
 * The built-in API's request handling: one function from a Request to a Response,
 * so the Next.js route stays a one-liner and tests can drive the real handler on a
 * real database without a server.
 */
import type Database from "better-sqlite3";
import { INVOICE_STATUSES, LIFECYCLE_STATUSES } from "@/lib/api/enums";
import {
  contractFilterParams,
  customerFilterParams,
  invoiceFilterParams,
  type ParamDefs,
  type ParsedParams,
  pagingParams,
  parseQuery,
  paymentFilterParams,
} from "@/lib/api/list-params";
import { UUID_PATTERN } from "@/lib/api/schemas";
import { iso, today } from "../clock";
import { type CursorKey, decodeCursor, encodeCursor, scopeFingerprint } from "../cursor";
import { foldCase } from "../fold-case";
import { authenticate, type Caller } from "../keys";
import { contractListQuery, toContracts } from "../queries/contracts";
import { customerListQuery, getCustomer, toCustomers } from "../queries/customers";
import { getInvoice, invoiceListQuery, toInvoices } from "../queries/invoices";
import { type KeysetQuery, keysOfRecord, runKeyset } from "../queries/keyset";
import { paymentListQuery, toPayments } from "../queries/payments";
import { readMeta } from "../storage/db";
import { ensureHealthFor } from "../storage/derive";
import { openApiDocument } from "./openapi";

const JSON_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
};

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export const errors = {
  badRequest: (issues: string[]) =>
    json(400, {
      message: "Input validation failed",
      code: "BAD_REQUEST",
      issues: issues.map((message) => ({ message })),
    }),
  unauthorized: (issue?: string) =>
    json(
      401,
      { message: "Unauthorized", code: "UNAUTHORIZED", issues: issue ? [{ message: issue }] : [] },
      { "www-authenticate": 'Bearer realm="invoicing"' },
    ),
  notFound: () =>
    json(404, {
      message: "The record does not exist for your business.",
      code: "NOT_FOUND",
      issues: [],
    }),
  routeNotFound: () =>
    json(404, {
      message: "The record does not exist for your business.",
      code: "NOT_FOUND",
      issues: [{ message: "No such route: see /openapi.json" }],
    }),
  methodNotAllowed: () =>
    json(
      405,
      {
        message: "The API is read-only: only GET is allowed.",
        code: "METHOD_NOT_ALLOWED",
        issues: [],
      },
      { allow: "GET" },
    ),
  internal: () =>
    json(500, {
      message: "An unexpected error occurred.",
      code: "INTERNAL_SERVER_ERROR",
      issues: [],
    }),
};

interface ListRoute<D extends ParamDefs, Item> {
  name: string;
  claim: string;
  params: D;
  /**
   * The filters as the cursor's scope: a filter written so that it selects what its
   * absence selects is dropped, and text the filter compares ignoring case is folded,
   * so equivalent filters keep a run's cursors valid (spec list rule 4).
   */
  scope?: (filters: ParsedParams<D>) => ParsedParams<D>;
  query: (businessId: string, filters: ParsedParams<D>) => Omit<KeysetQuery, "limit" | "cursor">;
  toRecords: (db: Database.Database, rows: unknown[]) => Item[];
}

function listRoute<D extends ParamDefs, Item>(route: ListRoute<D, Item>) {
  return route;
}

/** What `statuses` selects when omitted (spec): every status but VOIDED, every one but DELETED. */
const DEFAULT_INVOICE_STATUSES = INVOICE_STATUSES.filter((s) => s !== "VOIDED");
const DEFAULT_CONTRACT_STATUSES = LIFECYCLE_STATUSES.filter((s) => s !== "DELETED");

function sameSet(values: readonly string[] | undefined, set: readonly string[]): boolean {
  return (
    values !== undefined && values.length === set.length && set.every((v) => values.includes(v))
  );
}

const LIST_ROUTES = {
  invoices: listRoute({
    name: "invoices",
    claim: "invoices:read",
    params: invoiceFilterParams,
    query: invoiceListQuery,
    toRecords: (_db, rows) => toInvoices(rows),
    scope: ({ needsApproval, statuses, ...rest }) => ({
      ...rest,
      // "false or omitted: no filter".
      needsApproval: needsApproval === true ? true : undefined,
      statuses: sameSet(statuses, DEFAULT_INVOICE_STATUSES) ? undefined : statuses,
    }),
  }),
  customers: listRoute({
    name: "customers",
    claim: "customers:read",
    params: customerFilterParams,
    query: customerListQuery,
    toRecords: toCustomers,
    scope: ({ search, ...rest }) => ({
      ...rest,
      search: search === undefined ? undefined : foldCase(search),
    }),
  }),
  contracts: listRoute({
    name: "contracts",
    claim: "contracts:read",
    params: contractFilterParams,
    query: contractListQuery,
    toRecords: toContracts,
    scope: ({ statuses, ...rest }) => ({
      ...rest,
      statuses: sameSet(statuses, DEFAULT_CONTRACT_STATUSES) ? undefined : statuses,
    }),
  }),
  payments: listRoute({
    name: "payments",
    claim: "payments:read",
    params: paymentFilterParams,
    query: paymentListQuery,
    toRecords: (_db, rows) => toPayments(rows),
    // `receivedDate:DESC` alone is the default order (newest received first, ties by id).
    scope: ({ orderBy, ...rest }) => ({
      ...rest,
      orderBy:
        orderBy?.length === 1 &&
        orderBy[0]!.field === "receivedDate" &&
        orderBy[0]!.direction === "DESC"
          ? undefined
          : orderBy,
    }),
  }),
} as const;

const DEFAULT_LIMIT = 50;
/** The spec's cursor length limit: a cursor the server issues must be one it accepts. */
const MAX_CURSOR_LENGTH = 1024;
/**
 * A sort key longer than this (a customer's name can be any length) is left out of a
 * cursor that would otherwise exceed MAX_CURSOR_LENGTH; it is read again from the
 * record the cursor points at (its id is the last key) when the cursor comes back.
 */
const LONG_KEY = 64;

const CURSOR_PARAMS = ["startingAfter", "endingBefore"] as const;

/**
 * What is wrong with the request's cursors, one issue per problem, named by parameter
 * (docs/readings.md, Cursors), reported with the other parameters' issues. A cursor whose own
 * parameter already has an issue (its format) is not looked at again. The scope check
 * needs the filters: `scope` is given only when they are valid.
 */
function cursorIssues(
  search: URLSearchParams,
  secret: string,
  list: string,
  businessId: string,
  flagged: string[],
  scope?: string,
): { issues: string[]; cursor?: KeysetQuery["cursor"] } {
  const issues: string[] = [];
  const sent = CURSOR_PARAMS.filter((name) => search.has(name));
  if (sent.length > 1)
    issues.push("startingAfter, endingBefore: send one cursor or the other, not both");
  let cursor: KeysetQuery["cursor"];
  for (const name of sent) {
    if (flagged.some((issue) => issue.startsWith(`${name}:`))) continue;
    const payload = decodeCursor(secret, search.get(name) ?? "");
    if (!payload || payload.list !== list || payload.businessId !== businessId) {
      issues.push(`${name}: not a cursor this list issued`);
      continue;
    }
    const expected = name === "startingAfter" ? "after" : "before";
    if (payload.direction !== expected)
      issues.push(
        `${name}: send a ${expected === "after" ? "nextCursor as startingAfter" : "prevCursor as endingBefore"}`,
      );
    else if (scope !== undefined && payload.scope !== scope)
      issues.push(
        `${name}: the cursor was issued under other filters or another orderBy; restart without a cursor to change them`,
      );
    else cursor = { direction: payload.direction, keys: payload.keys };
  }
  return { issues, cursor: issues.length === 0 ? cursor : undefined };
}

function handleList<D extends ParamDefs, Item>(
  db: Database.Database,
  caller: Caller,
  route: ListRoute<D, Item>,
  search: URLSearchParams,
): Response {
  const parsed = parseQuery(search, { ...route.params, ...pagingParams });
  const secret = readMeta(db, "cursor_secret") ?? "";
  if (!parsed.ok) {
    const { issues } = cursorIssues(search, secret, route.name, caller.businessId, parsed.issues);
    return errors.badRequest([...parsed.issues, ...issues]);
  }
  const { limit, startingAfter, endingBefore, ...rest } = parsed.value as ParsedParams<D> &
    ParsedParams<typeof pagingParams>;
  const filters = rest as ParsedParams<D>;
  // The cursor is bound to the list, the business, and the filters and order.
  const scope = scopeFingerprint({ list: route.name, ...(route.scope?.(filters) ?? filters) });
  const checked = cursorIssues(search, secret, route.name, caller.businessId, [], scope);
  if (checked.issues.length > 0) return errors.badRequest(checked.issues);
  const query = route.query(caller.businessId, filters);
  let cursor = checked.cursor;
  if (cursor && cursor.keys.length !== query.order.length)
    return errors.badRequest(["cursor: not a cursor this list issued"]);
  if (cursor?.keys.includes(null)) {
    // A cursor issued without its long keys: they are the record's, read again.
    const keys = keysOfRecord(db, query, cursor.keys[cursor.keys.length - 1]!);
    if (!keys)
      return errors.badRequest([
        `${startingAfter !== undefined ? "startingAfter" : "endingBefore"}: the record this cursor points at is no longer in the list; restart without a cursor`,
      ]);
    cursor = { ...cursor, keys };
  }
  const page = runKeyset(db, { ...query, limit: limit ?? DEFAULT_LIMIT, cursor });
  const body: Record<string, unknown> = {
    data: route.toRecords(db, page.rows),
    hasMore: page.hasMore,
  };
  const first = page.keys[0];
  const last = page.keys[page.keys.length - 1];
  if (first && last) {
    const issue = (direction: "after" | "before", keys: CursorKey[]) => {
      const payload = { list: route.name, businessId: caller.businessId, scope, direction };
      const token = encodeCursor(secret, { ...payload, keys });
      if (token.length <= MAX_CURSOR_LENGTH) return token;
      const shortened = keys.map((key, i) =>
        typeof key === "string" && key.length > LONG_KEY && i < keys.length - 1 ? null : key,
      );
      return encodeCursor(secret, { ...payload, keys: shortened });
    };
    body.nextCursor = issue("after", last);
    body.prevCursor = issue("before", first);
  }
  return json(200, body);
}

function handleById(
  search: URLSearchParams,
  id: string,
  load: (id: string) => unknown | null,
): Response {
  const parsed = parseQuery(search, {});
  const issues = parsed.ok ? [] : parsed.issues;
  if (!UUID_PATTERN.test(id)) issues.unshift(`id: must be a uuid`);
  if (issues.length > 0) return errors.badRequest(issues);
  const record = load(id.toLowerCase());
  return record ? json(200, record) : errors.notFound();
}

export interface HandlerContext {
  db: () => Database.Database;
}

/**
 * Answers one request to the built-in API. `path` is the part after `/api/v1`,
 * e.g. `/invoices` or `/customers/<id>`.
 */
export async function handleApiRequest(
  request: Request,
  path: string,
  context: HandlerContext,
): Promise<Response> {
  try {
    if (request.method !== "GET") return errors.methodNotAllowed();
    const url = new URL(request.url);
    const segments = path.split("/").filter(Boolean);
    const [resource, id, ...extra] = segments;
    if (extra.length > 0) return errors.routeNotFound();

    if ((resource === "health" || resource === "openapi.json") && !id) {
      // Public, and still strict: a parameter the route does not know is a 400 (docs/readings.md, Invalid parameters).
      const parsed = parseQuery(url.searchParams, {});
      if (!parsed.ok) return errors.badRequest(parsed.issues);
      return resource === "health" ? health(context) : json(200, openApiDocument());
    }

    const db = context.db();
    const caller = authenticate(db, request.headers.get("authorization"));
    if (!caller) return errors.unauthorized();
    const requireClaim = (claim: string) =>
      caller.claims.has(claim) ? null : errors.unauthorized(`The key lacks the claim ${claim}`);

    if (resource === "me" && !id) {
      const parsed = parseQuery(url.searchParams, {});
      if (!parsed.ok) return errors.badRequest(parsed.issues);
      return json(200, {
        apiKeyId: caller.keyId,
        entityId: caller.businessId,
        entityName: caller.businessName,
        authorizationClaims: [...caller.claims],
        createdAt: iso(caller.createdAt),
      });
    }
    if (resource === "invoices" && id !== undefined)
      return (
        requireClaim("invoices:read") ??
        handleById(url.searchParams, id, (invoiceId) =>
          getInvoice(db, caller.businessId, invoiceId),
        )
      );
    if (resource === "customers" && id !== undefined) {
      const denied = requireClaim("customers:read");
      if (denied) return denied;
      ensureHealthFor(db, today());
      return handleById(url.searchParams, id, (customerId) =>
        getCustomer(db, caller.businessId, customerId),
      );
    }
    if (resource && !id && Object.hasOwn(LIST_ROUTES, resource)) {
      const route = LIST_ROUTES[resource as keyof typeof LIST_ROUTES] as ListRoute<
        ParamDefs,
        unknown
      >;
      const denied = requireClaim(route.claim);
      if (denied) return denied;
      if (route.name === "customers" || route.name === "contracts") ensureHealthFor(db, today());
      return handleList(db, caller, route, url.searchParams);
    }
    return errors.routeNotFound();
  } catch (error) {
    // Never echo the request (it may hold a key); log the failure itself.
    console.error("[sandbox] unexpected error:", error instanceof Error ? error.stack : error);
    return errors.internal();
  }
}

function health(context: HandlerContext): Response {
  try {
    const db = context.db();
    db.prepare("SELECT 1 FROM businesses LIMIT 1").get();
    return json(200, { status: "ok" });
  } catch {
    return json(503, { status: "unavailable" });
  }
}
