/**
 * The browser's side of an export: reads /api/export/<list> as a stream, counts
 * rows and bytes as they arrive, and saves the file only when the stream ended
 * cleanly. Loaded on the first click (a dynamic import), so it costs no first-load
 * JavaScript. A stream that breaks off saves nothing: the person sees how many rows
 * arrived and why it stopped, and can retry.
 */
import { errorFromResponse } from "@/lib/api/errors";
import { FAILURE_MARKER } from "./protocol";

export interface ExportProgress {
  rows: number;
  bytes: number;
}

export type ExportOutcome =
  | { kind: "done"; rows: number; bytes: number; fileName: string }
  | { kind: "failed"; rows: number; reason: string }
  | { kind: "cancelled"; rows: number }
  /** The server's limit on exports refused this one before it started (429). */
  | { kind: "limited"; rows: 0; reason: string; retryAfterSec: number }
  /** The person's session ended (the sign-in guard's 401): nothing was read. */
  | { kind: "signed-out"; rows: 0 };

/**
 * Counts CSV records across chunks: a LF outside quotes ends a record (a quoted
 * cell may hold line breaks; a doubled quote toggles twice and changes nothing).
 */
export function createRecordCounter() {
  let inQuotes = false;
  let records = 0;
  return {
    push(text: string) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34) inQuotes = !inQuotes;
        else if (c === 10 && !inQuotes) records++;
      }
      return records;
    },
    get records() {
      return records;
    },
  };
}

/** The reason a failed export's last line gives, if that line arrived. */
export function failureLineReason(tail: string): string | null {
  const at = tail.lastIndexOf(FAILURE_MARKER);
  if (at < 0) return null;
  const line = tail.slice(at).split(/\r?\n/)[0]!.replace(/"$/, "");
  return line.replace(/^EXPORT INCOMPLETE: failed after \d+ rows: /, "").replaceAll('""', '"');
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** The refusal's message and issues, or, for the sign-in guard's 401, that the session ended. */
async function refusalOf(response: Response): Promise<{ signedOut: boolean; reason: string }> {
  const error = await errorFromResponse(response);
  // No message of the route's own (a proxy's error page): the status, in words.
  const said = error.message === `HTTP ${response.status}` ? null : error.message;
  const reason = [said ?? `The server answered ${response.status}.`, error.issues.join("; ")]
    .filter(Boolean)
    .join(" ");
  return { signedOut: error.kind === "signed-out", reason };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** Reads an export to the end, reporting progress; the chunks are kept for saving. */
export async function runExport(
  url: string,
  options: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<ExportOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { signal: options.signal, headers: { accept: "text/csv" } });
  } catch (error) {
    if (isAbort(error)) return { kind: "cancelled", rows: 0 };
    return { kind: "failed", rows: 0, reason: "The dashboard could not reach the server." };
  }
  if (!response.ok || !response.body) {
    const retryAfterSec = Number(response.headers.get("retry-after")) || 60;
    const { signedOut, reason } = await refusalOf(response);
    if (response.status === 429) return { kind: "limited", rows: 0, reason, retryAfterSec };
    if (signedOut) return { kind: "signed-out", rows: 0 };
    return { kind: "failed", rows: 0, reason };
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const counter = createRecordCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let tail = "";
  // Complete data rows: records ended so far, less the header.
  const dataRows = () => Math.max(0, counter.records - 1);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      const text = decoder.decode(value, { stream: true });
      counter.push(text);
      tail = (tail + text).slice(-4096);
      options.onProgress({ rows: dataRows(), bytes });
    }
  } catch (error) {
    if (isAbort(error)) return { kind: "cancelled", rows: dataRows() };
    const reason = failureLineReason(tail);
    // The failure line is a record too; it is not a data row.
    const rows = reason === null ? dataRows() : dataRows() - 1;
    return {
      kind: "failed",
      rows,
      reason: reason ?? "The connection closed before the file was complete.",
    };
  }
  const fileName = fileNameOf(response, "export.csv");
  saveFile(new Blob(chunks, { type: "text/csv;charset=utf-8" }), fileName);
  return { kind: "done", rows: dataRows(), bytes, fileName };
}

/** Hands the finished file to the browser's downloads (an object URL on a temporary link). */
function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download starts asynchronously from the URL.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
