import {
  type Column,
  type ColumnDef,
  flexRender,
  type Table,
  type Row as TableRow,
} from "@tanstack/react-table";
import { type CSSProperties, memo, type ReactNode } from "react";
import { placementClasses, placementOf, type TableLayout } from "./cell-placement";

export interface RowHandlers<Row> {
  onOpen: (row: Row) => void;
  onFocusRow: ((index: number) => void) | undefined;
}

/**
 * The rows in the window (use-row-window.ts), with spacers of the others' height
 * above and below, so the table scrolls as far as all its rows would take.
 */
export function TableBody<Row extends { id: string }>({
  table,
  range,
  layout,
  active,
  onOpen,
  onFocusRow,
}: RowHandlers<Row> & {
  table: Table<Row>;
  /** the rows to render, from `start` up to (not including) `end` */
  range: { start: number; end: number };
  layout: TableLayout;
  /** the keyboard highlight; null when none */
  active: number | null;
}) {
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  const columnsKey = rowsLayoutKey(
    columns.map((c) => c.id),
    layout,
  );
  // The one row in the tab order: the highlighted one when rendered, else the first rendered.
  const tabStop =
    active !== null && active >= range.start && active < range.end ? active : range.start;
  return (
    <tbody>
      <SpacerRow rows={range.start} columns={columns} layout={layout} />
      {rows.slice(range.start, range.end).map((row, offset) => (
        <BodyRow
          key={row.id}
          row={row}
          index={range.start + offset}
          definitions={table.options.columns}
          columnsKey={columnsKey}
          layout={layout}
          selected={active === range.start + offset}
          tabStop={tabStop === range.start + offset}
          onOpen={onOpen}
          onFocusRow={onFocusRow}
        />
      ))}
      <SpacerRow rows={rows.length - range.end} columns={columns} layout={layout} />
    </tbody>
  );
}

/**
 * What of the columns and layout a body row reads: rows re-render only when it, their
 * record or the highlight changes, not on every scroll, nor when a new page widens a
 * column (only the header reads widths).
 */
export function rowsLayoutKey(columnIds: string[], layout: TableLayout): string {
  return `${columnIds.join()} ${layout.stickyId} ${layout.carded} ${layout.cardHeight}`;
}

interface BodyRowProps<Row> extends RowHandlers<Row> {
  row: TableRow<Row>;
  index: number;
  /** not read: new column definitions re-render the memoized row */
  definitions: ColumnDef<Row, unknown>[];
  /** not read: a change of the shown columns re-renders the memoized row */
  columnsKey: string;
  layout: TableLayout;
  selected: boolean;
  tabStop: boolean;
}

/**
 * One record's row: a click (outside its links and buttons) or Enter opens it. One
 * row of the table is in the tab order (`tabStop`); the others are reached with the
 * arrow keys or j/k.
 */
const BodyRow = memo(
  function BodyRow<Row extends { id: string }>({
    row,
    index,
    layout,
    selected,
    tabStop,
    onOpen,
    onFocusRow,
  }: BodyRowProps<Row>) {
    const record = row.original;
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
        className={`h-[41px] cursor-pointer border-b border-line ${layout.carded ? "@max-[40rem]:h-(--card-row-height)" : ""} focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
          selected
            ? "bg-accent-soft shadow-[inset_3px_0_0_0_var(--accent)]"
            : "bg-surface hover:bg-surface-muted"
        }`}
      >
        {row.getVisibleCells().map((cell) => {
          const placement = placementOf(cell.column.columnDef, layout);
          const meta = placement.meta;
          // Amounts are never cut: their column is as wide as the longest (column-fit.ts);
          // other cells end in an ellipsis only when the table is at its least width.
          const fit = meta?.amounts
            ? "whitespace-nowrap"
            : meta?.card
              ? ""
              : "overflow-hidden text-ellipsis whitespace-nowrap";
          return (
            <td
              key={cell.id}
              data-column={placement.columnId}
              className={`px-3 py-2 ${fit} ${meta?.align === "right" ? "text-right tabular-nums" : ""} ${placementClasses(placement)}`}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.definitions === b.definitions &&
    a.columnsKey === b.columnsKey &&
    a.selected === b.selected &&
    a.tabStop === b.tabStop &&
    a.onOpen === b.onOpen &&
    a.onFocusRow === b.onFocusRow,
) as <Row extends { id: string }>(props: BodyRowProps<Row>) => ReactNode;

/**
 * Empty rows' room (the rows not rendered): a cell per column, each shown and hidden
 * with its column, so the spacer makes no column of its own; a card's height when
 * the table shows cards.
 */
function SpacerRow<Row>({
  rows,
  columns,
  layout,
}: {
  rows: number;
  columns: Column<Row, unknown>[];
  layout: TableLayout;
}) {
  if (rows <= 0) return null;
  return (
    <tr
      style={{ "--spacer-rows": rows } as CSSProperties}
      className={`h-[calc(var(--spacer-rows)*41px)] ${
        layout.carded ? "@max-[40rem]:h-[calc(var(--spacer-rows)*var(--card-row-height))]" : ""
      }`}
    >
      {columns.map((column) => {
        const placement = placementOf(column.columnDef, layout);
        return (
          <td
            key={column.id}
            data-column={placement.columnId}
            className={placementClasses(placement)}
          />
        );
      })}
    </tr>
  );
}
