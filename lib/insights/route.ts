import "server-only";
import { errorAnswer } from "@/lib/api/errors";
import { ndjsonStream, SHARED_STATE_UNAVAILABLE, storeFailure } from "./event-stream";
import { insights } from "./instance";
import type { InsightEvent, Insights } from "./shared-walks";
import { isViewName, VIEWS, VIEWS_WITH_ROWS, type ViewName } from "./views";

/**
 * The view's walk as NDJSON, one event a line, each written as it happens. The
 * viewer going away stops only its own following: the walk goes on for the others.
 */
export function insightEventStream(
  view: ViewName,
  force: boolean,
  source: Insights = insights(),
): ReadableStream<Uint8Array> {
  return ndjsonStream<InsightEvent>(async (send, signal) => {
    try {
      for await (const event of source.follow(view, { force, signal })) send(event);
    } catch (error) {
      send(storeFailure(error));
    }
  });
}

/** A parameter the route does not know, or one given twice (which one counts would be a guess). */
function parameterIssues(search: URLSearchParams, known: string[]): string[] {
  const issues = new Set<string>();
  for (const name of search.keys())
    if (!known.includes(name)) issues.add(`${name}: unknown parameter`);
    else if (search.getAll(name).length > 1) issues.add(`${name}: given more than once`);
  return [...issues];
}

/**
 * GET /api/insights/{view}[?refresh=true]: the view's walk as NDJSON, one event a
 * line: {type:"progress",pages,rows,parts} and {type:"part",name} as they happen,
 * then {type:"result",id,asOf,today,pages,rows} or
 * {type:"error",message,kind,status,pagesRead,rowsRead}. Without `refresh`, a fresh
 * result answers at once; `refresh=true` walks again, unless a walk runs (it is
 * joined) or one finished moments ago (its result answers).
 */
export function serveInsightRequest(request: Request, view: string): Response {
  const asked = readInsightRequest(request, view);
  if (asked instanceof Response) return asked;
  return new Response(insightEventStream(asked.view, asked.force), {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      // no-transform: Next.js's gzip would hold the small progress lines back.
      "cache-control": "no-store, no-transform",
      // Progress must reach the browser as it happens, not when a proxy's buffer fills.
      "x-accel-buffering": "no",
    },
  });
}

/** What an insight request asks for, or the answer refusing it (404 or 400). */
export function readInsightRequest(
  request: Request,
  view: string,
): { view: ViewName; force: boolean } | Response {
  if (!isViewName(view))
    return errorAnswer(404, "NOT_FOUND", `No such view: choose ${Object.keys(VIEWS).join(", ")}.`);
  const url = new URL(request.url);
  const issues = parameterIssues(url.searchParams, ["refresh"]);
  const refresh = url.searchParams.get("refresh");
  if (refresh !== null && refresh !== "true" && refresh !== "false")
    issues.push("refresh: must be true or false");
  if (issues.length > 0) return errorAnswer(400, "BAD_REQUEST", "Input validation failed", issues);
  return { view, force: refresh === "true" };
}

/**
 * GET /api/insights/{view}/rows?rows={id}&page={n}: one page of the rows a walk
 * kept apart (the renewals and aged-by-customer tables), `{"data":[…],"hasMore":…}`. A page of rows no
 * longer kept (two walks ago) answers 410: the browser reloads the view.
 */
export async function serveInsightRows(request: Request, view: string): Promise<Response> {
  if (!isViewName(view) || !VIEWS_WITH_ROWS.includes(view))
    return errorAnswer(
      404,
      "NOT_FOUND",
      `Only these views keep rows: ${VIEWS_WITH_ROWS.map((v) => `/api/insights/${v}/rows`).join(", ")}.`,
    );
  const url = new URL(request.url);
  const issues = parameterIssues(url.searchParams, ["rows", "page"]);
  const rowsId = url.searchParams.get("rows") ?? "";
  if (!/^[0-9a-f-]{36}$/.test(rowsId)) issues.push("rows: the id of a walk's rows is required");
  const pageText = url.searchParams.get("page") ?? "";
  const page = Number(pageText);
  if (!/^\d{1,6}$/.test(pageText)) issues.push("page: a whole number from 0 is required");
  if (issues.length > 0) return errorAnswer(400, "BAD_REQUEST", "Input validation failed", issues);
  let body: string | null;
  try {
    body = await insights().rowsPage(view, rowsId, page);
  } catch (error) {
    console.error(`[insights] rows: ${(error as Error).message}`);
    return errorAnswer(503, "UNAVAILABLE", SHARED_STATE_UNAVAILABLE);
  }
  if (body === null)
    return errorAnswer(410, "GONE", "These rows were replaced by a newer walk: reload the page.");
  return new Response(body, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
