/**
 * A list's filters, defined once. From a definition come: the URL parameters (read
 * by the server page and by the client's `useUrlValues`), the API query string
 * (URL names are the API's parameter names, so what writes the URL also builds the
 * query), the toolbar's controls, and (`describe.ts`) the words an empty state uses
 * to say which filters emptied the list.
 */
import { parseDateBound } from "../api/date-bounds";
import { UUID_PATTERN } from "../api/enums";
import { COLUMNS_PARAM, parseAsColumnChoice } from "./columns";
import {
  type PageSearchParams,
  parseAsArrayOf,
  parseAsBoolean,
  parseAsChecked,
  parseAsString,
  parseAsStringLiteral,
  readUrlValues,
  renderQueryString,
  type UrlParams,
  type UrlValues,
  writeUrlValues,
} from "./url-params";

export type FilterField =
  | { kind: "multi"; key: string; label: string; options: readonly string[] }
  | {
      kind: "boolean";
      key: string;
      label: string;
      yes: string;
      /** left out where the API reads `false` as no filter: only "Any" and `yes` are offered */
      no?: string;
    }
  | {
      kind: "dateRange";
      label: string;
      from: string;
      to: string;
      /** "inclusive": the API's end bound is "at or before"; "exclusive": "before" */
      toBound: "inclusive" | "exclusive";
    }
  | { kind: "search"; key: string; label: string }
  | { kind: "select"; key: string; label: string; options: readonly string[] }
  | { kind: "customers"; key: string; label: string }
  /** a single record id set by a link (e.g. a contract's invoices): shown as a removable chip */
  | { kind: "id"; key: string; label: string; resource: "customer" | "contract" };

/**
 * A date bound (YYYY-MM-DD or an ISO date-time) kept in the URL as written, when the
 * API reads it: the same rule decides on both sides (lib/api/date-bounds.ts).
 */
export const parseAsDateBound = parseAsChecked((value) => parseDateBound(value) !== null);

/** A record id as the API takes it (`UUID_PATTERN`), kept lower-cased. */
export const parseAsUuid = parseAsChecked(
  (value) => UUID_PATTERN.test(value),
  (value) => value.toLowerCase(),
);
export const parseAsUuidList = parseAsArrayOf(parseAsUuid);

export function multi<const T extends readonly string[]>(options: T) {
  return parseAsArrayOf(parseAsStringLiteral(options));
}
export const bool = parseAsBoolean;
export const text = parseAsString;

export interface ListDefinition<
  P extends UrlParams,
  C extends readonly string[] = readonly string[],
> {
  parsers: P;
  fields: FilterField[];
  /** sortable fields of `orderBy`, with how many may be combined (0: no orderBy) */
  orderFields: readonly string[];
  maxOrderFields: number;
  /**
   * What the dashboard asks the API for when the URL leaves a parameter out, where
   * that differs from the API's own default (the invoice list opens newest first).
   * The URL stays without it, so a link shared before opens the view this default gives.
   */
  defaults?: Partial<UrlValues<P>>;
  /**
   * The filters the list opens on when its URL holds none (the invoice list opens on
   * issued invoices, not on drafts planned years ahead); any filter replaces them all.
   */
  opening?: Partial<UrlValues<P>>;
  /**
   * The table's column ids, in the table's order: written here once, the table's
   * columns are made from them (components/<list>/<list>-columns.tsx, listColumns),
   * and the `columns` display parameter may name them (lib/lists/columns.ts).
   */
  columns: C;
}

export function defineList<P extends UrlParams, const C extends readonly string[]>(
  definition: ListDefinition<P, C>,
) {
  const defaults: Partial<UrlValues<P>> = definition.defaults ?? {};
  const opening: Partial<UrlValues<P>> = definition.opening ?? {};
  /** No filter in these values (the order and display choices aside): the list opens on `opening`. */
  const opensOnDefault = (values: Partial<UrlValues<P>>) =>
    Object.keys(opening).length > 0 &&
    (Object.keys(definition.parsers) as (keyof P)[]).every(
      (key) => key === "orderBy" || values[key] === null || values[key] === undefined,
    );
  return {
    ...definition,
    defaults,
    opening,
    opensOnDefault,
    /**
     * Display parameters: in the URL (so a reload, Back, a shared link and a saved
     * view keep them) but never in the API query: the columns the person chose.
     */
    display: { [COLUMNS_PARAM]: parseAsColumnChoice(definition.columns) },
    /** The filter values a page's URL query holds (server: the page's `searchParams`). */
    load: (search: URLSearchParams | PageSearchParams) => readUrlValues(definition.parsers, search),
    /**
     * The query (without `?`) for these values as written, identical on server and
     * client: a link to the list (URL names are the API's), or an API query that
     * takes the API's own defaults (a walk that only counts).
     */
    apiQuery: (values: Partial<UrlValues<P>>) =>
      renderQueryString(writeUrlValues(definition.parsers, values)).slice(1),
    /**
     * The API query of the list's view for these URL values: what the URL leaves out
     * takes the list's `defaults`, and a URL without filters the `opening` ones. The
     * first page, the browser's pages and the export all read this, so they show the
     * same rows in the same order.
     */
    viewQuery: (values: Partial<UrlValues<P>>) => {
      const filled: Partial<UrlValues<P>> = opensOnDefault(values)
        ? { ...values, ...opening }
        : { ...values };
      for (const key of Object.keys(defaults) as (keyof P)[])
        if (filled[key] === null || filled[key] === undefined) filled[key] = defaults[key];
      return renderQueryString(writeUrlValues(definition.parsers, filled)).slice(1);
    },
  };
}

export type FilterValues = Record<string, unknown>;
