"use client";

import { lazy, Suspense, useState } from "react";
import Link from "@/components/layout/link";
import type { SavedViewList } from "@/lib/saved-views/schema";
import { OverlayLoading } from "../states/overlay-loading";
import { useSavedViews } from "./use-saved-views";

// The dialog (React Aria) and the save (TanStack Query's mutations) are loaded on the
// first click, not with the list page. React.lazy rather than next/dynamic: it is only
// rendered after a click, and next/dynamic's loader would add ~2 kB to the first load.
const SaveViewDialog = lazy(() => import("./save-view-dialog"));

/**
 * "Save view": keeps the view in the URL (its filters, order and columns) under a name, in
 * the person's account, or in this browser in the open demo. The saved view is the
 * same plain URL, found again in the navigation and the command palette.
 */
export function SaveViewButton({
  list,
  suggestName,
}: {
  list: SavedViewList;
  /** the view's first name (its customers and filters in words), made as the dialog opens */
  suggestName: () => string;
}) {
  const [open, setOpen] = useState<{ suggestedName: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { home } = useSavedViews();

  return (
    <>
      <button
        type="button"
        className="rounded-md border border-line-strong bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => {
          setSaved(null);
          setOpen({ suggestedName: suggestName() });
        }}
      >
        Save view
      </button>
      <span role="status" className="text-sm text-fg-muted">
        {saved ? (
          <>
            Saved “{saved}”{home === "browser" ? " in this browser" : ""}.{" "}
            <Link href="/views" className="text-accent underline">
              Saved views
            </Link>
          </>
        ) : null}
      </span>
      {open ? (
        <Suspense fallback={<OverlayLoading onCancel={() => setOpen(null)} />}>
          <SaveViewDialog
            list={list}
            suggestedName={open.suggestedName}
            home={home}
            onClose={() => setOpen(null)}
            onSaved={(name) => {
              setSaved(name);
              setOpen(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
