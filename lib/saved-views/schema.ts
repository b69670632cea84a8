/**
 * Saved views: a name for a list page's URL (its filters, order and columns), one
 * person's own. With sign-in they live in the sign-in database beside the accounts
 * (SQLite or PostgreSQL): better-auth's plugin schema below makes the table, and its
 * migration (lib/auth/instance.ts, `migrate`) creates it on both. In the open demo
 * they live in the browser (lib/saved-views/browser-store.ts). No Zod here: the
 * navigation on every page reads this module, and what a request brings is checked on
 * the server (lib/saved-views/validate.ts).
 */
export const SAVED_VIEW_LISTS = ["invoices", "customers", "contracts", "payments"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** The better-auth model (table "savedView"). */
export const SAVED_VIEW_MODEL = "savedView";

/** A plugin with no endpoints: only its table, so the migration makes it. */
export function savedViewsPlugin() {
  return {
    id: "saved-views",
    schema: {
      [SAVED_VIEW_MODEL]: {
        fields: {
          userId: {
            type: "string",
            required: true,
            references: { model: "user", field: "id", onDelete: "cascade" },
            index: true,
          },
          name: { type: "string", required: true },
          list: { type: "string", required: true },
          query: { type: "string", required: true },
          createdAt: { type: "date", required: true },
          updatedAt: { type: "date", required: true },
        },
      },
    },
  } as const;
}

export const MAX_SAVED_VIEWS = 100;
export const MAX_VIEW_NAME = 80;

/** What a person saves: a name, the list, and the page's query (without "?"). */
export interface NewSavedView {
  name: string;
  list: SavedViewList;
  query: string;
}

export interface SavedView extends NewSavedView {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** The plain URL a saved view opens: shareable like any list URL. */
export function savedViewHref(view: Pick<SavedView, "list" | "query">): string {
  return `/${view.list}${view.query ? `?${view.query}` : ""}`;
}
