import path from "node:path";
import { parseArgs } from "node:util";

/** The bench's options (flags and env), read once: see bench/insights.ts. */
export const { values: flags } = parseArgs({
  options: {
    "soak-minutes": { type: "string" },
    totals: { type: "boolean" },
    trends: { type: "boolean" },
    aging: { type: "boolean" },
    changes: { type: "boolean" },
  },
});
export const SOAK_MINUTES = Number(flags["soak-minutes"] ?? 10);
export const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
export const PORT = Number(process.env.BENCH_INSIGHTS_PORT ?? 7300);
export const BASE = `http://127.0.0.1:${PORT}`;
export const VIEWERS = 20;
export const VIEWS = ["home", "receivables", "renewals", "trends"] as const;
export const PAGE_OF = {
  home: "/",
  receivables: "/receivables",
  renewals: "/renewals",
  trends: "/trends",
} as const;
