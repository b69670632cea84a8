import "server-only";
import { errorAnswer } from "@/lib/api/errors";
import { ApiRequestError } from "../api/errors";
import { viewerForRequest } from "../auth/guard";
import { admitExport, limitKey, releasingWhenDone } from "../rate-limits/costly-routes";
import { serverFetcher } from "../upstream/server-fetcher";
import { exportFileName } from "./file-name";
import { exportQuery, isExportList } from "./query";
import { exportCsvStream, failureReason } from "./stream";

/**
 * GET /api/export/<list>?<query>: the list's view as a CSV download, read through
 * the server's own fetch path (server-held key, retries, timeouts). Problems found
 * before the first byte are JSON answers with a status; a failure after that aborts
 * the download (lib/export/stream.ts). Each account (each client address when the
 * dashboard runs open) runs EXPORTS_AT_ONCE at a time and EXPORTS_PER_MINUTE a
 * minute; beyond that, a 429 with Retry-After.
 */
export async function serveExportRequest(request: Request, list: string): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  if (request.method !== "GET")
    return errorAnswer(405, "METHOD_NOT_ALLOWED", "Exports are read with GET.");
  if (!isExportList(list))
    return errorAnswer(404, "NOT_FOUND", "No such list to export.", [
      "list: must be one of invoices, customers, contracts, payments",
    ]);
  const query = exportQuery(list, new URL(request.url).searchParams);
  if (!query.ok)
    return errorAnswer(400, "BAD_REQUEST", "The export's parameters are not valid.", query.issues);

  // Counted once the request is valid: a mistyped filter costs nothing upstream.
  const admission = await admitExport(limitKey(viewer, request.headers));
  if (!admission.ok) return admission.response;

  let body: ReadableStream<Uint8Array>;
  try {
    body = await exportCsvStream(serverFetcher, list, query.apiQuery, {
      onFailure: (rows, error) =>
        // The reason only: never the query (it may hold names) nor the key.
        console.error(`[export] ${list}: failed after ${rows} rows: ${failureReason(error)}`),
    });
  } catch (error) {
    await admission.release();
    return firstPageError(error);
  }
  return new Response(releasingWhenDone(body, admission.release), {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(list, query.apiQuery, new Date())}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function firstPageError(error: unknown): Response {
  if (error instanceof ApiRequestError) {
    if (error.kind === "bad-request")
      return errorAnswer(400, error.code ?? "BAD_REQUEST", error.message, error.issues);
    if (error.kind === "unauthorized" || error.kind === "not-found")
      return errorAnswer(error.status ?? 502, error.code ?? "UPSTREAM_ERROR", error.message);
    if (error.kind === "invalid-response")
      return errorAnswer(502, "INVALID_RESPONSE", error.message, error.issues);
    return errorAnswer(502, "UPSTREAM_UNAVAILABLE", error.message);
  }
  console.error(`[export] failed before the first row: ${failureReason(error)}`);
  return errorAnswer(500, "INTERNAL", "The export could not start.");
}
