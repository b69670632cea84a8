import { useEffect, useRef, useState } from "react";
import type { ListName } from "@/lib/api/client";
import type { ViewTotals } from "@/lib/insights/view-totals";

/** Where a sum of the whole view is. */
export type SumPhase =
  | { kind: "idle" }
  | { kind: "walking"; pages: number; rows: number }
  // `refused`: a later sum the dashboard's limit turned down, or `signedOut` because the
  // session ended; these totals stay.
  | { kind: "done"; totals: ViewTotals; asOf: string; refused?: string; signedOut?: boolean }
  | { kind: "failed"; message: string; signedOut?: boolean };

/**
 * "Sum this view": a walk of the whole view on the server (shared and cached like the
 * other whole-list views), its progress and result as phases, and Cancel. The
 * reading of the walk's stream loads on the first sum (./view-sum-walk.ts).
 */
export function useViewSum(list: ListName, query: string) {
  const [phase, setPhase] = useState<SumPhase>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);

  // Another view: what was summed is not this one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => {
    setPhase({ kind: "idle" });
    return () => controller.current?.abort();
  }, [query]);

  async function sum(refresh: boolean) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const shown = phase.kind === "done" ? phase : null;
    setPhase({ kind: "walking", pages: 0, rows: 0 });
    try {
      const { walkTotals } = await import("./view-sum-walk");
      await walkTotals({ list, query, refresh, shown, signal: abort.signal, onPhase: setPhase });
    } catch (error) {
      if (!abort.signal.aborted)
        setPhase({
          kind: "failed",
          message: `The sum could not be read: ${(error as Error).message}. Sum again to retry.`,
        });
    }
  }

  function cancel() {
    controller.current?.abort();
    setPhase({ kind: "idle" });
  }

  return { phase, sum, cancel };
}
