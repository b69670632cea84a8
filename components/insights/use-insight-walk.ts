"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { type ApiErrorKind, ApiRequestError } from "@/lib/api/errors";
import { readNdjson, StreamRefused } from "@/lib/insights/read-ndjson";

export type WalkPhase =
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

/** The phase a stream's read failing leaves: refused (429), or failed with the route's own kind. */
function failedPhase(error: unknown): WalkPhase {
  if (error instanceof StreamRefused) return { kind: "refused", message: error.message };
  // The route's own refusal keeps its kind: a session that ended says "signed out".
  const refusal = error instanceof ApiRequestError ? error : null;
  return {
    kind: "failed",
    message: error instanceof Error ? error.message : "The walk could not be read.",
    errorKind: refusal?.kind ?? "network",
    status: refusal?.status ?? null,
    pagesRead: 0,
    rowsRead: 0,
  };
}

/**
 * Follows the view's walk (`/api/insights/{view}`): its progress as a phase, and the
 * page re-rendered from the server as each part is read (when there is no earlier
 * result) and once the walk is complete. Missing or stale figures start it once on
 * mount; `start(true)` forces a refresh.
 */
export function useInsightWalk(view: string, asOf: string | null, fresh: boolean) {
  const router = useRouter();
  // Missing or stale figures start a walk on mount: its line is in the server's HTML
  // already, so it does not push the figures down when the script starts it.
  const [phase, setPhase] = useState<WalkPhase>(
    fresh ? { kind: "idle" } : { kind: "walking", pages: 0, rows: 0 },
  );
  const controller = useRef<AbortController | null>(null);
  const autoStarted = useRef(false);

  function onEvent(event: StreamEvent) {
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
  }

  function start(force: boolean) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: "walking", pages: 0, rows: 0 });
    readNdjson<StreamEvent>(
      `/api/insights/${view}${force ? "?refresh=true" : ""}`,
      onEvent,
      abort.signal,
      "Too many refreshes",
    ).catch((error: unknown) => {
      if (!abort.signal.aborted) setPhase(failedPhase(error));
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

  return { phase, start };
}
