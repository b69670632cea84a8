"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { InfiniteTable } from "@/components/data-table/infinite-table";
import type { TableColumn, TableColumnMeta } from "@/components/data-table/table-columns";
import Link from "@/components/layout/link";
import { type Fetcher, getJson } from "@/lib/api/client";
import { noticePeriodStart, RENEWAL_WINDOW_DAYS } from "@/lib/contracts/terms";
import { formatDate, formatEndDate } from "@/lib/format";
import { formatMinor } from "@/lib/insights/aggregate";
import type { RenewalRow } from "@/lib/insights/renewals";
import { ContractHealthWithReason } from "../contracts/contract-detail-health";
import { ContractNameLink } from "../contracts/contract-detail-link";
import { NameOverEmail } from "../customers/namesakes";
import { MoneyLines } from "./money-lines";

export interface RowsPage {
  data: RenewalRow[];
  hasMore: boolean;
}

/** The dashboard's own routes, from the browser (same origin). */
const sameOrigin: Fetcher = (pathAndQuery, init) => fetch(pathAndQuery, init);

/** One page of the rows the walk kept, from the dashboard's own route. */
function fetchRowsPage(rowsId: string, page: number, signal: AbortSignal): Promise<RowsPage> {
  const params = new URLSearchParams({ rows: rowsId, page: String(page) });
  return getJson<RowsPage>(sameOrigin, `/api/insights/renewals/rows?${params}`, signal);
}

const right: TableColumnMeta<RenewalRow> = { align: "right" };

const COLUMNS: TableColumn<RenewalRow>[] = [
  {
    id: "name",
    header: "Customer",
    size: 200,
    enableHiding: false,
    // The billing e-mail under the name tells same-named customers apart, as the pickers do.
    cell: ({ row }) => (
      <NameOverEmail
        email={row.original.billingEmail}
        name={
          <Link
            href={`/customers/${row.original.id}`}
            title={row.original.name}
            className="block truncate font-medium text-accent hover:underline"
          >
            {row.original.name}
          </Link>
        }
      />
    ),
  },
  {
    id: "health",
    header: "Health",
    // "Renewal due" or "Ending" with its Why button (117 px at most) and the cell's padding.
    size: 145,
    cell: ({ row }) => {
      const r = row.original;
      // The reason from the row's own fields: the end of the terms in force is kept apart
      // from the contract's when next terms follow.
      return (
        <ContractHealthWithReason
          contract={{
            contractHealth: r.health,
            startAt: null,
            endAt: r.endAt,
            autoRenew: r.autoRenew,
            renewalNoticeDays: r.renewalNoticeDays ?? null,
            futureAmendment:
              r.termsEndAt && r.termsEndAt !== r.endAt ? { startAt: r.termsEndAt } : null,
          }}
        />
      );
    },
  },
  {
    id: "window",
    header: `Within ${RENEWAL_WINDOW_DAYS} days`,
    size: 120,
    // The mark: rows are in order of days left, so the marked ones come first and the
    // first unmarked row is where the window ends.
    cell: ({ row }) =>
      row.original.withinWindow ? (
        <span
          data-within-window
          className="rounded bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-accent"
        >
          Within {RENEWAL_WINDOW_DAYS} days
        </span>
      ) : (
        <span data-after-window className="text-xs text-fg-muted">
          After day {RENEWAL_WINDOW_DAYS}
        </span>
      ),
  },
  {
    id: "termsEndAt",
    header: "Terms in force end",
    size: 150,
    cell: ({ row }) => (
      <span title="The last day the terms in force cover (UTC date)" data-terms-end>
        {formatEndDate(row.original.termsEndAt)}
      </span>
    ),
  },
  {
    id: "daysLeft",
    header: "Days left",
    size: 90,
    meta: right,
    cell: ({ row }) => (
      <span data-days-left title="Days the terms in force have left, today included">
        {row.original.daysLeft ?? "—"}
      </span>
    ),
  },
  {
    id: "value",
    header: "Value a year",
    size: 140,
    meta: right,
    cell: ({ row }) => {
      const value = row.original.value;
      return value ? (
        <span
          data-value={value.perYear}
          title={`The terms in force bill ${formatMinor(BigInt(value.billed), value.currencyCode)} in all over ${value.invoices} invoices`}
        >
          {formatMinor(BigInt(value.perYear), value.currencyCode)}
        </span>
      ) : (
        <span className="text-fg-muted" title="No invoice in the terms in force to value them by">
          —
        </span>
      );
    },
  },
  {
    id: "notice",
    header: "Renewal notice",
    size: 160,
    cell: ({ row }) => {
      const { renewalNoticeDays, termsEndAt } = row.original;
      const from = termsEndAt ? noticePeriodStart(termsEndAt, renewalNoticeDays) : null;
      return (
        <span data-notice className="-my-1 block leading-4">
          {renewalNoticeDays ? `${renewalNoticeDays} days` : "None"}
          {from ? (
            <span className="block text-xs text-fg-muted">from {formatDate(from)}</span>
          ) : null}
        </span>
      );
    },
  },
  {
    id: "contract",
    header: "Coverage contract",
    size: 200,
    cell: ({ row }) =>
      row.original.contractId ? (
        <ContractNameLink
          contractId={row.original.contractId}
          customerId={row.original.id}
          name={row.original.contractName}
          className="text-accent hover:underline"
        />
      ) : (
        "—"
      ),
  },
  {
    id: "endAt",
    header: "Contract ends",
    size: 130,
    cell: ({ row }) => (
      <span title="The coverage contract's last day, once every agreed term has run (UTC date)">
        {formatEndDate(row.original.endAt)}
      </span>
    ),
  },
  {
    id: "autoRenew",
    header: "Auto-renew",
    size: 95,
    cell: ({ row }) => (row.original.autoRenew ? "Yes" : "No"),
  },
  {
    id: "renewed",
    header: "Renewed",
    size: 85,
    cell: ({ row }) => (row.original.renewed ? "Yes" : "No"),
  },
  {
    id: "remainingToInvoice",
    header: "Remaining to invoice",
    size: 150,
    meta: right,
    cell: ({ row }) => <MoneyLines amounts={row.original.remainingToInvoice} />,
  },
];

/**
 * The customers due for renewal or ending, by the end of their coverage contract's
 * terms in force (the walk sorted them: the API cannot), those within the window
 * marked. Rendered like the lists: the first page in the server's HTML, the pages
 * after it read as the person scrolls. Without `first` (a table further down the
 * page) its first page too is read in the browser, keeping the HTML to one table's rows.
 */
export function RenewalsTable({
  rowsId,
  first,
  label,
  empty = "No customer is due for renewal or ending.",
  main = true,
}: {
  rowsId: string;
  first?: RowsPage;
  label: string;
  empty?: string;
  /** the page's main table: j/k and Enter anywhere on the page move through it */
  main?: boolean;
}) {
  const query = useInfiniteQuery({
    queryKey: ["insight-rows", "renewals", rowsId],
    queryFn: ({ pageParam, signal }) => fetchRowsPage(rowsId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: RowsPage, _all, lastParam: number) =>
      last.hasMore ? lastParam + 1 : undefined,
    initialData: first ? { pages: [first], pageParams: [0] } : undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <InfiniteTable
      label={label}
      noun="customers"
      query={query}
      columns={COLUMNS}
      rowHref={(row) => `/customers/${row.id}`}
      empty={<p className="text-sm text-fg-muted">{empty}</p>}
      clearHref="/renewals"
      scrollKey={rowsId}
      keyboard={main}
    />
  );
}
