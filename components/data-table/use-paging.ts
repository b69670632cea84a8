import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { type ApiRequestError, asApiError } from "@/lib/api/errors";

export interface PageLike<Row> {
  data: Row[];
  hasMore: boolean;
}

export type RowsQuery<Row> = UseInfiniteQueryResult<InfiniteData<PageLike<Row>, unknown>, Error>;

/**
 * A table's rows over an infinite query: every loaded page's rows, and `loadMore`,
 * which asks for the next page unless one is loading or the last attempt failed (the
 * footer's Retry asks again), and the 429 the query waits out, if any.
 */
export function usePaging<Row extends { id: string }>(query: RowsQuery<Row>) {
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return { rows, loadMore, waiting: rateLimitWait(query) };
}

/**
 * De-duplicates by id when pages are flattened: a record that moved between two page
 * reads must not show twice.
 */
export function flattenPages<Row extends { id: string }>(
  pages: PageLike<Row>[] | undefined,
): Row[] {
  const seen = new Set<string>();
  const all: Row[] = [];
  for (const page of pages ?? [])
    for (const row of page.data)
      if (!seen.has(row.id)) {
        seen.add(row.id);
        all.push(row);
      }
  return all;
}

/**
 * The 429 a query is waiting out before its next try (lib/api/client.ts retries after
 * Retry-After), or null: while it waits the query is still fetching, with the refusal
 * as its failure reason.
 */
function rateLimitWait(query: {
  isFetching: boolean;
  failureReason: Error | null;
}): ApiRequestError | null {
  if (!query.isFetching || !query.failureReason) return null;
  const failure = asApiError(query.failureReason);
  return failure.kind === "rate-limited" ? failure : null;
}
