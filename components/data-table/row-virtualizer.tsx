"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { CARDS_BELOW, OVERSCAN, ROW_HEIGHT } from "./table-geometry";

export interface RowVirtualizerProps {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  headRef: RefObject<HTMLElement | null>;
  /** px: a card's height, the rows' in a narrow box; null when the table has no cards */
  cardHeight: number | null;
  /** told which rows to render (those in view and the overscan) as they change */
  onWindow: (start: number, end: number, readAhead?: boolean) => void;
  /** given a way to scroll a row into view (j/k), and null when it goes */
  onReveal: (reveal: ((index: number) => void) | null) => void;
}

/**
 * TanStack Virtual over a table's rows: renders nothing, tells the table which rows
 * the scroll position shows. Loaded on the table's first scroll (use-row-window.ts):
 * until then the first rows are all the table renders.
 */
export default function RowVirtualizer({
  count,
  scrollRef,
  headRef,
  cardHeight,
  onWindow,
  onReveal,
}: RowVirtualizerProps) {
  const box = useTableBox(scrollRef, headRef, cardHeight);
  // The rows start below the sticky header: the virtualizer counts it as a margin
  // (row positions) and as scroll padding (a row scrolled to is not hidden under it).
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => box.rowHeight,
    overscan: OVERSCAN,
    scrollMargin: box.headerHeight,
    scrollPaddingStart: box.headerHeight,
    initialRect: { width: box.width, height: box.height },
    // It starts where the person scrolled to (by default it would scroll back to the top).
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
  });
  // A phone turned sideways (cards), or headers wrapping, change the heights.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when they change
  useEffect(() => virtualizer.measure(), [virtualizer, box.rowHeight, box.headerHeight]);
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = (items.at(-1)?.index ?? -1) + 1;
  useLayoutEffect(() => onWindow(start, end), [start, end, onWindow]);
  useLayoutEffect(() => {
    onReveal((index) => virtualizer.scrollToIndex(index));
    return () => onReveal(null);
  }, [virtualizer, onReveal]);
  return null;
}

/** The table box's size, its header's height and its rows' (a card's below CARDS_BELOW). */
function readBox(box: HTMLElement | null, head: HTMLElement | null, cardHeight: number | null) {
  const width = box?.clientWidth ?? 0;
  return {
    width,
    height: box?.clientHeight ?? 0,
    headerHeight: head?.offsetHeight ?? 0,
    rowHeight: cardHeight !== null && width < CARDS_BELOW ? cardHeight : ROW_HEIGHT,
  };
}

/**
 * readBox as the box and its header change size. When the rows change height (rows to
 * cards and back), the scroll offset is scaled with them, so the row at the top stays
 * there: CSS has already resized the rows above it when the observer is told.
 */
function useTableBox(
  scrollRef: RefObject<HTMLElement | null>,
  headRef: RefObject<HTMLElement | null>,
  cardHeight: number | null,
) {
  const [size, setSize] = useState(() => readBox(scrollRef.current, headRef.current, cardHeight));
  const sizeRef = useRef(size);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const observer = new ResizeObserver(() => {
      const last = sizeRef.current;
      const next = readBox(box, headRef.current, cardHeight);
      if (next.rowHeight === last.rowHeight && next.headerHeight === last.headerHeight) return;
      if (next.rowHeight !== last.rowHeight && last.rowHeight > 0)
        box.scrollTop = Math.round((box.scrollTop * next.rowHeight) / last.rowHeight);
      sizeRef.current = next;
      setSize(next);
    });
    observer.observe(box);
    if (headRef.current) observer.observe(headRef.current);
    return () => observer.disconnect();
  }, [scrollRef, headRef, cardHeight]);
  return size;
}
