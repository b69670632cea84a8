import { BASE } from "./config";
import { memory, mib } from "./server";

/** The invoice views summed: by issue date, about 10,000 and 100,000 invoices, then all. */
const TOTALS_VIEWS = [
  { name: "issued in 3 weeks", query: "issueDateStartAt=2026-01-01&issueDateEndAt=2026-01-22" },
  { name: "issued in 6 months", query: "issueDateStartAt=2026-01-01&issueDateEndAt=2026-07-01" },
  { name: "all invoices", query: "" },
];

/** Reads /api/totals/invoices as the browser does: seconds, pages, rows, RSS peak. */
async function sumView(query: string, pid: number) {
  const started = performance.now();
  let peak = memory(pid);
  const sampler = setInterval(() => {
    const now = memory(pid);
    if (now.rss > peak.rss) peak = now;
  }, 250);
  try {
    const response = await fetch(`${BASE}/api/totals/invoices?${query}`);
    if (!response.ok || !response.body) throw new Error(`/api/totals: ${response.status}`);
    const text = await response.text();
    const last = JSON.parse(text.trim().split("\n").at(-1)!) as {
      type: string;
      pages?: number;
      totals?: { count: number };
      message?: string;
    };
    if (last.type !== "result") throw new Error(`the sum ended with ${text.slice(-300)}`);
    return {
      seconds: (performance.now() - started) / 1000,
      pages: last.pages ?? 0,
      count: last.totals?.count ?? 0,
      peak,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchTotals(pid: number) {
  console.log("\nTotals of invoice views (cold: walked; then warm: the cached result)");
  console.log("| view | invoices | pages read | cold s | warm s | server RSS peak while summing |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const view of TOTALS_VIEWS) {
    const cold = await sumView(view.query, pid);
    const warm = await sumView(view.query, pid);
    console.log(
      `| ${view.name} | ${cold.count.toLocaleString("en-US")} | ${cold.pages.toLocaleString("en-US")} | ${cold.seconds.toFixed(1)} | ${warm.seconds.toFixed(2)} | ${mib(cold.peak)} |`,
    );
  }
}
