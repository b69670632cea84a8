"use client";

import type { DehydratedState } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { hasSavedPlace } from "../data-table/table-place";
import type { RowsPage } from "../insights/renewals-table";
import { BlankTableSkeleton } from "../states/table-skeleton";
import { deferredIsland } from "./deferred-island";
import { readOnServer, withQueryRoot } from "./with-query-root";

/**
 * The record tables on the contract and renewals pages, each under its own
 * QueryRoot: in the server's HTML at once, their script loaded on first use
 * (deferred-island.tsx), as a list's.
 */
function skeletons(titles: string[], of: string): ReactNode {
  return titles.map((title) => (
    <section key={title} className="mt-8">
      <h2 className="mb-2 text-lg font-medium">{title}</h2>
      <BlankTableSkeleton label={`${title} of this ${of}`} />
    </section>
  ));
}

/**
 * Load at once when a reload put back a place in a table, or a first page the server
 * could not read leaves the table nothing to show until it asks again.
 */
function neededNow(states: DehydratedState[]): boolean {
  return hasSavedPlace(window.location.pathname) || !states.every(readOnServer);
}

export const ContractInvoicesIsland = deferredIsland<{
  contractId: string;
  state: DehydratedState;
}>(
  "contract-invoices",
  withQueryRoot(
    () => import("../contracts/contract-detail-records").then((m) => m.ContractInvoices),
    (props) => props.state,
  ),
  { fallback: skeletons(["Invoices"], "contract"), neededNow: ({ state }) => neededNow([state]) },
);

/** The customer page's invoices, contracts and payments, from their first pages (`states`). */
export const CustomerRecordsIsland = deferredIsland<{
  customerId: string;
  customerName: string;
  states: DehydratedState[];
}>(
  "customer-records",
  withQueryRoot(
    () => import("../customers/customer-detail").then((m) => m.CustomerRecords),
    (props) => ({ mutations: [], queries: props.states.flatMap((state) => state.queries) }),
  ),
  {
    fallback: skeletons(["Invoices", "Contracts", "Payments"], "customer"),
    neededNow: ({ states }) => neededNow(states),
  },
);

export const RenewalsTableIsland = deferredIsland<{ rowsId: string; first: RowsPage }>(
  "renewals-table",
  withQueryRoot(
    () => import("../insights/renewals-table").then((m) => m.RenewalsTable),
    () => undefined,
  ),
  { fallback: <BlankTableSkeleton label="Renewals" /> },
);
