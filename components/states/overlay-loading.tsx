"use client";

import { type RefObject, useEffect } from "react";

/**
 * A lazy overlay's Suspense fallback. While its script loads, Esc or a press outside
 * `trigger` cancels the opening, as either closes the overlay once it is open: without
 * this, an overlay dismissed before its script came would open when it did.
 */
export function OverlayLoading({
  onCancel,
  trigger,
}: {
  onCancel: () => void;
  /** the button that opened it: a press there is its own toggle, not a cancel */
  trigger?: RefObject<HTMLElement | null>;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCancel();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!trigger?.current?.contains(target)) onCancel();
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer, true);
    };
  }, [onCancel, trigger]);
  return null;
}
