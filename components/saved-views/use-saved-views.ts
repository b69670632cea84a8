"use client";

import { useSyncExternalStore } from "react";
import { errorFromResponse } from "@/lib/api/errors";
import { browserViews } from "@/lib/saved-views/browser-store";
import type { SavedView } from "@/lib/saved-views/schema";

/** Where the views live: the signed-in person's account, or this browser (the open demo). */
export type SavedViewsHome = "account" | "browser";

interface Loaded {
  home: SavedViewsHome;
  views: SavedView[];
}

/**
 * What a refused read or change of the views says, read as every answer of the
 * dashboard's routes is (lib/api/errors.ts): a session that ended is said so (and the
 * top bar learns it, with its Sign in again), not as "Sign in to read this data".
 */
export async function problemMessage(response: Response): Promise<string> {
  const error = await errorFromResponse(response);
  if (error.kind === "signed-out") return "you are signed out. Sign in again, then try again.";
  const said =
    error.message === `HTTP ${response.status}`
      ? `The dashboard answered HTTP ${response.status}.`
      : error.message;
  return [said, ...error.issues].join(": ");
}

/**
 * Whether the page says the views live in this browser (the open demo: app/layout.tsx).
 * Then nothing is asked of the server, whose answer would be a 409 in the console.
 */
function viewsLiveInBrowser(): boolean {
  return document.body.dataset.savedViews === "browser";
}

/** The account's views, or, when the dashboard runs open (409 OPEN_DEMO), this browser's. */
async function loadViews(): Promise<Loaded> {
  if (viewsLiveInBrowser()) return { home: "browser", views: browserViews.list() };
  const response = await fetch("/api/views", { headers: { accept: "application/json" } });
  // A page from before the demo was opened (the attribute not yet there) still ends here.
  if (response.status === 409) {
    // Read to its end: an unread body keeps the request open (the page never idles).
    await response.text();
    return { home: "browser", views: browserViews.list() };
  }
  if (!response.ok) throw new Error(await problemMessage(response));
  return { home: "account", views: ((await response.json()) as { data: SavedView[] }).data };
}

/** What the views' read is at: loading, read, or failed (with why). */
interface ViewsState {
  status: "pending" | "success" | "error";
  data?: Loaded;
  error?: Error;
  readAt: number;
}

/** Read again when the last read is older than this, as a page that uses them mounts. */
const FRESH_MS = 60_000;
let state: ViewsState = { status: "pending", readAt: 0 };
let reading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: ViewsState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Reads the views again (after a save, a rename or a delete: ./saved-view-actions);
 * what is shown stays until the new read arrives.
 */
export function refreshSavedViews(): Promise<void> {
  reading ??= loadViews()
    .then(
      (data) => publish({ status: "success", data, readAt: Date.now() }),
      (error: Error) =>
        publish({ ...state, status: state.data ? "success" : "error", error, readAt: Date.now() }),
    )
    .finally(() => {
      reading = null;
    });
  return reading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (Date.now() - state.readAt > FRESH_MS) void refreshSavedViews();
  return () => listeners.delete(listener);
}

const serverState: ViewsState = { status: "pending", readAt: 0 };

/**
 * The person's saved views, and where they live. A small store of its own rather than
 * TanStack Query: the navigation on every page reads them, and pages whose first view
 * needs no query then load none of its script.
 * Saving, renaming and deleting are in ./saved-view-actions, loaded only where a view
 * is changed.
 */
export function useSavedViews() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
  const query = {
    isPending: current.status === "pending",
    isError: current.status === "error",
    error: current.error ?? null,
  };
  return { query, home: current.data?.home, views: current.data?.views ?? [] };
}
