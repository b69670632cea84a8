import { BASE } from "./config";
import { memory, mib } from "./server";
import { pageTime, viewers } from "./viewers";

/** Samples the server's RSS every 250 ms while `work` runs: its peak. */
async function peakWhile<T>(pid: number, work: Promise<T>) {
  let peak = memory(pid);
  const sampler = setInterval(() => {
    const now = memory(pid);
    if (now.rss > peak.rss) peak = now;
  }, 250);
  try {
    return { result: await work, peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * /trends alone: its walk cold (every issued invoice, the window's payments, the
 * slowest payers' records) for 20 viewers at once, against the page budget; then
 * warm; the server's RSS before, at the peak of the walk, and after.
 */
export async function benchTrends(pid: number) {
  const budget = Number(process.env.INSIGHTS_MAX_PAGES_PER_SECOND ?? 50);
  const before = memory(pid);
  console.log(`\n/trends, cold: walked for 20 viewers at once (page budget ${budget}/s)`);
  const { result: cold, peak } = await peakWhile(pid, viewers("trends"));
  const f = cold.first;
  const rate = f.pages / f.seconds;
  console.log(
    `  ${f.seconds.toFixed(1)} s, ${f.pages.toLocaleString("en-US")} pages (${rate.toFixed(1)} pages/s, ${rate <= budget ? "within" : "OVER"} the budget); ${cold.walks} walk(s) for 20 viewers`,
  );
  const html = await pageTime("/trends");
  const warm = await viewers("trends");
  console.log(
    `/trends, warm: HTML ${html.ms.toFixed(0)} ms, ${(html.bytes / 1024).toFixed(0)} kB (status ${html.status}); 20 viewers answered in ${Math.max(...warm.all.map((v) => v.seconds)).toFixed(2)} s with ${warm.walks === 1 && warm.first.progressLines === 0 ? "no walk" : `${warm.walks} walk(s)`}`,
  );
  const after = memory(pid);
  console.log(`server RSS: before ${mib(before)}`);
  console.log(`            peak during the walk ${mib(peak)}`);
  console.log(`            after ${mib(after)}`);
  console.log(`(the page: ${BASE}/trends)`);
}
