"use client";

import { useMemo } from "react";
import { contractList } from "@/lib/lists/contracts";
import { contractHref } from "@/lib/record-links";
import { ListView, useListView } from "../data-table/list-view";
import { QuickViews, type QuickViewsProps } from "../data-table/quick-views";
import { contractColumns } from "./contract-columns";

/** The contracts list: filters in the URL, rows from the infinite query (no orderBy offered). */
export function ContractsView() {
  const view = useListView("contracts", contractList);
  const columns = useMemo(() => contractColumns(), []);
  return (
    <ListView
      view={view}
      columns={columns}
      rowHref={(row) => contractHref(row.id, row.customerId)}
      sortNote={
        <>
          {view.values.statuses?.includes("DELETED")
            ? ""
            : "Deleted contracts are hidden unless picked in Status. "}
          Oldest first (the API offers no other order). A row opens the contract&apos;s page; its
          Invoices link, its invoices.
        </>
      }
    />
  );
}

/** The contract list's quick views over its filters (components/data-table/quick-views.tsx). */
export function ContractQuickViews(props: QuickViewsProps) {
  return <QuickViews list={{ name: "contracts", list: contractList }} {...props} />;
}
