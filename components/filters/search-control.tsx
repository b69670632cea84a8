"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { FilterField } from "@/lib/lists/define";
import type { SetFilterValues } from "./filter-fields";
import { toolbarInputClass } from "./toolbar-classes";
import { useFieldBeforeHydration } from "./use-field-before-hydration";

/** How long typing in a search box rests before the URL (and so the list) follows. */
const SEARCH_DEBOUNCE_MS = 350;

/**
 * What a search field shows once the URL's search changes. When the URL only caught up
 * with the field's own write, what was typed since stays: on a busy page the URL's
 * render can come after the next keystroke, which it would otherwise undo. Any other
 * change (back, forward, "clear") shows what the URL says, but keeps a trailing space
 * being typed, which the URL drops.
 */
export function searchTextAfterUrlChange(
  shown: string,
  inUrl: string,
  written: string | null,
): string {
  if (inUrl === written) return shown;
  return shown.trim() === inUrl ? shown : inUrl;
}

/** A list's name search: typing replaces the URL's search once it rests. */
export function SearchControl({
  field,
  value,
  setValues,
}: {
  field: Extract<FilterField, { kind: "search" }>;
  value: string;
  setValues: SetFilterValues;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What this field wrote to the URL, until the URL says it; and what the URL says.
  const written = useRef<string | null>(null);
  const inUrl = useRef(value);
  useEffect(() => {
    inUrl.current = value;
    setText((shown) => searchTextAfterUrlChange(shown, value, written.current));
    written.current = null;
  }, [value]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const onTyped = (typed: string) => {
    setText(typed);
    // Typing replaces the history entry, once it rests, so back skips the keystrokes.
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      const next = typed.trim();
      if (next === inUrl.current) return;
      written.current = next;
      setValues({ [field.key]: next || null }, { history: "replace" });
    }, SEARCH_DEBOUNCE_MS);
  };
  const input = useRef<HTMLInputElement>(null);
  useFieldBeforeHydration(input, text, { typed: onTyped });
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
        {field.label}
      </label>
      <input
        id={id}
        type="search"
        data-list-search
        placeholder="Search by name…"
        className={`${toolbarInputClass} w-56 max-w-full`}
        value={text}
        maxLength={200}
        ref={input}
        onChange={(e) => onTyped(e.target.value)}
      />
    </div>
  );
}
