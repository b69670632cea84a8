"use client";

import { useMemo } from "react";
import Link from "@/components/layout/link";
import { customerRecordQueries } from "@/lib/lists/customer-records";
import { contractHref } from "@/lib/record-links";
import { contractColumns } from "../contracts/contract-columns";
import { RecordsSection } from "../data-table/records-section";
import { paymentColumns } from "../payments/payment-columns";
import { CustomerInvoices } from "./customer-invoices";

/** The customer's invoices, contracts and payments, each an infinite table. */
export function CustomerRecords({
  customerId,
  customerName,
}: {
  customerId: string;
  /** its name today: invoices billed under another name say so */
  customerName?: string;
}) {
  const queries = customerRecordQueries(customerId);
  const here = `/customers/${customerId}`;
  const columns = useMemo(
    () => ({
      contracts: contractColumns({ hideCustomer: true }),
      payments: paymentColumns({ hideCustomer: true }),
    }),
    [],
  );
  return (
    <>
      <p className="mt-6 text-sm">
        <Link href={`${here}/statement`} className="font-medium text-accent underline">
          Statement of account
        </Link>
        <span className="text-fg-muted">
          : balances, invoices and payments by date, open items; to print or download.
        </span>
      </p>
      <CustomerInvoices customerId={customerId} customerName={customerName} />
      <RecordsSection
        title="Contracts"
        list="contracts"
        query={queries.contracts}
        columns={columns.contracts}
        rowHref={(row) => contractHref(row.id, row.customerId)}
        here={here}
        emptyText="This customer has no contracts (deleted ones are not listed)."
        note={
          <p className="text-xs text-fg-subtle">
            Deleted contracts are not listed. A row opens the contract&apos;s page.
          </p>
        }
      />
      <RecordsSection
        title="Payments"
        list="payments"
        query={queries.payments}
        columns={columns.payments}
        rowHref={() => `/payments?customerId=${customerId}`}
        here={here}
        emptyText="No payment is attributed to this customer."
        note={
          <p className="text-xs text-fg-subtle">
            Newest received first. Amounts are in the payment&apos;s currency units: payments carry
            no currency.
          </p>
        }
        // The API's default order, shown on the Received header.
        order={[{ field: "receivedDate", direction: "DESC" }]}
      />
    </>
  );
}
