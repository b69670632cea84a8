"use client";

import { lazy, startTransition, useId, useRef, useState } from "react";
import { toolbarInputClass } from "../filters/toolbar-classes";
import { useFieldBeforeHydration } from "../filters/use-field-before-hydration";

// React Aria's combobox loads when a person first reaches the field: not in the list's first load.
const InvoiceNumberCombobox = lazy(() => import("./invoice-number-combobox"));

export const NUMBER_SEARCH_LABEL = "Invoice number";

/**
 * The invoices list's number search: type a number, or part of it, and the invoices
 * it finds are listed to open (Enter opens the one highlighted, or the number typed).
 * It lists rather than filters: the API cannot filter by number, and the table, its
 * export, its totals and its saved views all show the API's own query; a number names
 * one invoice, so finding it means opening it. A plain field until a person reaches
 * it (pointer or focus, also before the page's script ran), then React Aria's
 * combobox (invoice-number-combobox.tsx) takes over with what was typed and the focus.
 */
export function InvoiceNumberSearch() {
  const [text, setText] = useState("");
  const [reached, setReached] = useState(false);
  const focused = useRef(false);
  const reach = () => startTransition(() => setReached(true));
  return (
    <div className="mb-4 min-w-0 max-w-full">
      {reached ? (
        <InvoiceNumberCombobox text={text} onTextChange={setText} autoFocus={focused.current} />
      ) : (
        <PlainField
          text={text}
          onTextChange={setText}
          onPointerEnter={reach}
          onFocused={() => {
            focused.current = true;
            reach();
          }}
          onBlurred={() => {
            focused.current = false;
          }}
        />
      )}
    </div>
  );
}

/** The field as the server sends it: what is typed and the focus pass to the combobox. */
function PlainField({
  text,
  onTextChange,
  onPointerEnter,
  onFocused,
  onBlurred,
}: {
  text: string;
  onTextChange: (text: string) => void;
  onPointerEnter: () => void;
  onFocused: () => void;
  onBlurred: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useFieldBeforeHydration(input, "", { typed: onTextChange, focused: onFocused });
  return (
    <>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
        {NUMBER_SEARCH_LABEL}
      </label>
      <input
        id={id}
        ref={input}
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        placeholder="Find by number…"
        className={`${toolbarInputClass} w-44 max-w-full`}
        value={text}
        maxLength={100}
        onChange={(e) => onTextChange(e.target.value)}
        onPointerEnter={onPointerEnter}
        onFocus={onFocused}
        onBlur={onBlurred}
        autoComplete="off"
        spellCheck={false}
      />
    </>
  );
}
