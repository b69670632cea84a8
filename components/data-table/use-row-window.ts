import {
  type ComponentType,
  lazy,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { RowVirtualizerProps } from "./row-virtualizer";
import { FIRST_ROWS, PREFETCH_ROWS } from "./table-geometry";

const loadRowVirtualizer = () => import("./row-virtualizer");

/**
 * TanStack Virtual, loaded on the table's first scroll: only a scroll needs it. Should
 * its script fail to load, every row is rendered instead of the page failing.
 */
export const LazyRowVirtualizer = lazy<ComponentType<RowVirtualizerProps>>(() =>
  loadRowVirtualizer().catch(() => ({ default: EveryRow })),
);

/** Every loaded row, the next page on "Load more" only (the rows drawn tell nothing of the scroll). */
function EveryRow({ count, onWindow }: RowVirtualizerProps) {
  useLayoutEffect(() => onWindow(0, count, false), [count, onWindow]);
  return null;
}

export interface RowWindow {
  /** the first rendered row's index */
  start: number;
  /** one past the last rendered row's index */
  end: number;
  /** the next page is read ahead as the window nears the end */
  readAhead: boolean;
}

/**
 * The rows a table renders: the first FIRST_ROWS until the person scrolls it (the
 * server's HTML and the first load), then those the virtualizer says are in view.
 * The same rows stay mounted as the window moves: the virtualizer only moves the window.
 * The next page is read ahead once the window comes within PREFETCH_ROWS of the end.
 */
export function useRowWindow({
  count,
  loadMore,
  scrollRef,
  headRef,
  cardHeight,
}: {
  count: number;
  loadMore: () => void;
  scrollRef: RefObject<HTMLElement | null>;
  headRef: RefObject<HTMLElement | null>;
  /** px: a card's height in a narrow table; null when the table has no cards */
  cardHeight: number | null;
}) {
  const [virtual, setVirtual] = useState(false);
  const [measured, setMeasured] = useState<RowWindow | null>(null);
  const startVirtual = useCallback(() => setVirtual(true), []);
  const shown = virtual && measured ? measured : { start: 0, end: FIRST_ROWS, readAhead: true };
  const range = { start: Math.min(shown.start, count), end: Math.min(shown.end, count) };

  const { readAhead } = shown;
  useEffect(() => {
    if (readAhead && count > 0 && range.end - 1 >= count - PREFETCH_ROWS) loadMore();
  }, [readAhead, range.end, count, loadMore]);

  // A row asked for before the virtualizer arrived (j past the first rows) is scrolled to then.
  const revealRef = useRef<((index: number) => void) | null>(null);
  const pendingReveal = useRef<number | null>(null);
  const onReveal = useCallback((reveal: ((index: number) => void) | null) => {
    revealRef.current = reveal;
    if (reveal && pendingReveal.current !== null) reveal(pendingReveal.current);
    pendingReveal.current = null;
  }, []);
  const onWindow = useCallback(
    (start: number, end: number, readAhead = true) =>
      setMeasured((last) =>
        last?.start === start && last.end === end && last.readAhead === readAhead
          ? last
          : { start, end, readAhead },
      ),
    [],
  );

  /**
   * Scrolls row `index` into view: the virtualizer's way once it is here, the DOM's
   * before. The latest ask wins: End then Home before the virtualizer arrives stays home.
   */
  const reveal = useCallback(
    (index: number, row: HTMLElement | null) => {
      pendingReveal.current = null;
      if (revealRef.current) revealRef.current(index);
      else if (row) row.scrollIntoView({ block: "nearest" });
      else {
        pendingReveal.current = index;
        startVirtual();
      }
    },
    [startVirtual],
  );

  const virtualizer: RowVirtualizerProps | null = virtual
    ? { count, scrollRef, headRef, cardHeight, onWindow, onReveal }
    : null;
  return {
    range,
    /** the virtualizer has said which rows to render (a row outside them is not to be seen) */
    windowed: virtual && measured !== null,
    startVirtual,
    /** fetches the virtualizer's script ahead of the first scroll (the pointer over the table) */
    preload: loadRowVirtualizer,
    reveal,
    virtualizer,
  };
}
