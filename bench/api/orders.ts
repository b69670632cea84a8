import { CUSTOMER_ORDER_FIELDS, PAYMENT_ORDER_FIELDS } from "../../lib/api/enums";
import { BASE, DEPTH_ROWS, LIMIT, ORDERS, SAMPLES, TRIPLES } from "./config";
import { get } from "./server";
import { markdownTable, percentile } from "./table";

/** Part 1: every order of every list, the first page and page 1,000. */

async function latency(
  url: string,
  key: string,
  samples = SAMPLES,
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 5; i++) await get(url, key); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const res = await get(url, key);
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The URL of the page after row DEPTH_ROWS (or of the deepest page), and that row. */
async function deepUrl(listUrl: string, key: string): Promise<{ url: string; row: number }> {
  // Walked 100 rows a page (a cursor holds for any limit), then read 50 a page.
  const walkUrl = listUrl.replace(`limit=${LIMIT}`, "limit=100");
  let row = 0;
  let cursor: string | undefined;
  let url = listUrl;
  while (row < DEPTH_ROWS) {
    const res = await get(cursor ? `${walkUrl}&startingAfter=${cursor}` : walkUrl, key);
    if (res.status !== 200) throw new Error(`${walkUrl}: ${res.status} ${res.body.slice(0, 200)}`);
    const page = JSON.parse(res.body) as { data: unknown[]; hasMore: boolean; nextCursor?: string };
    if (!page.hasMore) break;
    cursor = page.nextCursor;
    row += page.data.length;
    url = `${listUrl}&startingAfter=${cursor}`;
  }
  return { url, row };
}

function ordersOf(fields: readonly string[], rng: () => number): string[] {
  const orders: string[] = [];
  for (const a of fields)
    for (const da of ["ASC", "DESC"]) {
      orders.push(`${a}:${da}`);
      if (ORDERS === "single") continue;
      for (const b of fields)
        if (b !== a) for (const db of ["ASC", "DESC"]) orders.push(`${a}:${da},${b}:${db}`);
    }
  if (ORDERS !== "single")
    for (let i = 0; i < TRIPLES; i++) {
      const picked = [...fields].sort(() => rng() - 0.5).slice(0, 3);
      orders.push(picked.map((f) => `${f}:${rng() < 0.5 ? "ASC" : "DESC"}`).join(","));
    }
  return orders;
}

/** A fixed pseudo-random sequence: the same sample of three-field orders every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Every order the API offers (lib/api/enums.ts), and the invoice list's common views. */
function orderScenarios(): { list: string; query: string }[] {
  const rng = seededRandom(20261122);
  const scenarios: { list: string; query: string }[] = [
    { list: "invoices", query: "" },
    { list: "invoices", query: "orderBy=issuedAt:ASC" },
    { list: "invoices", query: "orderBy=issuedAt:DESC" },
    { list: "invoices", query: "orderBy=issuedAt:DESC&statuses=ISSUED" },
    { list: "invoices", query: "orderBy=issuedAt:DESC&hasOutstandingBalance=true" },
    { list: "contracts", query: "" },
    { list: "customers", query: "" },
    ...ordersOf(CUSTOMER_ORDER_FIELDS, rng).map((o) => ({
      list: "customers",
      query: `orderBy=${o}`,
    })),
    { list: "payments", query: "" },
    ...ordersOf(PAYMENT_ORDER_FIELDS, rng).map((o) => ({
      list: "payments",
      query: `orderBy=${o}`,
    })),
  ];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  return only ? scenarios.filter((s) => only.test(`${s.list}?${s.query}`)) : scenarios;
}

export async function benchOrders(key: string): Promise<void> {
  const chosen = orderScenarios();
  const rows: Record<string, string | number>[] = [];
  const started = performance.now();
  for (const [i, { list, query }] of chosen.entries()) {
    const url = `${BASE}/${list}?limit=${LIMIT}${query ? `&${query}` : ""}`;
    const first = await latency(url, key);
    const deep = await deepUrl(url, key);
    const deepLatency = await latency(deep.url, key);
    rows.push({
      list,
      query: query || "(default order)",
      "first p50": first.p50.toFixed(1),
      "first p99": first.p99.toFixed(1),
      "deep after row": deep.row,
      "deep p50": deepLatency.p50.toFixed(1),
      "deep p99": deepLatency.p99.toFixed(1),
    });
    if ((i + 1) % 25 === 0)
      console.error(
        `[bench] ${i + 1}/${chosen.length} orders (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
  console.log(
    `\n1. Every order: latency over HTTP, ms (${SAMPLES} sequential requests each, limit=${LIMIT}; "deep" is page 1,000 or the deepest):`,
  );
  console.log(markdownTable(rows));
  const p50s = rows.flatMap((r) => [Number(r["first p50"]), Number(r["deep p50"])]);
  const worst = rows.reduce((a, r) =>
    Math.max(Number(r["first p50"]), Number(r["deep p50"])) >
    Math.max(Number(a["first p50"]), Number(a["deep p50"]))
      ? r
      : a,
  );
  console.log(
    `\n${rows.length} orders; the slowest p50: ${Math.max(...p50s).toFixed(1)} ms (${worst.list}?${worst.query}); ` +
      `orders with a p50 over 20 ms: ${rows.filter((r) => Number(r["first p50"]) > 20 || Number(r["deep p50"]) > 20).length}`,
  );
}
