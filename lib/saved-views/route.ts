import "server-only";
import { z } from "zod";
import { errorAnswer } from "@/lib/api/errors";
import { viewerForRequest } from "@/lib/auth/guard";
import { getAuth } from "@/lib/auth/server";
import { siteWriteRefusal } from "@/lib/request-guards/foreign-origin";
import { accountViews, TooManyViews } from "./account-store";
import { savedViewQuery } from "./query";
import { NewSavedView, ViewName } from "./validate";

function answer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

async function bodyOf(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

const issuesOf = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`);

/**
 * /api/views (GET: the signed-in person's views; POST {name, list, query}: save one)
 * and /api/views/{id} (PATCH {name}: rename; DELETE). A view's query is checked as
 * its list's export checks it, so a saved view always opens a view the list can show,
 * and kept in its normal form (./query.ts).
 * In the open demo there is no person to keep them for: 409, the browser keeps them.
 * Writes come from this site's own pages only, as JSON (siteWriteRefusal).
 */
export async function serveSavedViews(request: Request, id?: string): Promise<Response> {
  const refused = siteWriteRefusal(request);
  if (refused) return refused;
  const viewer = await viewerForRequest(request);
  if (viewer instanceof Response) return viewer;
  if (viewer.kind !== "user")
    return errorAnswer(
      409,
      "OPEN_DEMO",
      "The open demo keeps saved views in your browser, not on the server.",
    );
  const views = accountViews(await getAuth());
  const method = request.method;

  if (!id && method === "GET") return answer(200, { data: await views.list(viewer.userId) });
  if (!id && method === "POST") {
    const parsed = NewSavedView.safeParse(await bodyOf(request));
    if (!parsed.success)
      return errorAnswer(400, "BAD_REQUEST", "Input validation failed", issuesOf(parsed.error));
    const checked = savedViewQuery(parsed.data.list, parsed.data.query);
    if (!checked.ok)
      return errorAnswer(400, "BAD_REQUEST", "Input validation failed", checked.issues);
    try {
      return answer(
        201,
        await views.create(viewer.userId, { ...parsed.data, query: checked.query }),
      );
    } catch (error) {
      if (error instanceof TooManyViews) return errorAnswer(409, "TOO_MANY_VIEWS", error.message);
      throw error;
    }
  }
  if (id && method === "PATCH") {
    const parsed = z.object({ name: ViewName }).safeParse(await bodyOf(request));
    if (!parsed.success)
      return errorAnswer(400, "BAD_REQUEST", "Input validation failed", issuesOf(parsed.error));
    const renamed = await views.rename(viewer.userId, id, parsed.data.name);
    return renamed
      ? answer(200, renamed)
      : errorAnswer(404, "NOT_FOUND", "No saved view of yours has this id.");
  }
  if (id && method === "DELETE")
    return (await views.remove(viewer.userId, id))
      ? new Response(null, { status: 204 })
      : errorAnswer(404, "NOT_FOUND", "No saved view of yours has this id.");
  return errorAnswer(405, "METHOD_NOT_ALLOWED", `${method} is not allowed here.`);
}
