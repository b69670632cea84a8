import { serveSandboxRequest } from "@/lib/sandbox";

// The built-in API reads a SQLite file: never prerender, always the Node runtime.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ path?: string[] }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
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
