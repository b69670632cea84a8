import type { CellContext, ColumnDef, RowData, VisibilityState } from "@tanstack/react-table";
import type { ReactNode } from "react";
import type { ColumnChoice } from "@/lib/lists/columns";

/** What the dashboard's tables read from a column besides TanStack Table's own fields. */
export interface TableColumnMeta<Row = unknown> {
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
  text?: (record: Row) => string | null;
  /**
   * Money: the texts the cell shows (one per currency). The column is as wide as the
   * longest of the loaded rows' texts, so an amount is never cut.
   */
  amounts?: (record: Row) => string[];
  /** the phone layout: one cell holding the row's key columns as a card */
  card?: boolean;
  /** the card's row height in px, when not CARD_ROW_HEIGHT (two lines) */
  cardHeight?: number;
}

// TanStack Table's documented way to type `columnDef.meta`.
declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> extends TableColumnMeta<TData> {}
}

/** A column of the dashboard's tables: its id, a text header and a cell from the record. */
export type TableColumn<Row> = ColumnDef<Row, unknown> & { id: string; header: string };

/** One column as a list writes it; its id comes from the list's definition. */
export interface ColumnSpec<Row> {
  header: string;
  /** px; TanStack Table's default (150) when unset */
  size?: number;
  /** false: always shown (the identifying column) */
  enableHiding?: boolean;
  meta?: TableColumnMeta<Row>;
  cell: (context: CellContext<Row, unknown>) => ReactNode;
}

/** The column ids of a list definition (lib/lists/<list>.ts). */
export type ColumnIdOf<List extends { columns: readonly string[] }> = List["columns"][number];

/**
 * A list's columns in the order of its definition's ids (lib/lists/<list>.ts,
 * `columns`): the ids are written there once, and `specs` must name each of them.
 */
export function listColumns<Row, const Id extends string>(
  ids: readonly Id[],
  specs: { [K in Id]: ColumnSpec<Row> },
): TableColumn<Row>[] {
  return ids.map((id) => ({ id, ...specs[id] }));
}

export function metaOf<Row>(column: ColumnDef<Row, unknown>): TableColumnMeta<Row> | undefined {
  return column.meta;
}

export function columnIdOf<Row>(column: ColumnDef<Row, unknown>): string {
  return column.id as string;
}

export function headerOf<Row>(column: ColumnDef<Row, unknown>): string {
  return String(column.header);
}

/** Columns the person can show or hide (the card is the phone's, not a column). */
export function choosableColumns<Row>(columns: ColumnDef<Row, unknown>[]) {
  return columns.filter((c) => !metaOf(c)?.card);
}

export function initialVisibility<Row>(columns: ColumnDef<Row, unknown>[]): VisibilityState {
  return Object.fromEntries(
    columns.filter((c) => metaOf(c)?.hiddenByDefault).map((c) => [columnIdOf(c), false]),
  );
}

/**
 * The person's choices over the list's defaults (TanStack Table's visibility): a
 * column hidden by default is hidden unless chosen (the URL's `columns` parameter,
 * lib/lists/columns.ts); one that cannot be hidden ignores the choice.
 */
export function chosenVisibility<Row>(
  columns: ColumnDef<Row, unknown>[],
  choice: ColumnChoice | null,
): VisibilityState {
  const visibility: VisibilityState = { ...initialVisibility(columns), ...choice };
  for (const column of columns)
    if (column.enableHiding === false) delete visibility[columnIdOf(column)];
  return visibility;
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
