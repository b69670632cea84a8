"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { browserFetcher, listQueryOptions } from "@/lib/api/client";
import { describeFilters } from "@/lib/lists/describe";
import { invoiceList } from "@/lib/lists/invoices";
import { ExportButton } from "../data-table/export-button";
import { FilterBar } from "../data-table/filter-bar";
import { InfiniteTable } from "../data-table/infinite-table";
import { useUrlValues } from "../data-table/use-url-values";
import { EmptyState } from "../states/empty-state";
import { invoiceColumns } from "./invoice-columns";

/** The invoices list: filters and order in the URL, rows from the infinite query. */
export function InvoicesView() {
  const [values, setValues] = useUrlValues(invoiceList.parsers);
  const query = invoiceList.viewQuery(values);
  const result = useInfiniteQuery({
    ...listQueryOptions(browserFetcher, "invoices", query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => invoiceColumns(), []);
  const described = describeFilters(invoiceList.fields, values);
  // No orderBy in the URL: the list's default, newest issued first.
  const shownOrder = values.orderBy ?? invoiceList.defaults.orderBy ?? "issuedAt:DESC";
  const newestFirst = shownOrder === "issuedAt:DESC";
  const order = [
    { field: "issuedAt", direction: newestFirst ? ("DESC" as const) : ("ASC" as const) },
  ];
  return (
    <>
      <FilterBar
        fields={invoiceList.fields}
        values={values}
        setValues={setValues}
        clearHref="/invoices"
        active={described.length > 0}
      />
      <ExportButton list="invoices" query={query} />
      <p className="mb-3 text-xs text-slate-500">
        {values.statuses?.includes("VOIDED")
          ? ""
          : "Voided invoices are hidden unless picked in Status. "}
        Sorted by issue date, {newestFirst ? "newest first (the default)" : "oldest first"}; a draft
        counts from its period start. Click the Issued header to reverse.
      </p>
      <InfiniteTable
        label="Invoices"
        noun="invoices"
        query={result}
        columns={columns}
        rowHref={(row) => `/invoices/${row.id}`}
        order={order}
        onSort={() =>
          // Newest first (the default: no orderBy in the URL) ↔ oldest first.
          void setValues({ orderBy: newestFirst ? "issuedAt:ASC" : null }, { history: "push" })
        }
        empty={<EmptyState noun="invoices" filters={described} clearHref="/invoices" />}
        clearHref="/invoices"
        scrollKey={query}
      />
    </>
  );
}
