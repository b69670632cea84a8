import { viewerForRequest } from "@/lib/auth/guard";
import { readTotalsRequest, serveTotalsRequest } from "@/lib/insights/totals-route";
import { admitViewSum, limitKey } from "@/lib/rate-limits/costly-routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ list: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  const { list } = await params;
  // A request refused for its own fault spends no allowance.
  const asked = readTotalsRequest(request, list);
  if (asked instanceof Response) return asked;
  // Each sum may start a whole walk of a view nobody summed lately:
  // VIEW_SUMS_PER_MINUTE per account (or client, in the open demo).
  const refused = await admitViewSum(limitKey(viewer, request.headers));
  if (refused) return refused;
  return serveTotalsRequest(request, list);
}
