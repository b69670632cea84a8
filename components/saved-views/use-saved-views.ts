"use client";

import { useQuery } from "@tanstack/react-query";
import { browserViews } from "@/lib/saved-views/browser-store";
import type { SavedView } from "@/lib/saved-views/schema";

/** Where the views live: the signed-in person's account, or this browser (the open demo). */
export type SavedViewsHome = "account" | "browser";

interface Loaded {
  home: SavedViewsHome;
  views: SavedView[];
}

export async function problemMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string; issues?: { message: string }[] };
    return [body.message, ...(body.issues ?? []).map((i) => i.message)].filter(Boolean).join(": ");
  } catch {
    return `The dashboard answered HTTP ${response.status}.`;
  }
}

/** The account's views, or, when the dashboard runs open (409 OPEN_DEMO), this browser's. */
async function loadViews(): Promise<Loaded> {
  const response = await fetch("/api/views", { headers: { accept: "application/json" } });
  if (response.status === 409) {
    // Read to its end: an unread body keeps the request open (the page never idles).
    await response.text();
    return { home: "browser", views: browserViews.list() };
  }
  if (!response.ok) throw new Error(await problemMessage(response));
  return { home: "account", views: ((await response.json()) as { data: SavedView[] }).data };
}

export const SAVED_VIEWS_KEY = ["saved-views"] as const;

/**
 * The person's saved views, and where they live. Saving, renaming and deleting are in
 * ./saved-view-actions (with TanStack Query's mutations), loaded only where a view is
 * changed: the navigation on every page reads this alone.
 */
export function useSavedViews() {
  const query = useQuery({ queryKey: SAVED_VIEWS_KEY, queryFn: loadViews, staleTime: 60_000 });
  return { query, home: query.data?.home, views: query.data?.views ?? [] };
}
