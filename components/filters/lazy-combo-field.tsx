"use client";

import { type FormEvent, startTransition, useId, useRef, useState } from "react";
import { toolbarInputClass } from "./toolbar-classes";
import { useFieldBeforeHydration } from "./use-field-before-hydration";

/**
 * A search field that is a plain input until a person reaches it (pointer or focus,
 * also before the page's script ran), then a React Aria combobox loaded on that first
 * reach: what was typed, the focus and an Enter pressed meanwhile pass to it. The
 * customer picker and the invoices list's number search are made of it.
 */
export function useLazyComboField() {
  const [text, setText] = useState("");
  const [reached, setReached] = useState(false);
  // What Enter was pressed on in the plain field, before the combobox came.
  const [enterOn, setEnterOn] = useState<string | null>(null);
  const focused = useRef(false);
  // A transition: the plain input stays, under the person's fingers, until the combobox is here.
  const reach = () => startTransition(() => setReached(true));
  return {
    text,
    setText,
    reached,
    /** the combobox takes the focus the plain field had */
    autoFocus: focused.current,
    /** Enter was pressed in the plain field on what is typed now */
    enterBeforeLoad: enterOn !== null && enterOn.trim() === text.trim(),
    plain: {
      text,
      onTextChange: setText,
      onPointerEnter: reach,
      onFocused: () => {
        focused.current = true;
        reach();
      },
      onEnter: () => setEnterOn(text),
      onBlurred: () => {
        focused.current = false;
      },
    },
  };
}

/** The field as the server sends it: what is typed and the focus pass to the combobox. */
export function PlainComboField({
  label,
  placeholder,
  width,
  maxLength,
  spellCheck,
  listSearch,
  submitTo,
  text,
  onTextChange,
  onPointerEnter,
  onFocused,
  onEnter,
  onBlurred,
}: {
  label: string;
  placeholder: string;
  /** the Tailwind width of the field */
  width: string;
  maxLength?: number;
  spellCheck?: boolean;
  /** the field `/` focuses (components/command-palette/palette-launcher.tsx) */
  listSearch?: boolean;
  /**
   * Where the browser itself sends what is typed (GET, as `name`) when Enter comes
   * before the page's script: once hydrated, `onEnter` answers it instead.
   */
  submitTo?: { action: string; name: string };
} & ReturnType<typeof useLazyComboField>["plain"]) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useFieldBeforeHydration(input, "", { typed: onTextChange, focused: onFocused });
  const Wrapper = submitTo ? "form" : "div";
  return (
    <Wrapper
      className="min-w-0 max-w-full"
      {...(submitTo && {
        action: submitTo.action,
        method: "get",
        onSubmit: (e: FormEvent) => e.preventDefault(),
      })}
    >
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        placeholder={placeholder}
        className={`${toolbarInputClass} ${width} max-w-full`}
        value={text}
        maxLength={maxLength}
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onEnter();
        }}
        onPointerEnter={onPointerEnter}
        onFocus={onFocused}
        onBlur={onBlurred}
        autoComplete="off"
        spellCheck={spellCheck}
        data-list-search={listSearch || undefined}
        name={submitTo?.name}
      />
    </Wrapper>
  );
}
