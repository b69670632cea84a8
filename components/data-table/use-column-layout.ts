import type { ColumnDef, VisibilityState } from "@tanstack/react-table";
import { useId, useMemo } from "react";
import type { ColumnChoice } from "@/lib/lists/columns";
import type { TableLayout } from "./cell-placement";
import { type ColumnFit, columnWidths, fitColumns, leastWidth } from "./column-fit";
import { columnFitCss, safeScope } from "./column-fit-css";
import { choosableColumns, chosenVisibility, columnIdOf, metaOf } from "./table-columns";
import { CARD_ROW_HEIGHT } from "./table-geometry";

export interface ColumnLayout extends TableLayout {
  /** the layout the cells read, the same object while it holds (memoized rows and header) */
  cells: TableLayout;
  /** TanStack Table's visibility: the list's defaults and the person's choice */
  columnVisibility: VisibilityState;
  /** which of the other columns each width shows (the column menu reads it) */
  fit: ColumnFit;
  /** the table box's `data-table-id`, which `css` is scoped to */
  scope: string;
  /** the container queries that show the columns a width holds (column-fit-css.ts) */
  css: string;
}

/**
 * A table's columns: those the person chose or hid (in the DOM or not), and of the
 * others those that fit the table's width in the list's priority order, shown by CSS.
 * The widths come from the loaded rows, so the server and the browser agree.
 */
export function useColumnLayout<Row>(
  columns: ColumnDef<Row, unknown>[],
  rows: Row[],
  choice: ColumnChoice | null,
): ColumnLayout {
  const scope = safeScope(useId());
  const columnVisibility = useMemo(() => chosenVisibility(columns, choice), [columns, choice]);
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const fit = useMemo(
    () => fitColumns(columns, columnVisibility, widths),
    [columns, columnVisibility, widths],
  );
  const css = useMemo(() => {
    const least = Object.fromEntries(
      choosableColumns(columns).map((c) => [columnIdOf(c), leastWidth(c, widths)]),
    );
    return columnFitCss(scope, fit, least);
  }, [scope, columns, fit, widths]);
  const stickyId = choosableColumns(columns)
    .map(columnIdOf)
    .find((id) => fit.always.includes(id) || fit.thresholds.some((t) => t.id === id));
  const card = columns.find((c) => metaOf(c)?.card);
  const carded = card !== undefined;
  const cardHeight = (card && metaOf(card)?.cardHeight) || CARD_ROW_HEIGHT;
  const cells = useMemo(
    () => ({ widths, stickyId, carded, cardHeight }),
    [widths, stickyId, carded, cardHeight],
  );
  return { columnVisibility, widths, fit, scope, css, stickyId, carded, cardHeight, cells };
}
