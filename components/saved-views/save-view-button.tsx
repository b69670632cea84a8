"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import type { SavedViewList } from "@/lib/saved-views/schema";
import { useSavedViews } from "./use-saved-views";

// The dialog (React Aria) is loaded on the first click, not with the list page.
const SaveViewDialog = dynamic(() => import("./save-view-dialog").then((m) => m.SaveViewDialog), {
  ssr: false,
});

/**
 * "Save view": keeps the view in the URL (its filters, order and columns) under a name, in
 * the person's account, or in this browser in the open demo. The saved view is the
 * same plain URL, found again in the navigation and the command palette.
 */
export function SaveViewButton({
  list,
  suggestedName,
}: {
  list: SavedViewList;
  /** the filters in words, as a first name */
  suggestedName: string;
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const { save, home } = useSavedViews();

  return (
    <>
      <button
        type="button"
        className="rounded-md border border-line-strong bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => {
          setSaved(null);
          setOpen(true);
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
        <SaveViewDialog
          suggestedName={suggestedName}
          home={home}
          error={save.error ? (save.error as Error).message : null}
          saving={save.isPending}
          onClose={() => {
            save.reset();
            setOpen(false);
          }}
          onSave={(name) => {
            const query = window.location.search.replace(/^\?/, "");
            save.mutate(
              { name, list, query },
              {
                onSuccess: (view) => {
                  setSaved(view.name);
                  setOpen(false);
                },
              },
            );
          }}
        />
      ) : null}
    </>
  );
}
