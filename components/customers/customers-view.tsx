"use client";

import { useMemo } from "react";
import { customerList } from "@/lib/lists/customers";
import { nextOrder, type OrderTerm } from "@/lib/lists/order";
import { ListView, useListView } from "../data-table/list-view";
import { QuickViews, type QuickViewsProps } from "../data-table/quick-views";
import { customerColumns } from "./customer-columns";

const FIELD_LABELS: Record<string, { label: string; asc: string; desc: string }> = {
  name: { label: "name", asc: "A to Z", desc: "Z to A" },
  contractHealth: {
    label: "health",
    asc: "most need attention first",
    desc: "least need attention first",
  },
  coverageContractStartAt: {
    label: "coverage start",
    asc: "earliest first",
    desc: "latest first",
  },
  contractValueAmount: { label: "contract value", asc: "smallest first", desc: "largest first" },
  remainingToInvoiceAmount: {
    label: "remaining to invoice",
    asc: "smallest first",
    desc: "largest first",
  },
  createdAt: { label: "creation", asc: "oldest first", desc: "newest first" },
};

/** "Sorted by name (A to Z), then health (…)". */
function describeOrder(order: OrderTerm[]): string {
  return order
    .map((term) => {
      const words = FIELD_LABELS[term.field];
      if (!words) return `${term.field} ${term.direction}`;
      return `${words.label} (${term.direction === "ASC" ? words.asc : words.desc})`;
    })
    .join(", then ");
}

/** The customers list: health chips, name search, frequency and up to three sort fields, all in the URL. */
export function CustomersView() {
  const view = useListView("customers", customerList);
  const { setValues } = view;
  const order = view.values.orderBy;
  const columns = useMemo(() => customerColumns(), []);
  return (
    <ListView
      view={view}
      columns={columns}
      rowHref={(row) => `/customers/${row.id}`}
      order={order}
      onSort={(field, additive) =>
        void setValues(
          { orderBy: nextOrder(order, field, additive, customerList.maxOrderFields) },
          { history: "push" },
        )
      }
      sortNote={
        order ? (
          <>
            Sorted by {describeOrder(order)}.{" "}
            <button
              type="button"
              className="text-accent underline"
              onClick={() => void setValues({ orderBy: null }, { history: "push" })}
            >
              Back to most need attention first
            </button>
          </>
        ) : (
          <>
            Sorted by most need attention first: renewal due, then ending, healthy, upcoming, no
            active contract, draft only, no contracts; soonest coverage end first within each.
          </>
        )
      }
      sortHint="Click a header to sort; shift-click to add it (up to three). On cards, Sort picks one."
    />
  );
}

/** The customer list's quick views over its filters (components/data-table/quick-views.tsx). */
export function CustomerQuickViews(props: QuickViewsProps) {
  return <QuickViews list={{ name: "customers", list: customerList }} {...props} />;
}
