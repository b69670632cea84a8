import "server-only";
import { viewerForRequest } from "@/lib/auth/guard";
import { withApiSecurityHeaders } from "@/lib/security-headers";
import { serveDataRequest } from "./data-route";

/**
 * The data route as a whole: the viewer's session checked on the server, then the
 * allow-listed forward, with the API answer headers. The Next.js route
 * (app/api/data/[...path]) and server.mjs's direct path (./direct-data-route.ts)
 * both answer with this one function.
 */
export async function answerDataRequest(request: Request, segments: string[]): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return withApiSecurityHeaders(viewer);
  return withApiSecurityHeaders(
    await serveDataRequest(request, segments, viewer.kind === "user" ? viewer.sessionId : null),
  );
}
