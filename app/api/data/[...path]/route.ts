import { serveDataRequest } from "@/lib/data-route/serve";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ path: string[] }> };

/** The browser's way to the Invoicing API (lib/data-route): the viewer checked, then the allow-listed forward. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serveDataRequest(request, (await params).path);
}
