/** A 429 from one of the dashboard's limits: said as such, not as a walk that failed. */
export class StreamRefused extends Error {}

/**
 * Reads a whole-list walk's NDJSON answer in the browser (the totals of a view, an
 * insight view's walk), calling `onEvent` per line as it arrives. A non-2xx answer
 * throws its message; a 429, StreamRefused saying `refused` and when to try again.
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
  if (!response.ok || !response.body) {
    let message = `The dashboard answered HTTP ${response.status}.`;
    try {
      const body = (await response.json()) as { message?: string; issues?: { message: string }[] };
      message = [body.message, ...(body.issues ?? []).map((i) => i.message)]
        .filter(Boolean)
        .join(": ");
    } catch {}
    throw new Error(message);
  }
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
