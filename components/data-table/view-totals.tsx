"use client";

import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { SignInAgain } from "@/components/states/sign-in-again";
import type { ListName, ListPage } from "@/lib/api/client";
import { useViewSum } from "./use-view-sum";

// The totals' table and their arithmetic load when there are totals to show: the
// lists open on views longer than a page, where only "Sum this view" shows.
const loadTable = () => import("./view-totals-table");
const Totals = lazy(() => loadTable().then((m) => ({ default: m.Totals })));
const WholeTotals = lazy(() => loadTable().then((m) => ({ default: m.WholeTotals })));

/** The session ended: a sum is read with it, so the way back is to sign in again. */
function SignedOutNotice() {
  return (
    <span role="alert" className="text-sm text-danger">
      Not summed: you are signed out. <SignInAgain /> to come back to this view.
    </span>
  );
}

const count = new Intl.NumberFormat("en-US");

/**
 * The key of the bar's one button (Sum this view, Cancel, Sum again): one element
 * whose words change, so the focus of a person who pressed it stays on it from one
 * phase to the next (a new button each time dropped it to the top of the page).
 */
const ACTION = "action";

/** The view's pages when it is whole in the browser: its first page said there is no more. */
function wholeView<L extends ListName>(
  rows: UseInfiniteQueryResult<InfiniteData<ListPage<L>>>,
): ListPage<L>[] | null {
  const pages = rows.data?.pages;
  if (!pages || rows.isPlaceholderData || rows.hasNextPage) return null;
  return pages;
}

/**
 * Totals of the view in the URL, above its table: the count and, per currency, the
 * sums the list has (never added across currencies). A view the browser holds whole
 * is summed at once; a longer one on request ("Sum this view"), by a walk on the
 * server that is shared and cached like the other whole-list views, with its
 * progress and a Cancel. Nothing is shown as a total before its walk ends.
 */
export function ViewTotalsBar<L extends ListName>({
  list,
  query,
  rows,
}: {
  list: L;
  /** the view's API query (the export's) */
  query: string;
  rows: UseInfiniteQueryResult<InfiniteData<ListPage<L>>>;
}) {
  const { phase, sum, cancel } = useViewSum(list, query);
  const whole = wholeView(rows);
  const noun = list;
  const whyAsk = `Totals need every ${noun.slice(0, -1)} of this view, not only those loaded.`;

  const button =
    "rounded-md border border-line-strong bg-surface px-2.5 py-1 text-xs font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent";

  let body: ReactNode;
  if (whole) {
    body = (
      <Suspense fallback={null}>
        <WholeTotals list={list} pages={whole} noun={noun} />
      </Suspense>
    );
  } else if (phase.kind === "done") {
    body = (
      <>
        <Suspense fallback={null}>
          <Totals list={list} totals={phase.totals} noun={noun} />
        </Suspense>
        <span className="text-xs text-fg-muted">
          as of {new Date(phase.asOf).toLocaleTimeString("en-US", { timeStyle: "short" })}
        </span>
        <button key={ACTION} type="button" className={button} onClick={() => void sum(true)}>
          Sum again
        </button>
        {phase.refused ? (
          <span role="alert" className="text-sm text-danger">
            {phase.refused}
          </span>
        ) : null}
        {phase.signedOut ? <SignedOutNotice /> : null}
      </>
    );
  } else if (phase.kind === "walking") {
    body = (
      <>
        <span role="status" className="text-sm text-fg-muted">
          Summing the whole view: {count.format(phase.pages)} pages, {count.format(phase.rows)}{" "}
          {noun} so far…
        </span>
        <button key={ACTION} type="button" className={button} onClick={cancel}>
          Cancel
        </button>
      </>
    );
  } else {
    body = (
      <>
        {phase.kind === "failed" && phase.signedOut ? (
          <SignedOutNotice />
        ) : phase.kind === "failed" ? (
          <span role="alert" className="text-sm text-danger">
            {phase.message}
          </span>
        ) : (
          // On a phone the button alone, beside the list's other buttons (the reason is
          // still read out with the region).
          <span className="text-sm text-fg-muted max-sm:sr-only">{whyAsk}</span>
        )}
        <button
          key={ACTION}
          type="button"
          // Bare on a phone, it is the size of the buttons beside it.
          className={`${button} max-sm:px-3 max-sm:py-1.5 max-sm:text-sm`}
          onClick={() => void sum(false)}
        >
          Sum this view
        </button>
      </>
    );
  }
  // A line of its own (the list view's buttons wrap above it), but a bare button on a
  // phone while nothing has been asked.
  const bare = phase.kind === "idle" && !whole;
  return (
    <section
      aria-label="Totals of this view"
      className={`flex w-full min-w-0 max-w-full flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-line bg-surface px-3 py-2 ${
        bare ? "max-sm:w-auto max-sm:border-0 max-sm:bg-transparent max-sm:p-0" : ""
      }`}
    >
      {body}
    </section>
  );
}
