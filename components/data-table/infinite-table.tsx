"use client";

import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useQueryClient,
} from "@tanstack/react-query";
import type { ColumnDef, VisibilityState } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type ApiRequestError, asApiError } from "@/lib/api/errors";
import { formatCountOf } from "@/lib/format";
import type { ColumnChoice } from "@/lib/lists/columns";
import type { OrderTerm } from "@/lib/lists/order";
import { useRowShortcuts } from "../shortcuts/use-row-shortcuts";
import { TableSkeleton } from "../states/table-skeleton";
import { AssumedTableWidth } from "./assumed-table-width";
import { PLAIN_ROWS } from "./table-geometry";
import {
  CARDS_BELOW,
  choiceAfterToggle,
  choosableColumns,
  chosenVisibility,
  columnIdOf,
  columnWidths,
  fittedVisibility,
  ListTable,
  metaOf,
  PREFETCH_ROWS,
  placementOf,
  renderPlainCell,
  rowHeightFor,
  SpacerRow,
  sameColumnsRange,
  TableCell,
  TableHead,
  TableHeaderCell,
  type TableLayout,
  TableRowShell,
  tableMinWidth,
  visibleColumnsOf,
} from "./table-parts";
import { mergeSavedPages, PLACE_ROWS_MAX_AGE_MS, readPlace, savePlace } from "./table-place";
import type { VirtualTable as VirtualTableComponent } from "./virtual-table";

export type { TableColumnMeta } from "./table-parts";

// What only a failure or a 429 shows is loaded when one happens, not with every list.
const ErrorPanel = lazy(() =>
  import("../states/error-panel").then((m) => ({ default: m.ErrorPanel })),
);
const RateLimitNotice = lazy(() =>
  import("../states/rate-limit-notice").then((m) => ({ default: m.RateLimitNotice })),
);

interface PageLike<Row> {
  data: Row[];
  hasMore: boolean;
}

/** The sticky header's height before the browser measures it (text-xs, py-2, a border). */
const HEADER_HEIGHT = 33;

/**
 * TanStack Table and TanStack Virtual are most of what a list page adds to the
 * framework's script (22.5 of 40 kB gzipped, bench:web): they load when the person
 * first scrolls the table, not with the page. Until then the first rows show as plain
 * rows with the same markup, and every other control works on them: sorting, columns,
 * j/k, opening a row.
 */
let virtualTableModule: Promise<typeof import("./virtual-table")> | undefined;
/** The virtual table once its script is here: later tables take it at once. */
let loadedVirtualTable: typeof VirtualTableComponent | null = null;
function loadVirtualTable() {
  virtualTableModule ??= import("./virtual-table").then((m) => {
    loadedVirtualTable = m.VirtualTable;
    return m;
  });
  return virtualTableModule;
}

/**
 * The virtual table's component once it is `wanted` and its script is here, else null
 * (the plain rows stay). Not React.lazy under Suspense: Suspense commits the content it
 * waited for up to 300 ms after rendering it, and the virtualizer reads the table's
 * scroll position when it renders: a scroll (or a focus) in between was undone, and the
 * focused plain row was replaced under the keyboard. Here the swap renders and commits
 * in one task, and the plain rows are not remounted as a fallback meanwhile.
 */
function useVirtualTable(wanted: boolean): typeof VirtualTableComponent | null {
  const [arrived, setArrived] = useState<typeof VirtualTableComponent | null>(null);
  const component = arrived ?? loadedVirtualTable;
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    void loadVirtualTable().then((m) => {
      if (live) setArrived(() => m.VirtualTable);
    });
    return () => {
      live = false;
    };
  }, [wanted, component]);
  return wanted ? component : null;
}

/**
 * A list table over an infinite query. The first rows render as plain rows (in the
 * server HTML and the page's first load), and the next page is read ahead; once the
 * person scrolls the table (or j moves past those rows), the virtual table takes over:
 * only the rows in view (plus a few) are in the DOM and the next page loads as the
 * person nears the end. A failure while loading more keeps every row already loaded. With `keyboard`, j/k
 * move a highlighted row and Enter opens it (components/shortcuts/use-row-shortcuts.ts).
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
  query: UseInfiniteQueryResult<InfiniteData<PageLike<Row>, unknown>, Error>;
  /** the query's cache key: Back and a reload put saved rows back under it */
  queryKey?: QueryKey;
  columns: ColumnDef<Row, unknown>[];
  /**
   * The person's column choice kept outside the table (a list page's URL, its
   * `columns` parameter); without it the table keeps the choice itself.
   */
  chosenColumns?: {
    choice: ColumnChoice | null;
    onChange: (choice: ColumnChoice | null) => void;
  };
  rowHref: (row: Row) => string;
  order?: OrderTerm[] | null;
  onSort?: (field: string, additive: boolean) => void;
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
  const queryClient = useQueryClient();
  const scrollRef = useRef<HTMLElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);

  // The columns shown: the person's choices in the chooser (the URL's on a list page),
  // then the list's priority order while the columns fit the table's width
  // (measured; assumed on the server).
  const [ownChoice, setOwnChoice] = useState<ColumnChoice | null>(null);
  const choice = chosenColumns ? chosenColumns.choice : ownChoice;
  const setChoice = chosenColumns ? chosenColumns.onChange : setOwnChoice;
  const chosen = useMemo(() => chosenVisibility(columns, choice), [columns, choice]);
  const assumedWidth = useContext(AssumedTableWidth);
  const [tableWidth, setTableWidth] = useState(assumedWidth);
  const carded = columns.some((c) => metaOf(c)?.card);
  const cards = carded && tableWidth < CARDS_BELOW;
  const rowHeight = rowHeightFor(cards);
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const columnVisibility = fittedVisibility(columns, chosen, widths, tableWidth);
  // Where these columns hold: a list whose script waits for first use (components/
  // islands) loads it at once when the real width is outside (other columns show).
  const sameColumns = sameColumnsRange(columns, chosen, widths, tableWidth);
  const visibleColumns = visibleColumnsOf(columns, columnVisibility);
  const minWidth = tableMinWidth(visibleColumns, widths);
  const stickyId = visibleColumns.find((c) => !metaOf(c)?.card)
    ? columnIdOf(visibleColumns.find((c) => !metaOf(c)?.card)!)
    : undefined;
  const layout: TableLayout = { widths, minWidth, stickyId, rowHeight, carded };

  // Plain rows until the person scrolls the table (or moves the highlight past them).
  const [virtual, setVirtual] = useState(false);
  const startVirtual = useCallback(() => setVirtual(true), []);
  const VirtualTable = useVirtualTable(virtual);
  const showsVirtual = VirtualTable !== null;

  const [headerHeight, setHeaderHeight] = useState(HEADER_HEIGHT);
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const height = headRef.current?.offsetHeight;
    if (hasRows && height) setHeaderHeight(height);
  }, [hasRows]);

  // The table's box: the columns that fit it follow its width.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!hasRows || !scroller) return;
    const measure = () => setTableWidth(scroller.clientWidth || assumedWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [hasRows, assumedWidth]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The next page is asked for while the plain rows show, as the virtual table would
  // with the same rows in view: the first scroll then finds it loaded.
  useEffect(() => {
    if (!showsVirtual && PLAIN_ROWS - 1 >= rows.length - PREFETCH_ROWS) loadMore();
  }, [showsVirtual, rows.length, loadMore]);

  // The virtual table scrolls to a row itself (the row may not be rendered yet); a row
  // j moved to past the plain rows is scrolled to once the virtual table has taken over.
  const revealRef = useRef<((index: number) => void) | null>(null);
  const pendingRevealRef = useRef<number | null>(null);
  const setReveal = useCallback((reveal: ((index: number) => void) | null) => {
    revealRef.current = reveal;
    if (reveal && pendingRevealRef.current !== null) reveal(pendingRevealRef.current);
    pendingRevealRef.current = null;
  }, []);

  // Whether the keyboard focus is in the table: a move of the highlight then moves the
  // focus with it (the roving tab stop), otherwise (j/k from the page) it stays put.
  const focusInTable = useRef(false);

  const { active, setActive, announcement, moveBy, moveTo, restore } = useRowShortcuts({
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
      const row = rowElement(scrollRef.current, rows[index]?.id);
      if (focusInTable.current && row && document.activeElement !== row)
        row.focus({ preventScroll: true });
      revealInWindow(scrollRef.current, rows[index]?.id);
      return describeRow(scrollRef.current, rows[index]?.id, index, rows.length, noun);
    },
  });

  // Where the person is, kept as it changes, saved when the table goes away.
  const place = useRef({ scrollTop: 0, activeId: null as string | null });
  place.current.activeId = active === null ? null : (rows[active]?.id ?? null);
  const tableName = useTableName(label);
  const saveNow = useCallback(() => {
    if (!tableName.current || rows.length === 0) return;
    savePlace(tableName.current, {
      query: scrollKey,
      savedAt: Date.now(),
      scrollTop: place.current.scrollTop,
      activeId: place.current.activeId,
      rows: rows.length,
      data: queryKey ? queryClient.getQueryData(queryKey) : undefined,
    });
  }, [tableName, scrollKey, rows.length, queryKey, queryClient]);
  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;
  useEffect(() => {
    const onPageHide = () => saveRef.current();
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the page in the app (a row opened, a link followed, Back).
      saveRef.current();
    };
  }, []);

  // Callers pass `rowHref` inline; a ref keeps `openRow` stable so memoized rows stay put.
  const rowHrefRef = useRef(rowHref);
  rowHrefRef.current = rowHref;
  const openRow = useCallback(
    (row: Row) => {
      saveRef.current();
      router.push(rowHrefRef.current(row));
    },
    [router],
  );

  // Arriving: the place saved for this query (Back, or a reload of the same URL) is
  // put back once its rows are here: from the cache, or else from the saved pages.
  const pendingPlace = useRef<ReturnType<typeof readPlace> | undefined>(undefined);
  const restoredPages = useRef(false);
  const revealRestored = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (pendingPlace.current === undefined)
      pendingPlace.current = tableName.current ? readPlace(tableName.current, scrollKey) : null;
    const saved = pendingPlace.current;
    if (!saved || rows.length === 0) return;
    const young = Date.now() - saved.savedAt < PLACE_ROWS_MAX_AGE_MS;
    if (rows.length < saved.rows && saved.data && young && queryKey && !restoredPages.current) {
      restoredPages.current = true;
      queryClient.setQueryData(queryKey, (fresh: InfiniteData<unknown, unknown> | undefined) =>
        mergeSavedPages(fresh, saved.data!),
      );
      return;
    }
    pendingPlace.current = null;
    const scroller = scrollRef.current;
    if (scroller && saved.scrollTop > 0) {
      startVirtual();
      scroller.scrollTop = saved.scrollTop;
      place.current.scrollTop = scroller.scrollTop;
    }
    const index = saved.activeId ? rows.findIndex((r) => r.id === saved.activeId) : -1;
    if (index >= 0) {
      restore(index);
      revealRestored.current = saved.activeId;
    }
  }, [rows, queryKey, queryClient, scrollKey, tableName, startVirtual, restore]);

  // The table may reach below the window (the filters and totals above it), and the
  // highlight is often near its bottom: once the restored row is rendered (after a
  // reload, when the virtual table's script is in), it is brought into the window too.
  // The browser's own restoring of the window's scroll is not enough: it runs while the
  // page is still arriving, and stops short when the page is not yet that tall.
  useLayoutEffect(() => {
    const id = revealRestored.current;
    if (!id) return;
    const rendered = rowElement(scrollRef.current, id) !== null;
    // The virtual table renders the rows at the restored place at once: not there, not to be seen.
    if (rendered || showsVirtual) revealRestored.current = null;
    if (rendered) revealInWindow(scrollRef.current, id);
  });

  // The plain rows giving way to the virtual table take their DOM with them: the focus
  // they had goes to the highlighted row in the virtual table (a key may have moved the
  // highlight before the focus followed it: the row PlainTable names as it goes could be
  // the one before, and focusing it would move the highlight back, losing the key), else
  // to that named row, else to the table's tab stop.
  const focusToCarry = useRef<string | null>(null);
  const carryFocus = useCallback((rowId: string) => {
    focusToCarry.current = rowId;
  }, []);
  useLayoutEffect(() => {
    const rowId = focusToCarry.current;
    focusToCarry.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!showsVirtual || !rowId || !lost) return;
    const highlightedId = place.current.activeId;
    const row =
      (highlightedId ? rowElement(scrollRef.current, highlightedId) : null) ??
      rowElement(scrollRef.current, rowId) ??
      scrollRef.current?.querySelector<HTMLElement>("tbody tr[tabindex='0']");
    row?.focus({ preventScroll: true });
  }, [showsVirtual]);

  // A change of the filters (not the first render) starts at the top, with no highlight.
  const shownKey = useRef(scrollKey);
  useEffect(() => {
    if (shownKey.current === scrollKey) return;
    shownKey.current = scrollKey;
    scrollRef.current?.scrollTo({ top: 0 });
    setActive(null);
  }, [scrollKey, setActive]);

  const onTableKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.target as HTMLElement).closest("a,button,input,select,textarea,summary")) return;
    const page = Math.max(1, pageOfRows(scrollRef.current, headerHeight, rowHeight));
    const step = tableKeyStep(event.key, page);
    if (step === null) return;
    event.preventDefault();
    focusInTable.current = true;
    if (step === "first") moveTo(0);
    else if (step === "last") moveTo(rows.length - 1);
    else moveBy(step);
  };

  const descriptionId = useId();
  const waiting = rateLimitWait(query);
  const waitNotice = waiting ? (
    <Suspense fallback={null}>
      <RateLimitNotice key={query.failureCount} retryAfterSec={waiting.retryAfterSec} />
    </Suspense>
  ) : null;

  if (query.isPending)
    return (
      <>
        {waitNotice ? <div className="mb-2">{waitNotice}</div> : null}
        <TableSkeleton
          label={label}
          columns={visibleColumns.filter((c) => !metaOf(c)?.card).map((c) => String(c.header))}
        />
      </>
    );
  if (query.isError && rows.length === 0)
    return (
      <Suspense fallback={null}>
        <ErrorPanel
          error={asApiError(query.error)}
          onRetry={() => void query.refetch()}
          clearHref={clearHref}
        />
      </Suspense>
    );
  if (rows.length === 0) return <>{empty}</>;

  // What both renderings take: the rows, the header's sorting and the row handlers.
  const rowProps = {
    rows,
    headRef,
    layout,
    order,
    onSort,
    active,
    onOpen: openRow,
    onFocusRow: setActive,
  };
  const plainRows = (
    <PlainTable {...rowProps} columns={visibleColumns} onFocusHandover={carryFocus} />
  );

  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-4 text-sm text-fg-muted">
        <p aria-live="polite">
          {formatCountOf(rows.length, noun)} loaded
          {hasNextPage ? ", more below" : ", all loaded"}
          {query.isPlaceholderData ? " · updating…" : ""}
        </p>
        {cards ? (
          // Cards hold the key columns: no columns to choose, and no headers to click,
          // so the orders the headers offer are listed here.
          onSort ? (
            <SortPicker columns={columns} order={order} onSort={onSort} />
          ) : null
        ) : (
          <ColumnPicker
            columns={choosableColumns(columns)}
            visibility={columnVisibility}
            onToggle={(id, visible) => setChoice(choiceAfterToggle(columns, choice, id, visible))}
          />
        )}
      </div>
      {waitNotice && !isFetchingNextPage ? <div className="mb-2">{waitNotice}</div> : null}
      <p id={descriptionId} className="sr-only">
        {keyboard
          ? "Press j and k or the arrow keys to move through the rows, Enter to open the highlighted row."
          : "Use the arrow keys to move through the rows, Enter to open one."}
      </p>
      <p aria-live="polite" className="sr-only" data-row-announcer>
        {announcement}
      </p>
      <section
        ref={scrollRef}
        data-columns-from={sameColumns.from}
        data-columns-below={Number.isFinite(sameColumns.below) ? sameColumns.below : undefined}
        data-cards-below={carded ? CARDS_BELOW : undefined}
        aria-label={label}
        aria-describedby={descriptionId}
        onKeyDown={onTableKeyDown}
        onFocus={(e) => {
          if ((e.target as HTMLElement).matches("tr[data-row-id]")) focusInTable.current = true;
          if (!virtual) void loadVirtualTable();
        }}
        onBlur={(e) => {
          const next = e.relatedTarget as Node | null;
          if (next && !e.currentTarget.contains(next)) focusInTable.current = false;
        }}
        onScroll={(e) => {
          place.current.scrollTop = e.currentTarget.scrollTop;
          // A scroll, of any kind (wheel, touch, keys, scrollbar), starts the virtual
          // table; a touch or a click alone does not, so the row under it stays put.
          if (!virtual) startVirtual();
        }}
        // Pointing at (or touching) the table fetches the virtual table's script ahead of use.
        onPointerEnter={virtual ? undefined : () => void loadVirtualTable()}
        // No scroll anchoring: the browser would otherwise keep the footer in place as
        // rows are added above it, and a table scrolled to its end would stay there,
        // loading page after page. The virtual table places the rows itself.
        style={{ scrollPaddingTop: headerHeight, overflowAnchor: "none" }}
        // Positioned, so absolutely placed text in the rows (a screen reader's words,
        // `sr-only`) is placed and clipped in here: placed by the page instead, the rows
        // far down the list made the page itself 565 px taller, blank below the table.
        className={`@container relative ${fit ? "max-h-[32rem]" : "h-[calc(100dvh-16rem)] min-h-80"} overflow-auto rounded-md border border-line bg-surface ${
          query.isPlaceholderData ? "opacity-60" : ""
        }`}
      >
        {VirtualTable ? (
          <VirtualTable
            {...rowProps}
            columns={columns}
            columnVisibility={columnVisibility}
            scrollRef={scrollRef}
            headerHeight={headerHeight}
            loadMore={loadMore}
            setReveal={setReveal}
          />
        ) : (
          // Also while the virtual table's script loads: the plain rows stay in place.
          plainRows
        )}
        <div className="sticky left-0 p-3">
          {isFetchingNextPage && waitNotice ? (
            waitNotice
          ) : isFetchNextPageError && !isFetchingNextPage ? (
            <Suspense fallback={null}>
              <ErrorPanel
                compact
                error={asApiError(query.error)}
                onRetry={() => void fetchNextPage()}
              />
            </Suspense>
          ) : hasNextPage || isFetchingNextPage ? (
            // One button, loading or not: Tab onto it scrolls the table to its end, which
            // asks for the next page, and a button replaced by a note would drop the focus.
            <div role="status">
              <button
                type="button"
                aria-disabled={isFetchingNextPage || undefined}
                onClick={() => {
                  if (!isFetchingNextPage) void fetchNextPage();
                }}
                className="rounded-md border border-line-strong px-3 py-1.5 text-sm hover:bg-surface-muted aria-disabled:cursor-default aria-disabled:border-line aria-disabled:text-fg-muted aria-disabled:hover:bg-transparent"
              >
                {isFetchingNextPage ? `Loading more ${noun}…` : "Load more"}
              </button>
            </div>
          ) : (
            <p className="text-sm text-fg-muted">End of list.</p>
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * The name a table's place is saved under: the page's path and the table's label (a
 * customer page has three tables). Read after mount: the server has no location.
 */
function useTableName(label: string) {
  const name = useRef<string | null>(null);
  if (name.current === null && typeof window !== "undefined")
    name.current = `${window.location.pathname}|${label}`;
  return name;
}

/** What a key does in the table: a move by rows, to the first or last row, or nothing. */
function tableKeyStep(key: string, page: number): number | "first" | "last" | null {
  switch (key) {
    case "ArrowDown":
      return 1;
    case "ArrowUp":
      return -1;
    case "PageDown":
      return page;
    case "PageUp":
      return -page;
    case "Home":
      return "first";
    case "End":
      return "last";
    default:
      return null;
  }
}

/** Rows that fit the table's box below its header: a Page Down's move. */
function pageOfRows(scroller: HTMLElement | null, headerHeight: number, rowHeight: number) {
  if (!scroller) return 10;
  return Math.floor((scroller.clientHeight - headerHeight) / rowHeight) - 1;
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
  layout,
  order,
  onSort,
  active,
  onOpen,
  onFocusRow,
  onFocusHandover,
}: {
  rows: Row[];
  /** the visible columns */
  columns: ColumnDef<Row, unknown>[];
  headRef: RefObject<HTMLTableSectionElement | null>;
  layout: TableLayout;
  order: OrderTerm[] | null | undefined;
  onSort: ((field: string, additive: boolean) => void) | undefined;
  active: number | null;
  onOpen: (row: Row) => void;
  onFocusRow: ((index: number) => void) | undefined;
  /** told, as the plain rows go, which of them had the keyboard focus */
  onFocusHandover: (rowId: string) => void;
}) {
  const shown = Math.min(rows.length, PLAIN_ROWS);
  const tabStop = active !== null && active < shown ? active : 0;
  // A layout effect's clean-up runs before React removes the rows: the focus is still on one.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    return () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.dataset.rowId && body?.contains(focused))
        onFocusHandover(focused.dataset.rowId);
    };
  }, [onFocusHandover]);
  return (
    <ListTable layout={layout}>
      <TableHead headRef={headRef}>
        {columns.map((column) => (
          <TableHeaderCell
            key={columnIdOf(column)}
            {...placementOf(column, layout)}
            order={order}
            onSort={onSort}
          >
            {String(column.header)}
          </TableHeaderCell>
        ))}
      </TableHead>
      <tbody ref={bodyRef}>
        {rows.slice(0, PLAIN_ROWS).map((record, index) => (
          <TableRowShell
            key={record.id}
            record={record}
            index={index}
            selected={active === index}
            tabStop={index === tabStop}
            carded={layout.carded}
            onOpen={onOpen}
            onFocusRow={onFocusRow}
          >
            {columns.map((column) => (
              <TableCell key={columnIdOf(column)} {...placementOf(column, layout)}>
                {renderPlainCell(column, record)}
              </TableCell>
            ))}
          </TableRowShell>
        ))}
        {rows.length > PLAIN_ROWS ? (
          <SpacerRow
            height={(rows.length - PLAIN_ROWS) * layout.rowHeight}
            columns={columns.filter((c) => !metaOf(c)?.card).length}
            carded={layout.carded}
          />
        ) : null}
      </tbody>
    </ListTable>
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

/** The Columns and Sort menus above a table: a <details> and the panel it opens. */
const MENU_SUMMARY =
  "cursor-pointer rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg";
const MENU_PANEL =
  "absolute right-0 z-20 mt-1 w-56 rounded-md border border-line bg-surface text-fg shadow";

/**
 * The cards' order: each column a header could sort by, as a button that does what a
 * click on its header does (sort by it; again, the other way round), with the same
 * arrow. One field at a time: adding a field (shift-click) needs the headers.
 */
function SortPicker<Row>({
  columns,
  order,
  onSort,
}: {
  columns: ColumnDef<Row, unknown>[];
  order: OrderTerm[] | null | undefined;
  onSort: (field: string, additive: boolean) => void;
}) {
  const sortable = columns.filter((column) => metaOf(column)?.sortField);
  if (sortable.length === 0) return null;
  return (
    <details className="relative">
      <summary className={MENU_SUMMARY}>Sort</summary>
      <ul aria-label="Sort by" className={`${MENU_PANEL} p-1`}>
        {sortable.map((column) => {
          const field = metaOf(column)!.sortField!;
          const term = order?.find((t) => t.field === field);
          const direction = term ? (term.direction === "ASC" ? "ascending" : "descending") : null;
          return (
            <li key={field}>
              <button
                type="button"
                aria-pressed={term !== undefined}
                aria-label={`${String(column.header)}${direction ? `, ${direction}` : ""}`}
                onClick={(e) => {
                  e.currentTarget.closest("details")?.removeAttribute("open");
                  onSort(field, false);
                }}
                className="flex w-full items-center justify-between gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-surface-muted aria-pressed:font-medium"
              >
                {String(column.header)}
                <span aria-hidden="true" className="text-fg-muted">
                  {term ? (term.direction === "ASC" ? "▲" : "▼") : "↕"}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </details>
  );
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
      <summary className={MENU_SUMMARY}>Columns</summary>
      <div className={`${MENU_PANEL} p-2`}>
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
