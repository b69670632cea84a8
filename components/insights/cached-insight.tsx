import type { ReactNode } from "react";
import { isoDay } from "@/lib/insights/aggregate";
import { peekInsight, type ViewData, type ViewName } from "@/lib/insights/cache";
import { insightToday } from "@/lib/insights/today";
import { InsightStatus } from "./insight-status";

/**
 * A view's figures as the cache holds them now (rendered on the server, no walk),
 * under the status line that shows their "as of" time, refreshes them, and walks
 * with progress when there is nothing cached yet.
 */
export function CachedInsight<V extends ViewName>({
  view,
  what,
  children,
}: {
  view: V;
  /** what is walked, for the progress line */
  what: string;
  children: (data: ViewData[V]) => ReactNode;
}) {
  const { result, fresh } = peekInsight(view);
  return (
    <>
      <InsightStatus
        view={view}
        asOf={result?.asOf ?? null}
        today={result ? result.today.slice(0, 10) : isoDay(insightToday())}
        fresh={fresh}
        what={what}
      />
      {result ? children(result.data) : null}
    </>
  );
}
