"use client";

import { type RefObject, useEffect, useRef, useState } from "react";
import Link from "@/components/layout/link";
import { MAX_VIEW_NAME, type SavedView, savedViewHref } from "@/lib/saved-views/schema";
import { ErrorPanel } from "../states/error-panel";
import { useSavedViewActions } from "./saved-view-actions";
import { useSavedViews } from "./use-saved-views";

const button =
  "rounded-md border border-line-strong bg-surface px-2.5 py-1 text-sm text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent";

/**
 * Every saved view: open it, copy its link, rename it, delete it (renames and deletes
 * are TanStack Query mutations: ./saved-view-actions).
 */
export function SavedViewsManager() {
  const { query, views, home } = useSavedViews();
  const { rename, remove } = useSavedViewActions(home);
  // After a delete its row is gone: the focus goes to the list (or what says it is
  // empty), not to the top of the page.
  const afterDelete = useRef<HTMLElement | null>(null);
  const [deleted, setDeleted] = useState(0);
  useEffect(() => {
    if (deleted > 0) afterDelete.current?.focus({ preventScroll: true });
  }, [deleted]);
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
        <p
          ref={(el) => {
            afterDelete.current = el;
          }}
          tabIndex={-1}
          className="rounded-md border border-line bg-surface p-4 text-sm text-fg-muted outline-none"
        >
          No saved views yet. Filter a list, then press “Save view” above it.
        </p>
      ) : (
        <ul
          ref={(el) => {
            afterDelete.current = el;
          }}
          tabIndex={-1}
          aria-label="Saved views"
          className="divide-y divide-line rounded-md border border-line bg-surface outline-none"
        >
          {views.map((view) => (
            <ViewRow
              key={view.id}
              view={view}
              onRename={(name) => rename.mutateAsync({ id: view.id, name })}
              onDelete={() => remove.mutateAsync(view.id).then(() => setDeleted((n) => n + 1))}
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
  // The buttons swap with a form or a question and back: the focus goes with them (to
  // "Keep it", then back to the button that was pressed), never to the top of the page.
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const [backTo, setBackTo] = useState<"rename" | "delete" | null>(null);
  useEffect(() => {
    if (mode === "delete") keepButton.current?.focus();
    if (mode !== "show" || !backTo) return;
    (backTo === "rename" ? renameButton : deleteButton).current?.focus();
    setBackTo(null);
  }, [mode, backTo]);
  const show = (from: "rename" | "delete") => {
    setBackTo(from);
    setMode("show");
  };
  const run = (work: () => Promise<unknown>, from: "rename" | "delete") =>
    work().then(
      () => {
        setError(null);
        show(from);
      },
      (e: unknown) => setError((e as Error).message),
    );

  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      {mode === "rename" ? (
        <RenameForm
          view={view}
          name={name}
          onName={setName}
          onSave={() => {
            if (name.trim()) void run(() => onRename(name.trim()), "rename");
          }}
          onCancel={() => show("rename")}
        />
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
          <button
            ref={renameButton}
            type="button"
            className={button}
            onClick={() => setMode("rename")}
          >
            Rename<span className="sr-only"> {view.name}</span>
          </button>
          <button
            ref={deleteButton}
            type="button"
            className={button}
            onClick={() => setMode("delete")}
          >
            Delete<span className="sr-only"> {view.name}</span>
          </button>
        </div>
      ) : null}
      {mode === "delete" ? (
        <ConfirmDelete
          view={view}
          keepRef={keepButton}
          onDelete={() => void run(onDelete, "delete")}
          onKeep={() => show("delete")}
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The rename form in a row's place: Enter saves, Escape or Cancel goes back. */
function RenameForm({
  view,
  name,
  onName,
  onSave,
  onCancel,
}: {
  view: SavedView;
  name: string;
  onName: (name: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="flex flex-1 flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
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
        onChange={(event) => onName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
        }}
        className="min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg"
      />
      <button type="submit" className={button}>
        Save name
      </button>
      <button type="button" className={button} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** Delete's question: "Keep it" (the safe answer) takes the focus. */
function ConfirmDelete({
  view,
  keepRef,
  onDelete,
  onKeep,
}: {
  view: SavedView;
  keepRef: RefObject<HTMLButtonElement | null>;
  onDelete: () => void;
  onKeep: () => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Confirm delete</legend>
      <span className="text-sm text-fg">Delete “{view.name}”?</span>
      <button
        type="button"
        className={`${button} border-danger-line text-danger`}
        onClick={onDelete}
      >
        Yes, delete
      </button>
      <button ref={keepRef} type="button" className={button} onClick={onKeep}>
        Keep it
      </button>
    </fieldset>
  );
}
