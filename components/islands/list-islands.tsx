"use client";

import type { DehydratedState } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { ListName } from "@/lib/api/client";
import { AssumeTableWidth } from "../data-table/assumed-table-width";
import { hasSavedPlace } from "../data-table/table-place";
import { ListPageSkeleton } from "../states/table-skeleton";
import { deferredIsland } from "./deferred-island";
import { readOnServer, withQueryRoot } from "./with-query-root";

interface ListIslandProps {
  /** the first page as the server read it */
  state: DehydratedState;
}

function listIsland(list: ListName, view: () => Promise<ComponentType<ListIslandProps>>) {
  return deferredIsland<ListIslandProps>(
    list,
    withQueryRoot(view, (props) => props.state),
    {
      fallback: <ListPageSkeleton label={list.charAt(0).toUpperCase() + list.slice(1)} />,
      pageKeys: true,
      remembersTableWidth: true,
      // A reload of a list the person left deep down: its place is put back at once. A
      // first page the server could not read: the view asks again and says why at once.
      neededNow: ({ state }) => hasSavedPlace(window.location.pathname) || !readOnServer(state),
    },
  );
}

/**
 * Each list's view (filters, export, totals and the table over TanStack Query), in the
 * server's HTML at once and its script loaded on first use (deferred-island.tsx).
 */
export const LIST_ISLANDS: Record<ListName, ComponentType<ListIslandProps>> = {
  invoices: listIsland("invoices", () =>
    import("../invoices/invoices-view").then((m) => m.InvoicesView),
  ),
  customers: listIsland("customers", () =>
    import("../customers/customers-view").then((m) => m.CustomersView),
  ),
  contracts: listIsland("contracts", () =>
    import("../contracts/contracts-view").then((m) => m.ContractsView),
  ),
  payments: listIsland("payments", () =>
    import("../payments/payments-view").then((m) => m.PaymentsView),
  ),
};

/**
 * The island of one list (a client component the server page can name by its list),
 * its table laid out for `tableWidth` until measured (data-table/table-width.ts).
 */
export function ListIsland({
  list,
  state,
  tableWidth,
}: ListIslandProps & { list: ListName; tableWidth: number }) {
  const Island = LIST_ISLANDS[list];
  return (
    <AssumeTableWidth width={tableWidth}>
      <Island state={state} />
    </AssumeTableWidth>
  );
}
