/**
 * An export request's query string → the API query of the list's view. The string
 * is the list page's own URL query (URL names are the API's parameter names); it is
 * validated with the API's parameter definitions (every problem named), then read
 * with the list's URL parameters and written back with them, exactly as the
 * page builds its API query, so the export is the view the person sees. The list's
 * display parameters (the chosen columns, lib/lists/columns.ts) are accepted and
 * left out: they change what the table shows, not which rows the API returns.
 */
import type { ListName } from "../api/client";
import { listFilterParams, type ParamDefs, parseQuery } from "../api/list-params";
import { contractList } from "../lists/contracts";
import { customerList } from "../lists/customers";
import { invoiceList } from "../lists/invoices";
import { paymentList } from "../lists/payments";

export const EXPORT_LISTS = ["invoices", "customers", "contracts", "payments"] as const;

interface ListView {
  params: ParamDefs;
  /** the names of the list's display parameters */
  display: readonly string[];
  load: (search: URLSearchParams) => Record<string, unknown>;
  apiQuery: (values: Record<string, unknown>) => string;
}

const VIEWS: Record<ListName, ListView> = {
  invoices: view(listFilterParams.invoices, invoiceList),
  customers: view(listFilterParams.customers, customerList),
  contracts: view(listFilterParams.contracts, contractList),
  payments: view(listFilterParams.payments, paymentList),
};

function view(
  params: ParamDefs,
  list: {
    load: (s: URLSearchParams) => object;
    viewQuery: (v: never) => string;
    display: Record<string, unknown>;
  },
): ListView {
  return {
    params,
    display: Object.keys(list.display),
    load: (search) => list.load(search) as Record<string, unknown>,
    // The view's query, the list's defaults included: the export is what the page shows.
    apiQuery: (values) => list.viewQuery(values as never),
  };
}

export function isExportList(name: string): name is ListName {
  return (EXPORT_LISTS as readonly string[]).includes(name);
}

export type ExportQuery = { ok: true; apiQuery: string } | { ok: false; issues: string[] };

/**
 * @example exportQuery("invoices", new URLSearchParams("statuses=ISSUED&orderBy=issuedAt:DESC"))
 *   // { ok: true, apiQuery: "statuses=ISSUED&orderBy=issuedAt:DESC" }
 */
export function exportQuery(list: ListName, search: URLSearchParams): ExportQuery {
  const listView = VIEWS[list];
  const { filters, issues: displayIssues } = withoutDisplay(search, listView.display);
  const checked = parseQuery(filters, listView.params);
  if (!checked.ok) return { ok: false, issues: [...displayIssues, ...checked.issues] };
  if (displayIssues.length > 0) return { ok: false, issues: displayIssues };
  const values = listView.load(filters);
  // The page's parsers drop what they cannot read; an export names it instead.
  const issues = [...new Set(filters.keys())]
    .filter((name) => values[name] === null || values[name] === undefined)
    .map((name) => `${name}: not a value this list's view can show`);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, apiQuery: listView.apiQuery(values) };
}

/**
 * The query without the list's display parameters, which the page reads leniently
 * (an unknown column is dropped), so any one value is accepted; given twice is not.
 */
function withoutDisplay(
  search: URLSearchParams,
  display: readonly string[],
): { filters: URLSearchParams; issues: string[] } {
  const filters = new URLSearchParams();
  const issues: string[] = [];
  const seen = new Set<string>();
  for (const [name, value] of search) {
    if (!display.includes(name)) filters.append(name, value);
    else if (seen.has(name)) issues.push(`${name}: given more than once`);
    else seen.add(name);
  }
  return { filters, issues: [...new Set(issues)] };
}
