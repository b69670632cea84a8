"use client";

import { useMutation } from "@tanstack/react-query";
import { browserViews } from "@/lib/saved-views/browser-store";
import type { NewSavedView, SavedView } from "@/lib/saved-views/schema";
import { problemMessage, refreshSavedViews, type SavedViewsHome } from "./use-saved-views";

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await problemMessage(response));
  return response;
}

/** Save, rename and delete a view where the person's views live (see useSavedViews). */
export function useSavedViewActions(home: SavedViewsHome | undefined) {
  const done = () => refreshSavedViews();

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
  return { save, rename, remove };
}
