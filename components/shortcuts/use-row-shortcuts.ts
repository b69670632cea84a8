"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { isInteractive, shortcutApplies } from "./applies";

/**
 * j/k move a highlighted row through a list, Enter opens it (as in Linear or Gmail).
 * The highlight is an index into the loaded rows; `reveal` scrolls it into view
 * (the table's row window then renders it), and moving past the last loaded row
 * asks for the next page and lands on its first row once it arrives. `moveBy` and
 * `moveTo` are the same moves for the table's own keys (arrows, Page Up/Down,
 * Home/End, which work while the table has the focus, also where j/k are off);
 * `restore` puts the highlight back without scrolling (Back to the list).
 */
export function useRowShortcuts({
  enabled,
  count,
  canLoadMore,
  loadMore,
  open,
  reveal,
  describe,
}: {
  enabled: boolean;
  count: number;
  canLoadMore: boolean;
  loadMore: () => void;
  open: (index: number) => void;
  reveal: (index: number) => void;
  describe: (index: number) => string;
}) {
  const [active, setActiveState] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // "j" pressed on the last loaded row: move on when the next page is in.
  const [waitingForMore, setWaitingForMore] = useState(false);

  // The listener is attached once; it reads the latest values from here.
  const latest = useRef({ active, count, canLoadMore, loadMore, open });
  latest.current = { active, count, canLoadMore, loadMore, open };
  // A highlight put back by `restore` is where the table already shows it: no scroll.
  const quiet = useRef(false);
  // Kept at once, not on the next render: keys given in one go (a fast key repeat)
  // each move on from the one before.
  const setActive = useCallback((index: number | null) => {
    latest.current.active = index;
    setActiveState(index);
  }, []);

  /** Moves the highlight `delta` rows (from none: to the first); past the end, loads more. */
  const moveBy = useCallback(
    (delta: number) => {
      const { active, count, canLoadMore, loadMore } = latest.current;
      if (count === 0) return;
      if (active === null) setActive(0);
      else if (delta < 0) setActive(Math.max(0, active + delta));
      else if (active + 1 < count) setActive(Math.min(count - 1, active + delta));
      else if (canLoadMore) {
        setWaitingForMore(true);
        loadMore();
      }
    },
    [setActive],
  );
  const moveTo = useCallback(
    (index: number) => {
      const { count } = latest.current;
      if (count > 0) setActive(Math.max(0, Math.min(count - 1, index)));
    },
    [setActive],
  );
  const restore = useCallback(
    (index: number) => {
      quiet.current = true;
      setActive(index);
    },
    [setActive],
  );

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shortcutApplies(event)) return;
      const { active, open } = latest.current;
      if (event.key === "j" || event.key === "k") {
        event.preventDefault();
        moveBy(event.key === "j" ? 1 : -1);
      } else if (event.key === "Enter" && active !== null && !isInteractive(event.target)) {
        event.preventDefault();
        open(active);
      } else if (event.key === "Escape" && active !== null) {
        setActive(null);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, moveBy, setActive]);

  useEffect(() => {
    if (!waitingForMore || active === null) return;
    if (active + 1 < count) {
      setWaitingForMore(false);
      setActive(active + 1);
    } else if (!canLoadMore) setWaitingForMore(false);
  }, [waitingForMore, active, count, canLoadMore, setActive]);

  // Scroll first, then describe the row once it is rendered (next frame).
  const revealRef = useRef(reveal);
  revealRef.current = reveal;
  const describeRef = useRef(describe);
  describeRef.current = describe;
  useEffect(() => {
    if (active === null) {
      setAnnouncement("");
      return;
    }
    if (quiet.current) quiet.current = false;
    else revealRef.current(active);
    const frame = requestAnimationFrame(() => setAnnouncement(describeRef.current(active)));
    return () => cancelAnimationFrame(frame);
  }, [active]);

  return { active, setActive, announcement, moveBy, moveTo, restore };
}
