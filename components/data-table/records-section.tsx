"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { browserFetcher, type ListName, type ListRecord, listQueryOptions } from "@/lib/api/client";
import type { OrderTerm } from "@/lib/lists/order";
import { ExportButton } from "./export-button";
import { InfiniteTable } from "./infinite-table";
import type { TableColumn } from "./table-columns";

/**
 * One of a record page's tables (a customer's invoices, contracts and payments; a
 * contract's invoices): its heading and note, its export, and the table over its
 * first page (the server's, hydrated) and the pages read as the person scrolls.
 */
export function RecordsSection<L extends ListName>({
  title,
  list,
  query,
  columns,
  rowHref,
  here,
  emptyText,
  note,
  order,
  onSort,
  owner = "this customer",
}: {
  title: string;
  list: L;
  query: string;
  columns: TableColumn<ListRecord<L>>[];
  rowHref: (row: ListRecord<L>) => string;
  here: string;
  emptyText: string;
  note: ReactNode;
  /** the table's order, shown on its headers, and what a header click does */
  order?: OrderTerm[];
  onSort?: (field: string, additive: boolean) => void;
  /** whose records, in the table's accessible name */
  owner?: string;
}) {
  const headingId = useId();
  const result = useInfiniteQuery({
    ...listQueryOptions(browserFetcher, list, query),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-medium">
          {title}
        </h2>
        {note}
      </div>
      <ExportButton list={list} query={query} />
      <InfiniteTable
        label={`${title} of ${owner}`}
        noun={title.toLowerCase()}
        query={result}
        columns={columns}
        rowHref={rowHref}
        empty={
          <p className="rounded-md border border-dashed border-line-strong bg-surface p-6 text-center text-sm text-fg-muted">
            {emptyText}
          </p>
        }
        clearHref={here}
        scrollKey={query}
        order={order}
        onSort={onSort}
        fit
      />
    </section>
  );
}
