/**
 * The filter toolbar's view of a list's fields (lib/lists/define.ts): which are set
 * as chips through the "Add filter" menu, and each chip's words. Plain code, loaded
 * with the page: the chips render on the server.
 */
import { humanize } from "@/lib/format";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import { displayedEnd } from "@/lib/lists/describe";
import { describeRange } from "./date-presets";

export type SetFilterValues = (
  values: Record<string, unknown>,
  options?: { history?: "push" | "replace" },
) => void;

/** Fields edited in a chip's popover (the search, customers and id fields have their own controls). */
export type EditableField = Extract<
  FilterField,
  { kind: "multi" | "boolean" | "select" | "dateRange" }
>;

export function isEditable(field: FilterField): field is EditableField {
  return (
    field.kind === "multi" ||
    field.kind === "boolean" ||
    field.kind === "select" ||
    field.kind === "dateRange"
  );
}

/** A field's name in menus and React keys: its URL key (a date range's start key). */
export function fieldKey(field: FilterField): string {
  return field.kind === "dateRange" ? field.from : field.key;
}

/** What a set filter holds, in words for its chip ("Draft, Issued"), or null when it is not set. */
export function chipValue(
  field: EditableField,
  values: FilterValues,
  today: string,
): string | null {
  switch (field.kind) {
    case "multi": {
      const v = values[field.key] as string[] | null | undefined;
      if (!v || v.length === 0) return null;
      return v.length <= 2 ? v.map(humanize).join(", ") : `${humanize(v[0]!)} +${v.length - 1}`;
    }
    case "boolean": {
      const v = values[field.key] as boolean | null | undefined;
      return v === true ? field.yes : v === false ? (field.no ?? null) : null;
    }
    case "select": {
      const v = values[field.key] as string | null | undefined;
      return v ? humanize(v) : null;
    }
    case "dateRange": {
      const from = values[field.from] as string | null | undefined;
      const to = values[field.to] as string | null | undefined;
      if (!from && !to) return null;
      return describeRange(
        {
          from: from ? from.slice(0, 10) : undefined,
          lastDay: to ? displayedEnd(to, field.toBound) : undefined,
        },
        today,
      );
    }
  }
}

/** The URL values that clear a field. */
export function clearedValues(field: EditableField): Record<string, null> {
  return field.kind === "dateRange"
    ? { [field.from]: null, [field.to]: null }
    : { [field.key]: null };
}
