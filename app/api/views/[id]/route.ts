import { errorAnswer } from "@/lib/api/errors";
import { serveSavedViews } from "@/lib/saved-views/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ id: string }> };

const handle = async (request: Request, { params }: Context) =>
  serveSavedViews(request, (await params).id);

export const PATCH = handle;
export const DELETE = handle;
// Said here rather than by Next.js, whose own 405 carries no Cache-Control.
export const GET = () => {
  const refused = errorAnswer(
    405,
    "METHOD_NOT_ALLOWED",
    "GET is not allowed here: PATCH renames a saved view, DELETE removes it.",
  );
  refused.headers.set("allow", "PATCH, DELETE");
  return refused;
};
