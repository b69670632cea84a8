import { errorFromResponse } from "@/lib/api/errors";

/** A 429 from one of the dashboard's limits: said as such, not as a walk that failed. */
export class StreamRefused extends Error {}

/**
 * Reads a whole-list walk's NDJSON answer in the browser (the totals of a view, an
 * insight view's walk), calling `onEvent` per line as it arrives. A 429 throws
 * StreamRefused saying `refused` and when to try again; another non-2xx answer, its
 * ApiRequestError.
 */
export async function readNdjson<E>(
  url: string,
  onEvent: (event: E) => void,
  signal: AbortSignal,
  refused = "Too many sums for now",
): Promise<void> {
  const response = await fetch(url, { signal, headers: { accept: "application/x-ndjson" } });
  if (response.status === 429) {
    const wait = response.headers.get("retry-after");
    throw new StreamRefused(
      `${refused}: try again in ${wait && /^\d+$/.test(wait) ? `${wait} s` : "a minute"}.`,
    );
  }
  // What the route said, as the kind the panels word (the guard's signed-out among them).
  if (!response.ok || !response.body) throw await errorFromResponse(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let newline = buffer.indexOf("\n");
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onEvent(JSON.parse(line) as E);
      newline = buffer.indexOf("\n");
    }
  }
}
