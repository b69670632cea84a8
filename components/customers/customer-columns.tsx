"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import type { CustomerRecord } from "@/lib/api/client";
import { formatDate, formatEndDate, formatMoneyByCurrency } from "@/lib/format";
import { CustomerHealthWithReason } from "../contracts/contract-detail-health";
import type { TableColumnMeta } from "../data-table/infinite-table";
import { Timestamp } from "../timestamp";

/**
 * Per-currency amounts, one line per currency and never summed. Rows have a fixed
 * height (virtualized), so two currencies share it in a smaller type; the full list
 * is in the title either way.
 */
function MoneyLines({ amounts }: { amounts: CustomerRecord["outstandingIssuedAmount"] }) {
  const lines = formatMoneyByCurrency(amounts);
  if (lines.length === 0) return <span className="text-slate-400">—</span>;
  if (lines.length === 1) return <span>{lines[0]}</span>;
  return (
    <ul title={lines.join("\n")} className="text-xs leading-3">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function YesNo({ value, known }: { value: boolean; known: boolean }) {
  if (!known) return <span className="text-slate-400">—</span>;
  return value ? <span>Yes</span> : <span className="text-slate-500">No</span>;
}

const right: TableColumnMeta = { align: "right" };

export function customerColumns(): ColumnDef<CustomerRecord, unknown>[] {
  return [
    {
      id: "name",
      header: "Name",
      size: 190,
      enableHiding: false,
      meta: { sortField: "name" } satisfies TableColumnMeta,
      cell: ({ row }) => (
        <Link
          prefetch={false}
          href={`/customers/${row.original.id}`}
          title={row.original.name}
          className="font-medium text-blue-700 hover:underline"
        >
          {row.original.name}
        </Link>
      ),
    },
    {
      id: "health",
      header: "Health",
      size: 140,
      meta: { sortField: "contractHealth" } satisfies TableColumnMeta,
      cell: ({ row }) => (
        <CustomerHealthWithReason
          customerId={row.original.id}
          health={row.original.contractHealth}
          coverageContractId={row.original.coverageContractId}
        />
      ),
    },
    {
      id: "coverage",
      header: "Coverage contract",
      size: 235,
      meta: { sortField: "coverageContractStartAt" } satisfies TableColumnMeta,
      cell: ({ row }) =>
        row.original.coverageContractStartAt ? (
          <span title="First and last day covered (UTC dates)">
            {formatDate(row.original.coverageContractStartAt)} –{" "}
            {formatEndDate(row.original.coverageContractEndAt)}
          </span>
        ) : (
          <span className="text-slate-400">No contract</span>
        ),
    },
    {
      id: "autoRenew",
      header: "Auto-renew",
      size: 85,
      cell: ({ row }) => (
        <YesNo
          value={row.original.coverageContractAutoRenew}
          known={row.original.coverageContractId !== null}
        />
      ),
    },
    {
      id: "renewed",
      header: "Renewed",
      size: 85,
      cell: ({ row }) => (
        <YesNo
          value={row.original.coverageContractRenewed}
          known={row.original.coverageContractId !== null}
        />
      ),
    },
    {
      id: "outstanding",
      header: "Outstanding",
      size: 135,
      meta: right,
      cell: ({ row }) => <MoneyLines amounts={row.original.outstandingIssuedAmount} />,
    },
    {
      id: "contractValue",
      header: "Contract value",
      size: 135,
      meta: { ...right, sortField: "contractValueAmount" } satisfies TableColumnMeta,
      cell: ({ row }) => <MoneyLines amounts={row.original.contractValueAmount} />,
    },
    {
      id: "remainingToInvoice",
      header: "Remaining to invoice",
      size: 135,
      meta: { ...right, sortField: "remainingToInvoiceAmount" } satisfies TableColumnMeta,
      cell: ({ row }) => <MoneyLines amounts={row.original.remainingToInvoiceAmount} />,
    },
    {
      id: "contracts",
      header: "Contracts",
      size: 85,
      meta: right,
      cell: ({ row }) => row.original.contractCount.toLocaleString("en-US"),
    },
    {
      id: "createdAt",
      header: "Created",
      size: 180,
      meta: { sortField: "createdAt", hiddenByDefault: true } satisfies TableColumnMeta,
      cell: ({ row }) => <Timestamp compact iso={row.original.createdAt} />,
    },
  ];
}
