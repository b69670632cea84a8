import "server-only";
import { viewerForRequest } from "@/lib/auth/guard";
import { serveDataRequest } from "./data-route";

/**
 * The data route as a whole (app/api/data/[...path]): the viewer's session checked
 * on the server, then the rate limit and the allow-listed forward. The API answer
 * headers come from proxy.ts, as on every other API route.
 */
export async function answerDataRequest(request: Request, segments: string[]): Promise<Response> {
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  return serveDataRequest(request, segments, viewer.kind === "user" ? viewer.sessionId : null);
}
