/**
 * A list's filters, defined once. From a definition come: the nuqs parsers (the
 * server page's loader and the client's `useQueryStates`), the API query string
 * (URL names are the API's parameter names, so the serializer that writes the URL
 * also builds the query), the toolbar's controls and the words an empty state uses
 * to say which filters emptied the list.
 */
import {
  createLoader,
  createParser,
  createSerializer,
  type inferParserType,
  type ParserMap,
  parseAsArrayOf,
  parseAsBoolean,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";
import { humanize } from "../format";

export type FilterField =
  | { kind: "multi"; key: string; label: string; options: readonly string[] }
  | { kind: "boolean"; key: string; label: string; yes: string; no: string }
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

const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** A date bound kept in the URL as the API takes it (YYYY-MM-DD or an ISO date-time). */
export const parseAsDateBound = createParser({
  parse: (value: string) => (DATE_OR_DATE_TIME.test(value) ? value : null),
  serialize: (value: string) => value,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const parseAsUuid = createParser({
  parse: (value: string) => (UUID.test(value) ? value.toLowerCase() : null),
  serialize: (value: string) => value,
});
export const parseAsUuidList = parseAsArrayOf(parseAsUuid);

export function multi<const T extends readonly string[]>(options: T) {
  return parseAsArrayOf(parseAsStringLiteral(options));
}
export const bool = parseAsBoolean;
export const text = parseAsString;

export interface ListDefinition<P extends ParserMap> {
  parsers: P;
  fields: FilterField[];
  /** sortable fields of `orderBy`, with how many may be combined (0: no orderBy) */
  orderFields: readonly string[];
  maxOrderFields: number;
}

export function defineList<P extends ParserMap>(definition: ListDefinition<P>) {
  const serialize = createSerializer(definition.parsers);
  return {
    ...definition,
    load: createLoader(definition.parsers),
    /** The API query (without `?`) for these filter values, identical on server and client. */
    apiQuery: (values: Partial<inferParserType<P>>) =>
      serialize(values as never).replace(/^\?/, ""),
  };
}

export type FilterValues = Record<string, unknown>;

/** Human descriptions of the active filters: "Status is Draft or Issued", "Issued from Nov 1, 2026". */
export function describeFilters(fields: FilterField[], values: FilterValues): string[] {
  const parts: string[] = [];
  for (const field of fields) {
    switch (field.kind) {
      case "multi": {
        const v = values[field.key] as string[] | null | undefined;
        if (v && v.length > 0) parts.push(`${field.label} is ${v.map(humanize).join(" or ")}`);
        break;
      }
      case "select": {
        const v = values[field.key] as string | null | undefined;
        if (v) parts.push(`${field.label} is ${humanize(v)}`);
        break;
      }
      case "boolean": {
        const v = values[field.key] as boolean | null | undefined;
        if (v === true) parts.push(field.yes);
        if (v === false) parts.push(field.no);
        break;
      }
      case "search": {
        const v = values[field.key] as string | null | undefined;
        if (v) parts.push(`${field.label} contains “${v}”`);
        break;
      }
      case "customers": {
        const v = values[field.key] as string[] | null | undefined;
        if (v && v.length > 0)
          parts.push(`${v.length === 1 ? "one customer" : `${v.length} customers`} picked`);
        break;
      }
      case "id": {
        const v = values[field.key] as string | null | undefined;
        if (v) parts.push(`${field.label} is ${v.slice(0, 8)}…`);
        break;
      }
      case "dateRange": {
        const from = values[field.from] as string | null | undefined;
        const to = values[field.to] as string | null | undefined;
        if (from) parts.push(`${field.label} from ${from.slice(0, 10)}`);
        if (to) parts.push(`${field.label} to ${displayedEnd(to, field.toBound)}`);
        break;
      }
    }
  }
  return parts;
}

const DAY_MS = 86_400_000;

/**
 * The date a person picked as the last day of a range, as the API's end bound:
 * an inclusive bound takes the end of that day, an exclusive one the next midnight.
 */
export function endBoundFor(lastDay: string, bound: "inclusive" | "exclusive"): string {
  const midnight = Date.parse(`${lastDay}T00:00:00.000Z`);
  return bound === "inclusive"
    ? new Date(midnight + DAY_MS - 1).toISOString()
    : new Date(midnight + DAY_MS).toISOString().slice(0, 10);
}

/** The last day a stored end bound covers, as YYYY-MM-DD (inverse of `endBoundFor`). */
export function displayedEnd(bound: string, kind: "inclusive" | "exclusive"): string {
  const ms = Date.parse(bound.length === 10 ? `${bound}T00:00:00.000Z` : bound);
  if (Number.isNaN(ms)) return bound;
  if (kind === "exclusive") return new Date(ms - DAY_MS).toISOString().slice(0, 10);
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every key a list's fields write, to clear them all in one click. */
export function filterKeys(fields: FilterField[]): string[] {
  return fields.flatMap((f) => (f.kind === "dateRange" ? [f.from, f.to] : [f.key]));
}
