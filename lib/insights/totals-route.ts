import "server-only";
import { errorAnswer } from "@/lib/api/errors";
import { exportQuery, isExportList } from "@/lib/export/query";
import { ndjsonStream, storeFailure } from "./event-stream";
import { insights } from "./instance";
import type { InsightEvent, Insights } from "./shared-walks";
import { totalsViewName, type ViewTotals } from "./view-totals";
import type { WalkedView } from "./views";

/** The last line of a totals walk: the result event with the totals themselves. */
export type TotalsEvent =
  | Exclude<InsightEvent, { type: "result" }>
  | (Extract<InsightEvent, { type: "result" }> & { totals: ViewTotals });

/** Viewers of each totals walk on this instance: the last one leaving stops the walk. */
const followers = new Map<WalkedView, number>();

/**
 * A totals walk as NDJSON: progress as it happens, then the result with its totals
 * (or an error). The viewer going away (Cancel, another filter, a closed tab)
 * stops its following; the walk itself stops when no viewer on this instance waits
 * for it, storing nothing, so a cancelled sum costs the API no more pages.
 */
export function totalsEventStream(
  view: WalkedView,
  force: boolean,
  source: Insights = insights(),
): ReadableStream<Uint8Array> {
  let following = false;
  let cancelled = false;
  const leave = () => {
    if (!following) return;
    following = false;
    const left = (followers.get(view) ?? 1) - 1;
    if (left > 0) followers.set(view, left);
    else {
      followers.delete(view);
      if (cancelled) source.cancel(view);
    }
  };
  return ndjsonStream<TotalsEvent>(
    async (send, signal) => {
      followers.set(view, (followers.get(view) ?? 0) + 1);
      following = true;
      try {
        for await (const event of source.follow(view, { force, signal })) {
          if (event.type !== "result") {
            send(event);
            continue;
          }
          const result = await source.lastResult(view);
          const totals = (result?.parts as { totals?: ViewTotals } | undefined)?.totals;
          if (totals) send({ ...event, totals });
        }
      } catch (error) {
        send(storeFailure(error));
      }
      leave();
    },
    () => {
      cancelled = true;
      leave();
    },
  );
}

/** What a totals request asks for, or the answer refusing it (404 or 400). */
export function readTotalsRequest(
  request: Request,
  list: string,
): { view: WalkedView; force: boolean } | Response {
  if (!isExportList(list))
    return errorAnswer(
      404,
      "NOT_FOUND",
      `No such list: ${list}. Choose invoices, customers, contracts or payments.`,
    );
  const search = new URL(request.url).searchParams;
  const refreshes = search.getAll("refresh");
  const refresh = refreshes[0] ?? null;
  search.delete("refresh");
  const issues: string[] = [];
  // Refused as every other parameter given twice is: which one counts would be a guess.
  if (refreshes.length > 1) issues.push("refresh: given more than once");
  else if (refresh !== null && refresh !== "true" && refresh !== "false")
    issues.push("refresh: must be true or false");
  const query = exportQuery(list, search);
  if (!query.ok) issues.push(...query.issues);
  if (issues.length > 0 || !query.ok)
    return errorAnswer(400, "BAD_REQUEST", "Input validation failed", issues);
  return { view: totalsViewName(list, query.apiQuery) as WalkedView, force: refresh === "true" };
}

/**
 * GET /api/totals/{list}?{the list page's query}[&refresh=true]: the totals of the
 * view the page shows, read by the same rules as its export (lib/export/query.ts),
 * so an export and the totals of one view agree. A result younger than the refresh
 * interval answers at once; `refresh=true` walks again.
 */
export function serveTotalsRequest(request: Request, list: string): Response {
  const asked = readTotalsRequest(request, list);
  if (asked instanceof Response) return asked;
  return new Response(totalsEventStream(asked.view, asked.force), {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
