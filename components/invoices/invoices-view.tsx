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
  const order = values.orderBy
    ? [
        {
          field: "issuedAt",
          direction: values.orderBy.endsWith("DESC") ? ("DESC" as const) : ("ASC" as const),
        },
      ]
    : null;
  return (
    <ListView
      view={view}
      columns={columns}
      rowHref={(row) => `/invoices/${row.id}`}
      order={order}
      onSort={() => {
        // issuedAt: ascending → descending → creation order.
        const next =
          values.orderBy === null
            ? "issuedAt:ASC"
            : values.orderBy === "issuedAt:ASC"
              ? "issuedAt:DESC"
              : null;
        void setValues({ orderBy: next }, { history: "push" });
      }}
      sortNote={
        <>
          {values.statuses?.includes("VOIDED")
            ? ""
            : "Voided invoices are hidden unless picked in Status. "}
          Sorted by{" "}
          {values.orderBy
            ? `issue date, ${values.orderBy.endsWith("DESC") ? "newest" : "oldest"} first`
            : "creation, oldest first"}
          .
        </>
      }
    />
  );
}
