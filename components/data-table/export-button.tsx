"use client";

import { useEffect, useRef, useState } from "react";
import { SignInAgain } from "@/components/states/sign-in-again";
import type { ExportOutcome, ExportProgress } from "@/lib/export/download";

type ExportList = "invoices" | "customers" | "contracts" | "payments";

type State = { kind: "idle" } | ({ kind: "running" } & ExportProgress) | ExportOutcome;

const count = new Intl.NumberFormat("en-US");

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function rowsText(rows: number): string {
  return `${count.format(rows)} row${rows === 1 ? "" : "s"}`;
}

/**
 * Exports the list's current view (its filters and order: `query` is the API query
 * the table reads) as CSV. The reading code loads on the first click; while it runs
 * the rows and bytes so far show, and it can be cancelled. A download that breaks
 * off saves nothing and says after how many rows and why.
 */
/** One look for the buttons above a list (Export CSV, Save view). */
const BUTTON =
  "rounded-md border border-line-strong bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent";

export function ExportButton({ list, query }: { list: ExportList; query: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);

  // Leaving the page stops a running export.
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "running", rows: 0, bytes: 0 });
    const { runExport } = await import("@/lib/export/download");
    const outcome = await runExport(`/api/export/${list}${query ? `?${query}` : ""}`, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setState({ kind: "running", ...progress });
      },
    });
    if (abort.current === controller) setState(outcome);
  }

  return (
    // The button first, where the eye finds it beside "Save view"; what happened after it.
    <div className="flex flex-wrap items-center gap-2">
      {state.kind === "running" ? (
        <button
          type="button"
          onClick={() => {
            abort.current?.abort();
            setState({ kind: "cancelled", rows: state.rows });
          }}
          className={BUTTON}
        >
          Cancel export
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void start()}
          className={BUTTON}
          title="Download this view (its filters and order) as a CSV file"
        >
          {state.kind === "failed" ? "Retry export" : "Export CSV"}
        </button>
      )}
      <p aria-live="polite" className="text-xs text-fg-muted" data-testid="export-status">
        {state.kind === "running"
          ? `Exporting… ${rowsText(state.rows)} · ${size(state.bytes)}`
          : state.kind === "done"
            ? `Exported ${rowsText(state.rows)} (${size(state.bytes)}) to ${state.fileName}.`
            : state.kind === "cancelled"
              ? "Export cancelled."
              : ""}
      </p>
      {state.kind === "failed" ? (
        <p
          role="alert"
          className="rounded border border-danger-line bg-danger-soft px-2 py-1 text-xs text-danger"
        >
          Export failed after {rowsText(state.rows)}: {state.reason}
        </p>
      ) : null}
      {state.kind === "signed-out" ? (
        <p
          role="alert"
          className="rounded border border-danger-line bg-danger-soft px-2 py-1 text-xs text-danger"
        >
          Not exported: you are signed out. <SignInAgain /> to come back to this view.
        </p>
      ) : null}
      {state.kind === "limited" ? (
        <p
          role="alert"
          className="rounded border border-warning-line bg-warning-soft px-2 py-1 text-xs text-warning"
        >
          Not exported: {state.reason} Nothing was downloaded.
        </p>
      ) : null}
    </div>
  );
}
