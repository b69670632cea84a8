import type { QueryKey } from "@tanstack/react-query";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import type { ColumnChoice } from "@/lib/lists/columns";
import type { TableColumn } from "./table-columns";
import { useColumnLayout } from "./use-column-layout";
import { type RowsQuery, usePaging } from "./use-paging";
import { useRowWindow } from "./use-row-window";
import { useTableKeys } from "./use-table-keys";
import { useTablePlace } from "./use-table-place";

export interface ListTableOptions<Row> {
  label: string;
  noun: string;
  query: RowsQuery<Row>;
  /** the query's cache key: Back and a reload put saved rows back under it */
  queryKey?: QueryKey;
  columns: TableColumn<Row>[];
  /** the person's column choice kept outside the table (a list's URL); else the table keeps it */
  chosenColumns?: { choice: ColumnChoice | null; onChange: (choice: ColumnChoice | null) => void };
  rowHref: (row: Row) => string;
  /** changes when the filters change: scrolls back to the top */
  scrollKey: string;
  /** j/k/Enter anywhere on the page move through and open rows (the page's main table only) */
  keyboard: boolean;
}

/**
 * A list table's model, for its parts to render (tablecn's useDataTable is the
 * pattern): TanStack Table over the loaded rows, the columns' layout, the window of
 * rendered rows, the keys, the place kept across Back and reloads, and opening a row.
 */
export function useListTable<Row extends { id: string }>(options: ListTableOptions<Row>) {
  const { query, columns, chosenColumns } = options;
  const router = useRouter();
  const scrollRef = useRef<HTMLElement | null>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const { rows, loadMore, waiting } = usePaging(query);
  const [ownChoice, setOwnChoice] = useState<ColumnChoice | null>(null);
  const choice = chosenColumns ? chosenColumns.choice : ownChoice;
  const layout = useColumnLayout(columns, rows, choice);
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { columnVisibility: layout.columnVisibility },
    getRowId: (row) => row.id,
  });
  const rowWindow = useRowWindow({
    count: rows.length,
    loadMore,
    scrollRef,
    headRef,
    cardHeight: layout.carded ? layout.cardHeight : null,
  });

  // Callers pass `rowHref` inline; refs keep `openRow` stable so memoized rows stay put.
  const rowHrefRef = useRef(options.rowHref);
  rowHrefRef.current = options.rowHref;
  const saveRef = useRef<() => void>(() => {});
  const openRow = useCallback(
    (row: Row) => {
      saveRef.current();
      router.push(rowHrefRef.current(row));
    },
    [router],
  );
  const keys = useTableKeys({
    rows,
    noun: options.noun,
    pageKeys: options.keyboard,
    canLoadMore: Boolean(query.hasNextPage) && !query.isFetchNextPageError,
    loadMore,
    open: openRow,
    reveal: rowWindow.reveal,
    scrollRef,
    headRef,
  });
  const { setActive } = keys;
  const place = useTablePlace({
    label: options.label,
    scrollKey: options.scrollKey,
    queryKey: options.queryKey,
    rows,
    activeId: keys.active === null ? null : (rows[keys.active]?.id ?? null),
    scrollRef,
    restore: keys.restore,
    startVirtual: rowWindow.startVirtual,
    windowed: rowWindow.windowed,
    clearHighlight: useCallback(() => setActive(null), [setActive]),
  });
  saveRef.current = place.save;

  // Marks that the table answers (tests wait for it); a scroll made before the script
  // arrived is where the rows start.
  const { startVirtual } = rowWindow;
  const boxRef = useCallback(
    (box: HTMLElement | null) => {
      scrollRef.current = box;
      if (!box) return;
      box.dataset.hydrated = "";
      if (box.scrollTop > 0) startVirtual();
    },
    [startVirtual],
  );

  return {
    table,
    rows,
    waiting,
    layout,
    choice,
    setChoice: chosenColumns ? chosenColumns.onChange : setOwnChoice,
    rowWindow,
    keys,
    place,
    openRow,
    scrollRef,
    headRef,
    boxRef,
  };
}

export type ListTableModel<Row extends { id: string }> = ReturnType<typeof useListTable<Row>>;
