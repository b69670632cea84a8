"use client";

import { useId, useMemo } from "react";
import Link from "@/components/layout/link";
import { type CustomerInvoicesShown, customerInvoicesHref } from "@/lib/lists/customer-invoices";
import {
  type CustomerInvoicesView,
  customerInvoicesView,
  customerPageParsers,
  customerRecordQueries,
} from "@/lib/lists/customer-records";
import { RecordsSection } from "../data-table/records-section";
import { useUrlValues } from "../data-table/use-url-values";
import { invoiceColumns } from "../invoices/invoice-columns";

const CHOICES: { value: CustomerInvoicesShown; label: string; description: string }[] = [
  { value: "issued", label: "Issued", description: "Invoices sent to the customer" },
  { value: "unpaid", label: "Unpaid", description: "Issued invoices with something still owed" },
  { value: "all", label: "All", description: "Drafts and planned invoices too" },
];

const EMPTY: Record<CustomerInvoicesShown, string> = {
  issued: "No invoice has been issued to this customer yet (All shows those planned).",
  unpaid: "Nothing is owed: every invoice issued to this customer is paid.",
  all: "This customer has no invoices but voided ones, if any.",
};

/**
 * A customer's invoices on its page: issued ones newest first by default (its drafts,
 * planned up to a year ahead, sorted first), Unpaid for what it owes, All; the same
 * view one click away in the Invoices list, the customer chosen there.
 */
export function CustomerInvoices({
  customerId,
  customerName,
}: {
  customerId: string;
  /** its name today: invoices billed under another name say so */
  customerName?: string;
}) {
  const [values, setValues] = useUrlValues(customerPageParsers);
  const view = customerInvoicesView(values);
  const newestFirst = view.invoicesOrderBy !== "issuedAt:ASC";
  const columns = useMemo(
    () => invoiceColumns({ hideCustomer: true, currentCustomerName: customerName }),
    [customerName],
  );
  return (
    <RecordsSection
      title="Invoices"
      list="invoices"
      query={customerRecordQueries(customerId, view).invoices}
      columns={columns}
      rowHref={(row) => `/invoices/${row.id}`}
      here={`/customers/${customerId}`}
      emptyText={
        view.shown === "all" && view.voided ? "This customer has no invoices." : EMPTY[view.shown]
      }
      note={
        <InvoicesChoice
          view={view}
          customerId={customerId}
          newestFirst={newestFirst}
          onShow={(shown) =>
            // Another choice starts without voided invoices (only All lists them).
            setValues(
              { invoices: shown === "issued" ? null : shown, voided: null },
              { history: "push" },
            )
          }
          onVoided={(voided) => setValues({ voided: voided || null }, { history: "push" })}
        />
      }
      order={[{ field: "issuedAt", direction: newestFirst ? "DESC" : "ASC" }]}
      onSort={() =>
        setValues({ invoicesOrderBy: newestFirst ? "issuedAt:ASC" : null }, { history: "push" })
      }
    />
  );
}

/** Which invoices show (a radio group drawn as tabs), voided ones with All, the order, and the list's link. */
function InvoicesChoice({
  view,
  customerId,
  newestFirst,
  onShow,
  onVoided,
}: {
  view: CustomerInvoicesView;
  customerId: string;
  newestFirst: boolean;
  onShow: (shown: CustomerInvoicesShown) => void;
  onVoided: (voided: boolean) => void;
}) {
  const name = useId();
  const voidedId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <fieldset className="m-0 inline-flex gap-1 rounded-lg border border-line-strong bg-surface p-1">
        <legend className="sr-only">Invoices shown</legend>
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            title={choice.description}
            className="cursor-pointer rounded-md px-3 py-1 text-sm font-medium text-fg-muted hover:bg-surface-muted hover:text-fg has-checked:bg-inverse has-checked:text-inverse-fg has-focus-visible:outline-2 has-focus-visible:outline-accent max-sm:py-3"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={view.shown === choice.value}
              onChange={() => onShow(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {view.shown === "all" ? (
        <label htmlFor={voidedId} className="inline-flex min-h-6 items-center gap-2 text-sm">
          <input
            id={voidedId}
            type="checkbox"
            checked={view.voided}
            onChange={(e) => onVoided(e.target.checked)}
            className="size-4"
          />
          Include voided invoices
        </label>
      ) : null}
      <Link
        href={customerInvoicesHref(customerId, view.shown, {
          voided: view.voided,
          orderBy: newestFirst ? null : "issuedAt:ASC",
        })}
        className="inline-flex min-h-6 items-center text-sm text-accent underline"
      >
        Open in the Invoices list
      </Link>
      <p className="basis-full text-xs text-fg-subtle">
        {newestFirst ? "Newest issued first" : "Oldest issued first"}
        {view.shown === "all" ? " (a draft by its period start)" : ""}.
      </p>
    </div>
  );
}
