"use client";

import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ColumnDef, VisibilityState } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import {
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type ApiRequestError, asApiError } from "@/lib/api/errors";
import type { OrderTerm } from "@/lib/lists/order";
import { useRowKeys } from "../keyboard/use-row-keys";
import { ErrorPanel } from "../states/error-panel";
import { RateLimitNotice } from "../states/rate-limit-notice";
import { TableSkeleton } from "../states/table-skeleton";
import {
  columnIdOf,
  initialVisibility,
  metaOf,
  OVERSCAN,
  PREFETCH_ROWS,
  ROW_HEIGHT,
  renderPlainCell,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRowShell,
  VIEWPORT_HEIGHT,
  visibleColumnsOf,
} from "./table-parts";
import type { VirtualTable as VirtualTableComponent } from "./virtual-table";

export type { TableColumnMeta } from "./table-parts";

interface PageLike<Row> {
  data: Row[];
  hasMore: boolean;
}

/** The sticky header's height before the browser measures it (text-xs, py-2, a border). */
const HEADER_HEIGHT = 33;
/**
 * Rows rendered before the table is used: as many as the virtual table first renders
 * (a 720 px window of 41 px rows, plus its overscan of 12), so the DOM, and the
 * customer names looked up for the rows in it, stay as they were.
 */
const PLAIN_ROWS = Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT) + OVERSCAN;

/**
 * TanStack Table and TanStack Virtual are most of what a list page adds to the
 * framework's script (22.5 of 40 kB gzipped, bench:web): they load when the person
 * first scrolls the table, not with the page. Until then the first rows show as plain
 * rows with the same markup, and every other control works on them: sorting, columns,
 * j/k, opening a row.
 */
let virtualTableModule: Promise<typeof import("./virtual-table")> | undefined;
function loadVirtualTable() {
  virtualTableModule ??= import("./virtual-table");
  return virtualTableModule;
}
const LazyVirtualTable = lazy(() =>
  loadVirtualTable().then((m) => ({ default: m.VirtualTable })),
) as typeof VirtualTableComponent;

/**
 * A list table over an infinite query. The first rows render as plain rows (in the
 * server HTML and the page's first load), and the next page is read ahead; once the
 * person scrolls the table (or j moves past those rows), the virtual table takes over:
 * only the rows in view (plus a few) are in the DOM and the next page loads as the
 * person nears the end. A failure while loading more keeps every row already loaded. With `keyboard`, j/k
 * move a highlighted row and Enter opens it (components/keyboard/use-row-keys.ts).
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
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() =>
    initialVisibility(columns),
  );
  const visibleColumns = visibleColumnsOf(columns, columnVisibility);

  // Plain rows until the person scrolls the table (or moves the highlight past them).
  const [virtual, setVirtual] = useState(false);
  const startVirtual = useCallback(() => setVirtual(true), []);

  const [headerHeight, setHeaderHeight] = useState(HEADER_HEIGHT);
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const height = headRef.current?.offsetHeight;
    if (hasRows && height) setHeaderHeight(height);
  }, [hasRows]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // Callers pass `rowHref` inline; a ref keeps `openRow` stable so memoized rows stay put.
  const rowHrefRef = useRef(rowHref);
  rowHrefRef.current = rowHref;
  const openRow = useCallback((row: Row) => router.push(rowHrefRef.current(row)), [router]);

  // The next page is asked for while the plain rows show, as the virtual table would
  // with the same rows in view: the first scroll then finds it loaded.
  useEffect(() => {
    if (!virtual && PLAIN_ROWS - 1 >= rows.length - PREFETCH_ROWS) loadMore();
  }, [virtual, rows.length, loadMore]);

  // The virtual table scrolls to a row itself (the row may not be rendered yet); a row
  // j moved to past the plain rows is scrolled to once the virtual table has taken over.
  const revealRef = useRef<((index: number) => void) | null>(null);
  const pendingRevealRef = useRef<number | null>(null);
  const setReveal = useCallback((reveal: ((index: number) => void) | null) => {
    revealRef.current = reveal;
    if (reveal && pendingRevealRef.current !== null) reveal(pendingRevealRef.current);
    pendingRevealRef.current = null;
  }, []);

  const { active, setActive, announcement } = useRowKeys({
    enabled: keyboard && rows.length > 0,
    count: rows.length,
    canLoadMore: Boolean(hasNextPage) && !isFetchNextPageError,
    loadMore,
    open: (index) => {
      const row = rows[index];
      if (row) openRow(row);
    },
    reveal: (index) => {
      if (revealRef.current) return revealRef.current(index);
      const row = rowElement(scrollRef.current, rows[index]?.id);
      if (row) row.scrollIntoView({ block: "nearest" });
      else {
        pendingRevealRef.current = index;
        startVirtual();
      }
    },
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
  const waiting = rateLimitWait(query);
  const waitNotice = waiting ? (
    <RateLimitNotice key={query.failureCount} retryAfterSec={waiting.retryAfterSec} />
  ) : null;

  if (query.isPending)
    return (
      <>
        {waitNotice ? <div className="mb-2">{waitNotice}</div> : null}
        <TableSkeleton label={label} columns={visibleColumns.map((c) => String(c.header))} />
      </>
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

  // What both renderings take: the rows, the header's sorting and the row handlers.
  const rowProps = {
    rows,
    headRef,
    order,
    onSort,
    active: keyboard ? active : undefined,
    onOpen: openRow,
    onFocusRow: keyboard ? setActive : undefined,
  };
  const plainRows = <PlainTable {...rowProps} columns={visibleColumns} />;

  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-4 text-sm text-slate-600">
        <p aria-live="polite">
          {rows.length.toLocaleString("en-US")} {noun} loaded
          {hasNextPage ? ", more below" : ", all loaded"}
          {query.isPlaceholderData ? " · updating…" : ""}
        </p>
        <ColumnPicker
          columns={columns}
          visibility={columnVisibility}
          onToggle={(id, visible) => setColumnVisibility((v) => ({ ...v, [id]: visible }))}
        />
      </div>
      {waitNotice && !isFetchingNextPage ? <div className="mb-2">{waitNotice}</div> : null}
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
        // A scroll, of any kind (wheel, touch, keys, scrollbar), starts the virtual table;
        // a touch or a click alone does not, so the row under it stays put.
        onScroll={virtual ? undefined : startVirtual}
        // Pointing at (or touching) the table or focusing it fetches the virtual table's
        // script ahead of use.
        onPointerEnter={virtual ? undefined : () => void loadVirtualTable()}
        onFocus={virtual ? undefined : () => void loadVirtualTable()}
        // No scroll anchoring: the browser would otherwise keep the footer in place as
        // rows are added above it, and a table scrolled to its end would stay there,
        // loading page after page. The virtual table places the rows itself.
        style={{ scrollPaddingTop: headerHeight, overflowAnchor: "none" }}
        className={`${fit ? "max-h-[32rem]" : "h-[calc(100vh-16rem)] min-h-80"} overflow-auto rounded-md border border-slate-200 bg-white ${
          query.isPlaceholderData ? "opacity-60" : ""
        }`}
      >
        {virtual ? (
          // While its script loads, the plain rows stay in place.
          <Suspense fallback={plainRows}>
            <LazyVirtualTable
              {...rowProps}
              columns={columns}
              columnVisibility={columnVisibility}
              scrollRef={scrollRef}
              headerHeight={headerHeight}
              loadMore={loadMore}
              setReveal={setReveal}
            />
          </Suspense>
        ) : (
          plainRows
        )}
        <div className="p-3">
          {isFetchingNextPage && waitNotice ? (
            waitNotice
          ) : isFetchingNextPage ? (
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
 * The rows before the table is used: the first PLAIN_ROWS, as the virtual table
 * first renders them, and a spacer of the others' height, so the table scrolls as
 * far as the virtual table will. The same markup as the virtual table's.
 */
function PlainTable<Row extends { id: string }>({
  rows,
  columns,
  headRef,
  order,
  onSort,
  active,
  onOpen,
  onFocusRow,
}: {
  rows: Row[];
  /** the visible columns */
  columns: ColumnDef<Row, unknown>[];
  headRef: RefObject<HTMLTableSectionElement | null>;
  order: OrderTerm[] | null | undefined;
  onSort: ((field: string, additive: boolean) => void) | undefined;
  active: number | null | undefined;
  onOpen: (row: Row) => void;
  onFocusRow: ((index: number) => void) | undefined;
}) {
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <TableHead headRef={headRef}>
        {columns.map((column) => (
          <TableHeaderCell
            key={columnIdOf(column)}
            meta={metaOf(column)}
            width={column.size}
            order={order}
            onSort={onSort}
          >
            {String(column.header)}
          </TableHeaderCell>
        ))}
      </TableHead>
      <tbody>
        {rows.slice(0, PLAIN_ROWS).map((record, index) => (
          <TableRowShell
            key={record.id}
            record={record}
            index={index}
            selected={active === undefined ? undefined : active === index}
            onOpen={onOpen}
            onFocusRow={onFocusRow}
          >
            {columns.map((column) => (
              <TableCell key={columnIdOf(column)} meta={metaOf(column)}>
                {renderPlainCell(column, record)}
              </TableCell>
            ))}
          </TableRowShell>
        ))}
        {rows.length > PLAIN_ROWS ? (
          <tr>
            <td
              colSpan={columns.length}
              style={{ height: (rows.length - PLAIN_ROWS) * ROW_HEIGHT }}
            />
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/**
 * The 429 a query is waiting out before its next try (lib/api/client.ts retries after
 * Retry-After), or null: while it waits the query is still fetching, with the refusal
 * as its failure reason.
 */
function rateLimitWait(query: {
  isFetching: boolean;
  failureReason: Error | null;
}): ApiRequestError | null {
  if (!query.isFetching || !query.failureReason) return null;
  const failure = asApiError(query.failureReason);
  return failure.kind === "rate-limited" ? failure : null;
}

/**
 * De-duplicates by id when pages are flattened: a record that moved between two page
 * reads must not show twice.
 */
function flattenPages<Row extends { id: string }>(pages: PageLike<Row>[] | undefined): Row[] {
  const seen = new Set<string>();
  const all: Row[] = [];
  for (const page of pages ?? [])
    for (const row of page.data)
      if (!seen.has(row.id)) {
        seen.add(row.id);
        all.push(row);
      }
  return all;
}

function rowElement(scroller: HTMLElement | null, id: string | undefined) {
  if (!scroller || !id) return null;
  return scroller.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(id)}"]`);
}

/**
 * The table may itself be partly below the window (filters above it): once the row is
 * rendered, bring it into the window too; "nearest" leaves the window alone when the
 * row already shows.
 */
function revealInWindow(scroller: HTMLElement | null, id: string | undefined) {
  rowElement(scroller, id)?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** "Row 3 of 50: INV-2026-0003, Acme …" for the live region (read from the rendered row). */
function describeRow(
  scroller: HTMLElement | null,
  id: string | undefined,
  index: number,
  count: number,
  noun: string,
): string {
  const cells = rowElement(scroller, id)?.querySelectorAll<HTMLElement>("td");
  const text = cells
    ? [...cells]
        .slice(0, 2)
        .map((c) => (c.textContent ?? "").trim())
        .filter(Boolean)
        .join(", ")
    : "";
  return `${noun} row ${index + 1} of ${count}${text ? `: ${text}` : ""}`;
}

function ColumnPicker<Row>({
  columns,
  visibility,
  onToggle,
}: {
  columns: ColumnDef<Row, unknown>[];
  visibility: VisibilityState;
  onToggle: (id: string, visible: boolean) => void;
}) {
  return (
    <details className="relative">
      <summary className="cursor-pointer rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
        Columns
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow">
        {columns.map((column) => {
          const id = columnIdOf(column);
          return (
            <label key={id} className="flex items-center gap-2 px-1 py-0.5 text-sm">
              <input
                type="checkbox"
                checked={visibility[id] !== false}
                disabled={column.enableHiding === false}
                onChange={(e) => onToggle(id, e.target.checked)}
              />
              {String(column.header)}
            </label>
          );
        })}
      </div>
    </details>
  );
}
