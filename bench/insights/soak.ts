import { BASE, SOAK_MINUTES } from "./config";
import { memory, mib, sleep } from "./server";

/** What the soak browses each round, besides /renewals and its table's pages. */
const BROWSE = [
  "/",
  "/receivables",
  "/invoices",
  "/customers",
  "/payments",
  "/api/data/invoices?limit=50",
  "/api/data/customers?limit=50&contractHealths=RENEWAL_DUE,ENDING",
];

/** Part 4: SOAK_MINUTES of browsing while the background walks every view again: RSS before, peak, after. */
export async function benchSoak(pid: number) {
  const soakBefore = memory(pid);
  let peak = soakBefore;
  const end = Date.now() + SOAK_MINUTES * 60_000;
  let requests = 0;
  let nextReport = Date.now() + 60_000;
  while (Date.now() < end) {
    // /renewals, then its table scrolled through 20 pages, as a manager would.
    const renewals = await (await fetch(`${BASE}/renewals`)).text();
    const rowsId = /data-rows-id="([^"]+)"/.exec(renewals)?.[1];
    const rows = Array.from(
      { length: 20 },
      (_, i) => `/api/insights/renewals/rows?rows=${rowsId}&page=${i}`,
    );
    for (const p of [...BROWSE, ...rows]) {
      const response = await fetch(`${BASE}${p}`);
      await response.arrayBuffer();
      requests += 1;
      // A renewals page two walks old answers 410: the browser would reload it.
      if (!response.ok && response.status !== 410) throw new Error(`${p}: ${response.status}`);
    }
    const now = memory(pid);
    if (now.rss > peak.rss) peak = now;
    if (Date.now() >= nextReport) {
      nextReport += 60_000;
      console.log(
        `  ${Math.round((Date.now() - end) / 60_000 + SOAK_MINUTES)} min: ${requests} requests, RSS ${mib(now)}`,
      );
    }
    await sleep(200);
  }
  await sleep(5_000);
  const after = memory(pid);
  console.log(`  before  ${mib(soakBefore)}`);
  console.log(`  peak    ${mib(peak)}`);
  console.log(`  after   ${mib(after)} (${requests} requests)`);
}
