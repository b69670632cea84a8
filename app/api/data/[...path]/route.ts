import { serveDataRequest } from "@/lib/api/server/data-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serveDataRequest(request, (await params).path);
}
