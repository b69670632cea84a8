import type { ListName } from "@/lib/api/client";
import { ApiRequestError } from "@/lib/api/errors";
import { readNdjson, StreamRefused } from "@/lib/insights/read-ndjson";
import type { ViewTotals } from "@/lib/insights/view-totals";
import type { SumPhase } from "./use-view-sum";

type TotalsEvent =
  | { type: "progress"; pages: number; rows: number }
  | { type: "part"; name: string }
  | { type: "result"; asOf: string; totals: ViewTotals }
  | { type: "error"; message: string; pagesRead: number; rowsRead: number };

const count = new Intl.NumberFormat("en-US");

/** What a failed read of the sum says: the route's message and its issues. */
function failureText(error: unknown): string {
  if (error instanceof ApiRequestError) return [error.message, ...error.issues].join(": ");
  return (error as Error).message;
}

/**
 * Reads the sum of a view from the dashboard's totals route (its NDJSON stream of
 * progress, then the result), telling each phase. A refusal (the dashboard's limit) or
 * an ended session after an earlier sum keeps that sum's totals, saying why.
 */
export async function walkTotals({
  list,
  query,
  refresh,
  shown,
  signal,
  onPhase,
}: {
  list: ListName;
  /** the view's API query (the export's) */
  query: string;
  refresh: boolean;
  /** the totals on screen, if any */
  shown: Extract<SumPhase, { kind: "done" }> | null;
  signal: AbortSignal;
  onPhase: (phase: SumPhase) => void;
}) {
  const params = new URLSearchParams(query);
  if (refresh) params.set("refresh", "true");
  try {
    await readNdjson<TotalsEvent>(
      `/api/totals/${list}?${params}`,
      (event) => {
        if (event.type === "progress")
          onPhase({ kind: "walking", pages: event.pages, rows: event.rows });
        else if (event.type === "result")
          onPhase({ kind: "done", totals: event.totals, asOf: event.asOf });
        else if (event.type === "error")
          onPhase({
            kind: "failed",
            message: `${event.message} (after ${count.format(event.pagesRead)} pages). No total is shown: sum again to retry.`,
          });
      },
      signal,
    );
  } catch (error) {
    if (signal.aborted) return;
    const signedOut = error instanceof ApiRequestError && error.kind === "signed-out";
    const refused = error instanceof StreamRefused;
    if (shown && (refused || signedOut))
      onPhase({ ...shown, refused: refused ? error.message : undefined, signedOut });
    else if (signedOut) onPhase({ kind: "failed", message: "", signedOut });
    else
      onPhase({
        kind: "failed",
        message: refused
          ? error.message
          : `The sum could not be read: ${failureText(error)}. Sum again to retry.`,
      });
  }
}
