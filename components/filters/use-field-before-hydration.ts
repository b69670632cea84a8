"use client";

import { type RefObject, useEffect, useRef } from "react";

/**
 * Text typed into a field while its part of the page was still the server's HTML:
 * React takes the field over as it is, text and all, without a change event, so the
 * text would show but not count. Given to `typed` once, after hydration, as if just typed.
 */
export function useFieldBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  rendered: string,
  on: { typed: (text: string) => void },
) {
  const atMount = useRef({ rendered, on });
  useEffect(() => {
    const typed = field.current?.value;
    const { rendered, on } = atMount.current;
    if (typed !== undefined && typed !== rendered) on.typed(typed);
  }, [field]);
}
