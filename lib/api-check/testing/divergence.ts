/**
 * How a real service might differ from the contract, as answers of the built-in
 * API rewritten: for the tests of `npm run check-api` (a divergent upstream over
 * real HTTP) and the fault-injecting upstream of the browser tests.
 *
 * - "breaking": invoices' required `totalAmount` renamed `total`, an unknown
 *   invoice status ("PAID" for fully paid issued invoices), a refused filter
 *   (400 for `hasUncoveredBalance`), an ignored filter (payments' `isAttributed`
 *   accepted but dropped), a missing route (`/contracts` 404).
 * - "harmless": only an extra field on invoices (`taxAmount`) and an unknown
 *   customer health ("AT_RISK" for renewal-due customers).
 */
export const DIVERGENCES = ["none", "breaking", "harmless"] as const;
export type Divergence = (typeof DIVERGENCES)[number];

export const REFUSED_FILTER = "hasUncoveredBalance";
export const MISSING_ROUTE = "/contracts";
export const IGNORED_FILTER = "isAttributed";

type Row = Record<string, unknown>;
export interface Answer {
  status: number;
  body: unknown;
}

function error(status: number, code: string, message: string, issues: string[] = []): Answer {
  return { status, body: { message, code, issues: issues.map((m) => ({ message: m })) } };
}

/** The answer to give instead of asking the built-in API, if any (a refusal, a missing route). */
export function divergentRefusal(
  divergence: Divergence,
  path: string,
  search: URLSearchParams,
): Answer | null {
  if (divergence !== "breaking") return null;
  if (path === MISSING_ROUTE || path.startsWith(`${MISSING_ROUTE}/`))
    return error(404, "NOT_FOUND", "Not found");
  if (path === "/invoices" && search.has(REFUSED_FILTER))
    return error(400, "BAD_REQUEST", "Input validation failed", [
      `${REFUSED_FILTER}: unknown parameter`,
    ]);
  return null;
}

/** The query to ask the built-in API with: an ignored filter is dropped. */
export function divergentSearch(
  divergence: Divergence,
  path: string,
  search: URLSearchParams,
): URLSearchParams {
  const asked = new URLSearchParams(search);
  if (divergence === "breaking" && path === "/payments") asked.delete(IGNORED_FILTER);
  return asked;
}

function mapRecords(body: unknown, map: (row: Row) => Row): unknown {
  if (body && typeof body === "object" && Array.isArray((body as { data?: unknown }).data))
    return { ...(body as Row), data: (body as { data: Row[] }).data.map(map) };
  if (body && typeof body === "object" && "id" in body) return map(body as Row);
  return body;
}

function breakInvoice(invoice: Row): Row {
  const { totalAmount, ...rest } = invoice;
  const applied = (invoice.appliedAmount as { value: number }).value;
  const paid = invoice.status === "ISSUED" && applied >= (totalAmount as { value: number }).value;
  return { ...rest, total: totalAmount, status: paid ? "PAID" : invoice.status };
}

/** A successful answer of the built-in API, rewritten as the divergence says. */
export function divergentBody(divergence: Divergence, path: string, body: unknown): unknown {
  const resource = path.split("/")[1];
  if (divergence === "breaking" && resource === "invoices") return mapRecords(body, breakInvoice);
  if (divergence === "harmless" && resource === "invoices")
    return mapRecords(body, (invoice) => ({
      ...invoice,
      taxAmount: {
        value: 0,
        currencyCode: (invoice.totalAmount as { currencyCode: string }).currencyCode,
      },
    }));
  if (divergence === "harmless" && resource === "customers")
    return mapRecords(body, (customer) =>
      customer.contractHealth === "RENEWAL_DUE"
        ? { ...customer, contractHealth: "AT_RISK" }
        : customer,
    );
  return body;
}
