"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQueryStates } from "nuqs";
import { type ReactNode, useId, useMemo } from "react";
import {
  browserFetcher,
  type CustomerRecord,
  type ListName,
  type ListRecord,
  listQueryOptions,
} from "@/lib/api/client";
import type { ApiErrorInfo } from "@/lib/api/errors";
import { formatDate, formatEndDate, formatMoneyByCurrency, type MoneyLike } from "@/lib/format";
import { customerPageParsers, customerRecordQueries } from "@/lib/lists/customer-records";
import { HealthBadge } from "../badges";
import { contractColumns, contractHref } from "../contracts/contract-columns";
import { ExportButton } from "../data-table/export-button";
import { InfiniteTable } from "../data-table/infinite-table";
import { invoiceColumns } from "../invoices/invoice-columns";
import { paymentColumns } from "../payments/payment-columns";
import { ErrorPanel } from "../states/error-panel";
import { Timestamp } from "../timestamp";

/**
 * One customer: every field of its record. Its invoices, contracts and payments follow
 * in CustomerRecords, which the page streams in once their first pages are read.
 */
export function CustomerSummary({ customer }: { customer: CustomerRecord }) {
  const [{ voided }] = useQueryStates(customerPageParsers);
  const queries = customerRecordQueries(customer.id, voided);
  // The coverage contract's name, from the customer's contracts table (same query, shared
  // cache). Only read here: the table below fetches it (or the page hands it over).
  const contracts = useInfiniteQuery({
    ...listQueryOptions(browserFetcher, "contracts", queries.contracts),
    enabled: false,
  });
  const coverageName = contracts.data?.pages
    .flatMap((page) => page.data)
    .find((contract) => contract.id === customer.coverageContractId)?.name;
  return (
    <>
      <header className="mb-5">
        <p className="text-sm text-slate-500">
          <Link href="/customers" className="hover:underline">
            Customers
          </Link>{" "}
          /
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{customer.name}</h1>
          <HealthBadge health={customer.contractHealth} />
        </div>
      </header>

      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-4">
        <Card title="Billing">
          <Field label="Billing email">
            <a className="text-blue-700 hover:underline" href={`mailto:${customer.billingEmail}`}>
              {customer.billingEmail}
            </a>
          </Field>
          <Field label="Copied on emails">
            {customer.invoiceCcEmails.length > 0 ? (
              <ul>
                {customer.invoiceCcEmails.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            ) : (
              "No one"
            )}
          </Field>
          <Field label="Payment follow-up emails">
            {customer.emailPaymentFollowUps ? "On" : "Off"}
          </Field>
          <Field label="Last follow-up">
            {customer.lastPaymentFollowUpAt ? (
              <Timestamp iso={customer.lastPaymentFollowUpAt} />
            ) : (
              "Never"
            )}
          </Field>
        </Card>

        <Card title="Amounts">
          <Field label="Outstanding on issued invoices">
            <Amounts amounts={customer.outstandingIssuedAmount} none="Nothing owed" />
          </Field>
          <Field label="Contract value">
            <Amounts amounts={customer.contractValueAmount} none="None" />
          </Field>
          <Field label="Remaining to invoice">
            <Amounts amounts={customer.remainingToInvoiceAmount} none="Nothing" />
          </Field>
          <Field label="Contracts">{customer.contractCount.toLocaleString("en-US")}</Field>
        </Card>

        <Card title="Coverage contract">
          {customer.coverageContractId ? (
            <>
              <Field label="Contract">
                <Link
                  prefetch={false}
                  href={contractHref(customer.coverageContractId)}
                  className="text-blue-700 hover:underline"
                  title="Show this contract's invoices"
                >
                  {coverageName ? <span className="block">{coverageName}</span> : null}
                  <span className="font-mono text-xs">{customer.coverageContractId}</span>
                </Link>
              </Field>
              <Field label="Start">{formatDate(customer.coverageContractStartAt)}</Field>
              <Field label="End (last day covered)">
                {formatEndDate(customer.coverageContractEndAt)}
              </Field>
              <Field label="Auto-renew">{customer.coverageContractAutoRenew ? "Yes" : "No"}</Field>
              <Field label="Renewed">{customer.coverageContractRenewed ? "Yes" : "No"}</Field>
            </>
          ) : (
            <p className="text-slate-600">No contract: the customer has no contract in force.</p>
          )}
        </Card>

        <Card title="Notes and record">
          <Field label="Staff note">{customer.note ?? "None"}</Field>
          <Field label="Note printed on invoices">{customer.invoiceNote ?? "None"}</Field>
          <Field label="Customer id">
            <span className="font-mono text-xs">{customer.id}</span>
          </Field>
          <Field label="Created">
            <Timestamp iso={customer.createdAt} />
          </Field>
          <Field label="Updated">
            <Timestamp iso={customer.updatedAt} />
          </Field>
        </Card>
      </div>
    </>
  );
}

/** The customer's invoices, contracts and payments, each an infinite table. */
export function CustomerRecords({ customer }: { customer: CustomerRecord }) {
  const [{ voided }, setPageState] = useQueryStates(customerPageParsers);
  const queries = customerRecordQueries(customer.id, voided);
  const here = `/customers/${customer.id}`;
  const columns = useMemo(
    () => ({
      invoices: invoiceColumns({ hideCustomer: true }),
      contracts: contractColumns({ hideCustomer: true }),
      payments: paymentColumns({ hideCustomer: true }),
    }),
    [],
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
        }
      />
      <RecordsSection
        title="Contracts"
        list="contracts"
        query={queries.contracts}
        columns={columns.contracts}
        rowHref={(row) => contractHref(row.id)}
        here={here}
        emptyText="This customer has no contracts (deleted ones are not listed)."
        note={
          <p className="text-xs text-slate-500">
            Deleted contracts are not listed. A row opens the contract&apos;s invoices.
          </p>
        }
      />
      <RecordsSection
        title="Payments"
        list="payments"
        query={queries.payments}
        columns={columns.payments}
        rowHref={() => `/payments?customerId=${customer.id}`}
        here={here}
        emptyText="No payment is attributed to this customer."
        note={
          <p className="text-xs text-slate-500">
            Newest received first. Amounts are in the payment&apos;s currency units: payments carry
            no currency.
          </p>
        }
      />
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-md border border-slate-200 bg-white p-4 text-sm">
      <h2 className="mb-3 text-base font-medium">{title}</h2>
      <dl className="space-y-2">{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** One line per currency; currencies are never added together. */
function Amounts({ amounts, none }: { amounts: Record<string, MoneyLike>; none: string }) {
  const lines = formatMoneyByCurrency(amounts);
  if (lines.length === 0) return <span className="text-slate-600">{none}</span>;
  return (
    <ul className="tabular-nums">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function RecordsSection<L extends ListName>({
  title,
  list,
  query,
  columns,
  rowHref,
  here,
  emptyText,
  note,
}: {
  title: string;
  list: L;
  query: string;
  columns: ColumnDef<ListRecord<L>, unknown>[];
  rowHref: (row: ListRecord<L>) => string;
  here: string;
  emptyText: string;
  note: ReactNode;
}) {
  const headingId = useId();
  const result = useInfiniteQuery({
    ...listQueryOptions(browserFetcher, list, query),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-medium">
          {title}
        </h2>
        {note}
      </div>
      <ExportButton list={list} query={query} />
      <InfiniteTable
        label={`${title} of this customer`}
        noun={title.toLowerCase()}
        query={result}
        columns={columns}
        rowHref={rowHref}
        empty={
          <p className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            {emptyText}
          </p>
        }
        clearHref={here}
        scrollKey={query}
        fit
      />
    </section>
  );
}

/** The customer could not be read for a reason other than "not found": say why, offer a retry. */
export function CustomerLoadError({ error }: { error: ApiErrorInfo }) {
  const router = useRouter();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Customer</h1>
      <ErrorPanel error={error} onRetry={() => router.refresh()} />
    </>
  );
}
