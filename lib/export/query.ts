/**
 * An export request's query string → the API query of the list's view. The string
 * is the list page's own URL query (URL names are the API's parameter names); it is
 * validated with the API's parameter definitions (every problem named), then read
 * with the list's URL parameters and written back with them, exactly as the
 * page builds its API query, so the export is the view the person sees.
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
  list: { load: (s: URLSearchParams) => object; viewQuery: (v: never) => string },
): ListView {
  return {
    params,
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
  const checked = parseQuery(search, listView.params);
  if (!checked.ok) return checked;
  const values = listView.load(search);
  // The page's parsers drop what they cannot read; an export names it instead.
  const issues = [...new Set(search.keys())]
    .filter((name) => values[name] === null || values[name] === undefined)
    .map((name) => `${name}: not a value this list's view can show`);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, apiQuery: listView.apiQuery(values) };
}
