import { viewerForRequest } from "@/lib/auth/guard";
import { admitSearch, limitKey } from "@/lib/rate-limits/costly-routes";
import { readSearchRequest, serveSearch } from "@/lib/search/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  // A request refused for its own fault spends no allowance.
  const asked = readSearchRequest(request);
  if (asked instanceof Response) return asked;
  const refused = await admitSearch(limitKey(viewer, request.headers));
  if (refused) return refused;
  return serveSearch(request, asked);
}
