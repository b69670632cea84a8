import type { InfiniteData } from "@tanstack/react-query";

/**
 * Where a person was in a list table: kept in the tab's sessionStorage when the
 * table goes away (a row opened, a link followed, a reload), so Back, or a reload of
 * the same URL, puts the rows, the scroll position and the highlighted row back.
 * On Back the rows are usually still in TanStack Query's cache; after a reload (or
 * once the cache dropped them) the rows saved here stand in, when young enough.
 * sessionStorage rather than a library (TanStack's persisters keep the whole cache):
 * one small record per table, written on leaving, read once on arriving.
 */
export interface TablePlace {
  /** the API query the rows answer (the table's `scrollKey`) */
  query: string;
  savedAt: number;
  scrollTop: number;
  activeId: string | null;
  /** rows loaded when it was saved */
  rows: number;
  /** the infinite query's pages, when they fit the storage budget */
  data?: InfiniteData<unknown, unknown>;
}

/** Saved rows older than this are not shown again: the first page is read afresh. */
export const PLACE_ROWS_MAX_AGE_MS = 10 * 60_000;
/**
 * The pages are saved only up to this size (characters of JSON): sessionStorage holds
 * about 5 MB per origin, and other tables keep their places too. 2 MB is about 3,000
 * invoices.
 */
const MAX_SAVED_CHARS = 2_000_000;

function storageKey(table: string): string {
  return `table-place:${table}`;
}

export function savePlace(table: string, place: TablePlace): void {
  try {
    let text = JSON.stringify(place);
    if (text.length > MAX_SAVED_CHARS) text = JSON.stringify({ ...place, data: undefined });
    sessionStorage.setItem(storageKey(table), text);
  } catch {
    // Storage full or off (private mode): Back lands at the top, nothing worse.
  }
}

/** The place saved for this table and query, or null (none, another query). */
export function readPlace(table: string, query: string): TablePlace | null {
  try {
    const text = sessionStorage.getItem(storageKey(table));
    if (!text) return null;
    const place = JSON.parse(text) as TablePlace;
    return place.query === query ? place : null;
  } catch {
    return null;
  }
}

/**
 * The saved pages to show again in place of a fresh first page: the fresh first page
 * kept (it is newer), the saved ones after it (their cursors follow from the saved
 * first page; rows met twice show once: infinite-table.tsx, flattenPages).
 */
export function mergeSavedPages(
  fresh: InfiniteData<unknown, unknown> | undefined,
  saved: InfiniteData<unknown, unknown>,
): InfiniteData<unknown, unknown> {
  if (!fresh || fresh.pages.length === 0) return saved;
  return {
    pages: [fresh.pages[0], ...saved.pages.slice(1)],
    pageParams: saved.pageParams,
  };
}
