import { BASE, VIEWERS } from "./config";
import { sleep } from "./server";

export interface Followed {
  resultId: string | null;
  error: string | null;
  pages: number;
  seconds: number;
  /** when each part's figure arrived, s from the start */
  parts: Record<string, number>;
  progressLines: number;
  /** the largest gap between two lines this viewer got, s */
  maxGap: number;
}

/** Reads a view's NDJSON stream as a browser does, timing each line. */
export async function follow(view: string, refresh = false): Promise<Followed> {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/insights/${view}${refresh ? "?refresh=true" : ""}`);
  if (!response.ok || !response.body) throw new Error(`/api/insights/${view}: ${response.status}`);
  const out: Followed = {
    resultId: null,
    error: null,
    pages: 0,
    seconds: 0,
    parts: {},
    progressLines: 0,
    maxGap: 0,
  };
  let last = started;
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let i = buffer.indexOf("\n"); i !== -1; i = buffer.indexOf("\n")) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      if (!line) continue;
      const now = performance.now();
      out.maxGap = Math.max(out.maxGap, (now - last) / 1000);
      last = now;
      const event = JSON.parse(line);
      if (event.type === "progress") out.progressLines += 1;
      if (event.type === "part") out.parts[event.name] = (now - started) / 1000;
      if (event.type === "result") [out.resultId, out.pages] = [event.id, event.pages];
      if (event.type === "error") out.error = event.message;
    }
  }
  out.seconds = (performance.now() - started) / 1000;
  return out;
}

/** Times GETs of `url` every `everyMs` until `until` resolves: p50, p99, max in ms. */
export async function timeWhile(url: string, until: Promise<unknown>, everyMs = 100) {
  const times: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
    await sleep(everyMs);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  return { n: times.length, p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? 0 };
}

export const ms = (t: { n: number; p50: number; p99: number; max: number }) =>
  `p50 ${t.p50.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms, max ${t.max.toFixed(0)} ms (${t.n} requests)`;

/** 20 viewers asking for a view at once: what they got, and how many walks it cost. */
export async function viewers(view: string) {
  const all = await Promise.all(Array.from({ length: VIEWERS }, () => follow(view)));
  const failed = all.find((f) => f.error);
  if (failed) throw new Error(`${view}: ${failed.error}`);
  const walks = new Set(all.map((f) => f.resultId)).size;
  return { first: all[0]!, all, walks };
}

export async function pageTime(pathname: string) {
  const started = performance.now();
  const response = await fetch(`${BASE}${pathname}`);
  const html = await response.text();
  return { ms: performance.now() - started, bytes: html.length, status: response.status };
}
