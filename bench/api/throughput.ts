import autocannon from "autocannon";
import { BASE, LIMIT, SECONDS } from "./config";

/** Part 3: throughput of two first pages with 32 connections. */
export async function benchThroughput(key: string): Promise<void> {
  console.log("");
  for (const [name, url] of [
    ["/invoices (the list's first page)", `${BASE}/invoices?limit=${LIMIT}&orderBy=issuedAt:DESC`],
    ["/customers (default order)", `${BASE}/customers?limit=${LIMIT}`],
  ]) {
    const result = await autocannon({
      url: url!,
      connections: 32,
      duration: SECONDS,
      headers: { authorization: `Bearer ${key}` },
    });
    console.log(
      `3. Throughput ${name}, 32 connections, ${SECONDS} s: ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
}
