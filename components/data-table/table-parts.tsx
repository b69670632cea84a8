"use client";

import type { CellContext, ColumnDef, VisibilityState } from "@tanstack/react-table";
import type { CSSProperties, ReactNode, Ref } from "react";
import Link from "@/components/layout/link";
import type { ColumnChoice } from "@/lib/lists/columns";
import type { OrderTerm } from "@/lib/lists/order";
import {
  CARD_ROW_HEIGHT,
  CARDS_BELOW,
  OVERSCAN,
  PREFETCH_ROWS,
  ROW_HEIGHT,
  VIEWPORT_HEIGHT,
} from "./table-geometry";

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
  /** a column hidden until the person asks for it (the column chooser) */
  hiddenByDefault?: boolean;
  /**
   * The list's column priority: 1 first. Columns show in this order while they fit
   * the table's width; the rest wait behind the column chooser. Unset: after all
   * that set one, in declaration order.
   */
  priority?: number;
  /**
   * The row's name: takes the room the other columns leave, and is given the room its
   * longest loaded name needs (up to GROW_MAX px) before lower-priority columns show.
   */
  grow?: boolean;
  /** a growing column's text, for its width */
  text?: (record: never) => string | null;
  /**
   * Money: the texts the cell shows (one per currency). The column is as wide as the
   * longest of the loaded rows' texts, so an amount is never cut.
   */
  amounts?: (record: never) => string[];
  /** the phone layout: one cell holding the row's key columns as a card */
  card?: boolean;
}

export { CARD_ROW_HEIGHT, CARDS_BELOW, OVERSCAN, PREFETCH_ROWS, ROW_HEIGHT, VIEWPORT_HEIGHT };

/** TanStack Table's width for a column that names none. */
const DEFAULT_COLUMN_SIZE = 150;

/** The table's width assumed before it is measured (the server's render): 1280 px's box. */
export { DEFAULT_TABLE_WIDTH } from "./table-width";

/** The most room a name is given before other columns (longer names end in an ellipsis). */
const GROW_MAX = 340;
/** Horizontal padding of a cell (px-3 each side). */
const CELL_PADDING = 24;

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

/**
 * The person's choices over the list's defaults: a column hidden by default is
 * hidden unless chosen (the URL's `columns` parameter, lib/lists/columns.ts).
 */
export function chosenVisibility<Row>(
  columns: ColumnDef<Row, unknown>[],
  choice: ColumnChoice | null,
): VisibilityState {
  return { ...initialVisibility(columns), ...choice };
}

/**
 * The choice after the person ticks (or unticks) a column in the chooser: a column
 * hidden by default and unticked goes back to its default, so the URL names only
 * what differs from the list's own choice. Null when nothing is left chosen.
 */
export function choiceAfterToggle<Row>(
  columns: ColumnDef<Row, unknown>[],
  choice: ColumnChoice | null,
  id: string,
  visible: boolean,
): ColumnChoice | null {
  const next: ColumnChoice = { ...choice, [id]: visible };
  const column = columns.find((c) => columnIdOf(c) === id);
  if (!visible && column && metaOf(column)?.hiddenByDefault) delete next[id];
  return Object.keys(next).length > 0 ? next : null;
}

export function visibleColumnsOf<Row>(
  columns: ColumnDef<Row, unknown>[],
  visibility: VisibilityState,
): ColumnDef<Row, unknown>[] {
  return columns.filter((c) => visibility[columnIdOf(c)] !== false);
}

/** Columns the person can show or hide (the card is the phone's, not a column). */
export function choosableColumns<Row>(columns: ColumnDef<Row, unknown>[]) {
  return columns.filter((c) => !metaOf(c)?.card);
}

/**
 * Advance widths at 14 px, from DejaVu Sans (the widest of the usual sans fonts):
 * a width estimated from the text, the same on the server and in the browser, that
 * the text never exceeds. Digits are tabular (all as wide as "0").
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
 * longest amount among the loaded rows (never cut, never an ellipsis), a growing
 * column's size as its minimum.
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
      const text = meta.text as (record: Row) => string | null;
      let longest = 0;
      for (const row of rows) longest = Math.max(longest, textWidth(text(row) ?? ""));
      width = Math.max(width, Math.min(GROW_MAX, longest + CELL_PADDING));
    } else if (meta?.amounts) {
      const amounts = meta.amounts as (record: Row) => string[];
      let longest = 0;
      for (const row of rows)
        for (const text of amounts(row)) longest = Math.max(longest, textWidth(text));
      width = Math.max(
        headerWidth(String(column.header), Boolean(meta.sortField)),
        longest + CELL_PADDING,
      );
    }
    widths[columnIdOf(column)] = width;
  }
  return widths;
}

function priorityOf<Row>(column: ColumnDef<Row, unknown>): number {
  return metaOf(column)?.priority ?? Number.POSITIVE_INFINITY;
}

/**
 * The columns shown: of those the person has not chosen in the column chooser (nor
 * hidden by default), as many as fit `width` in the list's priority order, and on
 * top of them those the person chose (the table then scrolls sideways, its
 * identifying column staying). A column that cannot be hidden always shows, and so
 * does the phone card (CSS shows it in a narrow table only).
 */
export function fittedVisibility<Row>(
  columns: ColumnDef<Row, unknown>[],
  chosen: VisibilityState,
  widths: Record<string, number>,
  width: number,
): VisibilityState {
  const { visibility, thresholds } = fitThresholds(columns, chosen, widths);
  for (const { id, from } of thresholds) visibility[id] = width >= from;
  return visibility;
}

/**
 * The table widths, from `from` up to (not including) `below`, at which the same
 * columns show as at `width` (fittedVisibility): outside them the columns change.
 * The server lays the table out for an assumed width; the browser's script, which
 * loads on first use, checks the real one against this range (components/islands).
 */
export function sameColumnsRange<Row>(
  columns: ColumnDef<Row, unknown>[],
  chosen: VisibilityState,
  widths: Record<string, number>,
  width: number,
): { from: number; below: number } {
  let from = 0;
  let below = Number.POSITIVE_INFINITY;
  for (const threshold of fitThresholds(columns, chosen, widths).thresholds) {
    if (threshold.from <= width) from = Math.max(from, threshold.from);
    else below = Math.min(below, threshold.from);
  }
  return { from, below };
}

/**
 * The columns the person decided on (shown or hidden), and for each of the others the
 * least table width at which it shows: in priority order, a column shows when it and
 * every column before it fit (past the first that does not, none shows).
 */
function fitThresholds<Row>(
  columns: ColumnDef<Row, unknown>[],
  chosen: VisibilityState,
  widths: Record<string, number>,
): { visibility: VisibilityState; thresholds: { id: string; from: number }[] } {
  const visibility: VisibilityState = {};
  let used = 0;
  // What the names need beyond their column's least width: kept free for them
  // before any column past the lead (priority above LEAD_PRIORITY) shows.
  let namesReserve = 0;
  const automatic: ColumnDef<Row, unknown>[] = [];
  for (const column of columns) {
    const id = columnIdOf(column);
    const meta = metaOf(column);
    if (meta?.card) continue;
    if (meta?.grow) namesReserve += (widths[id] ?? 0) - (column.size ?? DEFAULT_COLUMN_SIZE);
    const choice = chosen[id];
    if (column.enableHiding === false) {
      visibility[id] = true;
      used += leastWidth(column, widths);
    } else if (choice === true) {
      // Shown on top of what fits: the person asked for it; the table scrolls sideways.
      visibility[id] = true;
    } else if (choice === false) visibility[id] = false;
    else automatic.push(column);
  }
  const byPriority = automatic
    .map((column, order) => ({ column, order }))
    .sort((a, b) => priorityOf(a.column) - priorityOf(b.column) || a.order - b.order);
  const thresholds: { id: string; from: number }[] = [];
  let from = 0;
  for (const { column } of byPriority) {
    used += leastWidth(column, widths);
    const reserve = priorityOf(column) > LEAD_PRIORITY ? namesReserve : 0;
    from = Math.max(from, used + reserve);
    thresholds.push({ id: columnIdOf(column), from });
  }
  return { visibility, thresholds };
}

/** Priorities up to this are what a list leads with: they show before names get room. */
const LEAD_PRIORITY = 2;

/** A growing column counts at its least width while the lead columns are placed. */
function leastWidth<Row>(column: ColumnDef<Row, unknown>, widths: Record<string, number>) {
  return metaOf(column)?.grow
    ? (column.size ?? DEFAULT_COLUMN_SIZE)
    : (widths[columnIdOf(column)] ?? 0);
}

/** The table's least width: every shown column at its width (a growing one at its size). */
export function tableMinWidth<Row>(
  columns: ColumnDef<Row, unknown>[],
  widths: Record<string, number>,
): number {
  return columns.reduce((sum, column) => sum + leastWidth(column, widths), 0);
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

/**
 * How a column's cells lay out: the card only in a narrow table (CARDS_BELOW), every
 * other column only in a wider one; the identifying column stays in view when the table scrolls sideways.
 */
export interface CellPlacement {
  /** the column's id, on the cell as `data-column` (tests and styles find cells by it) */
  columnId?: string;
  meta: TableColumnMeta | undefined;
  /** the identifying column (the first shown) */
  sticky?: boolean;
  /** the table has a card column: the other columns give way to it in a narrow table */
  carded?: boolean;
}

function placementClasses({ meta, sticky, carded }: CellPlacement): string {
  if (meta?.card) return "@min-[40rem]:hidden";
  return `${carded ? "@max-[40rem]:hidden" : ""} ${sticky ? "sticky left-0 z-[1] bg-inherit shadow-[inset_-1px_0_0_0_var(--line)]" : ""}`;
}

export function TableHeaderCell({
  columnId,
  meta,
  width,
  sticky,
  carded,
  order,
  onSort,
  children,
}: CellPlacement & {
  /** px; undefined for a growing column (it takes the rest) */
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
      data-column={columnId}
      aria-sort={ariaSort}
      style={{ width }}
      className={`border-b border-line bg-surface-muted px-3 py-2 font-medium ${
        meta?.align === "right" ? "text-right" : ""
      } ${placementClasses({ meta, sticky, carded })}`}
    >
      {meta?.sortField && onSort ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-fg"
          title="Click to sort; shift-click to add to the order"
          onClick={(e) => onSort(meta.sortField!, e.shiftKey)}
        >
          {children}
          <span aria-hidden="true">{term ? (term.direction === "ASC" ? "▲" : "▼") : "↕"}</span>
          {term && (order?.length ?? 0) > 1 ? (
            <span className="text-[10px] text-fg-muted">{index + 1}</span>
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
      className="sticky top-0 z-10 bg-surface-muted text-left text-xs uppercase tracking-wide text-fg-muted"
    >
      <tr>{children}</tr>
    </thead>
  );
}

export function TableCell({
  columnId,
  meta,
  sticky,
  carded,
  children,
}: CellPlacement & {
  /** the header cell's alone sets the column's width (a fixed table) */
  width?: number;
  children: ReactNode;
}) {
  // Amounts are never cut: no ellipsis, their column is as wide as the longest
  // (columnWidths); other cells end in an ellipsis only when the table is at its
  // least width.
  const fit = meta?.amounts
    ? "whitespace-nowrap"
    : meta?.card
      ? ""
      : "overflow-hidden text-ellipsis whitespace-nowrap";
  return (
    <td
      data-column={columnId}
      className={`px-3 py-2 ${fit} ${meta?.align === "right" ? "text-right tabular-nums" : ""} ${placementClasses({ meta, sticky, carded })}`}
    >
      {children}
    </td>
  );
}

/**
 * A link inside a row, out of the tab order: the table is one tab stop, its rows
 * move with the arrow keys and j/k, Enter opens the row (as a click on it does).
 */
export function CellLink({
  href,
  className,
  title,
  label,
  children,
}: {
  href: string;
  className?: string;
  title?: string;
  /** its name for screen readers, when the text alone does not say it ("Invoices") */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link tabIndex={-1} href={href} className={className} title={title} aria-label={label}>
      {children}
    </Link>
  );
}

/** A money cell: one line per currency, in tabular figures, at one size. */
export function AmountLines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <span className="text-fg-subtle">—</span>;
  if (lines.length === 1) return <span data-amount>{lines[0]}</span>;
  // Two currencies share the fixed row height, each on its own line.
  return (
    <ul data-amount title={lines.join("\n")} className="-my-1 leading-[1.1rem]">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export interface RowHandlers<Row> {
  onOpen: (row: Row) => void;
  onFocusRow: ((index: number) => void) | undefined;
}

/**
 * One record's row: a click (outside its links and buttons) or Enter opens it. One
 * row of the table is in the tab order (`tabStop`): the highlighted one, or the
 * first in view; the others are reached with the arrow keys or j/k.
 */
export function TableRowShell<Row extends { id: string }>({
  record,
  index,
  selected,
  tabStop,
  carded,
  onOpen,
  onFocusRow,
  children,
}: RowHandlers<Row> & {
  record: Row;
  index: number;
  /** the keyboard highlight; undefined where the table has no keyboard rows */
  selected: boolean | undefined;
  tabStop: boolean;
  /** the table has cards: the row is a card's height in a narrow table */
  carded: boolean;
  children: ReactNode;
}) {
  return (
    <tr
      data-index={index}
      data-row-id={record.id}
      // Only the highlighted row says so: "not selected" on every other row is noise.
      aria-selected={selected || undefined}
      tabIndex={tabStop ? 0 : -1}
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
      className={`h-[41px] cursor-pointer border-b border-line ${carded ? "@max-[40rem]:h-[61px]" : ""} focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
        selected
          ? "bg-accent-soft shadow-[inset_3px_0_0_0_var(--accent)]"
          : "bg-surface hover:bg-surface-muted"
      }`}
    >
      {children}
    </tr>
  );
}

/**
 * The phone layout's column: a card of the row's key columns in two lines, its name
 * and state over what it is about, the figure people decide on at the right.
 */
export function cardColumn<Row>(
  header: string,
  card: (record: Row) => Parameters<typeof RowCard>[0],
): ColumnDef<Row, unknown> {
  return {
    id: "card",
    header,
    enableHiding: false,
    meta: { card: true } satisfies TableColumnMeta,
    cell: ({ row }) => <RowCard {...card(row.original)} />,
  };
}

export function RowCard({
  title,
  badge,
  figure,
  subtitle,
  aside,
}: {
  title: ReactNode;
  badge?: ReactNode;
  /** the amount (right-aligned, never cut) */
  figure?: ReactNode;
  subtitle?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{title}</span>
          {badge}
        </span>
        {figure !== undefined ? (
          <span
            data-amount
            className="shrink-0 whitespace-nowrap text-right font-medium tabular-nums"
          >
            {figure}
          </span>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3 text-xs text-fg-muted">
        <span className="min-w-0 truncate">{subtitle}</span>
        {aside !== undefined ? <span className="shrink-0 whitespace-nowrap">{aside}</span> : null}
      </div>
    </div>
  );
}

/** A row's height in px: a card's in a narrow table. */
export function rowHeightFor(cards: boolean): number {
  return cards ? CARD_ROW_HEIGHT : ROW_HEIGHT;
}

/** How a table lays out its shown columns (infinite-table.tsx measures and decides). */
export interface TableLayout {
  /** each column's width in px (a growing column's least width) */
  widths: Record<string, number>;
  /** the shown columns' widths together: the table scrolls sideways below it */
  minWidth: number;
  /** the identifying column, kept in view when the table scrolls sideways */
  stickyId: string | undefined;
  rowHeight: number;
  /** the list has a card column (its narrow layout) */
  carded: boolean;
}

/** A column's cell placement and width in a layout. */
export function placementOf<Row>(column: ColumnDef<Row, unknown>, layout: TableLayout) {
  const id = columnIdOf(column);
  const meta = metaOf(column);
  return {
    columnId: id,
    meta,
    sticky: id === layout.stickyId,
    carded: layout.carded,
    width: meta?.grow || meta?.card ? undefined : layout.widths[id],
  };
}

/**
 * The table element: as wide as its box, or as its columns need (then it scrolls
 * sideways, the identifying column staying); on a phone, one card column.
 */
export function ListTable({ layout, children }: { layout: TableLayout; children: ReactNode }) {
  return (
    <table
      style={{ "--table-min": `${layout.minWidth}px` } as CSSProperties}
      className={`w-full min-w-72 table-fixed border-collapse text-sm text-fg ${
        layout.carded ? "@min-[40rem]:min-w-(--table-min)" : "min-w-(--table-min)"
      }`}
    >
      {children}
    </table>
  );
}

/**
 * Empty rows of a given height (the rows not rendered). One cell spans the columns
 * for each layout, the other layout's hidden: a hidden layout's columns would
 * otherwise still take a share of the width (a spanning cell makes columns).
 */
export function SpacerRow({
  height,
  columns,
  carded,
}: {
  height: number;
  columns: number;
  carded: boolean;
}) {
  if (!carded)
    return (
      <tr>
        <td colSpan={Math.max(1, columns)} style={{ height }} />
      </tr>
    );
  return (
    <tr>
      <td colSpan={Math.max(1, columns)} className="@max-[40rem]:hidden" style={{ height }} />
      <td className="@min-[40rem]:hidden" style={{ height }} />
    </tr>
  );
}
