import { type InfiniteData, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { mergeSavedPages, PLACE_ROWS_MAX_AGE_MS, readPlace, savePlace } from "./table-place";

/**
 * Where the person is in a table (its scroll position and highlighted row), saved as
 * the table goes away (a row opened, a link followed, a reload: table-place.ts) and
 * put back when the same query's table comes again (Back, a reload), once its rows
 * are here: from the cache, or else from the saved pages. A change of the query
 * starts at the top with no highlight.
 */
export function useTablePlace<Row extends { id: string }>({
  label,
  scrollKey,
  queryKey,
  rows,
  activeId,
  scrollRef,
  restore,
  startVirtual,
  windowed,
  clearHighlight,
}: {
  label: string;
  scrollKey: string;
  queryKey: QueryKey | undefined;
  rows: Row[];
  activeId: string | null;
  scrollRef: RefObject<HTMLElement | null>;
  /** puts the highlight back on a row without scrolling */
  restore: (index: number) => void;
  startVirtual: () => void;
  /** the virtualizer renders the rows (a row away from the window is not to be seen) */
  windowed: boolean;
  clearHighlight: () => void;
}) {
  const queryClient = useQueryClient();
  const place = useRef({ scrollTop: 0, activeId });
  place.current.activeId = activeId;
  const tableName = useTableName(label);

  const saveNow = () => {
    if (!tableName.current || rows.length === 0) return;
    savePlace(tableName.current, {
      query: scrollKey,
      savedAt: Date.now(),
      scrollTop: place.current.scrollTop,
      activeId: place.current.activeId,
      rows: rows.length,
      data: queryKey ? queryClient.getQueryData(queryKey) : undefined,
    });
  };
  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;
  useEffect(() => {
    const onPageHide = () => saveRef.current();
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the page in the app (a row opened, a link followed, Back).
      saveRef.current();
    };
  }, []);

  const pending = useRef<ReturnType<typeof readPlace> | undefined>(undefined);
  const restoredPages = useRef(false);
  const revealRestored = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (pending.current === undefined)
      pending.current = tableName.current ? readPlace(tableName.current, scrollKey) : null;
    const saved = pending.current;
    if (!saved || rows.length === 0) return;
    const young = Date.now() - saved.savedAt < PLACE_ROWS_MAX_AGE_MS;
    if (rows.length < saved.rows && saved.data && young && queryKey && !restoredPages.current) {
      restoredPages.current = true;
      queryClient.setQueryData(queryKey, (fresh: InfiniteData<unknown, unknown> | undefined) =>
        mergeSavedPages(fresh, saved.data!),
      );
      return;
    }
    pending.current = null;
    const scroller = scrollRef.current;
    if (scroller && saved.scrollTop > 0) {
      startVirtual();
      scroller.scrollTop = saved.scrollTop;
      place.current.scrollTop = scroller.scrollTop;
    }
    const index = saved.activeId ? rows.findIndex((r) => r.id === saved.activeId) : -1;
    if (index >= 0) {
      restore(index);
      revealRestored.current = saved.activeId;
    }
  }, [rows, queryKey, queryClient, scrollKey, tableName, scrollRef, startVirtual, restore]);

  // The table may reach below the window (the filters above it): once the restored
  // row is rendered it is brought into the window too, which the browser's own
  // restoring of the window's scroll, done while the page arrives, stops short of.
  useLayoutEffect(() => {
    const id = revealRestored.current;
    if (!id) return;
    const row = rowElement(scrollRef.current, id);
    if (row || windowed) revealRestored.current = null;
    row?.scrollIntoView({ block: "nearest", inline: "nearest" });
  });

  // A change of the filters (not the first render) starts at the top, with no highlight.
  const shownKey = useRef(scrollKey);
  useEffect(() => {
    if (shownKey.current === scrollKey) return;
    shownKey.current = scrollKey;
    scrollRef.current?.scrollTo({ top: 0 });
    clearHighlight();
  }, [scrollKey, scrollRef, clearHighlight]);

  return {
    /** saves at once (before a row opens: the next page may not unmount this one first) */
    save: useCallback(() => saveRef.current(), []),
    /** keeps the scroll position as it changes */
    onScroll: useCallback((scrollTop: number) => {
      place.current.scrollTop = scrollTop;
    }, []),
  };
}

/**
 * The name a table's place is saved under: the page's path and the table's label (a
 * customer page has three tables). Read after mount: the server has no location.
 */
function useTableName(label: string) {
  const name = useRef<string | null>(null);
  if (name.current === null && typeof window !== "undefined")
    name.current = `${window.location.pathname}|${label}`;
  return name;
}

export function rowElement(scroller: HTMLElement | null, id: string | undefined | null) {
  if (!scroller || !id) return null;
  return scroller.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(id)}"]`);
}
