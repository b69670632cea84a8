"use client";

import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row as TableRow,
  useReactTable,
  type VisibilityState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRouter } from "next/navigation";
import {
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { asApiError } from "@/lib/api/errors";
import type { OrderTerm } from "@/lib/lists/order";
import { useRowKeys } from "../keyboard/use-row-keys";
import { ErrorPanel } from "../states/error-panel";

export interface TableColumnMeta {
  /** the API's orderBy field this column sorts by */
  sortField?: string;
  align?: "right";
  /** a column hidden until the person asks for it */
  hiddenByDefault?: boolean;
}

interface PageLike<Row> {
  data: Row[];
  hasMore: boolean;
}

const ROW_HEIGHT = 41;
const PREFETCH_ROWS = 30;
/** The sticky header's height before the browser measures it (text-xs, py-2, a border). */
const HEADER_HEIGHT = 33;

/**
 * A virtualized table over an infinite query: only the rows in view (plus a few)
 * are in the DOM, the next page loads as the person nears the end, and a failure
 * while loading more keeps every row already loaded. With `keyboard`, j/k move a
 * highlighted row and Enter opens it (components/keyboard/use-row-keys.ts).
 */
export function InfiniteTable<Row extends { id: string }>({
  label,
  noun,
  query,
  columns,
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
  query: UseInfiniteQueryResult<InfiniteData<PageLike<Row>, unknown>, Error>;
  columns: ColumnDef<Row, unknown>[];
  rowHref: (row: Row) => string;
  order?: OrderTerm[] | null;
  onSort?: (field: string, additive: boolean) => void;
  empty: ReactNode;
  clearHref: string;
  /** changes when the filters change: scrolls back to the top */
  scrollKey: string;
  /** shrink to the rows when they are few (a table among others on a page) */
  fit?: boolean;
  /** j/k/Enter move through and open rows (the page's main table only) */
  keyboard?: boolean;
}) {
  const router = useRouter();
  const scrollRef = useRef<HTMLElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const rows = useMemo(() => {
    // De-duplicate by id when pages are flattened: a record that moved between two
    // page reads must not show twice.
    const seen = new Set<string>();
    const all: Row[] = [];
    for (const page of query.data?.pages ?? [])
      for (const row of page.data)
        if (!seen.has(row.id)) {
          seen.add(row.id);
          all.push(row);
        }
    return all;
  }, [query.data]);

  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries(
      columns
        .filter((c) => (c.meta as TableColumnMeta | undefined)?.hiddenByDefault)
        .map((c) => [c.id as string, false]),
    ),
  );
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
    getRowId: (row) => row.id,
  });
  const tableRows = table.getRowModel().rows;

  // The rows start below the sticky header: the virtualizer counts it as a margin
  // (row positions) and as scroll padding (a row scrolled to is not hidden under it).
  const [headerHeight, setHeaderHeight] = useState(HEADER_HEIGHT);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    // Lets the server render the first rows into the HTML.
    initialRect: { width: 1200, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const height = headRef.current?.offsetHeight;
    if (hasRows && height) setHeaderHeight(height);
  }, [hasRows]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  useEffect(() => {
    if (lastIndex >= tableRows.length - PREFETCH_ROWS) loadMore();
  }, [lastIndex, tableRows.length, loadMore]);

  // Callers pass `rowHref` inline; a ref keeps `openRow` stable so memoized rows stay put.
  const rowHrefRef = useRef(rowHref);
  rowHrefRef.current = rowHref;
  const openRow = useCallback((row: Row) => router.push(rowHrefRef.current(row)), [router]);

  const { active, setActive, announcement } = useRowKeys({
    enabled: keyboard && rows.length > 0,
    count: rows.length,
    canLoadMore: Boolean(hasNextPage) && !isFetchNextPageError,
    loadMore,
    open: (index) => {
      const row = rows[index];
      if (row) openRow(row);
    },
    reveal: (index) => virtualizer.scrollToIndex(index),
    describe: (index) => {
      revealInWindow(scrollRef.current, rows[index]?.id);
      return describeRow(scrollRef.current, rows[index]?.id, index, rows.length, noun);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top and drop the highlight when the filters change
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    setActive(null);
  }, [scrollKey]);

  const descriptionId = useId();
  // Rows re-render only when their record, the visible columns or the highlight change,
  // not on every scroll frame.
  const visibleKey = JSON.stringify(columnVisibility);

  if (query.isPending)
    return (
      <TableSkeleton
        label={label}
        columns={table.getVisibleLeafColumns().map((c) => String(c.columnDef.header))}
      />
    );
  if (query.isError && rows.length === 0)
    return (
      <ErrorPanel
        error={asApiError(query.error)}
        onRetry={() => void query.refetch()}
        clearHref={clearHref}
      />
    );
  if (rows.length === 0) return <>{empty}</>;

  const orderIndex = (field: string | undefined) =>
    field ? (order ?? []).findIndex((t) => t.field === field) : -1;
  // Item positions include the header margin; the spacer rows are inside the body.
  const paddingTop = items.length > 0 ? items[0]!.start - headerHeight : 0;
  const paddingBottom =
    items.length > 0
      ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - headerHeight)
      : 0;
  const visibleColumns = table.getVisibleLeafColumns().length;

  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-4 text-sm text-slate-600">
        <p aria-live="polite">
          {rows.length.toLocaleString("en-US")} {noun} loaded
          {hasNextPage ? ", more below" : ", all loaded"}
          {query.isPlaceholderData ? " · updating…" : ""}
        </p>
        <ColumnPicker table={table} />
      </div>
      {keyboard ? (
        <>
          <p id={descriptionId} className="sr-only">
            Press j and k to move through the rows, Enter to open the highlighted row.
          </p>
          <p aria-live="polite" className="sr-only" data-row-announcer>
            {announcement}
          </p>
        </>
      ) : null}
      <section
        ref={scrollRef}
        aria-label={label}
        aria-describedby={keyboard ? descriptionId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className={`${fit ? "max-h-[32rem]" : "h-[calc(100vh-16rem)] min-h-80"} overflow-auto rounded-md border border-slate-200 bg-white ${
          query.isPlaceholderData ? "opacity-60" : ""
        }`}
      >
        <table className="w-full table-fixed border-collapse text-sm">
          <thead
            ref={headRef}
            className="sticky top-0 z-10 bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600"
          >
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta as TableColumnMeta | undefined;
                  const index = orderIndex(meta?.sortField);
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
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort}
                      style={{ width: header.getSize() }}
                      className={`border-b border-slate-200 px-3 py-2 font-medium ${meta?.align === "right" ? "text-right" : ""}`}
                    >
                      {meta?.sortField && onSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          title="Click to sort; shift-click to add to the order"
                          onClick={(e) => onSort(meta.sortField!, e.shiftKey)}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">
                            {term ? (term.direction === "ASC" ? "▲" : "▼") : "↕"}
                          </span>
                          {term && (order?.length ?? 0) > 1 ? (
                            <span className="text-[10px] text-slate-500">{index + 1}</span>
                          ) : null}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {paddingTop > 0 ? (
              <tr>
                <td colSpan={visibleColumns} style={{ height: paddingTop }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = tableRows[item.index]!;
              return (
                <VirtualRow
                  key={row.id}
                  row={row}
                  index={item.index}
                  visibleKey={visibleKey}
                  selected={keyboard ? active === item.index : undefined}
                  onOpen={openRow}
                  onFocusRow={keyboard ? setActive : undefined}
                />
              );
            })}
            {paddingBottom > 0 ? (
              <tr>
                <td colSpan={visibleColumns} style={{ height: paddingBottom }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        <div className="p-3">
          {isFetchingNextPage ? (
            <p role="status" className="text-sm text-slate-600">
              Loading more {noun}…
            </p>
          ) : isFetchNextPageError ? (
            <ErrorPanel
              compact
              error={asApiError(query.error)}
              onRetry={() => void fetchNextPage()}
            />
          ) : hasNextPage ? (
            <button
              type="button"
              onClick={() => void fetchNextPage()}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
            >
              Load more
            </button>
          ) : (
            <p className="text-sm text-slate-500">End of list.</p>
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * The table may itself be partly below the window (filters above it): once the row is
 * rendered, bring it into the window too; "nearest" leaves the window alone when the
 * row already shows.
 */
function revealInWindow(scroller: HTMLElement | null, id: string | undefined) {
  if (!scroller || !id) return;
  scroller
    .querySelector(`tr[data-row-id="${CSS.escape(id)}"]`)
    ?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** "Row 3 of 50: INV-2026-0003, Acme …" for the live region (read from the rendered row). */
function describeRow(
  scroller: HTMLElement | null,
  id: string | undefined,
  index: number,
  count: number,
  noun: string,
): string {
  const cells = id
    ? scroller?.querySelectorAll<HTMLElement>(`tr[data-row-id="${CSS.escape(id)}"] td`)
    : undefined;
  const text = cells
    ? [...cells]
        .slice(0, 2)
        .map((c) => (c.textContent ?? "").trim())
        .filter(Boolean)
        .join(", ")
    : "";
  return `${noun} row ${index + 1} of ${count}${text ? `: ${text}` : ""}`;
}

interface VirtualRowProps<Row> {
  row: TableRow<Row>;
  index: number;
  /** not read: a change of the visible columns re-renders the memoized row */
  visibleKey: string;
  /** the keyboard highlight; undefined where the table has no keyboard rows */
  selected: boolean | undefined;
  onOpen: (row: Row) => void;
  onFocusRow: ((index: number) => void) | undefined;
}

const VirtualRow = memo(function VirtualRow<Row>({
  row,
  index,
  selected,
  onOpen,
  onFocusRow,
}: VirtualRowProps<Row>) {
  return (
    <tr
      data-index={index}
      data-row-id={row.id}
      // Only the highlighted row says so: "not selected" on every other row is noise.
      aria-selected={selected || undefined}
      tabIndex={0}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest("a,button")) onOpen(row.original);
      }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocusRow?.(index);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && e.target === e.currentTarget) {
          // Handled here: the page-wide Enter (open the highlighted row) must not run too.
          e.preventDefault();
          onOpen(row.original);
        }
      }}
      className={`h-[41px] cursor-pointer border-b border-slate-100 focus:bg-blue-50 focus:outline-none ${
        selected ? "bg-blue-50 shadow-[inset_3px_0_0_0_var(--color-blue-600)]" : "hover:bg-slate-50"
      }`}
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta as TableColumnMeta | undefined;
        return (
          <td
            key={cell.id}
            className={`truncate px-3 py-2 ${meta?.align === "right" ? "text-right tabular-nums" : ""}`}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}) as <Row>(props: VirtualRowProps<Row>) => ReactNode;

function ColumnPicker<Row>({ table }: { table: ReturnType<typeof useReactTable<Row>> }) {
  return (
    <details className="relative">
      <summary className="cursor-pointer rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
        Columns
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow">
        {table.getAllLeafColumns().map((column) => (
          <label key={column.id} className="flex items-center gap-2 px-1 py-0.5 text-sm">
            <input
              type="checkbox"
              checked={column.getIsVisible()}
              disabled={!column.getCanHide()}
              onChange={column.getToggleVisibilityHandler()}
            />
            {String(column.columnDef.header)}
          </label>
        ))}
      </div>
    </details>
  );
}

function TableSkeleton({ label, columns }: { label: string; columns: string[] }) {
  return (
    <div
      role="status"
      aria-label={`Loading ${label}`}
      className="rounded-md border border-slate-200 bg-white"
    >
      <div className="flex gap-3 border-b border-slate-200 bg-slate-100 px-3 py-2 text-xs uppercase text-slate-500">
        {columns.map((c) => (
          <span key={c} className="flex-1 truncate">
            {c}
          </span>
        ))}
      </div>
      {Array.from({ length: 12 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={i} className="flex gap-3 border-b border-slate-100 px-3 py-3">
          {columns.map((c) => (
            <span key={c} className="h-3 flex-1 animate-pulse rounded bg-slate-200" />
          ))}
        </div>
      ))}
    </div>
  );
}
