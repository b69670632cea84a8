/**
 * Saved views in the open demo: kept in this browser's localStorage (there is no
 * person to keep them for on the server). Same shape and rules as the account's.
 */
import {
  cleanViewName,
  MAX_SAVED_VIEWS,
  type NewSavedView,
  type SavedView,
  viewNameProblem,
} from "./schema";

const KEY = "invoicing.savedViews";

function read(): SavedView[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as SavedView[]) : [];
  } catch {
    return [];
  }
}

function write(views: SavedView[]): void {
  localStorage.setItem(KEY, JSON.stringify(views));
}

const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name);

/** The name as the server would keep it, or the reason it would refuse it, thrown. */
function checkedName(name: string): string {
  const cleaned = cleanViewName(name);
  const problem = viewNameProblem(cleaned);
  if (problem) throw new Error(`${problem}.`);
  return cleaned;
}

export const browserViews = {
  list: (): SavedView[] => read().sort(byName),
  create(view: NewSavedView): SavedView {
    const views = read();
    if (views.length >= MAX_SAVED_VIEWS)
      throw new Error(`At most ${MAX_SAVED_VIEWS} saved views: delete one first.`);
    const now = new Date().toISOString();
    const saved: SavedView = {
      id: crypto.randomUUID(),
      ...view,
      name: checkedName(view.name),
      createdAt: now,
      updatedAt: now,
    };
    write([...views, saved]);
    return saved;
  },
  rename(id: string, name: string): SavedView | null {
    const views = read();
    const view = views.find((v) => v.id === id);
    if (!view) return null;
    view.name = checkedName(name);
    view.updatedAt = new Date().toISOString();
    write(views);
    return view;
  },
  remove(id: string): boolean {
    const views = read();
    const kept = views.filter((v) => v.id !== id);
    write(kept);
    return kept.length < views.length;
  },
};
