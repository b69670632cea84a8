/**
 * `npm run bench:insights -- --aging`: /receivables/customers walked cold then warm,
 * and the statement of the customer with the most issued invoices, on the bench
 * database: seconds, pages read, the page budget, and the server's RSS before and after.
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import { statementInvoicesQuery, statementPaymentsQuery } from "../../lib/statement/queries";
import { BASE, DB } from "./config";
import { memory, mib, sleep } from "./server";
import { follow, pageTime } from "./viewers";

/** The key's customer with the most issued invoices, read from the database itself (the API has no such order). */
async function busiestCustomer(): Promise<{ id: string; invoices: number }> {
  const one = await fetch(`${BASE}/api/v1/customers?limit=1`, { headers: auth() });
  const known = ((await one.json()) as { data: { id: string }[] }).data[0]!.id;
  const db = new Database(DB, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT customer_id AS id, COUNT(*) AS invoices FROM invoices
         WHERE status = 'ISSUED' AND business_id = (SELECT business_id FROM customers WHERE id = ?)
         GROUP BY customer_id ORDER BY invoices DESC LIMIT 1`,
      )
      .get(known) as { id: string; invoices: number };
  } finally {
    db.close();
  }
}

const auth = () => ({
  authorization: `Bearer ${fs.readFileSync(`${DB}.demo-key`, "utf8").trim()}`,
});

/** Pages of 100 a list's query takes through the API: what the statement reads. */
async function pagesOf(list: string, query: string): Promise<number> {
  let pages = 0;
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set("limit", "100");
    if (cursor) params.set("startingAfter", cursor);
    const response = await fetch(`${BASE}/api/v1/${list}?${params}`, {
      headers: auth(),
    });
    const page = (await response.json()) as { hasMore: boolean; nextCursor: string | null };
    pages += 1;
    cursor = page.hasMore ? page.nextCursor : null;
  } while (cursor);
  return pages;
}

export async function benchAging(pid: number) {
  const started = performance.now();
  const customer = await busiestCustomer();
  // The query held the event loop: let idle sockets the server closed meanwhile be dropped.
  await sleep(500);
  console.log(
    `Statement of the customer with the most issued invoices (${customer.invoices}, ${customer.id}; found in ${((performance.now() - started) / 1000).toFixed(1)} s by SQL)`,
  );
  const pages =
    (await pagesOf("invoices", statementInvoicesQuery(customer.id))) +
    (await pagesOf("payments", statementPaymentsQuery(customer.id)));
  const path = `/customers/${customer.id}/statement`;
  const first = await pageTime(path);
  const again = await pageTime(path);
  const csv = await pageTime(`${path}/export`);
  if (first.status !== 200 || csv.status !== 200)
    throw new Error(`statement: ${first.status}, CSV: ${csv.status}`);
  console.log(
    `  ${pages} API pages per read (invoices and payments, read directly each time); HTML ${first.ms.toFixed(0)} ms first, ${again.ms.toFixed(0)} ms again (${(again.bytes / 1024).toFixed(0)} kB); CSV ${csv.ms.toFixed(0)} ms`,
  );
  const budget = Number(process.env.INSIGHTS_MAX_PAGES_PER_SECOND ?? 50);
  console.log("\n/receivables/customers (the receivables-customers view)");
  const cold = await follow("receivables-customers");
  if (cold.error) throw new Error(cold.error);
  const rate = cold.pages / cold.seconds;
  console.log(
    `  cold walk: ${cold.seconds.toFixed(1)} s, ${cold.pages.toLocaleString("en-US")} pages (${rate.toFixed(1)} pages/s; budget ${budget}/s ${rate <= budget * 1.05 ? "respected" : "EXCEEDED"}); server RSS ${mib(memory(pid))}`,
  );
  const coldHtml = await pageTime("/receivables/customers");
  const warm = await follow("receivables-customers");
  const warmHtml = await pageTime("/receivables/customers");
  console.log(
    `  warm: result in ${warm.seconds.toFixed(2)} s (${warm.progressLines === 0 ? "no walk" : "walked again"}); HTML ${coldHtml.ms.toFixed(0)} ms first, ${warmHtml.ms.toFixed(0)} ms again, ${(warmHtml.bytes / 1024).toFixed(0)} kB`,
  );

  console.log(`\nserver RSS after: ${mib(memory(pid))}`);
}
