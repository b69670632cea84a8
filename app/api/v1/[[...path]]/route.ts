import { admitApiRequest } from "@/lib/rate-limits/costly-routes";
import { serveSandboxRequest } from "@/lib/sandbox";

// The built-in API reads a SQLite file: never prerender, always the Node runtime.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ path?: string[] }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  // API_RATE_LIMIT_PER_SEC per key (the dashboard's own reads call the handler in-process).
  const refused = await admitApiRequest(request.headers);
  if (refused) return refused;
  const { path = [] } = await params;
  return serveSandboxRequest(request, `/${path.join("/")}`);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
export const HEAD = handle;
