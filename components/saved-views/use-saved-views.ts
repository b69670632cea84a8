"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserViews } from "@/lib/saved-views/browser-store";
import type { NewSavedView, SavedView } from "@/lib/saved-views/schema";

/** Where the views live: the signed-in person's account, or this browser (the open demo). */
export type SavedViewsHome = "account" | "browser";

interface Loaded {
  home: SavedViewsHome;
  views: SavedView[];
}

async function problemMessage(response: Response): Promise<string> {
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

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await problemMessage(response));
  return response;
}

const KEY = ["saved-views"] as const;

/** The person's saved views and the ways to save, rename and delete one. */
export function useSavedViews() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: loadViews, staleTime: 60_000 });
  const home = query.data?.home;
  const done = () => client.invalidateQueries({ queryKey: KEY });

  const save = useMutation({
    mutationFn: async (view: NewSavedView): Promise<SavedView> =>
      home === "browser"
        ? browserViews.create(view)
        : ((await (await send("POST", "/api/views", view)).json()) as SavedView),
    onSuccess: done,
  });
  const rename = useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      if (home === "browser") {
        if (!browserViews.rename(id, name)) throw new Error("This view is gone.");
      } else await send("PATCH", `/api/views/${encodeURIComponent(id)}`, { name });
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      if (home === "browser") browserViews.remove(id);
      else await send("DELETE", `/api/views/${encodeURIComponent(id)}`);
    },
    onSuccess: done,
  });
  return { query, home, views: query.data?.views ?? [], save, rename, remove };
}
