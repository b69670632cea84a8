"use client";

import { useSyncExternalStore } from "react";
import { ErrorPanel } from "@/components/states/error-panel";
import { useInsightWalk, type WalkPhase } from "./use-insight-walk";

const subscribe = () => () => {};
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function asOfText(iso: string, zone: string): string {
  let format = timeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      dateStyle: "medium",
      timeStyle: "long",
    });
    timeFormats.set(zone, format);
  }
  return format.format(Date.parse(iso));
}

/** "As of …" in the viewer's time zone (UTC on the server), and the day figures count from. */
function AsOfLine({ asOf, fresh, today }: { asOf: string | null; fresh: boolean; today: string }) {
  const zone = useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
  return (
    <p data-testid="as-of">
      {asOf ? (
        <>
          As of <time dateTime={asOf}>{asOfText(asOf, zone)}</time>
          {fresh ? null : <span className="text-warning"> (older than the refresh interval)</span>}
        </>
      ) : (
        "Not read yet"
      )}
      {" · "}days counted from <time dateTime={today}>{today}</time> (UTC)
    </p>
  );
}

function WalkProgress({
  phase,
  what,
  asOf,
}: {
  phase: Extract<WalkPhase, { kind: "walking" }>;
  what: string;
  asOf: string | null;
}) {
  return (
    <p role="status">
      Reading every page of the {what}: {phase.pages.toLocaleString("en-US")}{" "}
      {phase.pages === 1 ? "page" : "pages"}, {phase.rows.toLocaleString("en-US")} rows so far
      {asOf
        ? ". The figures below stay as of the time above until it is done."
        : "; each figure shows as soon as its own lists are read."}
    </p>
  );
}

function WalkFailed({
  phase,
  asOf,
  onRetry,
}: {
  phase: Extract<WalkPhase, { kind: "failed" }>;
  asOf: string | null;
  onRetry: () => void;
}) {
  return (
    <div data-testid="walk-failed">
      <ErrorPanel
        error={{
          kind: phase.errorKind,
          status: phase.status,
          code: null,
          message: `The walk failed part-way, after ${phase.pagesRead.toLocaleString("en-US")} ${phase.pagesRead === 1 ? "page" : "pages"} (${phase.rowsRead.toLocaleString("en-US")} rows): ${phase.message}`,
          issues: [],
        }}
        onRetry={onRetry}
      />
      <p className="mt-2 text-sm text-fg-muted">
        {asOf
          ? "The figures below are from the last complete walk, as of the time above; none of the failed walk's partial counts are shown."
          : "No figures are shown: counts from a walk that did not finish would be incomplete."}
      </p>
    </div>
  );
}

/**
 * The "as of" line, the refresh button and the walk's progress. The figures are
 * server-rendered from the shared results; this follows the view's walk when they
 * are missing or stale (or on refresh: joined when one runs, answered by the last
 * result when it is moments old), shows how far it got as it goes, and re-renders
 * the page from the server as each part is read and once the walk is complete. A
 * failure says how far it got and leaves no figure looking complete.
 */
export function InsightStatus({
  view,
  asOf,
  today,
  fresh,
  what,
  label = "Data freshness",
}: {
  view: string;
  /** the region's name: a page with two views names each apart */
  label?: string;
  asOf: string | null;
  /** the UTC day figures count from, "2026-11-22" */
  today: string;
  fresh: boolean;
  /** what is walked, for the progress line: "customers", "invoices and payments" */
  what: string;
}) {
  const { phase, start } = useInsightWalk(view, asOf, fresh);
  const walking = phase.kind === "walking";
  return (
    <section aria-label={label} className="mb-5 space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg-muted">
        <AsOfLine asOf={asOf} fresh={fresh} today={today} />
        <button
          type="button"
          // Marked unavailable while a walk runs, not disabled: a disabled button drops
          // the focus of the person who pressed it to the top of the page.
          onClick={() => {
            if (!walking) start(true);
          }}
          aria-disabled={walking || undefined}
          className="rounded-md border border-line-strong bg-surface px-3 py-1.5 hover:bg-surface-muted aria-disabled:opacity-60"
        >
          {walking ? "Reading…" : "Refresh"}
        </button>
      </div>
      <div aria-live="polite" className="text-sm text-fg-muted">
        {phase.kind === "walking" ? <WalkProgress phase={phase} what={what} asOf={asOf} /> : null}
      </div>
      {phase.kind === "refused" ? (
        <p role="alert" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          Not refreshed: {phase.message}{" "}
          {asOf ? "The figures below stay as of the time above." : "Nothing was read."}
        </p>
      ) : null}
      {phase.kind === "failed" ? (
        <WalkFailed phase={phase} asOf={asOf} onRetry={() => start(true)} />
      ) : null}
    </section>
  );
}
