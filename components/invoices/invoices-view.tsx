"use client";

import { useMemo } from "react";
import { invoiceList } from "@/lib/lists/invoices";
import { ListView, useListView } from "../data-table/list-view";
import { invoiceColumns } from "./invoice-columns";

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
    <ListView
      view={view}
      columns={columns}
      rowHref={(row) => `/invoices/${row.id}`}
      order={order}
      onSort={() =>
        // Newest first (the default: no orderBy in the URL) ↔ oldest first.
        void setValues({ orderBy: newestFirst ? "issuedAt:ASC" : null }, { history: "push" })
      }
      sortNote={
        <>
          {invoiceList.opensOnDefault(values)
            ? "Opened on issued invoices; All adds drafts and invoices planned ahead. "
            : values.statuses?.includes("VOIDED")
              ? ""
              : "Voided invoices are hidden unless picked in Status. "}
          Sorted by issue date, {newestFirst ? "newest first (the default)" : "oldest first"}; a
          draft counts from its period start.
        </>
      }
      sortHint="Click the Issued header (under Columns when the table is narrow, under Sort when it shows cards) to reverse."
    />
  );
}
