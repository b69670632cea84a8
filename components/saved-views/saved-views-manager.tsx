"use client";

import { useState } from "react";
import Link from "@/components/layout/link";
import { MAX_VIEW_NAME, type SavedView, savedViewHref } from "@/lib/saved-views/schema";
import { QueryRoot } from "../islands/query-root";
import { ErrorPanel } from "../states/error-panel";
import { useSavedViewActions } from "./saved-view-actions";
import { useSavedViews } from "./use-saved-views";

const button =
  "rounded-md border border-line-strong bg-surface px-2.5 py-1 text-sm text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent";

/** Every saved view: open it, copy its link, rename it, delete it. */
export function SavedViewsManager() {
  // Renames and deletes are TanStack Query mutations (./saved-view-actions).
  return (
    <QueryRoot>
      <ViewsList />
    </QueryRoot>
  );
}

function ViewsList() {
  const { query, views, home } = useSavedViews();
  const { rename, remove } = useSavedViewActions(home);
  if (query.isPending) return <p className="text-sm text-fg-muted">Loading saved views…</p>;
  if (query.isError)
    return (
      <ErrorPanel
        error={{
          kind: "server",
          status: null,
          code: null,
          message: `Saved views could not be read: ${(query.error as Error).message}`,
          issues: [],
        }}
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-fg-muted">
        {home === "browser"
          ? "The open demo has no accounts: these views are kept in this browser only."
          : "Your views, kept with your account: nobody else sees them. A view is a plain link you can share."}
      </p>
      {views.length === 0 ? (
        <p className="rounded-md border border-line bg-surface p-4 text-sm text-fg-muted">
          No saved views yet. Filter a list, then press “Save view” above it.
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line bg-surface">
          {views.map((view) => (
            <ViewRow
              key={view.id}
              view={view}
              onRename={(name) => rename.mutateAsync({ id: view.id, name })}
              onDelete={() => remove.mutateAsync(view.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ViewRow({
  view,
  onRename,
  onDelete,
}: {
  view: SavedView;
  onRename: (name: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}) {
  const [mode, setMode] = useState<"show" | "rename" | "delete">("show");
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const href = savedViewHref(view);
  const run = (work: () => Promise<unknown>) =>
    work().then(
      () => {
        setError(null);
        setMode("show");
      },
      (e: unknown) => setError((e as Error).message),
    );

  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      {mode === "rename" ? (
        <form
          className="flex flex-1 flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) void run(() => onRename(name.trim()));
          }}
        >
          <label className="sr-only" htmlFor={`rename-${view.id}`}>
            New name for {view.name}
          </label>
          <input
            id={`rename-${view.id}`}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this view
            autoFocus
            required
            maxLength={MAX_VIEW_NAME}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setMode("show");
            }}
            className="min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg"
          />
          <button type="submit" className={button}>
            Save name
          </button>
          <button type="button" className={button} onClick={() => setMode("show")}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <Link href={href} className="font-medium text-accent underline">
            {view.name}
          </Link>
          <p className="truncate text-xs text-fg-muted" title={href}>
            {href}
          </p>
        </div>
      )}
      {mode === "show" ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button} onClick={() => setMode("rename")}>
            Rename<span className="sr-only"> {view.name}</span>
          </button>
          <button type="button" className={button} onClick={() => setMode("delete")}>
            Delete<span className="sr-only"> {view.name}</span>
          </button>
        </div>
      ) : null}
      {mode === "delete" ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Confirm delete</legend>
          <span className="text-sm text-fg">Delete “{view.name}”?</span>
          <button
            type="button"
            className={`${button} border-danger-line text-danger`}
            onClick={() => void run(onDelete)}
          >
            Yes, delete
          </button>
          <button type="button" className={button} onClick={() => setMode("show")}>
            Keep it
          </button>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}
