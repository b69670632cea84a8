import type { ReactNode } from "react";
import { ErrorPanel } from "@/components/states/error-panel";
import { isoDay } from "@/lib/insights/aggregate";
import { insights } from "@/lib/insights/instance";
import type { InsightState } from "@/lib/insights/shared-walks";
import { insightToday } from "@/lib/insights/today";
import type { ViewName, ViewParts } from "@/lib/insights/views";
import { InsightStatus } from "./insight-status";

/** The parts of a view a page can show now: the last result's, or those a first walk has read so far. */
export interface ShownParts<V extends ViewName> {
  parts: Partial<ViewParts<V>>;
  /** UTC midnight of the day the figures count from */
  today: number;
  /** a part not shown yet is being read now (else: not read yet) */
  reading: boolean;
}

function shownParts<V extends ViewName>(state: InsightState<V>): ShownParts<V> {
  if (state.result)
    return { parts: state.result.parts, today: Date.parse(state.result.today), reading: false };
  if (state.running)
    return {
      parts: state.running.parts as Partial<ViewParts<V>>,
      today: Date.parse(state.running.today),
      reading: true,
    };
  return { parts: {}, today: insightToday(), reading: false };
}

/**
 * A view's figures as the shared results hold them now (rendered on the server, no
 * walk), under the status line that shows their "as of" time, refreshes them, and
 * follows the walk when they are missing or stale. With no earlier result, each
 * part shows as soon as the running walk has read it.
 */
export async function CachedInsight<V extends ViewName>({
  view,
  what,
  freshnessLabel,
  children,
}: {
  view: V;
  /** the name of its "as of" region, where a page shows two views */
  freshnessLabel?: string;
  /** what is walked, for the progress line */
  what: string;
  children: (shown: ShownParts<V>) => ReactNode;
}) {
  let state: InsightState<V>;
  try {
    state = await insights().peek(view);
  } catch (error) {
    return (
      <ErrorPanel
        error={{
          kind: "server",
          status: null,
          code: null,
          message: `The figures could not be read from the dashboard's shared state: ${(error as Error).message}. Reload the page in a moment.`,
          issues: [],
        }}
      />
    );
  }
  const shown = shownParts(state);
  return (
    <>
      <InsightStatus
        view={view}
        asOf={state.result?.asOf ?? null}
        today={isoDay(shown.today)}
        fresh={state.fresh}
        what={what}
        label={freshnessLabel}
      />
      {children(shown)}
    </>
  );
}
