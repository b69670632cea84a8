/**
 * A list's view as a CSV stream: the list is walked page by page over `nextCursor`
 * at the API's largest page size, and a page is fetched only when the reader pulls
 * (a pull-based ReadableStream: the HTTP response's backpressure reaches the API,
 * so memory stays bounded by about one page whatever the row count).
 *
 * A failure after the first page cannot change the response's status any more.
 * The stream then writes one last line saying why (so a saved partial file says it
 * is partial) and errors, which aborts the response: the body ends without its
 * final chunk and no reader can take it for a complete file.
 */
import { type Fetcher, fetchListPage, type ListName, type ListPage } from "../api/client";
import { ApiRequestError } from "../api/errors";
import { EXPORTS } from "./columns";
import { BOM, csvRecords } from "./csv";
import { FAILURE_MARKER } from "./protocol";

/**
 * How long the failure line is given to leave (gzip flushes asynchronously) before
 * the response is aborted; without it the line is usually dropped with the socket.
 */
const FAILURE_FLUSH_MS = 250;

/** The API's largest page (spec: limit 1 to 100). */
export const EXPORT_PAGE_SIZE = 100;

export interface ExportOptions {
  pageSize?: number;
  /** Told of a failure after rows were sent (for the server's log). */
  onFailure?: (rows: number, error: unknown) => void;
}

/** Why a walk stopped, in words a person can act on (never a URL or the key). */
export function failureReason(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return "The export stopped unexpectedly.";
}

/**
 * Fetches the first page now (so a bad query or an unreachable API is an ordinary
 * error answer, thrown as `ApiRequestError`) and returns the stream of the rest.
 */
export async function exportCsvStream<L extends ListName>(
  fetcher: Fetcher,
  list: L,
  apiQuery: string,
  options: ExportOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const params = new URLSearchParams(apiQuery);
  params.set("limit", String(pageSize));
  const query = params.toString();
  const nextPage = (cursor?: string) => fetchListPage(fetcher, list, query, cursor);

  const table = EXPORTS[list];
  const encoder = new TextEncoder();
  let pending: ListPage<L> | null = await nextPage();
  let cursor: string | null = null;
  let rows = 0;
  let failed = false;
  let cancelled = false;

  function csvOfPage(page: ListPage<L>): string {
    const records = (page.data as ListPage<L>["data"]).flatMap((record) => table.rows(record));
    rows += records.length;
    return csvRecords(records);
  }

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BOM + csvRecords([table.header])));
      },
      async pull(controller) {
        if (failed) {
          // The failure line went out with the previous pull. Give the response's
          // compression a moment to flush it, then cut the response.
          await new Promise((resolve) => setTimeout(resolve, FAILURE_FLUSH_MS));
          controller.error(new Error(`${list} export failed after ${rows} rows`));
          return;
        }
        try {
          const page = pending ?? (await nextPage(cursor ?? undefined));
          pending = null;
          controller.enqueue(encoder.encode(csvOfPage(page)));
          if (!page.hasMore) return controller.close();
          if (!page.nextCursor) throw missingCursor();
          cursor = page.nextCursor;
        } catch (error) {
          // A reader that went away is no failure: nothing more is written.
          if (cancelled) return;
          failed = true;
          options.onFailure?.(rows, error);
          const line = `${FAILURE_MARKER}: failed after ${rows} rows: ${failureReason(error)}`;
          // Errors on the next pull, so this line is read before the queue is dropped.
          controller.enqueue(encoder.encode(csvRecords([[line]])));
        }
      },
      cancel() {
        // The reader went away (cancelled download): nothing more is fetched.
        cancelled = true;
        pending = null;
      },
    },
    // One chunk (one page of CSV) ahead of the reader at most.
    { highWaterMark: 1 },
  );
}

function missingCursor(): ApiRequestError {
  return new ApiRequestError({
    kind: "invalid-response",
    status: 200,
    code: "INVALID_RESPONSE",
    message: "The API said more records follow but gave no cursor to read them.",
    issues: [],
  });
}
