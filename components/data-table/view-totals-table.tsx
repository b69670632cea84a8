import type { ListName, ListPage } from "@/lib/api/client";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import {
  addToTotals,
  emptyTotals,
  NO_CURRENCY,
  TOTAL_FIELDS,
  type ViewTotals,
} from "@/lib/insights/view-totals";

const count = new Intl.NumberFormat("en-US");

function amountText(minor: string, currency: string): string {
  return currency === NO_CURRENCY ? formatMinor(minor, "").trim() : formatMinor(minor, currency);
}

/** The totals of a view the browser holds whole (every page loaded). */
export function WholeTotals<L extends ListName>({
  list,
  pages,
  noun,
}: {
  list: L;
  pages: ListPage<L>[];
  noun: string;
}) {
  const totals = emptyTotals(list);
  for (const page of pages) addToTotals(list, totals, page.data as never);
  return <Totals list={list} totals={totals} noun={noun} />;
}

/**
 * The count, then a row per currency with each field's sum: money read across a row
 * and down a column, in tabular figures, never added across currencies.
 */
export function Totals({
  list,
  totals,
  noun,
}: {
  list: ListName;
  totals: ViewTotals;
  noun: string;
}) {
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
