"use client";

import { type ReactNode, useId } from "react";
import type { OrderTerm } from "@/lib/lists/order";
import { shownAt } from "./column-fit";
import { TableBar } from "./table-bar";
import { TableBox } from "./table-box";
import { choosableColumns, columnIdOf, headerOf } from "./table-columns";
import type { OnSort } from "./table-head";
import { TableStates, waitNoticeOf } from "./table-states";
import { type ListTableOptions, useListTable } from "./use-list-table";

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
  order,
  onSort,
  empty,
  clearHref,
  fit = false,
  keyboard = !fit,
  ...options
}: Omit<ListTableOptions<Row>, "keyboard"> & {
  order?: OrderTerm[] | null;
  onSort?: OnSort;
  empty: ReactNode;
  clearHref: string;
  /** shrink to the rows when they are few (a table among others on a page) */
  fit?: boolean;
  /** j/k/Enter anywhere on the page move through and open rows (the page's main table only) */
  keyboard?: boolean;
}) {
  const { query, label, noun, columns } = options;
  const model = useListTable({ ...options, keyboard });
  const descriptionId = useId();
  const waitNotice = waitNoticeOf(query, model.waiting);
  const skeletonColumns = shownAt(model.layout.fit, DEFAULT_TABLE_WIDTH);
  const states = (
    <TableStates
      query={query}
      label={label}
      headers={choosableColumns(columns)
        .filter((c) => skeletonColumns.has(columnIdOf(c)))
        .map(headerOf)}
      rows={model.rows.length}
      waitNotice={waitNotice}
      empty={empty}
      clearHref={clearHref}
    />
  );
  if (query.isPending || model.rows.length === 0) return states;
  return (
    <div className="@container/list">
      <TableBar
        count={model.rows.length}
        noun={noun}
        more={Boolean(query.hasNextPage)}
        updating={query.isPlaceholderData}
        columns={columns}
        choice={model.choice}
        onChoice={model.setChoice}
        fit={model.layout.fit}
        scrollRef={model.scrollRef}
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
        {model.keys.announcement}
      </p>
      <TableBox
        model={model}
        query={query}
        label={label}
        noun={noun}
        descriptionId={descriptionId}
        order={order}
        onSort={onSort}
        fit={fit}
        waitNotice={query.isFetchingNextPage ? waitNotice : null}
      />
    </div>
  );
}
