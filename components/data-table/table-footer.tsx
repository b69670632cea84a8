import { lazy, type ReactNode, Suspense } from "react";
import { asApiError } from "@/lib/api/errors";
import type { RowsQuery } from "./use-paging";

// What only a failure shows is loaded when one happens, not with every list.
export const ErrorPanel = lazy(() =>
  import("../states/error-panel").then((m) => ({ default: m.ErrorPanel })),
);

/**
 * Below the rows: the next page's loading or its failure (the rows already loaded
 * stay, with Retry), a Load more button while there is more, or the list's end.
 */
export function TableFooter<Row>({
  query,
  noun,
  waitNotice,
}: {
  query: RowsQuery<Row>;
  noun: string;
  /** a 429 being waited out (the rate-limit notice), or null */
  waitNotice: ReactNode;
}) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  let content: ReactNode;
  if (isFetchingNextPage && waitNotice) content = waitNotice;
  else if (isFetchNextPageError && !isFetchingNextPage)
    content = (
      <Suspense fallback={null}>
        <ErrorPanel compact error={asApiError(query.error)} onRetry={() => void fetchNextPage()} />
      </Suspense>
    );
  else if (hasNextPage || isFetchingNextPage)
    content = (
      // One button, loading or not: Tab onto it scrolls the table to its end, which
      // asks for the next page, and a button replaced by a note would drop the focus.
      <div role="status">
        <button
          type="button"
          aria-disabled={isFetchingNextPage || undefined}
          onClick={() => {
            if (!isFetchingNextPage) void fetchNextPage();
          }}
          className="rounded-md border border-line-strong px-3 py-1.5 text-sm hover:bg-surface-muted aria-disabled:cursor-default aria-disabled:border-line aria-disabled:text-fg-muted aria-disabled:hover:bg-transparent"
        >
          {isFetchingNextPage ? `Loading more ${noun}…` : "Load more"}
        </button>
      </div>
    );
  else content = <p className="text-sm text-fg-muted">End of list.</p>;
  return <div className="sticky left-0 p-3">{content}</div>;
}
