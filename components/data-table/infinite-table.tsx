"use client";

import type { QueryKey } from "@tanstack/react-query";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import { type ReactNode, Suspense, useCallback, useId, useRef, useState } from "react";
import type { ColumnChoice } from "@/lib/lists/columns";
import type { OrderTerm } from "@/lib/lists/order";
import { shownAt } from "./column-fit";
import { TableBar } from "./table-bar";
import { TableBody } from "./table-body";
import { choosableColumns, columnIdOf, headerOf, type TableColumn } from "./table-columns";
import { TableFooter } from "./table-footer";
import { type OnSort, TableHead } from "./table-head";
import { TableStates, waitNoticeOf } from "./table-states";
import { useColumnLayout } from "./use-column-layout";
import { type RowsQuery, usePaging } from "./use-paging";
import { LazyRowVirtualizer, useRowWindow } from "./use-row-window";
import { useTableKeys } from "./use-table-keys";
import { useTablePlace } from "./use-table-place";

export type { TableColumnMeta } from "./table-columns";

/** A 1280 px window's list table (the window less the navigation and padding): the skeleton's columns. */
const DEFAULT_TABLE_WIDTH = 1006;

/**
 * A list table over an infinite query: TanStack Table's rows and columns, the first
 * rows rendered at once (in the server's HTML), the rest as the person scrolls
 * (use-row-window.ts), the next page read ahead. The columns a width holds are shown
 * by CSS (use-column-layout.ts). With `keyboard`, j/k move a highlighted row and
 * Enter opens it; the place is kept across Back and reloads (use-table-place.ts).
 */
export function InfiniteTable<Row extends { id: string }>({
  label,
  noun,
  query,
  queryKey,
  columns,
  chosenColumns,
  rowHref,
  order,
  onSort,
  empty,
  clearHref,
  scrollKey,
  fit = false,
  keyboard = !fit,
}: {
  label: string;
  noun: string;
  query: RowsQuery<Row>;
  /** the query's cache key: Back and a reload put saved rows back under it */
  queryKey?: QueryKey;
  columns: TableColumn<Row>[];
  /** the person's column choice kept outside the table (a list's URL); else the table keeps it */
  chosenColumns?: { choice: ColumnChoice | null; onChange: (choice: ColumnChoice | null) => void };
  rowHref: (row: Row) => string;
  order?: OrderTerm[] | null;
  onSort?: OnSort;
  empty: ReactNode;
  clearHref: string;
  /** changes when the filters change: scrolls back to the top */
  scrollKey: string;
  /** shrink to the rows when they are few (a table among others on a page) */
  fit?: boolean;
  /** j/k/Enter anywhere on the page move through and open rows (the page's main table only) */
  keyboard?: boolean;
}) {
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
    carded: layout.carded,
  });

  // Callers pass `rowHref` inline; refs keep `openRow` stable so memoized rows stay put.
  const rowHrefRef = useRef(rowHref);
  rowHrefRef.current = rowHref;
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
    noun,
    pageKeys: keyboard,
    canLoadMore: Boolean(query.hasNextPage) && !query.isFetchNextPageError,
    loadMore,
    open: openRow,
    reveal: rowWindow.reveal,
    scrollRef,
    headRef,
  });
  const { setActive } = keys;
  const place = useTablePlace({
    label,
    scrollKey,
    queryKey,
    rows,
    activeId: keys.active === null ? null : (rows[keys.active]?.id ?? null),
    scrollRef,
    restore: keys.restore,
    startVirtual: rowWindow.startVirtual,
    windowed: rowWindow.virtual,
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

  const descriptionId = useId();
  const waitNotice = waitNoticeOf(query, waiting);
  const states = (
    <TableStates
      query={query}
      label={label}
      headers={choosableColumns(columns)
        .filter((c) => shownAt(layout.fit, DEFAULT_TABLE_WIDTH).has(columnIdOf(c)))
        .map(headerOf)}
      rows={rows.length}
      waitNotice={waitNotice}
      empty={empty}
      clearHref={clearHref}
    />
  );
  if (query.isPending || rows.length === 0) return states;
  const tableLayout = { widths: layout.widths, stickyId: layout.stickyId, carded: layout.carded };
  return (
    <div className="@container/list">
      <TableBar
        count={rows.length}
        noun={noun}
        more={Boolean(query.hasNextPage)}
        updating={query.isPlaceholderData}
        columns={columns}
        choice={choice}
        onChoice={chosenColumns ? chosenColumns.onChange : setOwnChoice}
        fit={layout.fit}
        scrollRef={scrollRef}
        order={order}
        onSort={onSort}
      />
      {states}
      <p id={descriptionId} className="sr-only">
        {keyboard
          ? "Press j and k or the arrow keys to move through the rows, Enter to open the highlighted row."
          : "Use the arrow keys to move through the rows, Enter to open one."}
      </p>
      <p aria-live="polite" className="sr-only" data-row-announcer>
        {keys.announcement}
      </p>
      <section
        ref={boxRef}
        data-table-id={layout.scope}
        aria-label={label}
        aria-describedby={descriptionId}
        {...keys.handlers}
        onScroll={(e) => {
          place.onScroll(e.currentTarget.scrollTop);
          startVirtual();
        }}
        onPointerEnter={() => void rowWindow.preload()}
        // No scroll anchoring: a table scrolled to its end would otherwise follow the
        // footer as rows are added above it, loading page after page.
        style={{ scrollPaddingTop: keys.scrollPaddingTop, overflowAnchor: "none" }}
        // Positioned, so absolutely placed text in the rows (`sr-only`) is placed and
        // clipped in here, not by the page below the table.
        className={`@container relative ${fit ? "max-h-[32rem]" : "h-[calc(100dvh-16rem)] min-h-80"} overflow-auto rounded-md border border-line bg-surface ${
          query.isPlaceholderData ? "opacity-60" : ""
        }`}
      >
        <style>{layout.css}</style>
        <table
          className={`w-full min-w-72 table-fixed border-collapse text-sm text-fg ${
            layout.carded ? "@min-[40rem]:min-w-(--table-min)" : "min-w-(--table-min)"
          }`}
        >
          <TableHead
            table={table}
            layout={tableLayout}
            headRef={headRef}
            order={order}
            onSort={onSort}
          />
          <TableBody
            table={table}
            range={rowWindow.range}
            layout={tableLayout}
            active={keys.active}
            onOpen={openRow}
            onFocusRow={setActive}
          />
        </table>
        <TableFooter
          query={query}
          noun={noun}
          waitNotice={query.isFetchingNextPage ? waitNotice : null}
        />
        {rowWindow.virtualizer ? (
          <Suspense fallback={null}>
            <LazyRowVirtualizer {...rowWindow.virtualizer} />
          </Suspense>
        ) : null}
      </section>
    </div>
  );
}
