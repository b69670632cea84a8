/**
 * A list's filters in words ("Status is Draft or Issued"), and the end bound of a
 * date range as a person picks it (the last day) against how the API takes it. Kept
 * apart from `define.ts`: the customer page builds its tables' queries from the list
 * definitions but shows no toolbar, so it does not load this.
 */
import { humanize } from "../format";
import type { FilterField, FilterValues } from "./define";

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
        if (v === false && field.no) parts.push(field.no);
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
