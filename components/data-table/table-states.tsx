import { lazy, type ReactNode, Suspense } from "react";
import { type ApiRequestError, asApiError } from "@/lib/api/errors";
import { TableSkeleton } from "../states/table-skeleton";
import { ErrorPanel } from "./table-footer";
import type { RowsQuery } from "./use-paging";

// What only a 429 shows is loaded when one happens, not with every list.
const RateLimitNotice = lazy(() =>
  import("../states/rate-limit-notice").then((m) => ({ default: m.RateLimitNotice })),
);

/** The 429 the query is waiting out (use-paging.ts), said with its countdown; null when none. */
export function waitNoticeOf<Row>(
  query: RowsQuery<Row>,
  waiting: ApiRequestError | null,
): ReactNode {
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <RateLimitNotice key={query.failureCount} retryAfterSec={waiting.retryAfterSec} />
    </Suspense>
  );
}

/**
 * What a table shows instead of its rows, or above them: a skeleton of its columns
 * while the first page loads, the failure (with Retry) when it could not, `empty`
 * when the query has no rows, and a 429 being waited out above loaded rows.
 */
export function TableStates<Row>({
  query,
  label,
  headers,
  rows,
  waitNotice,
  empty,
  clearHref,
}: {
  query: RowsQuery<Row>;
  label: string;
  /** the columns the skeleton's header names */
  headers: string[];
  rows: number;
  waitNotice: ReactNode;
  empty: ReactNode;
  clearHref: string;
}) {
  if (query.isPending)
    return (
      <>
        {waitNotice ? <div className="mb-2">{waitNotice}</div> : null}
        <TableSkeleton label={label} columns={headers} />
      </>
    );
  if (query.isError && rows === 0)
    return (
      <Suspense fallback={null}>
        <ErrorPanel
          error={asApiError(query.error)}
          onRetry={() => void query.refetch()}
          clearHref={clearHref}
        />
      </Suspense>
    );
  if (rows === 0) return <>{empty}</>;
  return waitNotice && !query.isFetchingNextPage ? <div className="mb-2">{waitNotice}</div> : null;
}
