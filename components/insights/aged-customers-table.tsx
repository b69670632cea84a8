"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { CellLink, cardColumn } from "@/components/data-table/cells";
import { InfiniteTable } from "@/components/data-table/infinite-table";
import type { TableColumn } from "@/components/data-table/table-columns";
import { type Fetcher, getJson } from "@/lib/api/client";
import { formatDate } from "@/lib/format";
import { type AgedCustomerRow, agedCellHref, BUCKET_HEADERS } from "@/lib/insights/aged-customers";
import { AGING_BUCKETS, type AgingBucketKey, formatMinor } from "@/lib/insights/aggregate";

export interface AgedRowsPage {
  data: AgedCustomerRow[];
  hasMore: boolean;
}

/** The dashboard's own routes, from the browser (same origin). */
const sameOrigin: Fetcher = (pathAndQuery, init) => fetch(pathAndQuery, init);

function fetchRowsPage(rowsId: string, page: number, signal: AbortSignal): Promise<AgedRowsPage> {
  const params = new URLSearchParams({ rows: rowsId, page: String(page) });
  return getJson<AgedRowsPage>(
    sameOrigin,
    `/api/insights/receivables-customers/rows?${params}`,
    signal,
  );
}

/** The oldest money first in the columns too: the list leads with what is latest. */
const BUCKET_PRIORITY: Record<AgingBucketKey, number> = {
  "90+": 3,
  "61-90": 4,
  "31-60": 5,
  "1-30": 6,
  current: 7,
};

const countText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "invoice" : "invoices"}`;

/** A cell's amount, linked to the invoices it counts; nothing owed reads as a dash. */
function AmountCell({
  row,
  bucket,
  today,
}: {
  row: AgedCustomerRow;
  bucket: AgingBucketKey | null;
  today: number;
}) {
  const minor = bucket ? row.amounts[bucket] : row.total;
  const count = bucket ? row.counts[bucket] : row.count;
  if (count === 0) return <span className="text-fg-subtle">—</span>;
  const what = bucket ? BUCKET_HEADERS[bucket].toLowerCase() : "in total";
  return (
    <CellLink
      href={agedCellHref(row.customerId, bucket, today)}
      className="text-accent hover:underline"
      title={countText(count)}
      label={`${row.name}, ${what}: ${formatMinor(minor, row.currency)}, ${countText(count)}`}
    >
      <span data-amount data-bucket={bucket ?? "total"}>
        {formatMinor(minor, row.currency)}
      </span>
    </CellLink>
  );
}

function CustomerCell({ row }: { row: AgedCustomerRow }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      {row.deleted ? (
        <span className="truncate font-medium" title={row.name}>
          {row.name}
        </span>
      ) : (
        <CellLink
          href={`/customers/${row.customerId}`}
          title={row.name}
          className="truncate font-medium text-accent hover:underline"
        >
          {row.name}
        </CellLink>
      )}
      {row.deleted ? (
        <span
          data-deleted
          className="shrink-0 rounded bg-warning-soft px-1.5 py-0.5 text-xs text-warning"
        >
          Deleted
        </span>
      ) : null}
    </span>
  );
}

function columnsFor(today: number): TableColumn<AgedCustomerRow>[] {
  const money = (bucket: AgingBucketKey | null) => (row: AgedCustomerRow) => [
    formatMinor(bucket ? row.amounts[bucket] : row.total, row.currency),
  ];
  return [
    {
      id: "customer",
      header: "Customer",
      size: 180,
      enableHiding: false,
      meta: {
        grow: true,
        priority: 1,
        text: (row) => `${row.name}${row.deleted ? " Deleted" : ""}`,
      },
      cell: ({ row }) => <CustomerCell row={row.original} />,
    },
    {
      id: "currency",
      header: "Currency",
      size: 90,
      meta: { priority: 2 },
      cell: ({ row }) => <span data-currency>{row.original.currency}</span>,
    },
    ...AGING_BUCKETS.map(
      (b): TableColumn<AgedCustomerRow> => ({
        id: b.key,
        header: BUCKET_HEADERS[b.key],
        meta: { align: "right", priority: BUCKET_PRIORITY[b.key], amounts: money(b.key) },
        cell: ({ row }) => <AmountCell row={row.original} bucket={b.key} today={today} />,
      }),
    ),
    {
      id: "total",
      header: "Total",
      meta: { align: "right", priority: 2, amounts: money(null) },
      cell: ({ row }) => <AmountCell row={row.original} bucket={null} today={today} />,
    },
    {
      id: "pending",
      header: "Pending card payments",
      meta: {
        align: "right",
        priority: 8,
        amounts: (row) => [formatMinor(row.pending, row.currency)],
      },
      cell: ({ row }) =>
        row.original.pending === "0" ? (
          <span className="text-fg-subtle">—</span>
        ) : (
          <span data-pending>{formatMinor(row.original.pending, row.original.currency)}</span>
        ),
    },
    {
      id: "oldestDue",
      header: "Oldest due",
      size: 120,
      meta: { priority: 9 },
      cell: ({ row }) => formatDate(row.original.oldestDueAt),
    },
    // On a phone: who, what in all, and where the oldest money is.
    cardColumn<AgedCustomerRow>("Customer", (row) => {
      const oldest = [...AGING_BUCKETS].reverse().find((b) => row.counts[b.key] > 0);
      return {
        title: row.name,
        badge: row.deleted ? (
          <span className="rounded bg-warning-soft px-1.5 py-0.5 text-xs text-warning">
            Deleted
          </span>
        ) : undefined,
        figure: formatMinor(row.total, row.currency),
        subtitle: oldest
          ? `${BUCKET_HEADERS[oldest.key]}: ${formatMinor(row.amounts[oldest.key], row.currency)}`
          : "",
        aside: `Oldest due ${formatDate(row.oldestDueAt)}`,
      };
    }),
  ];
}

/**
 * The customers owing something, one row per customer and currency, the oldest money
 * first (the walk sorted them). Rendered like the lists: the first page in the
 * server's HTML, the next ones read from the kept rows as the person scrolls. Each
 * amount opens the invoices it counts; a row opens its customer.
 */
export function AgedCustomersTable({
  rowsId,
  first,
  today,
}: {
  rowsId: string;
  first: AgedRowsPage;
  /** UTC midnight of the day the buckets count from: the links' due dates */
  today: number;
}) {
  const query = useInfiniteQuery({
    queryKey: ["insight-rows", "receivables-customers", rowsId],
    queryFn: ({ pageParam, signal }) => fetchRowsPage(rowsId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: AgedRowsPage, _all, lastParam: number) =>
      last.hasMore ? lastParam + 1 : undefined,
    initialData: { pages: [first], pageParams: [0] },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const columns = useMemo(() => columnsFor(today), [today]);
  return (
    <InfiniteTable
      label="Receivables by customer"
      noun="rows"
      query={query}
      columns={columns}
      rowHref={(row) =>
        row.deleted ? agedCellHref(row.customerId, null, today) : `/customers/${row.customerId}`
      }
      empty={<p className="text-sm text-fg-muted">No customer owes anything on issued invoices.</p>}
      clearHref="/receivables/customers"
      scrollKey={rowsId}
    />
  );
}
