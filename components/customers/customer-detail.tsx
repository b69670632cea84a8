"use client";

import { useId, useMemo } from "react";
import { customerPageParsers, customerRecordQueries } from "@/lib/lists/customer-records";
import { contractHref } from "@/lib/record-links";
import { contractColumns } from "../contracts/contract-columns";
import { RecordsSection } from "../data-table/records-section";
import { useUrlValues } from "../data-table/use-url-values";
import { invoiceColumns } from "../invoices/invoice-columns";
import { paymentColumns } from "../payments/payment-columns";

/** The customer's invoices, contracts and payments, each an infinite table. */
export function CustomerRecords({
  customerId,
  customerName,
}: {
  customerId: string;
  /** its name today: invoices billed under another name say so */
  customerName?: string;
}) {
  const [pageState, setPageState] = useUrlValues(customerPageParsers);
  const voided = pageState.voided ?? false;
  const queries = customerRecordQueries(customerId, voided, pageState.invoicesOrderBy);
  // Newest first unless the page's URL says oldest first; the Issued header flips it.
  const invoicesNewestFirst = pageState.invoicesOrderBy !== "issuedAt:ASC";
  const here = `/customers/${customerId}`;
  const columns = useMemo(
    () => ({
      invoices: invoiceColumns({ hideCustomer: true, currentCustomerName: customerName }),
      contracts: contractColumns({ hideCustomer: true }),
      payments: paymentColumns({ hideCustomer: true }),
    }),
    [customerName],
  );
  const toggleId = useId();
  return (
    <>
      <RecordsSection
        title="Invoices"
        list="invoices"
        query={queries.invoices}
        columns={columns.invoices}
        rowHref={(row) => `/invoices/${row.id}`}
        here={here}
        emptyText={
          voided
            ? "This customer has no invoices."
            : "This customer has no invoices but voided ones, if any."
        }
        note={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <p className="text-xs text-fg-subtle">
              {invoicesNewestFirst ? "Newest issued first" : "Oldest issued first"} (a draft by its
              period start).
            </p>
            <label htmlFor={toggleId} className="inline-flex items-center gap-2 text-sm">
              <input
                id={toggleId}
                type="checkbox"
                checked={voided}
                onChange={(e) =>
                  void setPageState({ voided: e.target.checked || null }, { history: "push" })
                }
              />
              Include voided invoices
            </label>
          </div>
        }
        order={[{ field: "issuedAt", direction: invoicesNewestFirst ? "DESC" : "ASC" }]}
        onSort={() =>
          void setPageState(
            { invoicesOrderBy: invoicesNewestFirst ? "issuedAt:ASC" : null },
            { history: "push" },
          )
        }
      />
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
