import { serveSavedViews } from "@/lib/saved-views/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ id: string }> };

const handle = async (request: Request, { params }: Context) =>
  serveSavedViews(request, (await params).id);

export const PATCH = handle;
export const DELETE = handle;
