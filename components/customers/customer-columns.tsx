"use client";

import type { CustomerRecord } from "@/lib/api/client";
import { formatDate, formatEndDate, formatMoneyByCurrency } from "@/lib/format";
import { customerList } from "@/lib/lists/customers";
import { HealthBadge } from "../badges";
import { AmountLines, CellLink, cardColumn } from "../data-table/cells";
import { type ColumnIdOf, listColumns, type TableColumn } from "../data-table/table-columns";
import { Timestamp } from "../timestamp";
import { CustomerHealthWithReason } from "./customer-health-with-reason";
import { NameOverEmail } from "./namesakes";

function YesNo({ value, known }: { value: boolean; known: boolean }) {
  if (!known) return <span className="text-fg-subtle">—</span>;
  return value ? <span>Yes</span> : <span className="text-fg-muted">No</span>;
}

/**
 * Per-currency amounts, one line per currency and never summed: the texts a cell
 * shows, and from them its column's width (never cut).
 */
const outstanding = (c: CustomerRecord) => formatMoneyByCurrency(c.outstandingIssuedAmount);
const contractValue = (c: CustomerRecord) => formatMoneyByCurrency(c.contractValueAmount);
const remainingToInvoice = (c: CustomerRecord) => formatMoneyByCurrency(c.remainingToInvoiceAmount);

/** The customer list's columns (ids from lib/lists/customers.ts). */
const CUSTOMER_COLUMNS = listColumns<CustomerRecord, ColumnIdOf<typeof customerList>>(
  customerList.columns,
  {
    name: {
      header: "Name",
      size: 200,
      enableHiding: false,
      meta: {
        sortField: "name",
        grow: true,
        text: (c: CustomerRecord) => c.name,
      },
      // The e-mail under the name: what tells same-named customers apart in the list.
      cell: ({ row }) => (
        <NameOverEmail
          email={row.original.billingEmail}
          name={
            <CellLink
              href={`/customers/${row.original.id}`}
              title={row.original.name}
              className="truncate font-medium text-accent hover:underline"
            >
              {row.original.name}
            </CellLink>
          }
        />
      ),
    },
    health: {
      header: "Health",
      size: 180,
      meta: { sortField: "contractHealth", priority: 1 },
      cell: ({ row }) => (
        <CustomerHealthWithReason
          customerId={row.original.id}
          health={row.original.contractHealth}
          coverageContractId={row.original.coverageContractId}
          inRow
        />
      ),
    },
    coverage: {
      header: "Coverage contract",
      size: 235,
      meta: { sortField: "coverageContractStartAt", priority: 3 },
      cell: ({ row }) =>
        row.original.coverageContractStartAt ? (
          <span title="First and last day covered (UTC dates)">
            {formatDate(row.original.coverageContractStartAt)} –{" "}
            {formatEndDate(row.original.coverageContractEndAt)}
          </span>
        ) : (
          <span className="text-fg-subtle">No contract</span>
        ),
    },
    autoRenew: {
      header: "Auto-renew",
      size: 110,
      meta: { priority: 5 },
      cell: ({ row }) => (
        <YesNo
          value={row.original.coverageContractAutoRenew}
          known={row.original.coverageContractId !== null}
        />
      ),
    },
    renewed: {
      header: "Renewed",
      size: 100,
      meta: { priority: 5 },
      cell: ({ row }) => (
        <YesNo
          value={row.original.coverageContractRenewed}
          known={row.original.coverageContractId !== null}
        />
      ),
    },
    outstanding: {
      header: "Outstanding",
      meta: { align: "right", amounts: outstanding, priority: 1 },
      cell: ({ row }) => <AmountLines lines={outstanding(row.original)} />,
    },
    contractValue: {
      header: "Contract value",
      meta: {
        align: "right",
        amounts: contractValue,
        sortField: "contractValueAmount",
        priority: 2,
      },
      cell: ({ row }) => <AmountLines lines={contractValue(row.original)} />,
    },
    remainingToInvoice: {
      header: "Remaining to invoice",
      meta: {
        align: "right",
        amounts: remainingToInvoice,
        sortField: "remainingToInvoiceAmount",
        priority: 2,
      },
      cell: ({ row }) => <AmountLines lines={remainingToInvoice(row.original)} />,
    },
    contracts: {
      header: "Contracts",
      size: 110,
      meta: { align: "right", priority: 4 },
      cell: ({ row }) => row.original.contractCount.toLocaleString("en-US"),
    },
    createdAt: {
      header: "Created",
      size: 180,
      meta: { sortField: "createdAt", hiddenByDefault: true },
      cell: ({ row }) => <Timestamp compact iso={row.original.createdAt} />,
    },
  },
);

/**
 * The customer list's columns: the name, then its contract health and what it owes,
 * each with its priority (the rest waits behind the column chooser when the table is
 * narrow).
 */
export function customerColumns(): TableColumn<CustomerRecord>[] {
  const columns = CUSTOMER_COLUMNS;
  return [
    ...columns,
    // On a phone: the name and its health, what it owes; its coverage contract.
    cardColumn<CustomerRecord>("Customer", (customer) => ({
      title: customer.name,
      badge: <HealthBadge health={customer.contractHealth} />,
      figure: <AmountLines lines={outstanding(customer)} />,
      subtitle: customer.coverageContractStartAt
        ? `Covered ${formatDate(customer.coverageContractStartAt)} – ${formatEndDate(customer.coverageContractEndAt)}`
        : "No contract",
      aside: `${customer.contractCount.toLocaleString("en-US")} ${customer.contractCount === 1 ? "contract" : "contracts"}`,
    })),
  ];
}
