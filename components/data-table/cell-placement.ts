import type { ColumnDef } from "@tanstack/react-table";
import { columnIdOf, metaOf, type TableColumnMeta } from "./table-columns";

/** How a table lays out its columns (use-column-layout.ts decides; CSS shows them by width). */
export interface TableLayout {
  /** each column's width in px (a growing column's least width) */
  widths: Record<string, number>;
  /** the identifying column, kept in view when the table scrolls sideways */
  stickyId: string | undefined;
  /** the list has a card column (its narrow layout) */
  carded: boolean;
  /** a card's row height in px (the card column's, else CARD_ROW_HEIGHT) */
  cardHeight: number;
}

/**
 * How a column's cells lay out: the card only in a narrow table (40rem), every other
 * column only in a wider one; the identifying column stays in view when the table
 * scrolls sideways.
 */
export interface CellPlacement {
  /** the column's id, on the cell as `data-column` (the width CSS, tests and styles find cells by it) */
  columnId: string;
  meta: TableColumnMeta | undefined;
  sticky: boolean;
  carded: boolean;
  /** px; undefined for a growing column (it takes the rest) and the card */
  width: number | undefined;
}

export function placementOf<Row>(
  column: ColumnDef<Row, unknown>,
  layout: TableLayout,
): CellPlacement {
  const id = columnIdOf(column);
  const meta = metaOf(column) as TableColumnMeta | undefined;
  return {
    columnId: id,
    meta,
    sticky: id === layout.stickyId,
    carded: layout.carded,
    width: meta?.grow || meta?.card ? undefined : layout.widths[id],
  };
}

export function placementClasses({ meta, sticky, carded }: CellPlacement): string {
  if (meta?.card) return "@min-[40rem]:hidden";
  return `${carded ? "@max-[40rem]:hidden" : ""} ${sticky ? "sticky left-0 z-[1] bg-inherit shadow-[inset_-1px_0_0_0_var(--line)]" : ""}`;
}
