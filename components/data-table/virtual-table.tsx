"use client";

import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row as TableRow,
  useReactTable,
  type VisibilityState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, type ReactNode, type RefObject, useEffect } from "react";
import type { OrderTerm } from "@/lib/lists/order";
import {
  ListTable,
  OVERSCAN,
  PREFETCH_ROWS,
  placementOf,
  type RowHandlers,
  SpacerRow,
  TableCell,
  type TableColumnMeta,
  TableHead,
  TableHeaderCell,
  type TableLayout,
  TableRowShell,
  VIEWPORT_HEIGHT,
} from "./table-parts";

export interface VirtualTableProps<Row extends { id: string }> extends RowHandlers<Row> {
  rows: Row[];
  columns: ColumnDef<Row, unknown>[];
  columnVisibility: VisibilityState;
  scrollRef: RefObject<HTMLElement | null>;
  headRef: RefObject<HTMLTableSectionElement | null>;
  headerHeight: number;
  layout: TableLayout;
  order: OrderTerm[] | null | undefined;
  onSort: ((field: string, additive: boolean) => void) | undefined;
  /** the keyboard highlight; null when none */
  active: number | null;
  /** asks for the next page (the caller knows whether there is one) */
  loadMore: () => void;
  /** hands the caller a way to scroll a row into view (for j/k) */
  setReveal: (reveal: ((index: number) => void) | null) => void;
}

/**
 * The list table once the person scrolls it: TanStack Table over every loaded row, with only the rows in view (plus a
 * few) in the DOM, and the next page asked for as the person nears the end. Loaded
 * on first use rather than with the page: it is most of a list page's script.
 */
export function VirtualTable<Row extends { id: string }>({
  rows,
  columns,
  columnVisibility,
  scrollRef,
  headRef,
  headerHeight,
  layout,
  order,
  onSort,
  active,
  loadMore,
  setReveal,
  onOpen,
  onFocusRow,
}: VirtualTableProps<Row>) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { columnVisibility },
    getRowId: (row) => row.id,
  });
  const tableRows = table.getRowModel().rows;

  // The rows start below the sticky header: the virtualizer counts it as a margin
  // (row positions) and as scroll padding (a row scrolled to is not hidden under it).
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => layout.rowHeight,
    overscan: OVERSCAN,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    // Lets the server render rows (it has no window to measure).
    initialRect: { width: 1200, height: VIEWPORT_HEIGHT },
    // The table takes over from the plain rows on a scroll: it starts where that left
    // the table (by default it would scroll back to the top).
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
  });
  // A phone turned sideways (or a window narrowed) changes the rows' height.
  const { rowHeight } = layout;
  useEffect(() => {
    if (rowHeight) virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (lastIndex >= tableRows.length - PREFETCH_ROWS) loadMore();
  }, [lastIndex, tableRows.length, loadMore]);

  useEffect(() => {
    setReveal((index) => virtualizer.scrollToIndex(index));
    return () => setReveal(null);
  }, [virtualizer, setReveal]);

  // Rows re-render only when their record, the visible columns or the highlight change,
  // not on every scroll frame.
  const visibleKey = `${JSON.stringify(columnVisibility)} ${JSON.stringify(layout)}`;
  // Item positions include the header margin; the spacer rows are inside the body.
  const paddingTop = items.length > 0 ? items[0]!.start - headerHeight : 0;
  const paddingBottom =
    items.length > 0
      ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - headerHeight)
      : 0;
  const visibleColumns = table
    .getVisibleLeafColumns()
    .filter((column) => !(column.columnDef.meta as TableColumnMeta | undefined)?.card).length;
  // The one row in the tab order: the highlighted one when rendered, else the first in view.
  const firstIndex = items[0]?.index ?? 0;
  const tabStop =
    active !== null && items.some((item) => item.index === active) ? active : firstIndex;

  return (
    <ListTable layout={layout}>
      <TableHead headRef={headRef}>
        {table.getFlatHeaders().map((header) => (
          <TableHeaderCell
            key={header.id}
            {...placementOf(header.column.columnDef, layout)}
            order={order}
            onSort={onSort}
          >
            {flexRender(header.column.columnDef.header, header.getContext())}
          </TableHeaderCell>
        ))}
      </TableHead>
      <tbody>
        {paddingTop > 0 ? (
          <SpacerRow height={paddingTop} columns={visibleColumns} carded={layout.carded} />
        ) : null}
        {items.map((item) => {
          const row = tableRows[item.index]!;
          return (
            <VirtualRow
              key={row.id}
              row={row}
              index={item.index}
              visibleKey={visibleKey}
              layout={layout}
              selected={active === item.index}
              tabStop={tabStop === item.index}
              onOpen={onOpen}
              onFocusRow={onFocusRow}
            />
          );
        })}
        {paddingBottom > 0 ? (
          <SpacerRow height={paddingBottom} columns={visibleColumns} carded={layout.carded} />
        ) : null}
      </tbody>
    </ListTable>
  );
}

interface VirtualRowProps<Row> extends RowHandlers<Row> {
  row: TableRow<Row>;
  index: number;
  /** not read: a change of the visible columns re-renders the memoized row */
  visibleKey: string;
  layout: TableLayout;
  selected: boolean;
  tabStop: boolean;
}

const VirtualRow = memo(function VirtualRow<Row extends { id: string }>({
  row,
  index,
  layout,
  selected,
  tabStop,
  onOpen,
  onFocusRow,
}: VirtualRowProps<Row>) {
  return (
    <TableRowShell
      record={row.original}
      index={index}
      selected={selected}
      tabStop={tabStop}
      carded={layout.carded}
      onOpen={onOpen}
      onFocusRow={onFocusRow}
    >
      {row.getVisibleCells().map((cell) => (
        <TableCell key={cell.id} {...placementOf(cell.column.columnDef, layout)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </TableCell>
      ))}
    </TableRowShell>
  );
}) as <Row extends { id: string }>(props: VirtualRowProps<Row>) => ReactNode;
