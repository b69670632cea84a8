"use client";

import { type RefObject, useEffect, useRef } from "react";

/**
 * What a person did in a field before React owned it (the page's script still on its
 * way): React keeps the typed text on screen but fires no change event for it, nor a
 * focus event (facebook/react#12955; the replay of facebook/react#33129 is not in
 * React's stable builds). Read once when the field mounts and handed on as if it had
 * just happened, the workaround that issue gives.
 */
export function useFieldBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  rendered: string,
  on: { typed: (text: string) => void; focused?: () => void },
) {
  const atMount = useRef({ rendered, on });
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    const { rendered, on } = atMount.current;
    if (element.value !== rendered) on.typed(element.value);
    if (element === document.activeElement) on.focused?.();
  }, [field]);
}
