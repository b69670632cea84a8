"use client";

import { keepPreviousData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, type ReactNode, useCallback } from "react";
import {
  browserFetcher,
  type CustomerRecord,
  customerQueryOptions,
  type ListName,
  type ListRecord,
  listQueryOptions,
} from "@/lib/api/client";
import type { ColumnChoice } from "@/lib/lists/columns";
import type { FilterField } from "@/lib/lists/define";
import { describeFilters } from "@/lib/lists/describe";
import type { OrderTerm } from "@/lib/lists/order";
import type { UrlParam, UrlParams, UrlValues } from "@/lib/lists/url-params";
import { SaveViewButton } from "../saved-views/save-view-button";
import { suggestedViewName } from "../saved-views/suggested-name";
import { EmptyState } from "../states/empty-state";
import { ExportButton } from "./export-button";
import { FilterBar } from "./filter-bar";
import { InfiniteTable } from "./infinite-table";
import type { TableColumn } from "./table-columns";
import { useUrlValues } from "./use-url-values";
import { ViewTotalsBar } from "./view-totals";

interface ListDefinition<P extends UrlParams> {
  parsers: P;
  fields: FilterField[];
  /** The query the list asks the API for: the URL's values over the list's defaults. */
  viewQuery: (values: Partial<UrlValues<P>>) => string;
  /** the URL's display parameters: the columns the person chose (not sent to the API) */
  display: { columns: UrlParam<ColumnChoice> };
}

/**
 * A list page's state: its filters, order and chosen columns read from the URL (and
 * written back; the columns stay out of the API query),
 * the API query they make, its rows as an infinite query (the previous rows stay on
 * screen while a new filter loads), and the filters in words for the empty state.
 */
export function useListView<L extends ListName, P extends UrlParams>(
  list: L,
  definition: ListDefinition<P>,
) {
  const [values, setValues] = useUrlValues(definition.parsers);
  const [display, setDisplay] = useUrlValues(definition.display);
  // The URL's column choice; a change replaces the history entry (Back leaves the
  // list, not the column), as typing in a filter's field does.
  const setColumns = useCallback(
    (choice: ColumnChoice | null) => setDisplay({ columns: choice }),
    [setDisplay],
  );
  const query = definition.viewQuery(values);
  const options = listQueryOptions(browserFetcher, list, query);
  const rows = useInfiniteQuery({ ...options, placeholderData: keepPreviousData });
  const filters = describeFilters(definition.fields, values);
  return {
    list,
    fields: definition.fields,
    values,
    setValues,
    columnChoice: display.columns,
    setColumns,
    query,
    queryKey: options.queryKey,
    rows,
    filters,
  };
}

export type ListViewState<L extends ListName, P extends UrlParams> = ReturnType<
  typeof useListView<L, P>
>;

/**
 * What the four lists show the same way: the filter bar (after `beforeFilters`, a
 * control of the list's own), the export of the current view, a line saying how the
 * list is sorted, and the table, whose empty state names the filters that emptied it.
 */
export function ListView<L extends ListName, P extends UrlParams>({
  view,
  columns,
  rowHref,
  order,
  onSort,
  sortNote,
  sortHint,
  beforeFilters,
}: {
  view: ListViewState<L, P>;
  columns: TableColumn<ListRecord<L>>[];
  rowHref: (row: ListRecord<L>) => string;
  order?: OrderTerm[] | null;
  onSort?: (field: string, additive: boolean) => void;
  /** how the list is sorted, and what it hides */
  sortNote: ReactNode;
  /** how a person changes the order from the table's headers (not shown on a phone) */
  sortHint?: ReactNode;
  beforeFilters?: ReactNode;
}) {
  const { list, query, filters } = view;
  const href = `/${list}`;
  const queryClient = useQueryClient();
  // Named when "Save view" is pressed: by then the chips have read their customers.
  const suggestName = () =>
    suggestedViewName(
      list,
      view.fields,
      view.values,
      (id) =>
        queryClient.getQueryData<CustomerRecord>(customerQueryOptions(browserFetcher, id).queryKey)
          ?.name,
    );
  const filterBar = (
    <FilterBar
      fields={view.fields}
      values={view.values}
      // Each list's own setter, seen through the bar's field-by-name view of the values.
      setValues={view.setValues as ComponentProps<typeof FilterBar>["setValues"]}
      clearHref={href}
      active={filters.length > 0}
    />
  );
  return (
    <>
      {beforeFilters ? (
        <div className="flex flex-wrap items-end gap-x-4">
          {beforeFilters}
          {filterBar}
        </div>
      ) : (
        filterBar
      )}
      {/* The totals take a line of their own, except "Sum this view" alone on a phone,
          which joins the buttons: the list's first rows come higher on a small screen. */}
      <div className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-2 sm:gap-x-3">
        <ExportButton list={list} query={query} />
        <SaveViewButton list={list} suggestName={suggestName} />
        <ViewTotalsBar list={list} query={query} rows={view.rows} />
      </div>
      <p className="mb-3 text-xs text-fg-muted">
        {sortNote}
        {/* How to change the order names the headers, which a phone's cards do not show
            (their Sort button sits above them). */}
        {sortHint ? <span className="max-sm:hidden"> {sortHint}</span> : null}
      </p>
      <InfiniteTable
        label={list.charAt(0).toUpperCase() + list.slice(1)}
        noun={list}
        query={view.rows}
        queryKey={view.queryKey}
        columns={columns}
        chosenColumns={{ choice: view.columnChoice, onChange: view.setColumns }}
        rowHref={rowHref}
        order={order}
        onSort={onSort}
        empty={<EmptyState noun={list} filters={filters} clearHref={href} />}
        clearHref={href}
        scrollKey={query}
      />
    </>
  );
}
