import { BASE } from "./config";
import { memory, mib } from "./server";
import { follow, pageTime, viewers } from "./viewers";

/**
 * "What changed since yesterday" (the changes view) alone: its walk cold for 20
 * viewers at once against the page budget, then warm, then a forced refresh (the
 * next walk of the day, which replaces the day's snapshot); the server's RSS before
 * and after. Each day's walk reads the same lists, so one day stands for any.
 */
export async function benchChanges(pid: number) {
  const budget = Number(process.env.INSIGHTS_MAX_PAGES_PER_SECOND ?? 50);
  const before = memory(pid);
  console.log(`\nchanges, cold: walked for 20 viewers at once (page budget ${budget}/s)`);
  const cold = await viewers("changes");
  const f = cold.first;
  const rate = f.pages / f.seconds;
  console.log(
    `  ${f.seconds.toFixed(1)} s, ${f.pages.toLocaleString("en-US")} pages (${rate.toFixed(1)} pages/s, ${rate <= budget ? "within" : "OVER"} the budget); ${cold.walks} walk(s) for 20 viewers`,
  );
  const html = await pageTime("/");
  const warm = await viewers("changes");
  console.log(
    `changes, warm: home HTML ${html.ms.toFixed(0)} ms, ${(html.bytes / 1024).toFixed(0)} kB; 20 viewers answered in ${Math.max(...warm.all.map((v) => v.seconds)).toFixed(2)} s with ${warm.walks === 1 && warm.first.progressLines === 0 ? "no walk" : `${warm.walks} walk(s)`}`,
  );
  await new Promise((r) => setTimeout(r, 31_000));
  const again = await follow("changes", true);
  console.log(
    `changes, refreshed: ${again.seconds.toFixed(1)} s, ${again.pages.toLocaleString("en-US")} pages`,
  );
  console.log(`server RSS: before ${mib(before)}, after ${mib(memory(pid))}`);
  console.log(`(the page: ${BASE}/)`);
}
