import Link from "@/components/layout/link";
import { formatMinor } from "@/lib/insights/aggregate";
import type { TrendsFigures } from "@/lib/insights/trends";
import { monthLabel, monthName } from "@/lib/insights/trends-calendar";
import type { PaymentMonth } from "@/lib/insights/trends-payments";
import type { MonthFigures } from "@/lib/insights/trends-summary";
import { monthHref } from "@/lib/insights/trends-view";
import type { ChartMonth } from "./chart-data";
import { SERIES } from "./chart-data";
import { TrendsChartLazy } from "./trends-chart-lazy";

const toMajor = (minor: string) => Number(BigInt(minor)) / 100;

const count = (n: number, one: string) =>
  `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** What was owed or overdue at a month end: one amount when known, else its bounds. */
function bounded(low: string, high: string, code: string): string {
  return low === high
    ? formatMinor(low, code)
    : `${formatMinor(low, code)} to ${formatMinor(high, code)}`;
}

function chartMonths(
  code: string,
  series: MonthFigures[],
  months: string[],
  indexes: number[],
): ChartMonth[] {
  return indexes.map((i) => {
    const m = series[i]!;
    const month = months[i]!;
    return {
      month,
      short: monthLabel(month).slice(0, 3),
      year: month.slice(0, 4),
      href: monthHref(month),
      description: `${monthName(month)} in ${code}: invoiced ${formatMinor(m.invoiced, code)}, collected ${formatMinor(m.collected, code)}, overdue at month end ${bounded(m.overdueLow, m.overdueHigh, code)}. Opens the invoices issued in ${monthName(month)}.`,
      values: {
        invoiced: toMajor(m.invoiced),
        collected: toMajor(m.collected),
        overdueLow: toMajor(m.overdueLow),
        overdueHigh: toMajor(m.overdueHigh),
      },
    };
  });
}

function Legend() {
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-hidden="true">
      {SERIES.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${s.swatch}`} />
          {s.label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-sm bg-danger opacity-35" />
        May have been paid by then
      </li>
    </ul>
  );
}

function Amount({ minor, code, n, one }: { minor: string; code: string; n: number; one: string }) {
  return (
    <>
      <span className="block">{formatMinor(minor, code)}</span>
      <span className="block text-xs text-fg-muted">{count(n, one)}</span>
    </>
  );
}

function Bounds({
  low,
  high,
  uncertain,
  code,
}: {
  low: string;
  high: string;
  uncertain: number;
  code: string;
}) {
  if (low === high) return <span className="block">{formatMinor(low, code)}</span>;
  return (
    <>
      <span className="block">{formatMinor(low, code)} to</span>
      <span className="block">{formatMinor(high, code)}</span>
      <span className="block text-xs text-fg-muted">{count(uncertain, "invoice")} paid later</span>
    </>
  );
}

const cell = "whitespace-nowrap px-3 py-2 text-right align-top tabular-nums";
const head = "px-3 py-2 text-right font-medium";

/** One currency: the chart, then the same figures as a table, a row per month of the range. */
export function CurrencyMonths({
  code,
  figures,
  indexes,
  today,
}: {
  code: string;
  figures: TrendsFigures;
  indexes: number[];
  today: number;
}) {
  const series = figures.series[code]!;
  const payments = figures.payments.ok ? figures.payments.data.byCurrency[code] : undefined;
  const current = figures.months.length - 1;
  const todayMonth = new Date(today).toISOString().slice(0, 7);
  return (
    <section aria-labelledby={`months-${code}`} className="space-y-3" data-currency={code}>
      <h3 id={`months-${code}`} className="text-base font-semibold">
        In {code}
      </h3>
      <figure className="rounded-md border border-line bg-surface p-3">
        <figcaption className="sr-only">
          Invoiced, collected and overdue per month in {code}; the table below holds the same
          figures.
        </figcaption>
        <Legend />
        <TrendsChartLazy
          currency={code}
          months={chartMonths(code, series, figures.months, indexes)}
        />
      </figure>
      <div className="overflow-x-auto rounded-md border border-line bg-surface">
        <table className="w-full text-sm" aria-label={`Figures per month in ${code}`}>
          <thead className="bg-surface-muted text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Month
              </th>
              <th scope="col" className={head}>
                Invoiced
              </th>
              <th scope="col" className={head}>
                Collected (posted)
              </th>
              <th scope="col" className={head}>
                Payments received
              </th>
              <th scope="col" className={head}>
                Owed at month end
              </th>
              <th scope="col" className={head}>
                Overdue at month end
              </th>
            </tr>
          </thead>
          <tbody>
            {indexes.map((i) => {
              const m = series[i]!;
              const month = figures.months[i]!;
              const paid: PaymentMonth | undefined = payments?.[i];
              return (
                <tr key={month} className="border-t border-line" data-month={month}>
                  <th
                    scope="row"
                    className="whitespace-nowrap px-3 py-2 text-left align-top font-normal"
                  >
                    <Link href={monthHref(month)} className="text-accent hover:underline">
                      {monthLabel(month)}
                    </Link>
                    {i === current && month === todayMonth ? (
                      <span className="block text-xs text-fg-muted">to today</span>
                    ) : null}
                  </th>
                  <td className={cell} data-figure="invoiced">
                    <Amount minor={m.invoiced} code={code} n={m.invoicedCount} one="invoice" />
                  </td>
                  <td className={cell} data-figure="collected">
                    <Amount minor={m.collected} code={code} n={m.collectedCount} one="invoice" />
                  </td>
                  <td className={cell} data-figure="received">
                    {figures.payments.ok ? (
                      <Amount
                        minor={paid?.amount ?? "0"}
                        code={code}
                        n={paid?.count ?? 0}
                        one="payment"
                      />
                    ) : (
                      <span className="text-fg-subtle">—</span>
                    )}
                  </td>
                  <td className={cell} data-figure="owed">
                    <Bounds low={m.owedLow} high={m.owedHigh} uncertain={m.uncertain} code={code} />
                  </td>
                  <td className={cell} data-figure="overdue">
                    <Bounds
                      low={m.overdueLow}
                      high={m.overdueHigh}
                      uncertain={m.uncertainOverdue}
                      code={code}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
