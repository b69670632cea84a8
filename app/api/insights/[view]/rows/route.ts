import { viewerForRequest } from "@/lib/auth/guard";
import { serveInsightRows } from "@/lib/insights/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ view: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  return serveInsightRows(request, (await params).view);
}
