import { errorAnswer } from "@/lib/api/errors";
import { viewerForRequest } from "@/lib/auth/guard";
import { admitSearch, limitKey } from "@/lib/rate-limits/costly-routes";
import { searchIndex } from "@/lib/search/instance";
import { readNamesakesQuery } from "@/lib/search/query";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/search/namesakes?ids=…: which of these customers share their name with
 * another, and their billing e-mails, from the customer index (no API read): what the
 * invoices and payments lists show under such a name.
 */
export async function GET(request: Request): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  // A request refused for its own fault spends no allowance.
  const asked = readNamesakesQuery(new URL(request.url).searchParams);
  if ("issues" in asked)
    return errorAnswer(400, "BAD_REQUEST", "Input validation failed", asked.issues);
  const refused = await admitSearch(limitKey(viewer, request.headers));
  if (refused) return refused;
  return Response.json(await searchIndex().namesakes(asked.ids), {
    headers: { "cache-control": "no-store" },
  });
}
