"use client";

import { useEffect, useRef } from "react";

/** The palette's frame and field as command-palette.tsx draws them: one replaces the other in place. */
const paletteClasses = {
  overlay: "fixed inset-0 z-50 bg-inverse/40",
  modal:
    "mx-auto mt-[12vh] w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface text-fg shadow-xl outline-none",
  input:
    "w-full rounded-t-lg border-b border-line bg-surface px-4 py-3 text-sm text-fg outline-none placeholder:text-fg-subtle",
};

/**
 * The palette as it opens, while its script (React Aria, the searches) is on its way:
 * the same frame and field, so what is typed lands in it and the palette starts from
 * it. Enter is kept: the palette opens its first match for the text once found. Esc
 * and a click outside close it; so does the focus leaving it (the person moved on),
 * so the palette never pops up late over another field.
 */
export function PaletteShell({
  text,
  onTextChange,
  onEnter,
  onClose,
}: {
  text: string;
  onTextChange: (text: string) => void;
  /** Enter pressed on `text` */
  onEnter: () => void;
  /** `returnFocus`: put the focus back where it was (Esc, a click outside) */
  onClose: (returnFocus: boolean) => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop; Esc closes from the field
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop; Esc closes from the field
    <div
      className={paletteClasses.overlay}
      onClick={(event) => {
        if (!dialog.current?.contains(event.target as Node)) onClose(true);
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        aria-busy="true"
        className={paletteClasses.modal}
      >
        <input
          ref={input}
          aria-label="Search pages, saved views and customers"
          placeholder="Jump to a page, a saved view or a customer…"
          autoComplete="off"
          className={paletteClasses.input}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              onEnter();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onClose(true);
            }
          }}
          onBlur={(event) => {
            // Focus gone elsewhere (Tab, another window's field): not while the page
            // itself takes it for a moment, nor when the palette takes over.
            if (event.relatedTarget && !dialog.current?.contains(event.relatedTarget))
              onClose(false);
          }}
        />
        <p role="status" className="px-4 py-2 text-sm text-fg-muted">
          Opening…
        </p>
      </div>
    </div>
  );
}
