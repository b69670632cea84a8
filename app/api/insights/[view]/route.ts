import { viewerForRequest } from "@/lib/auth/guard";
import { readInsightRequest, serveInsightRequest } from "@/lib/insights/route";
import { admitInsightRefresh, limitKey } from "@/lib/rate-limits/costly-routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ view: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  const { view } = await params;
  // A request refused for its own fault spends no allowance.
  const asked = readInsightRequest(request, view);
  if (asked instanceof Response) return asked;
  // A forced refresh may start a whole walk: INSIGHTS_REFRESHES_PER_MINUTE per account.
  if (asked.force) {
    const refused = await admitInsightRefresh(limitKey(viewer, request.headers));
    if (refused) return refused;
  }
  return serveInsightRequest(request, view);
}
