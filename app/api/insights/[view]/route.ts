import { viewerForRequest } from "@/lib/auth/guard";
import { serveInsightRequest } from "@/lib/insights/route";
import { admitInsightRefresh, limitKey } from "@/lib/rate-limits/costly-routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ view: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  // A forced refresh may start a whole walk: INSIGHTS_REFRESHES_PER_MINUTE per account.
  if (new URL(request.url).searchParams.get("refresh") === "true") {
    const refused = await admitInsightRefresh(limitKey(viewer, request.headers));
    if (refused) return refused;
  }
  return serveInsightRequest(request, (await params).view);
}
