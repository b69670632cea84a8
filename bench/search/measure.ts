import os from "node:os";
import { sleep } from "../insights/server";
import { WAIT_LIMIT_S } from "./config";
import { anonMiB, type Instance } from "./servers";

/** The number index's status as GET /api/search answers it. */
export interface IndexStatus {
  state: "waiting" | "building" | "ready";
  invoices: number;
  pages: number;
  asOf: string | null;
  error: string | null;
  lastRefresh: { pages: number; ms: number } | null;
}

export async function search(instance: Instance, query: string) {
  const url = `${instance.base}/api/search?${query}`;
  // One retry: a connection reset by the server is not the search's time.
  const res = await fetch(url).catch(() => fetch(url));
  if (!res.ok) throw new Error(`GET /api/search?${query}: HTTP ${res.status}`);
  return (await res.json()) as {
    invoices?: { counted: number; index: IndexStatus };
    customers?: { counted: number; index: { state: string } };
  };
}

export async function indexStatus(instance: Instance): Promise<IndexStatus> {
  const answer = await search(instance, "q=1&in=invoices");
  return answer.invoices!.index;
}

/** How often a long wait prints how far it has got. */
const PROGRESS_EVERY_S = 30;

/** One line of a wait's progress: each instance's index as its status says, and the load. */
function progressLine(what: string, seconds: number, statuses: IndexStatus[]) {
  const each = statuses
    .map(
      (s) =>
        `${s.state} ${s.invoices.toLocaleString("en-US")} invoices, ${s.pages.toLocaleString("en-US")} pages`,
    )
    .join("; ");
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(`    … ${what}: ${seconds.toFixed(0)} s, ${each} (load ${load})`);
}

/**
 * Polls each instance every second until `done` holds for the number index of every
 * one: the seconds it took, each one's largest anonymous RSS seen, the last status of each,
 * and the slowest answer of the polling searches meanwhile (a search during the build).
 * Prints how far it has got every PROGRESS_EVERY_S. After `limitS` it fails, or with
 * `partial` answers as it stands (`done` false): a walk too slow to end is measured so far.
 */
export async function until(
  instances: Instance[],
  done: (status: IndexStatus) => boolean,
  what: string,
  { limitS = WAIT_LIMIT_S, partial = false }: { limitS?: number; partial?: boolean } = {},
) {
  const started = performance.now();
  const peakMiB = instances.map(() => 0);
  let slowestMs = 0;
  let printedAt = 0;
  for (;;) {
    const statuses: IndexStatus[] = [];
    for (const [i, instance] of instances.entries()) {
      const asked = performance.now();
      statuses.push(await indexStatus(instance));
      slowestMs = Math.max(slowestMs, performance.now() - asked);
      peakMiB[i] = Math.max(peakMiB[i]!, anonMiB(instance));
    }
    const seconds = (performance.now() - started) / 1000;
    const failed = statuses.find((s) => s.error);
    if (failed) throw new Error(`the index walk failed: ${failed.error}`);
    if (statuses.every(done)) return { done: true, seconds, peakMiB, statuses, slowestMs };
    if (seconds > limitS && partial) return { done: false, seconds, peakMiB, statuses, slowestMs };
    if (seconds > limitS) throw new Error(`${what}: not done after ${limitS} s`);
    if (seconds - printedAt >= PROGRESS_EVERY_S) {
      printedAt = seconds;
      progressLine(what, seconds, statuses);
    }
    await sleep(1000);
  }
}

/** Times each query once, `concurrency` at a time, spread over the instances: p50, p99, max (ms). */
export async function timeLookups(
  instances: Instance[],
  queries: string[],
  concurrency = 1,
): Promise<{ p50: number; p99: number; max: number; found: number }> {
  const times: number[] = [];
  let found = 0;
  let next = 0;
  const worker = async () => {
    while (next < queries.length) {
      const i = next++;
      const instance = instances[i % instances.length]!;
      const asked = performance.now();
      const answer = await search(instance, queries[i]!);
      times.push(performance.now() - asked);
      if ((answer.invoices?.counted ?? 0) + (answer.customers?.counted ?? 0) > 0) found += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: times.at(-1)!, found };
}
