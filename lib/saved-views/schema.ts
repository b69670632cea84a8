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

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Embeddings, overrides and isolates: they make the text after them read in another order. */
const DIRECTION_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/u;
/** What shows nothing: spaces, format characters (zero-width and the like), blanks that draw no glyph. */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800\u3164\uffa0]/gu;

/** A name as it is kept: without the spaces around it, in Unicode's composed form (NFC). */
export function cleanViewName(name: string): string {
  return name.trim().normalize("NFC");
}

/**
 * Why a (cleaned) name cannot be a saved view's, or null: control characters (line
 * breaks, NUL), direction overrides (the name would read other than it is stored),
 * or nothing visible at all (80 zero-width spaces look like no name). Refused with
 * the reason rather than silently changed, so what is saved is what was typed.
 */
export function viewNameProblem(name: string): string | null {
  if (name === "") return "a name is required";
  if (name.length > MAX_VIEW_NAME) return `at most ${MAX_VIEW_NAME} characters`;
  if (CONTROL.test(name))
    return "control characters (a line break, a tab, NUL) cannot be in a name";
  if (DIRECTION_OVERRIDE.test(name))
    return "direction overrides (U+202A–U+202E, U+2066–U+2069) cannot be in a name: they make it read other than it is";
  if (name.replace(INVISIBLE, "") === "")
    return "a name must show something: this one holds only invisible characters";
  return null;
}

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
