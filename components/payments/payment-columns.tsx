"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import type { PaymentRecord } from "@/lib/api/client";
import { formatCents, formatDate, humanize } from "@/lib/format";
import type { TableColumnMeta } from "../data-table/infinite-table";
import { Timestamp } from "../timestamp";

const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? "—" : formatCents(value);

/** Where a payment row leads: its customer, or the payments still to attribute. */
export function paymentHref(payment: PaymentRecord): string {
  return payment.customerId ? `/customers/${payment.customerId}` : "/payments?isAttributed=false";
}

function ShortId({ id }: { id: string | null }) {
  if (!id) return <>—</>;
  return (
    <span className="font-mono text-xs" title={id}>
      {id.slice(0, 8)}
    </span>
  );
}

/** Amounts are cents with no currency (the payments list carries none): shown as plain numbers. */
export function paymentColumns(
  options: { hideCustomer?: boolean } = {},
): ColumnDef<PaymentRecord, unknown>[] {
  const columns: ColumnDef<PaymentRecord, unknown>[] = [
    {
      id: "receivedDate",
      header: "Received",
      size: 130,
      enableHiding: false,
      meta: { sortField: "receivedDate" } satisfies TableColumnMeta,
      cell: ({ row }) => formatDate(row.original.receivedDate),
    },
    {
      id: "customer",
      header: "Customer",
      size: 230,
      meta: { sortField: "customerName" } satisfies TableColumnMeta,
      cell: ({ row }) =>
        row.original.customerId ? (
          <Link
            prefetch={false}
            href={`/customers/${row.original.customerId}`}
            className="text-blue-700 hover:underline"
          >
            {row.original.customerName ?? row.original.customerId.slice(0, 8)}
          </Link>
        ) : (
          <span className="text-slate-500">Not attributed</span>
        ),
    },
    {
      id: "amount",
      header: "Amount",
      size: 130,
      meta: { sortField: "amountCents", align: "right" } satisfies TableColumnMeta,
      cell: ({ row }) => formatCents(row.original.amountCents),
    },
    {
      id: "applied",
      header: "Applied",
      size: 130,
      meta: { sortField: "appliedAmountCents", align: "right" } satisfies TableColumnMeta,
      cell: ({ row }) => formatCents(row.original.appliedAmountCents),
    },
    {
      id: "unapplied",
      header: "Unapplied",
      size: 140,
      meta: { sortField: "unappliedAmountCents", align: "right" } satisfies TableColumnMeta,
      cell: ({ row }) => formatCents(row.original.unappliedAmountCents),
    },
    {
      id: "bankFee",
      header: "Bank fee",
      size: 130,
      meta: { sortField: "bankFeeAmountCents", align: "right" } satisfies TableColumnMeta,
      cell: ({ row }) => cents(row.original.bankFee?.amountCents),
    },
    {
      id: "bankFeeApplied",
      header: "Fee applied",
      size: 120,
      meta: { align: "right", hiddenByDefault: true } satisfies TableColumnMeta,
      cell: ({ row }) => cents(row.original.bankFee?.appliedAmountCents),
    },
    {
      id: "bankFeeUnapplied",
      header: "Fee unapplied",
      size: 130,
      meta: { align: "right" } satisfies TableColumnMeta,
      cell: ({ row }) => cents(row.original.bankFee?.unappliedAmountCents),
    },
    {
      id: "type",
      header: "Type",
      size: 80,
      meta: { hiddenByDefault: true } satisfies TableColumnMeta,
      cell: ({ row }) => humanize(row.original.type),
    },
    {
      id: "parentPayment",
      header: "Parent payment",
      size: 130,
      cell: ({ row }) => <ShortId id={row.original.parentPaymentId} />,
    },
    {
      id: "journalEntry",
      header: "Journal entry",
      size: 130,
      meta: { hiddenByDefault: true } satisfies TableColumnMeta,
      cell: ({ row }) => <ShortId id={row.original.journalEntryId} />,
    },
    {
      id: "createdAt",
      header: "Created",
      size: 200,
      meta: { hiddenByDefault: true } satisfies TableColumnMeta,
      cell: ({ row }) => <Timestamp compact iso={row.original.createdAt} />,
    },
    {
      id: "updatedAt",
      header: "Updated",
      size: 200,
      meta: { hiddenByDefault: true } satisfies TableColumnMeta,
      cell: ({ row }) => <Timestamp compact iso={row.original.updatedAt} />,
    },
  ];
  return options.hideCustomer ? columns.filter((c) => c.id !== "customer") : columns;
}
