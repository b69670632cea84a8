/**
 * What the documents say of a list's query string, for the fuzz tests: the parameters
 * of each authenticated route and their kinds, and when a request must be a 400 (an
 * unknown parameter, a repeated one, an empty value, a bad boolean / uuid / enum /
 * limit / orderBy / search / cursor: docs/api.md "Lists" and the parameter tables;
 * docs/readings.md "Parameter names", "Invalid parameters"). `check` holds an answer
 * to those rules: 200 or 400 (404 only on the by-id routes), and a 400 says what was
 * wrong (non-empty `issues`).
 */
import { expect } from "vitest";
import { api } from "../../testing/sandbox";
import {
  SPEC_CONTRACT_HEALTHS,
  SPEC_FREQUENCIES,
  SPEC_INVOICE_STATUSES,
  SPEC_LIFECYCLE_STATUSES,
  SPEC_ORDER_FIELDS,
} from "../../testing/spec-terms";

export type Kind =
  | "uuid"
  | "uuids"
  | "bool"
  | "date"
  | "limit"
  | "cursor"
  | "search"
  | "invoiceStatuses"
  | "lifecycleStatuses"
  | "healths"
  | "frequency"
  | "invoiceOrder"
  | "customerOrder"
  | "paymentOrder";

const SHARED: Record<string, Kind> = {
  startingAfter: "cursor",
  endingBefore: "cursor",
  limit: "limit",
};
export const ROUTE_PARAMS: Record<string, Record<string, Kind>> = {
  "/invoices": {
    customerId: "uuid",
    customerIds: "uuids",
    contractId: "uuid",
    statuses: "invoiceStatuses",
    needsApproval: "bool",
    issueDateStartAt: "date",
    issueDateEndAt: "date",
    dueDateStartAt: "date",
    dueDateEndAt: "date",
    periodStartAtOrAfter: "date",
    periodStartBefore: "date",
    hasOutstandingBalance: "bool",
    hasAppliedPayments: "bool",
    hasUncoveredBalance: "bool",
    orderBy: "invoiceOrder",
    ...SHARED,
  },
  "/customers": {
    search: "search",
    subscriptionFrequency: "frequency",
    contractHealths: "healths",
    orderBy: "customerOrder",
    ...SHARED,
  },
  "/contracts": {
    customerIds: "uuids",
    statuses: "lifecycleStatuses",
    processingInvoices: "bool",
    ...SHARED,
  },
  "/payments": {
    customerId: "uuid",
    isAttributed: "bool",
    hasUnappliedAmount: "bool",
    orderBy: "paymentOrder",
    ...SHARED,
  },
  "/me": {},
  "/invoices/{id}": {},
  "/customers/{id}": {},
};
export const ALL_NAMES = [...new Set(Object.values(ROUTE_PARAMS).flatMap((p) => Object.keys(p)))];

const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
const CURSOR_RE = /^[A-Za-z0-9._-]{1,1024}$/;
export const ENUMS: Partial<Record<Kind, string[]>> = {
  invoiceStatuses: [...SPEC_INVOICE_STATUSES],
  lifecycleStatuses: [...SPEC_LIFECYCLE_STATUSES],
  healths: [...SPEC_CONTRACT_HEALTHS],
  frequency: [...SPEC_FREQUENCIES],
};
export const ORDER_FIELDS: Partial<Record<Kind, { fields: string[]; max: number }>> = {
  invoiceOrder: { fields: [...SPEC_ORDER_FIELDS["/invoices"]], max: 1 },
  customerOrder: { fields: [...SPEC_ORDER_FIELDS["/customers"]], max: 3 },
  paymentOrder: { fields: [...SPEC_ORDER_FIELDS["/payments"]], max: 3 },
};

/** Why the documents require a 400 for this query, or null when they do not. */
function mustBe400(route: string, params: URLSearchParams): string | null {
  const known = ROUTE_PARAMS[route]!;
  const seen = new Map<string, string>();
  for (const [name, value] of params) {
    if (!Object.hasOwn(known, name)) return `unknown parameter ${JSON.stringify(name)}`;
    const before = seen.get(name);
    if (before !== undefined && before !== value) return `${name} repeated with different values`;
    seen.set(name, value);
    if (value === "") return `${name} is empty`;
    const kind = known[name]!;
    switch (kind) {
      case "uuid":
        if (!UUID_RE.test(value)) return `${name} is not a uuid`;
        break;
      case "uuids":
        if (!value.split(",").every((v) => UUID_RE.test(v))) return `${name} holds a bad uuid`;
        break;
      case "bool":
        if (value !== "true" && value !== "false") return `${name} is not true/false`;
        break;
      case "limit": {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > 100) return "limit outside 1..100";
        break;
      }
      case "cursor":
        if (!CURSOR_RE.test(value)) return `${name} outside the cursor alphabet or length`;
        break;
      case "search":
        if ([...value].length > 200) return "search over 200 characters";
        break;
      case "date":
        if (/^[a-z]+$/i.test(value)) return `${name} is a word`;
        break;
      default: {
        const set = ENUMS[kind];
        if (set && !value.split(",").every((v) => set.includes(v))) return `${name} bad enum`;
        const order = ORDER_FIELDS[kind];
        if (order) {
          const parts = value.split(",");
          if (parts.length > order.max) return "orderBy too many fields";
          const fields = parts.map((p) => p.split(":"));
          if (
            !fields.every(
              ([f, d, ...rest]) =>
                rest.length === 0 && order.fields.includes(f!) && (d === "ASC" || d === "DESC"),
            )
          )
            return "orderBy malformed";
          if (new Set(fields.map(([f]) => f)).size !== fields.length)
            return "orderBy duplicate field";
        }
      }
    }
  }
  if (params.has("startingAfter") && params.has("endingBefore")) return "both cursors";
  return null;
}

interface Outcome {
  status: number;
  body: unknown;
}

const WALL_CLOCK_GUARD_MS = 2000;

export async function send(pathAndQuery: string): Promise<Outcome> {
  const started = performance.now();
  const res = await api(pathAndQuery);
  const elapsed = performance.now() - started;
  expect(elapsed, `${pathAndQuery.slice(0, 200)} took ${elapsed.toFixed(0)} ms`).toBeLessThan(
    WALL_CLOCK_GUARD_MS,
  );
  return res;
}

export function check(route: string, path: string, query: string, res: Outcome, idIsReal: boolean) {
  const where = `${`${path}?${query}`.slice(0, 400)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  const byId = route.endsWith("{id}");
  expect(byId ? [200, 400, 404] : [200, 400], where).toContain(res.status);
  if (res.status === 400 || res.status === 404) {
    const body = res.body as { message: string; code: string; issues: { message: string }[] };
    expect(Object.keys(body).sort(), where).toEqual(["code", "issues", "message"]);
    expect(Array.isArray(body.issues), where).toBe(true);
    if (res.status === 400) {
      expect(body.code, where).toBe("BAD_REQUEST");
      expect(body.message, where).toBe("Input validation failed");
      expect(body.issues.length, where).toBeGreaterThan(0);
      for (const issue of body.issues) expect(typeof issue.message, where).toBe("string");
    } else {
      expect(body.code, where).toBe("NOT_FOUND");
    }
  }
  const params = new URL(`http://sandbox.test/api/v1${path}${query ? `?${query}` : ""}`)
    .searchParams;
  const reason = mustBe400(route, params);
  if (reason && (!byId || idIsReal)) expect(res.status, `${where}: ${reason}`).toBe(400);
  if (reason && byId) expect(res.status, `${where}: ${reason}`).not.toBe(200);
  if (res.status === 200 && !byId && route !== "/me") {
    const body = res.body as { data: unknown[]; hasMore: boolean };
    expect(Array.isArray(body.data), where).toBe(true);
    expect(typeof body.hasMore, where).toBe("boolean");
    const limit = params.get("limit");
    expect(body.data.length, where).toBeLessThanOrEqual(
      limit === null ? 50 : Math.min(100, Number(limit)),
    );
  }
}

export const LIST_ROUTES = ["/invoices", "/customers", "/contracts", "/payments", "/me"];
export const BY_ID_ROUTES = ["/invoices/{id}", "/customers/{id}"];
