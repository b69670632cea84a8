"use client";

import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SignInAgain } from "@/components/states/sign-in-again";
import type { ListName, ListPage } from "@/lib/api/client";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import {
  addToTotals,
  emptyTotals,
  NO_CURRENCY,
  TOTAL_FIELDS,
  type ViewTotals,
} from "@/lib/insights/view-totals";
import { useViewSum } from "./use-view-sum";

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

function amountText(minor: string, currency: string): string {
  return currency === NO_CURRENCY ? formatMinor(minor, "").trim() : formatMinor(minor, currency);
}

/** The view is whole in the browser: its first page said there is no more. */
function wholeView<L extends ListName>(
  list: L,
  rows: UseInfiniteQueryResult<InfiniteData<ListPage<L>>>,
): ViewTotals | null {
  const pages = rows.data?.pages;
  if (!pages || rows.isPlaceholderData || rows.hasNextPage) return null;
  const totals = emptyTotals(list);
  for (const page of pages) addToTotals(list, totals, page.data as never);
  return totals;
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
  const whole = wholeView(list, rows);
  const noun = list;
  const whyAsk = `Totals need every ${noun.slice(0, -1)} of this view, not only those loaded.`;

  const button =
    "rounded-md border border-line-strong bg-surface px-2.5 py-1 text-xs font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent";

  let body: ReactNode;
  if (whole) {
    body = <Totals list={list} totals={whole} noun={noun} />;
  } else if (phase.kind === "done") {
    body = (
      <>
        <Totals list={list} totals={phase.totals} noun={noun} />
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

/**
 * The count, then a row per currency with each field's sum: money read across a row
 * and down a column, in tabular figures, never added across currencies.
 */
function Totals({ list, totals, noun }: { list: ListName; totals: ViewTotals; noun: string }) {
  const fields = TOTAL_FIELDS[list];
  const currencies = currencyOrder(fields.flatMap((f) => Object.keys(totals.sums[f.key] ?? {})));
  return (
    <div
      data-testid="view-totals"
      className="flex min-w-0 max-w-full flex-wrap items-start gap-x-6 gap-y-2"
    >
      <p className="text-sm">
        <span className="text-fg-muted">{noun.charAt(0).toUpperCase() + noun.slice(1)} </span>
        <span className="font-semibold tabular-nums text-fg" data-total="count">
          {count.format(totals.count)}
        </span>
      </p>
      {fields.length > 0 && currencies.length > 0 ? (
        // On a phone each currency is a line of label and amount pairs that wrap (no
        // amount runs off the screen, the rows come higher); wider, a table read across and down.
        <div className="w-full max-w-full sm:w-auto">
          <table className="text-sm max-sm:block max-sm:w-full">
            <caption className="sr-only">Sums of this view by currency</caption>
            <thead className="max-sm:hidden">
              <tr>
                <th scope="col" className="pr-4 text-left font-normal text-fg-muted">
                  <span className="sr-only">Currency</span>
                </th>
                {fields.map((field) => (
                  <th
                    key={field.key}
                    scope="col"
                    className="whitespace-nowrap px-3 text-right font-normal text-fg-muted"
                  >
                    {field.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {currencies.map((currency) => (
                <tr
                  key={currency}
                  className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:border-t max-sm:border-line max-sm:py-1"
                >
                  <th
                    scope="row"
                    className="pr-4 text-left font-normal text-fg-muted max-sm:pr-0 max-sm:font-medium"
                  >
                    {currency === NO_CURRENCY ? "Amounts" : currency}
                  </th>
                  {fields.map((field) => {
                    const minor = totals.sums[field.key]?.[currency];
                    return (
                      <td
                        key={field.key}
                        data-label={field.label}
                        className="whitespace-nowrap px-3 text-right font-semibold tabular-nums text-fg max-sm:flex max-sm:gap-1 max-sm:px-0 max-sm:before:font-normal max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)]"
                        data-total={minor === undefined ? undefined : field.key}
                        data-currency={currency}
                      >
                        {minor === undefined ? "—" : amountText(minor, currency)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
