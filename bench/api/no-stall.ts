import http from "node:http";
import { BASE, LIMIT, ORIGIN, WALK_SECONDS } from "./config";
import { get } from "./server";
import { markdownTable, percentile } from "./table";

/** Part 2: nobody waits on another's work while whole lists are read. */

interface Probe {
  health: number[];
  page: number[];
}

/** Asks /health and a first page one after the other until `until` says stop. */
async function probe(key: string, until: () => boolean): Promise<Probe> {
  const probes: Probe = { health: [], page: [] };
  while (!until()) {
    for (const [kind, url] of [
      ["health", `${BASE}/health`],
      ["page", `${BASE}/payments?limit=${LIMIT}`],
    ] as const) {
      const t = performance.now();
      const res = await get(url, key);
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      probes[kind].push(performance.now() - t);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return probes;
}

function describeProbes(name: string, probes: Probe, walk: string): Record<string, string> {
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return sorted.length === 0
      ? "none"
      : `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${sorted.at(-1)!.toFixed(0)}`;
  };
  return {
    while: name,
    "/health p50 / p99 / worst": stats(probes.health),
    "first page p50 / p99 / worst": stats(probes.page),
    answers: String(probes.health.length + probes.page.length),
    walk,
  };
}

/** Reads a streamed response to its end (or until `stop`), counting bytes and lines. */
function stream(
  url: string,
  key: string,
  stop: AbortSignal,
): Promise<{ bytes: number; lines: number; ended: boolean }> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let lines = 0;
    const req = http.get(url, { headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.on("data", (c: Buffer) => {
        bytes += c.length;
        for (const b of c) if (b === 10) lines++;
      });
      res.on("end", () => resolve({ bytes, lines, ended: true }));
      res.on("error", () => resolve({ bytes, lines, ended: false }));
    });
    stop.addEventListener("abort", () => {
      req.destroy();
      resolve({ bytes, lines, ended: false });
    });
    req.on("error", (error) => (stop.aborted ? undefined : reject(error)));
  });
}

/** The probes' figures while `url` streams (at most WALK_SECONDS). */
async function probeWhileStreaming(
  key: string,
  name: string,
  url: string,
): Promise<Record<string, string>> {
  const stop = new AbortController();
  const started = performance.now();
  let ended = false;
  const reading = stream(url, key, stop.signal).then((result) => {
    ended = true;
    return result;
  });
  const probes = await probe(key, () => ended || performance.now() - started > WALK_SECONDS * 1000);
  stop.abort();
  const result = await reading;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return describeProbes(
    name,
    probes,
    `${result.ended ? "ended" : "stopped"} after ${seconds} s, ${result.lines.toLocaleString("en-US")} lines`,
  );
}

export async function benchNoStall(key: string): Promise<void> {
  const rows: Record<string, string>[] = [];
  let idleUntil = performance.now() + 5_000;
  rows.push(describeProbes("idle", await probe(key, () => performance.now() > idleUntil), "-"));

  for (const [name, url] of [
    ["the receivables view walks its lists", `${ORIGIN}/api/insights/receivables?refresh=true`],
    ["a CSV export of every invoice downloads", `${ORIGIN}/api/export/invoices`],
  ] as const) {
    rows.push(await probeWhileStreaming(key, name, url));
    // Let the server finish what it had in hand before the next measure.
    idleUntil = performance.now() + 3_000;
    await probe(key, () => performance.now() > idleUntil);
  }
  console.log(
    `\n2. Others' requests while whole lists are read, ms (sequential, /payments?limit=${LIMIT} as the first page; at most ${WALK_SECONDS} s of each walk):`,
  );
  console.log(markdownTable(rows));
}
