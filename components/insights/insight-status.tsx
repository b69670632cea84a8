"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ErrorPanel } from "@/components/states/error-panel";
import { type ApiErrorKind, ApiRequestError } from "@/lib/api/errors";
import { readNdjson, StreamRefused } from "@/lib/insights/read-ndjson";

type Phase =
  | { kind: "idle" }
  /** The server's limit on refreshes refused a forced refresh (429): nothing was read. */
  | { kind: "refused"; message: string }
  | { kind: "walking"; pages: number; rows: number }
  | {
      kind: "failed";
      message: string;
      errorKind: ApiErrorKind;
      status: number | null;
      pagesRead: number;
      rowsRead: number;
    };

type StreamEvent =
  | { type: "progress"; pages: number; rows: number }
  | { type: "part"; name: string }
  | { type: "result"; asOf: string }
  | {
      type: "error";
      message: string;
      kind: ApiErrorKind;
      status: number | null;
      pagesRead: number;
      rowsRead: number;
    };

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
}: {
  view: string;
  asOf: string | null;
  /** the UTC day figures count from, "2026-11-22" */
  today: string;
  fresh: boolean;
  /** what is walked, for the progress line: "customers", "invoices and payments" */
  what: string;
}) {
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const zone = useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
  const controller = useRef<AbortController | null>(null);
  const autoStarted = useRef(false);

  function start(force: boolean) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: "walking", pages: 0, rows: 0 });
    readNdjson<StreamEvent>(
      `/api/insights/${view}${force ? "?refresh=true" : ""}`,
      (event) => {
        if (event.type === "progress")
          setPhase({ kind: "walking", pages: event.pages, rows: event.rows });
        else if (event.type === "part") {
          // A part read: with no earlier result the page shows it now.
          if (!asOf) router.refresh();
        } else if (event.type === "result") {
          setPhase({ kind: "idle" });
          router.refresh();
        } else {
          router.refresh();
          setPhase({
            kind: "failed",
            message: event.message,
            errorKind: event.kind,
            status: event.status,
            pagesRead: event.pagesRead,
            rowsRead: event.rowsRead,
          });
        }
      },
      abort.signal,
      "Too many refreshes",
    ).catch((error: unknown) => {
      if (abort.signal.aborted) return;
      if (error instanceof StreamRefused)
        return setPhase({ kind: "refused", message: error.message });
      // The route's own refusal keeps its kind: a session that ended says "signed out".
      const refusal = error instanceof ApiRequestError ? error : null;
      setPhase({
        kind: "failed",
        message: error instanceof Error ? error.message : "The walk could not be read.",
        errorKind: refusal?.kind ?? "network",
        status: refusal?.status ?? null,
        pagesRead: 0,
        rowsRead: 0,
      });
    });
  }

  // Missing or stale figures follow a walk once per visit (shared with other viewers).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount by design
  useEffect(() => {
    if (!fresh && !autoStarted.current) {
      autoStarted.current = true;
      start(false);
    }
    return () => controller.current?.abort();
  }, []);

  const walking = phase.kind === "walking";
  return (
    <section aria-label="Data freshness" className="mb-5 space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg-muted">
        <p data-testid="as-of">
          {asOf ? (
            <>
              As of <time dateTime={asOf}>{asOfText(asOf, zone)}</time>
              {fresh ? null : (
                <span className="text-warning"> (older than the refresh interval)</span>
              )}
            </>
          ) : (
            "Not read yet"
          )}
          {" · "}days counted from <time dateTime={today}>{today}</time> (UTC)
        </p>
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
        {walking ? (
          <p role="status">
            Reading every page of the {what}: {phase.pages.toLocaleString("en-US")}{" "}
            {phase.pages === 1 ? "page" : "pages"}, {phase.rows.toLocaleString("en-US")} rows so far
            {asOf
              ? ". The figures below stay as of the time above until it is done."
              : "; each figure shows as soon as its own lists are read."}
          </p>
        ) : null}
      </div>
      {phase.kind === "refused" ? (
        <p role="alert" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          Not refreshed: {phase.message}{" "}
          {asOf ? "The figures below stay as of the time above." : "Nothing was read."}
        </p>
      ) : null}
      {phase.kind === "failed" ? (
        <div data-testid="walk-failed">
          <ErrorPanel
            error={{
              kind: phase.errorKind,
              status: phase.status,
              code: null,
              message: `The walk failed part-way, after ${phase.pagesRead.toLocaleString("en-US")} ${phase.pagesRead === 1 ? "page" : "pages"} (${phase.rowsRead.toLocaleString("en-US")} rows): ${phase.message}`,
              issues: [],
            }}
            onRetry={() => start(true)}
          />
          <p className="mt-2 text-sm text-fg-muted">
            {asOf
              ? "The figures below are from the last complete walk, as of the time above; none of the failed walk's partial counts are shown."
              : "No figures are shown: counts from a walk that did not finish would be incomplete."}
          </p>
        </div>
      ) : null}
    </section>
  );
}
