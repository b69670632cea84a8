"use client";

import type { CellContext, ColumnDef, VisibilityState } from "@tanstack/react-table";
import type { ReactNode, Ref } from "react";
import type { OrderTerm } from "@/lib/lists/order";

/**
 * The pieces both renderings of a list table share: the plain first page
 * (infinite-table.tsx, in the page's first load) and the virtual table that takes
 * over on first use (virtual-table.tsx, loaded then). Sharing them keeps the two
 * renderings one markup, so the swap from one to the other shows no change.
 */

export interface TableColumnMeta {
  /** the API's orderBy field this column sorts by */
  sortField?: string;
  align?: "right";
  /** a column hidden until the person asks for it */
  hiddenByDefault?: boolean;
}

export const ROW_HEIGHT = 41;
/** The window the virtual table assumes before it measures its own (server render). */
export const VIEWPORT_HEIGHT = 720;
/** Rows the virtual table renders beyond the window, either way. */
export const OVERSCAN = 12;
/** The next page is asked for when the last rendered row is this near the end. */
export const PREFETCH_ROWS = 30;
/** TanStack Table's width for a column that names none. */
const DEFAULT_COLUMN_SIZE = 150;

export function columnIdOf<Row>(column: ColumnDef<Row, unknown>): string {
  return column.id as string;
}

export function metaOf<Row>(column: ColumnDef<Row, unknown>): TableColumnMeta | undefined {
  return column.meta as TableColumnMeta | undefined;
}

export function initialVisibility<Row>(columns: ColumnDef<Row, unknown>[]): VisibilityState {
  return Object.fromEntries(
    columns.filter((c) => metaOf(c)?.hiddenByDefault).map((c) => [columnIdOf(c), false]),
  );
}

export function visibleColumnsOf<Row>(
  columns: ColumnDef<Row, unknown>[],
  visibility: VisibilityState,
): ColumnDef<Row, unknown>[] {
  return columns.filter((c) => visibility[columnIdOf(c)] !== false);
}

/**
 * A cell of the plain first page. The list columns read only `row.original` (the
 * unit test `table-parts.test.tsx` renders every list's columns both ways and
 * compares), so a context holding the record is all a cell needs.
 */
export function renderPlainCell<Row>(column: ColumnDef<Row, unknown>, record: Row): ReactNode {
  const cell = column.cell;
  if (typeof cell !== "function") return (cell as ReactNode) ?? null;
  return cell({ row: { original: record } } as unknown as CellContext<Row, unknown>);
}

export function TableHeaderCell({
  meta,
  width,
  order,
  onSort,
  children,
}: {
  meta: TableColumnMeta | undefined;
  width: number | undefined;
  order: OrderTerm[] | null | undefined;
  onSort: ((field: string, additive: boolean) => void) | undefined;
  children: ReactNode;
}) {
  const index = meta?.sortField ? (order ?? []).findIndex((t) => t.field === meta.sortField) : -1;
  const term = index >= 0 ? order![index] : undefined;
  const ariaSort = term
    ? term.direction === "ASC"
      ? "ascending"
      : "descending"
    : meta?.sortField
      ? "none"
      : undefined;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      style={{ width: width ?? DEFAULT_COLUMN_SIZE }}
      className={`border-b border-slate-200 px-3 py-2 font-medium ${meta?.align === "right" ? "text-right" : ""}`}
    >
      {meta?.sortField && onSort ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
          title="Click to sort; shift-click to add to the order"
          onClick={(e) => onSort(meta.sortField!, e.shiftKey)}
        >
          {children}
          <span aria-hidden="true">{term ? (term.direction === "ASC" ? "▲" : "▼") : "↕"}</span>
          {term && (order?.length ?? 0) > 1 ? (
            <span className="text-[10px] text-slate-500">{index + 1}</span>
          ) : null}
        </button>
      ) : (
        children
      )}
    </th>
  );
}

export function TableHead({
  headRef,
  children,
}: {
  headRef: Ref<HTMLTableSectionElement>;
  children: ReactNode;
}) {
  return (
    <thead
      ref={headRef}
      className="sticky top-0 z-10 bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600"
    >
      <tr>{children}</tr>
    </thead>
  );
}

export function TableCell({
  meta,
  children,
}: {
  meta: TableColumnMeta | undefined;
  children: ReactNode;
}) {
  return (
    <td
      className={`truncate px-3 py-2 ${meta?.align === "right" ? "text-right tabular-nums" : ""}`}
    >
      {children}
    </td>
  );
}

export interface RowHandlers<Row> {
  onOpen: (row: Row) => void;
  onFocusRow: ((index: number) => void) | undefined;
}

/** One record's row: a click (outside its links and buttons) or Enter opens it. */
export function TableRowShell<Row extends { id: string }>({
  record,
  index,
  selected,
  onOpen,
  onFocusRow,
  children,
}: RowHandlers<Row> & {
  record: Row;
  index: number;
  /** the keyboard highlight; undefined where the table has no keyboard rows */
  selected: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <tr
      data-index={index}
      data-row-id={record.id}
      // Only the highlighted row says so: "not selected" on every other row is noise.
      aria-selected={selected || undefined}
      tabIndex={0}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest("a,button")) onOpen(record);
      }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocusRow?.(index);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && e.target === e.currentTarget) {
          // Handled here: the page-wide Enter (open the highlighted row) must not run too.
          e.preventDefault();
          onOpen(record);
        }
      }}
      className={`h-[41px] cursor-pointer border-b border-slate-100 focus:bg-blue-50 focus:outline-none ${
        selected ? "bg-blue-50 shadow-[inset_3px_0_0_0_var(--color-blue-600)]" : "hover:bg-slate-50"
      }`}
    >
      {children}
    </tr>
  );
}
