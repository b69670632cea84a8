"use client";

import dynamic from "next/dynamic";
import { CHART_HEIGHT } from "./chart-data";

/** The chart's script (visx) loads after the page; the table under it holds the same figures. */
export const TrendsChartLazy = dynamic(() => import("./trends-chart").then((m) => m.TrendsChart), {
  ssr: false,
  loading: () => (
    <p style={{ height: CHART_HEIGHT }} className="text-sm text-fg-subtle">
      Loading the chart…
    </p>
  ),
});
