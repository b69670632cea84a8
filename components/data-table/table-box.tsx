import { type CSSProperties, type ReactNode, Suspense } from "react";
import type { OrderTerm } from "@/lib/lists/order";
import { TableBody } from "./table-body";
import { TableFooter } from "./table-footer";
import { type OnSort, TableHead } from "./table-head";
import type { ListTableModel } from "./use-list-table";
import type { RowsQuery } from "./use-paging";
import { LazyRowVirtualizer } from "./use-row-window";

/**
 * The table's scrolling box: one tab stop for the keys, its columns shown by the
 * width CSS (use-column-layout.ts), the header, the rows in the window, the footer,
 * and once the person scrolls, the virtualizer that moves the window.
 */
export function TableBox<Row extends { id: string }>({
  model,
  query,
  label,
  noun,
  descriptionId,
  order,
  onSort,
  fit,
  waitNotice,
}: {
  model: ListTableModel<Row>;
  query: RowsQuery<Row>;
  label: string;
  noun: string;
  /** the id of the words that say how to move through the rows */
  descriptionId: string;
  order: OrderTerm[] | null | undefined;
  onSort: OnSort | undefined;
  /** shrink to the rows when they are few (a table among others on a page) */
  fit: boolean;
  /** a 429 being waited out, said below the rows while the next page waits */
  waitNotice: ReactNode;
}) {
  const { layout, rowWindow, keys, place } = model;
  const tableLayout = layout.cells;
  return (
    <section
      ref={model.boxRef}
      data-table-id={layout.scope}
      aria-label={label}
      aria-describedby={descriptionId}
      {...keys.handlers}
      onScroll={(e) => {
        place.onScroll(e.currentTarget.scrollTop);
        rowWindow.startVirtual();
      }}
      onPointerEnter={() => void rowWindow.preload()}
      // No scroll anchoring: a table scrolled to its end would otherwise follow the
      // footer as rows are added above it, loading page after page.
      style={
        {
          scrollPaddingTop: keys.scrollPaddingTop,
          overflowAnchor: "none",
          "--card-row-height": `${layout.cardHeight}px`,
        } as CSSProperties
      }
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
          table={model.table}
          visibility={layout.columnVisibility}
          layout={tableLayout}
          headRef={model.headRef}
          order={order}
          onSort={onSort}
        />
        <TableBody
          table={model.table}
          range={rowWindow.range}
          layout={tableLayout}
          active={keys.active}
          onOpen={model.openRow}
          onFocusRow={keys.setActive}
        />
      </table>
      <TableFooter query={query} noun={noun} waitNotice={waitNotice} />
      {rowWindow.virtualizer ? (
        <Suspense fallback={null}>
          <LazyRowVirtualizer {...rowWindow.virtualizer} />
        </Suspense>
      ) : null}
    </section>
  );
}
