"use client";

import type { InvoiceRecord } from "@/lib/api/client";
import { formatDate, formatMoney, formatPeriod, formatTimestamp, humanize } from "@/lib/format";
import { isOverdue, paymentStateOf, pendingPaymentNote } from "@/lib/invoice-state";
import { invoiceList } from "@/lib/lists/invoices";
import { InvoiceStatusBadge, PaymentStateBadge } from "../badges";
import { ContractNameLink } from "../contracts/contract-detail-link";
import { NameOverEmail, NamesakeEmailAfter, useNamesakeEmail } from "../customers/namesakes";
import { AmountLines, CellLink, tallCardColumn } from "../data-table/cells";
import {
  type ColumnIdOf,
  type ColumnSpec,
  listColumns,
  type TableColumn,
} from "../data-table/table-columns";
import { useDashboardNow } from "../layout/dashboard-clock";
import { DueDate } from "../timestamp";

/** The money columns: the texts a cell shows, and from them its column's width. */
const total = (invoice: InvoiceRecord) => [formatMoney(invoice.totalAmount)];
const applied = (invoice: InvoiceRecord) => [formatMoney(invoice.appliedAmount)];
const remaining = (invoice: InvoiceRecord) => [formatMoney(invoice.remainingAmount)];
/**
 * The Remaining cell's amounts: what is owed, and what card payments awaiting funds
 * will pay (its word is for screen readers and the tooltip: the column keeps its width,
 * and the row's badge says "Card payment pending").
 */
const remainingAndPending = (invoice: InvoiceRecord) =>
  pendingPaymentNote(invoice)
    ? [...remaining(invoice), formatMoney(invoice.pendingPaymentAmount)]
    : remaining(invoice);

const PENDING_TITLE = "In card payments awaiting their funds: not paid until they arrive";

/** What is still owed and, under it, what pending card payments will pay: "$0.00" does not read as paid. */
function RemainingCell({ invoice }: { invoice: InvoiceRecord }) {
  const pending = pendingPaymentNote(invoice);
  if (!pending) return <AmountLines lines={remaining(invoice)} />;
  return (
    <span data-amount title={PENDING_TITLE} className="-my-1 block leading-4">
      <span className="block">{remaining(invoice)[0]}</span>
      <span className="block text-xs text-info">
        {formatMoney(invoice.pendingPaymentAmount)}
        <span className="sr-only"> pending</span>
      </span>
    </span>
  );
}

/**
 * One badge for where an invoice stands: an issued invoice by what is paid of it
 * (Paid, Partly paid, Unpaid, Card payment pending), any other by its status (Draft,
 * Approved, Issuing, Voided).
 */
function InvoiceState({ invoice }: { invoice: InvoiceRecord }) {
  return invoice.status === "ISSUED" ? (
    <PaymentStateBadge state={paymentStateOf(invoice)} />
  ) : (
    <InvoiceStatusBadge status={invoice.status} />
  );
}

/** The due day (a calendar day: issued plus whole days of terms), marked when overdue. */
function DueDay({ invoice }: { invoice: InvoiceRecord }) {
  const now = useDashboardNow();
  if (!invoice.dueAt) return <span className="text-fg-subtle">—</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <DueDate iso={invoice.dueAt} />
      {isOverdue(invoice, now) ? (
        <span className="rounded bg-danger-soft px-1 text-[11px] font-medium text-danger">
          Overdue
        </span>
      ) : null}
    </span>
  );
}

/** The day posted payments covered the total; else the latest payment's day, said so. */
function PaidDay({ invoice }: { invoice: InvoiceRecord }) {
  if (invoice.paidAt) return <time dateTime={invoice.paidAt}>{formatDate(invoice.paidAt)}</time>;
  if (!invoice.lastPaidAt) return <span className="text-fg-subtle">—</span>;
  return (
    <span className="text-fg-muted">
      Part paid, last <time dateTime={invoice.lastPaidAt}>{formatDate(invoice.lastPaidAt)}</time>
    </span>
  );
}

/** The customer billed, over its e-mail when another customer bears its name. */
function InvoiceCustomer({ invoice }: { invoice: InvoiceRecord }) {
  return (
    <NameOverEmail
      email={useNamesakeEmail(invoice.customerId)}
      name={
        <CellLink
          href={`/customers/${invoice.customerId}`}
          className="truncate hover:underline"
          title={invoice.customerName ?? undefined}
        >
          {invoice.customerName ?? "—"}
        </CellLink>
      }
    />
  );
}

/** The card's customer: its name, and its e-mail when another customer bears that name. */
function CardCustomer({ invoice }: { invoice: InvoiceRecord }) {
  return (
    <>
      {invoice.customerName ?? "—"}
      <NamesakeEmailAfter customerId={invoice.customerId} />
    </>
  );
}

/**
 * On a customer's page only, after what is owed and when (the name billed mostly is
 * the customer's name today): each invoice's billed name, marked when it differs.
 */
function billedNameColumn(currentName: string): ColumnSpec<InvoiceRecord> {
  return {
    header: "Billed as",
    size: 200,
    meta: { priority: 3 },
    cell: ({ row }) => {
      const billed = row.original.customerName;
      if (billed === null) return <span className="text-fg-muted">Not issued yet</span>;
      const renamed = billed !== currentName;
      return (
        <span
          title={renamed ? `Billed as ${billed}; the customer is now ${currentName}` : undefined}
        >
          {billed}
          {renamed ? (
            <span className="block text-xs text-fg-muted" data-renamed>
              the customer&apos;s name then
            </span>
          ) : null}
        </span>
      );
    },
  };
}

/** The invoice list's columns (ids from lib/lists/invoices.ts), each with its priority. */
const INVOICE_COLUMNS = listColumns<InvoiceRecord, ColumnIdOf<typeof invoiceList>>(
  invoiceList.columns,
  {
    number: {
      header: "Number",
      // "INV-2026-006866" in medium weight.
      size: 160,
      enableHiding: false,
      cell: ({ row }) => (
        <CellLink
          href={`/invoices/${row.original.id}`}
          className="font-medium text-accent hover:underline"
        >
          {row.original.number}
        </CellLink>
      ),
    },
    customer: {
      header: "Customer",
      // The least room for a name; it takes whatever the other columns leave.
      size: 200,
      meta: {
        priority: 1,
        grow: true,
        text: (i: InvoiceRecord) => i.customerName,
      },
      cell: ({ row }) => <InvoiceCustomer invoice={row.original} />,
    },
    contract: {
      header: "Contract",
      size: 200,
      // Offered hidden: each customer on screen costs one lookup of its contracts' names.
      meta: { hiddenByDefault: true },
      cell: ({ row }) => (
        <ContractNameLink
          contractId={row.original.contractId}
          customerId={row.original.customerId}
          className="hover:underline"
          inRow
        />
      ),
    },
    status: {
      header: "Status",
      // Wide enough for the longest state, "Card payment pending".
      size: 180,
      meta: { priority: 1 },
      cell: ({ row }) => <InvoiceState invoice={row.original} />,
    },
    total: {
      header: "Total",
      meta: { priority: 2, align: "right", amounts: total },
      cell: ({ row }) => <AmountLines lines={total(row.original)} />,
    },
    remaining: {
      header: "Remaining",
      meta: { priority: 1, align: "right", amounts: remainingAndPending },
      cell: ({ row }) => <RemainingCell invoice={row.original} />,
    },
    dueAt: {
      header: "Due",
      // "May 28, 2026" and the Overdue badge: 177 px in DejaVu Sans (the widest usual
      // font). Any wider and Total no longer shows at 1280 px.
      size: 180,
      meta: { priority: 1 },
      cell: ({ row }) => <DueDay invoice={row.original} />,
    },
    issuedAt: {
      header: "Issued",
      // "Sep 13, 2030" and the sort mark.
      size: 160,
      meta: { priority: 2, sortField: "issuedAt" },
      cell: ({ row }) =>
        row.original.issuedAt ? (
          <time dateTime={row.original.issuedAt} title={formatTimestamp(row.original.issuedAt)}>
            {formatDate(row.original.issuedAt)}
          </time>
        ) : (
          // A draft: the day it is planned to issue (its period's first), in muted italics
          // so it reads apart from an issued day; said in words to screen readers.
          <span
            className="italic text-fg-muted"
            title="Not issued yet: planned to issue on the period's first day"
          >
            <span className="sr-only">planned </span>
            {formatPeriod(row.original.periodStartAt, row.original.periodStartAt)}
          </span>
        ),
    },
    paidAt: {
      header: "Paid",
      // "Sep 13, 2030"; offered hidden (links from /trends show it).
      size: 140,
      meta: { hiddenByDefault: true },
      cell: ({ row }) => <PaidDay invoice={row.original} />,
    },
    applied: {
      header: "Applied",
      meta: { priority: 4, align: "right", amounts: applied },
      cell: ({ row }) => <AmountLines lines={applied(row.original)} />,
    },
    period: {
      header: "Period",
      // A period across two years: "Dec 19, 2022 – Jan 18, 2023".
      size: 215,
      meta: { priority: 5 },
      cell: ({ row }) => formatPeriod(row.original.periodStartAt, row.original.periodEndAt),
    },
    delivery: {
      header: "Delivery",
      size: 100,
      meta: { priority: 6 },
      cell: ({ row }) =>
        row.original.deliveryMethod ? humanize(row.original.deliveryMethod) : "—",
    },
  },
);

/**
 * The invoice list's columns in the order people read them (number, customer, where
 * it stands, what is owed, when it is due), each with its priority: at 1280 px the
 * first six show, the rest wait behind the column chooser.
 *
 * `hideCustomer`: one customer's invoices (its page), where each invoice's billed
 * name and its contract show (one lookup of its contracts' names serves every row);
 * elsewhere the contract column is offered hidden, each customer on screen costing
 * one lookup. `hideContract`: one contract's invoices.
 */
export function invoiceColumns(
  options: {
    hideCustomer?: boolean;
    hideContract?: boolean;
    /** one customer's invoices: its name today, beside which each invoice's billed name shows */
    currentCustomerName?: string;
  } = {},
): TableColumn<InvoiceRecord>[] {
  const shown = INVOICE_COLUMNS.filter(
    (c) =>
      !(options.hideCustomer && c.id === "customer") &&
      !(options.hideContract && c.id === "contract"),
  ).map((c) =>
    // One customer's invoices: one lookup of its contracts' names serves every row.
    options.hideCustomer && c.id === "contract" ? { ...c, meta: { priority: 4 } } : c,
  );
  if (options.currentCustomerName !== undefined)
    shown.splice(1, 0, { id: "billedName", ...billedNameColumn(options.currentCustomerName) });
  // On a phone: number and where it stands; the customer and what is owed; the due day.
  shown.push(
    tallCardColumn<InvoiceRecord>("Invoice", (invoice) => {
      const issued = invoice.status === "ISSUED";
      const pending = pendingPaymentNote(invoice);
      // All that is left is in a pending card payment: that leads, not "Owed $0.00".
      const allPending = pending !== null && invoice.remainingAmount.value <= 0;
      return {
        title: invoice.number,
        badge: <InvoiceState invoice={invoice} />,
        subtitle: options.hideCustomer ? (
          formatPeriod(invoice.periodStartAt, invoice.periodEndAt)
        ) : (
          <CardCustomer invoice={invoice} />
        ),
        // Before issue nothing is owed yet: the card shows what it will come to.
        figureLabel: allPending ? "Pending" : issued ? "Owed" : "Total",
        figure: allPending
          ? formatMoney(invoice.pendingPaymentAmount)
          : issued
            ? remaining(invoice)[0]
            : total(invoice)[0],
        detail: invoice.dueAt ? (
          <>
            Due <DueDay invoice={invoice} />
          </>
        ) : (
          "Not issued"
        ),
        figureNote: pending ? (
          <span className="text-info" title={PENDING_TITLE}>
            {allPending ? "awaiting its funds" : pending}
          </span>
        ) : undefined,
      };
    }),
  );
  return shown;
}
