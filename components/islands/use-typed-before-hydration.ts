"use client";

import { type RefObject, useEffect, useRef } from "react";

/**
 * Text typed into a field while its part of the page was still the server's HTML
 * (deferred-island.tsx): React takes the field over as it is, text and all, without
 * a change event, so the text would show but not count. Given to `onTyped` once,
 * after hydration, as if just typed.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  rendered: string,
  onTyped: (typed: string) => void,
) {
  const atHydration = useRef({ rendered, onTyped });
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== atHydration.current.rendered)
      atHydration.current.onTyped(typed);
  }, [field]);
}
