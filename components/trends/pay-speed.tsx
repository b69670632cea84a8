import Link from "@/components/layout/link";
import { formatMinor } from "@/lib/insights/aggregate";
import type { TrendsFigures } from "@/lib/insights/trends";
import type { TrendsRangeKey } from "@/lib/insights/trends-calendar";
import type { DaysToPay } from "@/lib/insights/trends-summary";
import {
  averageDays,
  dsoDays,
  formatDays,
  formatShare,
  invoiced90Href,
  owedHref,
  paidHref,
  shareLate,
} from "@/lib/insights/trends-view";

/** DSO per currency, each with its formula written out in its own figures. */
export function DsoCards({ figures, today }: { figures: TrendsFigures; today: number }) {
  return (
    <section aria-labelledby="dso-heading">
      <h2 id="dso-heading" className="mb-1 text-lg font-semibold">
        Days sales outstanding
      </h2>
      <p className="mb-3 text-sm text-fg-muted">
        DSO = owed now ÷ invoiced over the last 90 days × 90, per currency. Owed is each issued
        invoice's total minus its posted payments.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {figures.currencies.map((code) => {
          const dso = figures.dso[code]!;
          const days = dsoDays(dso);
          return (
            <li
              key={code}
              className="rounded-md border border-line bg-surface p-3 text-sm"
              data-dso={code}
            >
              <p className="text-fg-muted">{code}</p>
              <p className="text-2xl font-semibold tabular-nums" data-dso-days>
                {days === null ? "—" : `${formatDays(days)} days`}
              </p>
              <p className="mt-1 text-fg-muted">
                ={" "}
                <Link href={owedHref()} className="text-accent underline">
                  {formatMinor(dso.owed, code)}
                </Link>{" "}
                owed ({dso.owedCount.toLocaleString("en-US")} invoices) ÷{" "}
                <Link href={invoiced90Href(today)} className="text-accent underline">
                  {formatMinor(dso.invoiced90, code)}
                </Link>{" "}
                invoiced ({dso.invoiced90Count.toLocaleString("en-US")} invoices) × 90
              </p>
              {days === null ? (
                <p className="mt-1 text-fg-muted">Nothing was invoiced in the last 90 days.</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-fg-muted">
        The invoice list has no currency filter: these links show every currency's invoices.
      </p>
    </section>
  );
}

function DaysRow({ label, d, href }: { label: string; d: DaysToPay; href: string }) {
  return (
    <tr className="border-t border-line" data-days-row={label}>
      <th scope="row" className="px-2 py-2 sm:px-3 text-left font-normal">
        {label}
      </th>
      <td className="px-2 py-2 sm:px-3 text-right tabular-nums">
        <Link href={href} className="text-accent hover:underline">
          {d.paid.toLocaleString("en-US")}
        </Link>
      </td>
      <td className="px-2 py-2 sm:px-3 text-right tabular-nums" data-average>
        {formatDays(averageDays(d))}
      </td>
      <td className="px-2 py-2 sm:px-3 text-right tabular-nums" data-median>
        {formatDays(d.medianDays)}
      </td>
      <td className="px-2 py-2 sm:px-3 text-right tabular-nums" data-late>
        {formatShare(shareLate(d))}
      </td>
    </tr>
  );
}

/** Days from issue to paid in full, over the invoices paid in full in the range. */
export function DaysToPayTable({
  figures,
  range,
  rangeLabel,
}: {
  figures: TrendsFigures;
  range: TrendsRangeKey;
  rangeLabel: string;
}) {
  const days = figures.daysToPay[range];
  return (
    <section aria-labelledby="days-heading">
      <h2 id="days-heading" className="mb-1 text-lg font-semibold">
        Days to pay
      </h2>
      <p className="mb-3 text-sm text-fg-muted">
        From issue day to the day posted payments covered the total (paidAt), over the invoices paid
        in full in the range ({rangeLabel.toLowerCase()}). Late: paid after the due day, of the
        invoices that had one. The invoice list cannot filter on the paid day: the counts open the
        fully paid invoices with their Paid column.
      </p>
      <div className="overflow-x-auto rounded-md border border-line bg-surface">
        <table className="w-full text-sm" aria-label="Days to pay">
          <thead className="bg-surface-muted text-fg-muted">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-3 text-left font-medium">
                Invoices in
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Paid in full
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Average days
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Median days
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Paid late
              </th>
            </tr>
          </thead>
          <tbody>
            <DaysRow label="Every currency" d={days.all} href={paidHref()} />
            {figures.currencies.map((code) => (
              <DaysRow key={code} label={code} d={days.byCurrency[code]!} href={paidHref()} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
