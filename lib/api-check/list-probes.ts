import "server-only";
import type { FilterField } from "@/lib/lists/define";
import { endBoundFor } from "@/lib/lists/describe";
import type { ListDefinitionName } from "@/lib/lists/page-reads";
import { DATE_FIELD_OF, FILTER_KEEPS, ORDER_KEYS } from "./filter-rules";

/**
 * The probes of one list, made from its definition (lib/lists): one per filter it
 * offers (per value where the values are few) and per order field and direction,
 * and what the rows that come back must be (filter-rules.ts).
 */

/** A syntactically valid id, for a filter when the list holds no record to take one from. */
const ANY_ID = "00000000-0000-4000-8000-000000000000";

export type Row = Record<string, unknown>;
export type AnyDefinition = {
  parsers: Record<string, { parse(value: string): unknown }>;
  fields: FilterField[];
  orderFields: readonly string[];
  maxOrderFields: number;
  load(search: URLSearchParams): Record<string, unknown>;
  apiQuery(values: Record<string, unknown>): string;
};

/**
 * The order fields in as few `orderBy` values as the list takes, each led by a field
 * whose order the check can see (only a value's first field orders the page).
 */
function orderBatches(list: ListDefinitionName, definition: AnyDefinition): string[][] {
  const seeable = (f: string) => ORDER_KEYS[list]?.[f] !== undefined;
  const fields = [
    ...definition.orderFields.filter(seeable),
    ...definition.orderFields.filter((f) => !seeable(f)),
  ];
  const count = Math.ceil(fields.length / Math.max(1, definition.maxOrderFields));
  return Array.from({ length: count }, (_, i) => fields.filter((_, j) => j % count === i));
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** One probe of a list: the query (without `?` and `limit`) and what a refusal of it reaches. */
export interface ListProbe {
  group: "filter" | "order";
  query: string;
  /** the parameters it sends, each with the value a refusal names (undefined: any value) */
  reaches: { param: string; value?: string }[];
  /** smaller probes to tell which part was refused, when this one is */
  parts?: ListProbe[];
}

/** How a filter or order probe's rows were checked, for its "works" line. */
export function checkedHow(
  list: ListDefinitionName,
  probe: ListProbe,
  params: string[],
  rows: number,
): string {
  if (rows === 0) return " (none to check)";
  if (probe.group === "order") {
    const first =
      new URLSearchParams(probe.query).get("orderBy")?.split(",")[0]?.split(":")[0] ?? "";
    return ORDER_KEYS[list]?.[first]
      ? `, in ${first} order`
      : ", accepted (the order itself is not checked)";
  }
  return params.every((p) => FILTER_KEEPS[list]?.[p])
    ? ", each as the filter keeps"
    : ", accepted (what it keeps is not checked)";
}

/** Rows a filter should have left out, in words; null when every row fits. */
export function filterMisses(list: ListDefinitionName, query: string, rows: Row[]): string | null {
  for (const [param, value] of new URLSearchParams(query)) {
    const keeps = FILTER_KEEPS[list]?.[param];
    if (!keeps) continue;
    const wrong = rows.filter((row) => !keeps(row, value)).length;
    if (wrong > 0)
      return `${wrong} of ${rows.length} records do not fit ${param}=${value.slice(0, 60)}`;
  }
  return null;
}

/** Rows out of the order's first field, in words; null when in order. */
export function orderMisses(list: ListDefinitionName, query: string, rows: Row[]): string | null {
  const [term] = (new URLSearchParams(query).get("orderBy") ?? "").split(",");
  const [field = "", direction] = (term ?? "").split(":");
  const key = ORDER_KEYS[list]?.[field];
  if (!key) return null;
  const values = rows.map(key).filter((v): v is number => v !== null);
  for (let i = 1; i < values.length; i++) {
    const inOrder =
      direction === "DESC" ? values[i - 1]! >= values[i]! : values[i - 1]! <= values[i]!;
    if (!inOrder) return `the records do not come in ${term} order`;
  }
  return null;
}

/** A sample value of a parameter from the list's own records: `customerId` (or `customerIds`) from their `customerId`. */
function sampleFrom(param: string, rows: Row[], many: boolean): string | null {
  const field = param.endsWith("Ids") ? param.slice(0, -1) : param;
  const values = [
    ...new Set(
      rows.map((r) => r[field]).filter((v): v is string => typeof v === "string" && v !== ""),
    ),
  ];
  if (values.length === 0) return null;
  return many ? values.slice(0, 2).join(",") : values[0]!;
}

/** A word part of a customer name, for the search (plain letters: docs/readings.md, Search). */
function searchSample(rows: Row[]): string {
  for (const row of rows) {
    const word = /[A-Za-z]{3,}/.exec(String(row.name ?? ""))?.[0];
    if (word) return word.slice(0, 3).toLowerCase();
  }
  return "a";
}

/** Date bounds inside the list's own data, so the filter has something to keep and leave out. */
function dateBounds(
  field: Extract<FilterField, { kind: "dateRange" }>,
  rows: Row[],
): [string, string] {
  const of = DATE_FIELD_OF[field.from];
  const times = of
    ? rows
        .map(of)
        .filter(Number.isFinite)
        .sort((a, b) => a - b)
    : [];
  const [from, to] =
    times.length >= 4
      ? [times[Math.floor(times.length / 4)]!, times[Math.floor((3 * times.length) / 4)]!]
      : [Date.now() - 365 * DAY_MS, Date.now()];
  return [ymd(from), endBoundFor(ymd(to), field.toBound)];
}

/** The query the list page sends for these raw URL values: read and written by the list's own definition. */
function queryFor(definition: AnyDefinition, raw: Record<string, string>): string | null {
  const values = definition.load(new URLSearchParams(raw));
  if (Object.keys(raw).some((key) => values[key] === null)) return null;
  return definition.apiQuery(values);
}

/** One probe per filter the list page offers (per value where the values are few), from its definition. */
export function filterProbes(definition: AnyDefinition, rows: Row[]): ListProbe[] {
  const probes: ListProbe[] = [];
  const push = (
    raw: Record<string, string>,
    reaches: ListProbe["reaches"],
    parts?: ListProbe[],
  ) => {
    const query = queryFor(definition, raw);
    if (query) probes.push({ group: "filter", query, reaches, parts });
  };
  const single = (raw: Record<string, string>, reaches: ListProbe["reaches"]): ListProbe[] => {
    const query = queryFor(definition, raw);
    return query ? [{ group: "filter", query, reaches }] : [];
  };
  const covered = new Set<string>(["orderBy"]);
  for (const field of definition.fields) {
    switch (field.kind) {
      case "multi": {
        covered.add(field.key);
        const parts = field.options.flatMap((o) =>
          single({ [field.key]: o }, [{ param: field.key, value: o }]),
        );
        push({ [field.key]: field.options.join(",") }, [{ param: field.key }], parts);
        break;
      }
      case "select":
        covered.add(field.key);
        for (const option of field.options)
          push({ [field.key]: option }, [{ param: field.key, value: option }]);
        break;
      case "boolean":
        covered.add(field.key);
        for (const value of ["true", "false"])
          push({ [field.key]: value }, [{ param: field.key, value }]);
        break;
      case "dateRange": {
        covered.add(field.from);
        covered.add(field.to);
        const [from, to] = dateBounds(field, rows);
        push(
          { [field.from]: from, [field.to]: to },
          [{ param: field.from }, { param: field.to }],
          [
            ...single({ [field.from]: from }, [{ param: field.from }]),
            ...single({ [field.to]: to }, [{ param: field.to }]),
          ],
        );
        break;
      }
      case "search":
        covered.add(field.key);
        push({ [field.key]: searchSample(rows) }, [{ param: field.key }]);
        break;
      case "customers":
      case "id":
        covered.add(field.key);
        push({ [field.key]: sampleFrom(field.key, rows, field.kind === "customers") ?? ANY_ID }, [
          { param: field.key },
        ]);
        break;
    }
  }
  // Parameters set by links only (a customer's payments): a value from the records.
  for (const key of Object.keys(definition.parsers)) {
    if (covered.has(key)) continue;
    const sample = sampleFrom(key, rows, key.endsWith("Ids"));
    if (sample) push({ [key]: sample }, [{ param: key }]);
  }
  return probes;
}

/**
 * Every order field in each direction, as many in one `orderBy` as the list takes
 * (a refused one is then asked alone, to name it).
 */
export function orderProbes(list: ListDefinitionName, definition: AnyDefinition): ListProbe[] {
  const parser = definition.parsers.orderBy;
  if (!parser || definition.orderFields.length === 0) return [];
  const probes: ListProbe[] = [];
  const probe = (terms: string[]): ListProbe | null => {
    const value = parser.parse(terms.join(","));
    if (value === null) return null;
    return {
      group: "order",
      query: definition.apiQuery({ orderBy: value }),
      reaches: terms.map((term) => ({ param: "orderBy", value: term })),
    };
  };
  for (const direction of ["ASC", "DESC"])
    for (const fields of orderBatches(list, definition)) {
      const terms = fields.map((f) => `${f}:${direction}`);
      const whole = probe(terms);
      if (!whole) continue;
      whole.parts = terms.map((t) => probe([t])).filter((p): p is ListProbe => p !== null);
      probes.push(whole);
    }
  return probes;
}
