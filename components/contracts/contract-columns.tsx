"use client";

import { useQuery } from "@tanstack/react-query";
import { browserFetcher, type ContractRecord, customerQueryOptions } from "@/lib/api/client";
import { formatDate, formatEndDate, formatPeriod, humanize } from "@/lib/format";
import { contractList } from "@/lib/lists/contracts";
import { contractHref, contractInvoicesHref } from "@/lib/record-links";
import { HealthBadge, LifecycleBadge } from "../badges";
import { CellLink, cardColumn } from "../data-table/cells";
import { type ColumnIdOf, listColumns, type TableColumn } from "../data-table/table-columns";
import { Timestamp } from "../timestamp";
import { ContractHealthWithReason } from "./contract-detail-health";
import { ContractNameLink } from "./contract-detail-link";

const hidden = { hiddenByDefault: true };

/** The first block of a uuid, enough to tell records apart on screen. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/**
 * The contract record carries no customer name: it is looked up by id, once per
 * customer for the session (the name is in the cache for every later row), and
 * only for the rows on screen, since cells of rows out of view are not mounted.
 * Until it arrives, or when the customer cannot be read (deleted), a short id shows.
 */
export function CustomerNameLink({ customerId }: { customerId: string }) {
  const customer = useQuery({
    ...customerQueryOptions(browserFetcher, customerId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <CellLink
      href={`/customers/${customerId}`}
      className="hover:underline"
      title={
        customer.isError
          ? `Customer ${customerId} could not be read`
          : (customer.data?.name ?? customerId)
      }
    >
      {customer.data?.name ?? <span className="font-mono text-xs">{shortId(customerId)}</span>}
    </CellLink>
  );
}

/** The contract list's columns (ids from lib/lists/contracts.ts), each with its priority. */
const CONTRACT_COLUMNS = listColumns<ContractRecord, ColumnIdOf<typeof contractList>>(
  contractList.columns,
  {
    name: {
      header: "Name",
      size: 200,
      enableHiding: false,
      meta: { grow: true, text: (c: ContractRecord) => c.name },
      cell: ({ row }) => (
        <CellLink
          href={contractHref(row.original.id, row.original.customerId)}
          className="font-medium text-accent hover:underline"
          title="Open this contract"
        >
          {row.original.name}
        </CellLink>
      ),
    },
    invoices: {
      header: "Invoices",
      size: 90,
      meta: { priority: 2 },
      cell: ({ row }) => (
        <CellLink
          href={contractInvoicesHref(row.original.id)}
          className="text-accent hover:underline"
          label={`Invoices of ${row.original.name}`}
        >
          Invoices
        </CellLink>
      ),
    },
    customer: {
      header: "Customer",
      size: 210,
      meta: { priority: 1 },
      cell: ({ row }) => <CustomerNameLink customerId={row.original.customerId} />,
    },
    currency: {
      header: "Currency",
      size: 90,
      meta: { priority: 3 },
      cell: ({ row }) => row.original.currencyCode,
    },
    lifecycleStatus: {
      header: "Status",
      size: 110,
      meta: { priority: 1 },
      cell: ({ row }) => <LifecycleBadge status={row.original.lifecycleStatus} />,
    },
    health: {
      header: "Health",
      size: 180,
      meta: { priority: 2 },
      cell: ({ row }) => <ContractHealthWithReason contract={row.original} inRow />,
    },
    startAt: {
      header: "Start",
      size: 120,
      meta: { priority: 2 },
      cell: ({ row }) => formatDate(row.original.startAt),
    },
    endAt: {
      header: "Contract ends",
      size: 130,
      meta: { priority: 1 },
      cell: ({ row }) => formatEndDate(row.original.endAt),
    },
    cancelsAt: {
      header: "Cancels (last day)",
      size: 150,
      meta: { priority: 5 },
      cell: ({ row }) => formatEndDate(row.original.cancelsAt),
    },
    paymentTerms: {
      header: "Payment terms",
      size: 130,
      meta: { align: "right", priority: 4 },
      cell: ({ row }) => `${row.original.paymentTermsDays} days`,
    },
    autoIssue: {
      header: "Auto-issue",
      size: 100,
      meta: hidden,
      cell: ({ row }) => yesNo(row.original.autoIssue),
    },
    autoRenew: {
      header: "Auto-renew",
      size: 100,
      meta: { priority: 3 },
      cell: ({ row }) => yesNo(row.original.autoRenew),
    },
    autoRenewalAt: {
      header: "Auto-renewal on",
      size: 140,
      meta: hidden,
      cell: ({ row }) => formatDate(row.original.autoRenewalAt),
    },
    renewalNoticeDays: {
      header: "Renewal notice",
      size: 130,
      meta: { align: "right", priority: 5 },
      cell: ({ row }) =>
        row.original.renewalNoticeDays ? `${row.original.renewalNoticeDays} days` : "None",
    },
    processingInvoices: {
      header: "Processing",
      size: 120,
      meta: { priority: 4 },
      cell: ({ row }) =>
        row.original.processingInvoices ? (
          <span className="rounded bg-info-soft px-1 text-xs font-medium text-info">
            Processing
          </span>
        ) : (
          "No"
        ),
    },
    processingInvoicesStartedAt: {
      header: "Processing since",
      size: 200,
      meta: hidden,
      cell: ({ row }) => <Timestamp compact iso={row.original.processingInvoicesStartedAt} />,
    },
    billables: {
      header: "Billables",
      size: 230,
      meta: hidden,
      cell: ({ row }) =>
        `${row.original.subscriptionBillableCount} subscription · ${row.original.oneTimeBillableCount} one-time`,
    },
    currentAmendment: {
      header: "Current terms",
      size: 240,
      meta: hidden,
      cell: ({ row }) => {
        const c = row.original;
        if (!c.currentAmendmentId && !c.currentAmendmentStatus) return "—";
        return (
          <span title={c.currentAmendmentId ? `Amendment ${c.currentAmendmentId}` : undefined}>
            {c.currentAmendmentStatus ? humanize(c.currentAmendmentStatus) : "—"}
            {c.currentAmendmentStartAt ? ` · from ${formatDate(c.currentAmendmentStartAt)}` : ""}
          </span>
        );
      },
    },
    futureAmendment: {
      header: "Future terms",
      size: 260,
      meta: { priority: 6 },
      cell: ({ row }) => {
        const a = row.original.futureAmendment;
        if (!a) return "—";
        return (
          <span
            title={`Amendment #${a.amendmentNumber}: ${humanize(a.type)}, ${humanize(a.status)}`}
          >
            #{a.amendmentNumber} · {formatPeriod(a.startAt, a.endAt)}
          </span>
        );
      },
    },
    draftAmendment: {
      header: "Draft amendment",
      size: 140,
      meta: hidden,
      cell: ({ row }) =>
        row.original.draftAmendmentId ? (
          <span className="font-mono text-xs" title={row.original.draftAmendmentId}>
            {shortId(row.original.draftAmendmentId)}
          </span>
        ) : (
          "None"
        ),
    },
    renewals: {
      header: "Renewal links",
      size: 250,
      meta: hidden,
      cell: ({ row }) => {
        const { renewingContractId, renewalContractId } = row.original;
        if (!renewingContractId && !renewalContractId) return "—";
        return (
          <span className="inline-flex gap-3">
            {renewingContractId ? (
              <ContractLink
                id={renewingContractId}
                customerId={row.original.customerId}
                label="Renews"
              />
            ) : null}
            {renewalContractId ? (
              <ContractLink
                id={renewalContractId}
                customerId={row.original.customerId}
                label="Renewed by"
              />
            ) : null}
          </span>
        );
      },
    },
    createdAt: {
      header: "Created",
      size: 200,
      meta: hidden,
      cell: ({ row }) => <Timestamp compact iso={row.original.createdAt} />,
    },
    updatedAt: {
      header: "Updated",
      size: 200,
      meta: hidden,
      cell: ({ row }) => <Timestamp compact iso={row.original.updatedAt} />,
    },
    notes: {
      header: "Notes",
      size: 260,
      meta: hidden,
      cell: ({ row }) => (
        <span title={row.original.notes ?? undefined}>{row.original.notes ?? "—"}</span>
      ),
    },
  },
);

/** A renewal link: the other contract's name (looked up among the customer's), to its page. */
function ContractLink({
  id,
  customerId,
  label,
}: {
  id: string;
  customerId: string;
  label: string;
}) {
  return (
    <span>
      {label} <ContractNameLink contractId={id} customerId={customerId} inRow />
    </span>
  );
}

export function contractColumns(
  options: { hideCustomer?: boolean } = {},
): TableColumn<ContractRecord>[] {
  const columns = CONTRACT_COLUMNS;
  return [
    ...(options.hideCustomer ? columns.filter((c) => c.id !== "customer") : columns),
    // On a phone: the contract and its state, its health; whose it is and when it ends.
    cardColumn<ContractRecord>("Contract", (contract) => ({
      title: contract.name,
      badge: <LifecycleBadge status={contract.lifecycleStatus} />,
      figure: <HealthBadge health={contract.contractHealth} />,
      subtitle: options.hideCustomer ? (
        `${formatDate(contract.startAt)} – ${formatEndDate(contract.endAt)}`
      ) : (
        <CustomerNameLink customerId={contract.customerId} />
      ),
      aside: `Contract ends ${formatEndDate(contract.endAt)}`,
    })),
  ];
}
