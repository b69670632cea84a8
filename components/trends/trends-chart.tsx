"use client";

import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useEffect, useRef, useState } from "react";
import { CHART_HEIGHT, type ChartMonth, SERIES } from "./chart-data";

const MARGIN = { top: 12, right: 8, bottom: 36, left: 60 };
/** Room a month's label needs; narrower months label every second or third. */
const LABEL_WIDTH = 40;

function compactMoney(currency: string): (value: number) => string {
  try {
    const f = new Intl.NumberFormat("en-US", { style: "currency", currency, notation: "compact" });
    return (v) => f.format(v);
  } catch {
    // Not an ISO 4217 code: the amount, then the code as the API gave it.
    const f = new Intl.NumberFormat("en-US", { notation: "compact" });
    return (v) => `${f.format(v)} ${currency}`;
  }
}

/** The width the chart may take: its box's, followed as the page resizes. */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.floor(entry!.contentRect.width)),
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * One currency's months as grouped bars (invoiced, collected, overdue at the month
 * end: its known part solid, the part that may have been paid by then lighter).
 * Each month is one link, to the invoices issued in it, named with its figures.
 */
export function TrendsChart({ currency, months }: { currency: string; months: ChartMonth[] }) {
  const { ref, width } = useBoxWidth();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(
    1,
    ...months.flatMap((m) => [m.values.invoiced, m.values.collected, m.values.overdueHigh]),
  );
  const x = scaleBand({
    domain: months.map((m) => m.month),
    range: [0, innerWidth],
    paddingInner: 0.25,
    paddingOuter: 0.1,
  });
  const inner = scaleBand({
    domain: SERIES.map((s) => s.key),
    range: [0, x.bandwidth()],
    padding: 0.08,
  });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const ticks = y.ticks(4);
  const money = compactMoney(currency);
  const step = Math.max(1, Math.ceil((months.length * LABEL_WIDTH) / Math.max(1, innerWidth)));
  const barOf = (key: (typeof SERIES)[number]["key"], value: number, className: string) => (
    <Bar
      x={inner(key) ?? 0}
      y={y(value)}
      width={inner.bandwidth()}
      height={Math.max(0, innerHeight - y(value))}
      className={className}
    />
  );
  return (
    <div ref={ref} style={{ height: CHART_HEIGHT }} data-trends-chart={currency}>
      {width > 0 ? (
        <svg width={width} height={CHART_HEIGHT}>
          <title>{`Invoiced, collected and overdue per month in ${currency}; each month opens its invoices`}</title>
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {ticks.map((t) => (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group is not focusable; the scale is in each month's name
              <g key={t} transform={`translate(0,${y(t)})`} aria-hidden="true">
                <line x2={innerWidth} className="stroke-line" />
                <text x={-6} dy="0.32em" textAnchor="end" className="fill-fg-muted text-[11px]">
                  {money(t)}
                </text>
              </g>
            ))}
            {months.map((m, i) => {
              const left = x(m.month) ?? 0;
              const labelled = (months.length - 1 - i) % step === 0;
              // The year under the first month labelled in it.
              const previous = months[i - step];
              const showYear = labelled && (!previous || previous.year !== m.year);
              return (
                <a
                  key={m.month}
                  href={m.href}
                  aria-label={m.description}
                  className="group outline-none"
                  data-chart-month={m.month}
                >
                  <title>{m.description}</title>
                  <g transform={`translate(${left},0)`}>
                    <rect
                      x={-2}
                      y={-4}
                      width={x.bandwidth() + 4}
                      height={innerHeight + 6}
                      className="fill-transparent stroke-accent opacity-0 group-hover:fill-surface-muted group-hover:opacity-100 group-focus-visible:opacity-100"
                      strokeWidth={2}
                    />
                    {barOf("invoiced", m.values.invoiced, "fill-accent")}
                    {barOf("collected", m.values.collected, "fill-success")}
                    {barOf("overdue", m.values.overdueHigh, "fill-danger opacity-35")}
                    {barOf("overdue", m.values.overdueLow, "fill-danger")}
                    {labelled ? (
                      <text
                        x={x.bandwidth() / 2}
                        y={innerHeight + 14}
                        textAnchor="middle"
                        className="fill-fg-muted text-[11px]"
                      >
                        <tspan>{m.short}</tspan>
                        {showYear ? (
                          <tspan x={x.bandwidth() / 2} dy="1.2em">
                            {m.year}
                          </tspan>
                        ) : null}
                      </text>
                    ) : null}
                  </g>
                </a>
              );
            })}
            <line
              y1={innerHeight}
              y2={innerHeight}
              x2={innerWidth}
              className="stroke-line-strong"
            />
          </g>
        </svg>
      ) : null}
    </div>
  );
}
