import { serveExportRequest } from "@/lib/export/serve";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ list: string }> };

/** GET /api/export/<list>?<the list page's query>: the list's current view as CSV. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serveExportRequest(request, (await params).list);
}
