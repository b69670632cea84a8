import { formatCount, humanize } from "@/lib/format";
import type { TimelineMonth } from "@/lib/insights/renewals";

const SEGMENT_COLORS: Record<string, string> = {
  RENEWAL_DUE: "bg-red-500",
  ENDING: "bg-amber-500",
  HEALTHY: "bg-emerald-500",
  UPCOMING: "bg-blue-500",
};

const monthName = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  year: "numeric",
});

function label(month: string) {
  return monthName.format(Date.parse(`${month}-01T00:00:00.000Z`));
}

/**
 * Contracts ending per month for this month and the five after it, stacked by the
 * customer's health, with the same figures in a table for reading.
 */
export function CoverageTimeline({ months }: { months: TimelineMonth[] }) {
  const max = Math.max(1, ...months.map((m) => m.total));
  const healths = [...new Set(months.flatMap((m) => Object.keys(m.byHealth)))];
  return (
    <div>
      <div
        aria-hidden="true"
        className="flex h-40 items-end gap-1.5 border-b sm:gap-3 border-line-strong px-1"
      >
        {months.map((m) => (
          <div key={m.month} className="flex h-full flex-1 flex-col justify-end">
            <span className="mb-1 text-center text-xs tabular-nums text-fg-muted">
              {formatCount(m.total)}
            </span>
            <div
              className="flex flex-col-reverse overflow-hidden rounded-t"
              style={{ height: `${(m.total / max) * 80}%` }}
            >
              {Object.entries(m.byHealth).map(([health, n]) => (
                <span
                  key={health}
                  className={SEGMENT_COLORS[health] ?? "bg-slate-400"}
                  style={{ height: `${(n / m.total) * 100}%` }}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="flex gap-1.5 px-1 pt-1 sm:gap-3">
        {months.map((m) => (
          <span key={m.month} className="flex-1 text-center text-xs text-fg-muted">
            {label(m.month)}
          </span>
        ))}
      </div>
      {/* Fits a 390 px phone (the headings wrap, in a smaller type there); with more
          healths than expected it scrolls in its own box: a focusable region, so
          keyboard users can scroll it too. */}
      <section
        className="mt-4 overflow-x-auto"
        aria-label="Contracts ending per month, as a table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus, or keyboards cannot scroll it
        tabIndex={0}
      >
        <table className="w-full text-sm" data-testid="timeline-table">
          <caption className="sr-only">Coverage contracts ending per month</caption>
          <thead>
            <tr className="text-left align-bottom text-xs text-fg-muted sm:text-sm">
              <th scope="col" className="py-1 font-medium">
                Month
              </th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">
                Total
              </th>
              {healths.map((h) => (
                <th key={h} scope="col" className="py-1 pl-2 text-right font-medium">
                  <span
                    aria-hidden="true"
                    className={`mr-1 inline-block size-2 rounded-full ${SEGMENT_COLORS[h] ?? "bg-slate-400"}`}
                  />
                  {humanize(h)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-t border-line" data-month={m.month}>
                <th scope="row" className="whitespace-nowrap py-1 text-left font-normal">
                  {label(m.month)}
                </th>
                <td className="py-1 pl-2 text-right tabular-nums">{formatCount(m.total)}</td>
                {healths.map((h) => (
                  <td key={h} className="py-1 pl-2 text-right tabular-nums">
                    {formatCount(m.byHealth[h] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
