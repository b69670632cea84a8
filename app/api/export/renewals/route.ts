import { errorAnswer } from "@/lib/api/errors";
import { viewerForRequest } from "@/lib/auth/guard";
import { renewalsCsv } from "@/lib/export/renewals";
import { insights } from "@/lib/insights/instance";
import type { RenewalRow } from "@/lib/insights/renewals";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/export/renewals?rows={id}: the renewal rows a walk kept (the renewals
 * table, or its auto-renewing group) as CSV, read page by page from the result store.
 * Rows no longer kept (two walks ago) answer 410, as the table's pages do.
 */
export async function GET(request: Request): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  const search = new URL(request.url).searchParams;
  const rowsId = search.get("rows") ?? "";
  const issues = [...search.keys()]
    .filter((name) => name !== "rows")
    .map((name) => `${name}: not a parameter of this export`);
  if (!/^[0-9a-f-]{36}$/.test(rowsId)) issues.push("rows: the id of a walk's rows is required");
  if (issues.length > 0) return errorAnswer(400, "BAD_REQUEST", "Input validation failed", issues);
  const rows: RenewalRow[] = [];
  for (let page = 0; ; page++) {
    const body = await insights().rowsPage("renewals", rowsId, page);
    if (body === null)
      return errorAnswer(410, "GONE", "These rows were replaced by a newer walk: reload the page.");
    const parsed = JSON.parse(body) as { data: RenewalRow[]; hasMore: boolean };
    rows.push(...parsed.data);
    if (!parsed.hasMore) break;
  }
  return new Response(renewalsCsv(rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="renewals-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
