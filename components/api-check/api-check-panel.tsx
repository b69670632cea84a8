"use client";

import { useActionState } from "react";
import { type CheckState, runApiCheckAction } from "@/lib/api-check/action";
import type { CheckResult } from "@/lib/api-check/result";
import { CheckResultView } from "./check-result";

/**
 * The key page's check of the API before going live: the last result (whoever ran
 * it: this dashboard, another instance, `npm run check-api`) and a button that runs
 * it again on the server with the server-held key.
 */
export function ApiCheckPanel({ initial }: { initial: CheckResult | null }) {
  const [state, run, pending] = useActionState<CheckState>(runApiCheckAction, {
    result: initial,
    error: null,
  });
  return (
    <section
      aria-labelledby="api-check-heading"
      className="grid max-w-3xl gap-3 rounded-md border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="api-check-heading" className="text-base font-medium">
            Check the API before going live
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Reads the API as every page does: health, the key, each list with every filter and order
            the dashboard sends, a cursor walk, one record of each kind and the error answers (a few
            dozen read-only requests). The same check as <code>npm run check-api</code>.
          </p>
        </div>
        <form action={run}>
          <button
            type="submit"
            // Marked unavailable while it runs, not disabled: a disabled button drops the
            // focus of the person who pressed it to the top of the page.
            onClick={(event) => {
              if (pending) event.preventDefault();
            }}
            aria-disabled={pending || undefined}
            aria-busy={pending}
            className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg hover:opacity-90 aria-disabled:opacity-60"
          >
            {pending ? "Checking…" : "Run the check"}
          </button>
        </form>
      </div>
      {state.error ? (
        <p
          role="alert"
          className="rounded-md border border-warning-line bg-warning-soft p-3 text-sm text-warning"
        >
          {state.error}
        </p>
      ) : null}
      {state.result ? (
        <CheckResultView result={state.result} />
      ) : (
        <p className="text-sm text-fg-muted">Not checked yet.</p>
      )}
    </section>
  );
}
