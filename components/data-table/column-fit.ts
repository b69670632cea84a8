import type { ColumnDef, VisibilityState } from "@tanstack/react-table";
import { choosableColumns, columnIdOf, headerOf, metaOf } from "./table-columns";

/**
 * Which columns a table's width holds, in the list's priority order: widths estimated
 * from the loaded rows' texts (the same on the server and in the browser), and for
 * each column the least table width at which it shows. CSS applies the result with
 * container queries (column-fit-css.ts), so the server's HTML is right at any width.
 */

/** TanStack Table's width for a column that names none. */
const DEFAULT_COLUMN_SIZE = 150;
/** The most room a name is given before other columns (longer names end in an ellipsis). */
const GROW_MAX = 340;
/** Horizontal padding of a cell (px-3 each side). */
const CELL_PADDING = 24;
/** Priorities up to this are what a list leads with: they show before names get room. */
const LEAD_PRIORITY = 2;

/**
 * Advance widths at 14 px, from DejaVu Sans (the widest of the usual sans fonts):
 * an estimate the text never exceeds. Digits are tabular (all as wide as "0").
 */
function charWidth(char: string): number {
  if (/[0-9$€£¥#]/.test(char)) return 8.95;
  if (/[.,:;' \u00a0]/.test(char)) return 4.5;
  if (char === "-" || char === "−") return 5.2;
  if (/[A-Z]/.test(char)) return 10.5;
  return 8.7;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return Math.ceil(width);
}

/**
 * A header is 12 px uppercase with wide tracking, and a sort arrow when sortable; it
 * wraps between words, so its longest word is what it needs.
 */
function headerWidth(header: string, sortable: boolean): number {
  const longestWord = Math.max(...header.split(/\s+/).map((word) => word.length));
  return Math.ceil(longestWord * 9.6) + (sortable ? 22 : 0) + CELL_PADDING;
}

/**
 * Each column's width in px: its declared size, an amount column widened to its
 * longest amount among the loaded rows (never cut), a growing column's size as its minimum.
 */
export function columnWidths<Row>(
  columns: ColumnDef<Row, unknown>[],
  rows: Row[],
): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const column of choosableColumns(columns)) {
    const meta = metaOf(column);
    let width = column.size ?? DEFAULT_COLUMN_SIZE;
    if (meta?.grow && meta.text) {
      let longest = 0;
      for (const row of rows) longest = Math.max(longest, textWidth(meta.text(row) ?? ""));
      width = Math.max(width, Math.min(GROW_MAX, longest + CELL_PADDING));
    } else if (meta?.amounts) {
      let longest = 0;
      for (const row of rows)
        for (const text of meta.amounts(row)) longest = Math.max(longest, textWidth(text));
      width = Math.max(
        headerWidth(headerOf(column), Boolean(meta.sortField)),
        longest + CELL_PADDING,
      );
    }
    widths[columnIdOf(column)] = width;
  }
  return widths;
}

/** A growing column counts at its least width while the lead columns are placed. */
export function leastWidth<Row>(column: ColumnDef<Row, unknown>, widths: Record<string, number>) {
  return metaOf(column)?.grow
    ? (column.size ?? DEFAULT_COLUMN_SIZE)
    : (widths[columnIdOf(column)] ?? 0);
}

function priorityOf<Row>(column: ColumnDef<Row, unknown>): number {
  return metaOf(column)?.priority ?? Number.POSITIVE_INFINITY;
}

export interface ColumnFit {
  /** the columns shown whatever the width: those that cannot be hidden and those the person chose */
  always: string[];
  /** each other shown column and the least table width (px) at which it shows, widest last */
  thresholds: { id: string; from: number }[];
}

/**
 * Of the columns the person has not hidden (`visibility`, TanStack Table's), those
 * shown at any width (a column that cannot be hidden, one the person chose: the
 * table then scrolls sideways) and, for the others, the least width at which each
 * shows: in priority order, a column shows when it and every column before it fit.
 * The names' room beyond their least width is kept free before any column past the lead.
 */
export function fitColumns<Row>(
  columns: ColumnDef<Row, unknown>[],
  visibility: VisibilityState,
  widths: Record<string, number>,
): ColumnFit {
  const always: string[] = [];
  const automatic: ColumnDef<Row, unknown>[] = [];
  let used = 0;
  let namesReserve = 0;
  for (const column of choosableColumns(columns)) {
    const id = columnIdOf(column);
    if (metaOf(column)?.grow)
      namesReserve += (widths[id] ?? 0) - (column.size ?? DEFAULT_COLUMN_SIZE);
    if (column.enableHiding === false) {
      always.push(id);
      used += leastWidth(column, widths);
    } else if (visibility[id] === true) always.push(id);
    else if (visibility[id] !== false) automatic.push(column);
  }
  const byPriority = automatic
    .map((column, order) => ({ column, order }))
    .sort((a, b) => priorityOf(a.column) - priorityOf(b.column) || a.order - b.order);
  const thresholds: ColumnFit["thresholds"] = [];
  let from = 0;
  for (const { column } of byPriority) {
    used += leastWidth(column, widths);
    const reserve = priorityOf(column) > LEAD_PRIORITY ? namesReserve : 0;
    from = Math.max(from, used + reserve);
    thresholds.push({ id: columnIdOf(column), from });
  }
  return { always, thresholds };
}

/** The ids of the columns a table `width` px wide shows (what the CSS of column-fit-css.ts shows). */
export function shownAt(fit: ColumnFit, width: number): Set<string> {
  return new Set([
    ...fit.always,
    ...fit.thresholds.filter((t) => width >= t.from).map((t) => t.id),
  ]);
}
