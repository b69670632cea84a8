import "server-only";
import { insightEventStream, isViewName, VIEWS } from "./cache";

function badRequest(status: number, code: string, message: string, issues: string[] = []) {
  return Response.json(
    { message, code, issues: issues.map((m) => ({ message: m })) },
    { status, headers: { "cache-control": "no-store" } },
  );
}

/**
 * GET /api/insights/{view}[?refresh=true]: the view's walk as NDJSON, one event a
 * line: {type:"progress",pages,rows}… then {type:"result",asOf,today,data} or
 * {type:"error",message,pagesRead,rowsRead}. `refresh=true` forces a new walk
 * (joining one already running); without it a fresh cached result answers at once.
 */
export function serveInsightRequest(request: Request, view: string): Response {
  if (!isViewName(view))
    return badRequest(404, "NOT_FOUND", `No such view: choose ${Object.keys(VIEWS).join(", ")}.`);
  const url = new URL(request.url);
  const issues: string[] = [];
  for (const name of url.searchParams.keys())
    if (name !== "refresh") issues.push(`${name}: unknown parameter`);
  const refresh = url.searchParams.get("refresh");
  if (refresh !== null && refresh !== "true" && refresh !== "false")
    issues.push("refresh: must be true or false");
  if (issues.length > 0) return badRequest(400, "BAD_REQUEST", "Input validation failed", issues);
  return new Response(insightEventStream(view, refresh === "true"), {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      // Progress must reach the browser as it happens, not when a proxy's buffer fills.
      "x-accel-buffering": "no",
    },
  });
}
