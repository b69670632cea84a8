import "server-only";
import { fetchCustomer } from "@/lib/api/client";
import { ApiRequestError, asApiError, errorAnswer } from "@/lib/api/errors";
import { UUID_PATTERN } from "@/lib/api/schemas";
import { viewerForRequest } from "@/lib/auth/guard";
import { isoDay } from "@/lib/insights/aggregate";
import { insightToday } from "@/lib/insights/today";
import { admitExport, limitKey } from "@/lib/rate-limits/costly-routes";
import { billedCurrencies, computeStatement } from "@/lib/statement/compute";
import { readStatementRequest } from "@/lib/statement/period";
import { readStatementSource, StatementTooLarge } from "@/lib/statement/read";
import { serverFetcher } from "@/lib/upstream/server-fetcher";
import { BOM, csvRecords } from "./csv";
import { statementCsvRecords, statementFileName } from "./statement-csv";

/** An upstream failure before anything was sent, as the export route answers it. */
function upstreamAnswer(error: unknown): Response {
  if (error instanceof StatementTooLarge) return errorAnswer(422, "TOO_LARGE", error.message);
  const failure = asApiError(error);
  if (failure.kind === "not-found")
    return errorAnswer(404, "NOT_FOUND", "No such customer (or it was deleted).");
  if (error instanceof ApiRequestError && failure.kind === "unauthorized")
    return errorAnswer(failure.status ?? 401, failure.code ?? "UNAUTHORIZED", failure.message);
  console.error(`[export] statement: ${failure.message}`);
  return errorAnswer(502, "UPSTREAM_UNAVAILABLE", failure.message);
}

/**
 * GET /customers/{id}/statement/export?from&to&view: the statement the page shows,
 * as CSV. The whole statement is computed before the first byte (a customer's lists
 * are a few pages), so a failure is an ordinary error answer, never a partial file.
 * It counts as an export (EXPORTS_AT_ONCE, EXPORTS_PER_MINUTE): it reads the API.
 */
export async function serveStatementCsv(request: Request, customerId: string): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  if (!UUID_PATTERN.test(customerId))
    return errorAnswer(404, "NOT_FOUND", "No such customer.", [
      "id: a customer's uuid is required",
    ]);
  const today = isoDay(insightToday());
  const asked = readStatementRequest(new URL(request.url).searchParams, today, true);
  if (!asked.ok) return errorAnswer(400, "BAD_REQUEST", "Input validation failed", asked.issues);
  const admission = await admitExport(limitKey(viewer, request.headers));
  if (!admission.ok) return admission.response;
  try {
    const [customer, source] = await Promise.all([
      fetchCustomer(serverFetcher, customerId),
      readStatementSource(serverFetcher, customerId),
    ]);
    const statement = computeStatement(
      source.invoices,
      source.payments,
      asked.request,
      billedCurrencies(customer),
    );
    const csv = BOM + csvRecords(statementCsvRecords(statement, asked.request.view));
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${statementFileName(customerId, statement, asked.request.view)}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    return upstreamAnswer(error);
  } finally {
    await admission.release();
  }
}
