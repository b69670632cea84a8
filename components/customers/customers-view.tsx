"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { browserFetcher, listQueryOptions } from "@/lib/api/client";
import { customerList } from "@/lib/lists/customers";
import { describeFilters } from "@/lib/lists/describe";
import { nextOrder, type OrderTerm } from "@/lib/lists/order";
import { ExportButton } from "../data-table/export-button";
import { FilterBar } from "../data-table/filter-bar";
import { InfiniteTable } from "../data-table/infinite-table";
import { useUrlValues } from "../data-table/use-url-values";
import { EmptyState } from "../states/empty-state";
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
  const [values, setValues] = useUrlValues(customerList.parsers);
  const query = customerList.viewQuery(values);
  const result = useInfiniteQuery({
    ...listQueryOptions(browserFetcher, "customers", query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => customerColumns(), []);
  const described = describeFilters(customerList.fields, values);
  const order = values.orderBy;
  return (
    <>
      <FilterBar
        fields={customerList.fields}
        values={values}
        setValues={setValues}
        clearHref="/customers"
        active={described.length > 0}
      />
      <ExportButton list="customers" query={query} />
      <p className="mb-3 text-xs text-slate-500">
        {order ? (
          <>
            Sorted by {describeOrder(order)}.{" "}
            <button
              type="button"
              className="text-blue-700 underline"
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
        )}{" "}
        Click a header to sort; shift-click to add it (up to three).
      </p>
      <InfiniteTable
        label="Customers"
        noun="customers"
        query={result}
        columns={columns}
        rowHref={(row) => `/customers/${row.id}`}
        order={order}
        onSort={(field, additive) =>
          void setValues(
            { orderBy: nextOrder(order, field, additive, customerList.maxOrderFields) },
            { history: "push" },
          )
        }
        empty={<EmptyState noun="customers" filters={described} clearHref="/customers" />}
        clearHref="/customers"
        scrollKey={query}
      />
    </>
  );
}
