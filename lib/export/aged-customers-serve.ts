import "server-only";
import { errorAnswer } from "@/lib/api/errors";
import { viewerForRequest } from "@/lib/auth/guard";
import { type AgedCustomerRow, totalsPerCurrency } from "@/lib/insights/aged-customers";
import { isoDay } from "@/lib/insights/aggregate";
import { insights } from "@/lib/insights/instance";
import { insightToday } from "@/lib/insights/today";
import {
  AGED_CUSTOMERS_HEADER,
  agedCustomerRecord,
  agedCustomersFileName,
  agedTotalsRecord,
} from "./aged-customers-csv";
import { BOM, csvRecords } from "./csv";

const VIEW = "receivables-customers";

interface RowsPage {
  data: AgedCustomerRow[];
  hasMore: boolean;
}

/** The rows' issues: only `rows`, the id of the walk's rows the page shows, once. */
function issuesOf(search: URLSearchParams): string[] {
  const issues: string[] = [];
  for (const name of new Set(search.keys()))
    if (name !== "rows") issues.push(`${name}: unknown parameter`);
    else if (search.getAll(name).length > 1) issues.push("rows: given more than once");
  if (!/^[0-9a-f-]{36}$/.test(search.get("rows") ?? ""))
    issues.push("rows: the id of a walk's rows is required");
  return issues;
}

/** The day the rows' buckets count from: their walk's, else today. */
async function dayOfRows(rowsId: string): Promise<string> {
  const { result } = await insights().peek(VIEW);
  if (result?.rowSets.some((set) => set.id === rowsId)) return result.today;
  return isoDay(insightToday());
}

/**
 * GET /receivables/customers/export?rows={id}: the table the page shows (the rows
 * of one walk, from the result store, page by page as the download reads) and its
 * totals per currency, as CSV. Rows no longer kept (two walks ago) answer 410.
 */
export async function serveAgedCustomersCsv(request: Request): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  const search = new URL(request.url).searchParams;
  const issues = issuesOf(search);
  if (issues.length > 0) return errorAnswer(400, "BAD_REQUEST", "Input validation failed", issues);
  const rowsId = search.get("rows")!;
  let first: string | null;
  let today: string;
  try {
    [first, today] = await Promise.all([insights().rowsPage(VIEW, rowsId, 0), dayOfRows(rowsId)]);
  } catch (error) {
    console.error(`[export] receivables by customer: ${(error as Error).message}`);
    return errorAnswer(503, "UNAVAILABLE", "The kept rows cannot be read right now.");
  }
  if (first === null)
    return errorAnswer(410, "GONE", "These rows were replaced by a newer walk: reload the page.");
  const encoder = new TextEncoder();
  const seen: AgedCustomerRow[] = [];
  let page = 0;
  let pending: string | null = first;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRecords([AGED_CUSTOMERS_HEADER])));
    },
    async pull(controller) {
      const text = pending ?? (await insights().rowsPage(VIEW, rowsId, page));
      pending = null;
      if (text === null) return controller.error(new Error("the kept rows went away mid-export"));
      const { data, hasMore } = JSON.parse(text) as RowsPage;
      seen.push(...data);
      controller.enqueue(encoder.encode(csvRecords(data.map(agedCustomerRecord))));
      page += 1;
      if (hasMore) return;
      controller.enqueue(encoder.encode(csvRecords(totalsPerCurrency(seen).map(agedTotalsRecord))));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${agedCustomersFileName(today)}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
