import { INVOICE_STATUSES } from "../api/enums";
import type { FilterField } from "./define";
import type { PageSearchParams } from "./url-params";

/**
 * Which quick view a list's URL shows, and a view's link from it: the browser's half
 * of lib/lists/quick-views.ts, given the one list's definition so that a list page
 * does not carry the other lists' definitions.
 */
export interface QuickView {
  id: string;
  label: string;
  /** the list's URL query, without `?` ("" for the whole list) */
  query: string;
  /** what it shows, for a tooltip and screen readers */
  description: string;
}

/** The lists that have quick views. */
export type QuickViewList = "invoices" | "customers" | "contracts" | "payments";

export interface FilterableList {
  load: (search: URLSearchParams | PageSearchParams) => Record<string, unknown>;
  apiQuery: (values: Record<string, unknown>) => string;
  fields: readonly FilterField[];
  opensOnDefault: (values: Record<string, unknown>) => boolean;
  opening: Record<string, unknown>;
}

/** A list's name and definition (lib/lists/<list>.ts). */
export interface NamedList {
  name: QuickViewList;
  list: FilterableList;
}

/** Every invoice status but voided: what the API returns when no `statuses` is given. */
const API_DEFAULT_STATUSES = INVOICE_STATUSES.filter((s) => s !== "VOIDED")
  .sort()
  .join();

/**
 * Invoice statuses that say what the API does anyway, left out: once another filter is
 * set the list no longer opens on Issued, so "All" with a customer is the customer alone.
 */
function withoutApiDefault({ name }: NamedList, values: Record<string, unknown>) {
  const statuses = values.statuses;
  const isDefault =
    name === "invoices" &&
    Array.isArray(statuses) &&
    [...statuses].sort().join() === API_DEFAULT_STATUSES;
  return isDefault ? { ...values, statuses: null } : values;
}

/**
 * A URL query's filters as the list writes them, by parameter: its order and display
 * choices aside, the filters it opens on where it holds none, and each filter's values
 * as a set (Expired and Cancelled picked in either order are one view).
 */
function filtersOf(named: NamedList, query: string): Map<string, string> {
  const { list } = named;
  const read = list.load(new URLSearchParams(query));
  const shown = withoutApiDefault(
    named,
    list.opensOnDefault(read) ? { ...read, ...list.opening } : read,
  );
  const values = Object.entries(shown).map(([key, value]) => [
    key,
    Array.isArray(value) ? [...value].sort() : value,
  ]);
  const written = list.apiQuery({ ...Object.fromEntries(values), orderBy: null });
  return new Map(new URLSearchParams(written));
}

/** The parameters the list's quick views set between them: what tells one view from another. */
function viewKeysOf(named: NamedList, views: readonly QuickView[]): Set<string> {
  const keys = new Set(views.flatMap((view) => [...filtersOf(named, view.query).keys()]));
  // A date range is one filter: a view that sets one end owns the other (Overdue's due days).
  for (const field of named.list.fields)
    if (field.kind === "dateRange" && (keys.has(field.from) || keys.has(field.to)))
      for (const key of [field.from, field.to]) keys.add(key);
  return keys;
}

/**
 * The quick view a list's URL query shows: the one whose filters the URL holds, each
 * parameter any view sets as that view sets it (absent where it sets none). Filters no
 * view sets (a customer, a contract) narrow the view and keep it: "Unpaid" for
 * one customer is still "Unpaid". The order and the chosen columns may differ too
 * (reversing "Issued" is still "Issued"). Null once a filter a view sets is changed
 * by hand.
 */
export function currentQuickViewOf(
  named: NamedList,
  views: readonly QuickView[],
  query: string,
): string | null {
  const here = filtersOf(named, query);
  const keys = viewKeysOf(named, views);
  const matches = (view: QuickView) => {
    const theirs = filtersOf(named, view.query);
    return [...keys].every((key) => here.get(key) === theirs.get(key));
  };
  return views.find(matches)?.id ?? null;
}

/**
 * A quick view's link from the list's URL query: the view with the filters no view
 * sets kept from the URL, so moving from "Unpaid" to "Overdue" keeps the customer
 * chosen; a chip's remove button or "Clear filters" drops them.
 */
export function quickViewHrefOf(
  named: NamedList,
  views: readonly QuickView[],
  view: QuickView,
  query: string,
): string {
  const { name, list } = named;
  const keys = viewKeysOf(named, views);
  const narrowing = Object.entries(list.load(new URLSearchParams(query))).filter(
    ([key, value]) => value !== null && !keys.has(key) && key !== "orderBy",
  );
  const written = narrowing.length
    ? list.apiQuery({
        ...withoutApiDefault(named, list.load(new URLSearchParams(view.query))),
        ...Object.fromEntries(narrowing),
      })
    : view.query;
  return written ? `/${name}?${written}` : `/${name}`;
}
