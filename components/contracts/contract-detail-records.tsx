"use client";

import { useMemo } from "react";
import { contractInvoicesQuery } from "@/lib/contracts/find";
import { RecordsSection } from "../data-table/records-section";
import { invoiceColumns } from "../invoices/invoice-columns";

/** The contract's invoices, an infinite table over nextCursor like the customer page's. */
export function ContractInvoices({ contractId }: { contractId: string }) {
  const columns = useMemo(() => invoiceColumns({ hideCustomer: true, hideContract: true }), []);
  return (
    <RecordsSection
      title="Invoices"
      list="invoices"
      query={contractInvoicesQuery(contractId)}
      columns={columns}
      rowHref={(row) => `/invoices/${row.id}`}
      here={`/contracts/${contractId}`}
      emptyText="This contract has no invoices yet."
      note={
        <p className="text-xs text-fg-muted">
          Every status, voided included; newest issued first (a draft by its period start).
        </p>
      }
      order={[{ field: "issuedAt", direction: "DESC" }]}
      owner="this contract"
    />
  );
}
