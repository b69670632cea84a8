"use client";

import { useMemo } from "react";
import { invoiceList } from "@/lib/lists/invoices";
import { NamesakesOfRows } from "../customers/namesakes-of-rows";
import { ListView, useListView } from "../data-table/list-view";
import { QuickViews, type QuickViewsProps } from "../data-table/quick-views";
import { invoiceColumns } from "./invoice-columns";
import { InvoiceNumberSearch } from "./invoice-number-search";

/** The invoices list: filters and order in the URL, rows from the infinite query. */
export function InvoicesView() {
  const view = useListView("invoices", invoiceList);
  const { values, setValues } = view;
  const columns = useMemo(() => invoiceColumns(), []);
  // No orderBy in the URL: the list's default, newest issued first.
  const shownOrder = values.orderBy ?? invoiceList.defaults.orderBy ?? "issuedAt:DESC";
  const newestFirst = shownOrder === "issuedAt:DESC";
  const order = [
    { field: "issuedAt", direction: newestFirst ? ("DESC" as const) : ("ASC" as const) },
  ];
  return (
    // Same-named customers on its rows show their e-mails (components/customers/namesakes.tsx).
    <NamesakesOfRows pages={view.rows.data?.pages}>
      <ListView
        view={view}
        beforeFilters={<InvoiceNumberSearch />}
        columns={columns}
        rowHref={(row) => `/invoices/${row.id}`}
        order={order}
        onSort={() =>
          // Newest first (the default: no orderBy in the URL) ↔ oldest first.
          void setValues({ orderBy: newestFirst ? "issuedAt:ASC" : null }, { history: "push" })
        }
        // On a phone the order alone, on one line: the list's first rows come higher.
        sortNote={
          <>
            <span className="max-sm:hidden">
              {invoiceList.opensOnDefault(values)
                ? "Opened on issued invoices; All adds drafts and invoices planned ahead. "
                : values.statuses?.includes("VOIDED")
                  ? ""
                  : "Voided invoices are hidden unless picked in Status. "}
            </span>
            Sorted by issue date, {newestFirst ? "newest first" : "oldest first"}
            <span className="max-sm:hidden">
              {newestFirst ? " (the default)" : ""}; a draft counts from its period start
            </span>
            .
          </>
        }
        sortHint="Click the Issued header (under Columns when the table is narrow, under Sort when it shows cards) to reverse."
      />
    </NamesakesOfRows>
  );
}

/** The invoice list's quick views over its filters (components/data-table/quick-views.tsx). */
export function InvoiceQuickViews(props: QuickViewsProps) {
  return <QuickViews list={{ name: "invoices", list: invoiceList }} {...props} />;
}
