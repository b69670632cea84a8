"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import type { InvoiceRecord } from "@/lib/api/client";
import { formatMoney, formatPeriod, humanize } from "@/lib/format";
import { isOverdue, paymentStateOf } from "@/lib/invoice-state";
import { InvoiceStatusBadge, PaymentStateBadge } from "../badges";
import { ContractNameLink } from "../contracts/contract-detail-link";
import type { TableColumnMeta } from "../data-table/infinite-table";
import { DueDate, Timestamp } from "../timestamp";

const right: TableColumnMeta = { align: "right" };

/**
 * The invoice columns. `hideCustomer`: one customer's invoices (its page), where the
 * contract column shows by default (one lookup of its contracts' names serves every
 * row); elsewhere the column is offered hidden, each customer on screen costing one
 * lookup. `hideContract`: one contract's invoices.
 */
export function invoiceColumns(
  options: {
    hideCustomer?: boolean;
    hideContract?: boolean;
    /** one customer's invoices: its name today, beside which each invoice's billed name shows */
    currentCustomerName?: string;
  } = {},
): ColumnDef<InvoiceRecord, unknown>[] {
  const columns: ColumnDef<InvoiceRecord, unknown>[] = [
    {
      id: "number",
      header: "Number",
      size: 150,
      enableHiding: false,
      cell: ({ row }) => (
        <Link
          prefetch={false}
          href={`/invoices/${row.original.id}`}
          className="font-medium text-blue-700 hover:underline"
        >
          {row.original.number}
        </Link>
      ),
    },
    {
      id: "customer",
      header: "Customer",
      size: 200,
      cell: ({ row }) => (
        <Link
          prefetch={false}
          href={`/customers/${row.original.customerId}`}
          className="hover:underline"
        >
          {row.original.customerName ?? "—"}
        </Link>
      ),
    },
    {
      id: "billedName",
      header: "Billed as",
      size: 200,
      cell: ({ row }) => {
        const billed = row.original.customerName;
        if (billed === null) return <span className="text-fg-muted">Not issued yet</span>;
        const renamed = billed !== options.currentCustomerName;
        return (
          <span
            title={
              renamed
                ? `Billed as ${billed}; the customer is now ${options.currentCustomerName}`
                : undefined
            }
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
    },
    {
      id: "contract",
      header: "Contract",
      size: 200,
      meta: options.hideCustomer ? undefined : { hiddenByDefault: true },
      cell: ({ row }) => (
        <ContractNameLink
          contractId={row.original.contractId}
          customerId={row.original.customerId}
          className="hover:underline"
        />
      ),
    },
    {
      id: "status",
      header: "Status",
      size: 100,
      cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} />,
    },
    {
      id: "payment",
      header: "Payment",
      // Wide enough for the longest state, "Card payment pending".
      size: 185,
      cell: ({ row }) => <PaymentStateBadge state={paymentStateOf(row.original)} />,
    },
    {
      id: "period",
      header: "Period",
      // A period across two years: "Dec 19, 2022 – Jan 18, 2023".
      size: 215,
      cell: ({ row }) => formatPeriod(row.original.periodStartAt, row.original.periodEndAt),
    },
    {
      id: "issuedAt",
      header: "Issued",
      size: 205,
      meta: { sortField: "issuedAt" } satisfies TableColumnMeta,
      cell: ({ row }) =>
        row.original.issuedAt ? (
          <Timestamp compact iso={row.original.issuedAt} />
        ) : (
          <span
            className="text-slate-500"
            title="Not issued yet: planned to issue on the period's first day"
          >
            planned {formatPeriod(row.original.periodStartAt, row.original.periodStartAt)}
          </span>
        ),
    },
    {
      id: "dueAt",
      header: "Due",
      size: 250,
      cell: ({ row }) =>
        row.original.dueAt ? (
          <span className="inline-flex items-center gap-1">
            <DueDate iso={row.original.dueAt} />
            {isOverdue(row.original, Date.now()) ? (
              <span className="rounded bg-red-100 px-1 text-xs font-medium text-red-800">
                Overdue
              </span>
            ) : null}
          </span>
        ) : (
          "—"
        ),
    },
    {
      id: "total",
      header: "Total",
      size: 130,
      meta: right,
      cell: ({ row }) => formatMoney(row.original.totalAmount),
    },
    {
      id: "applied",
      header: "Applied",
      size: 130,
      meta: right,
      cell: ({ row }) => formatMoney(row.original.appliedAmount),
    },
    {
      id: "remaining",
      header: "Remaining",
      size: 130,
      meta: right,
      cell: ({ row }) => formatMoney(row.original.remainingAmount),
    },
    {
      id: "delivery",
      header: "Delivery",
      size: 100,
      cell: ({ row }) =>
        row.original.deliveryMethod ? humanize(row.original.deliveryMethod) : "—",
    },
  ];
  return columns.filter(
    (c) =>
      !(options.hideCustomer && c.id === "customer") &&
      !(options.hideContract && c.id === "contract") &&
      !(options.currentCustomerName === undefined && c.id === "billedName"),
  );
}
