import { serveDataRequest } from "@/lib/api/server/data-route";
import { viewerForRequest } from "@/lib/auth/guard";
import { withApiSecurityHeaders } from "@/lib/security-headers";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return withApiSecurityHeaders(viewer);
  return withApiSecurityHeaders(
    await serveDataRequest(
      request,
      (await params).path,
      viewer.kind === "user" ? viewer.sessionId : null,
    ),
  );
}
