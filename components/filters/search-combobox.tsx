"use client";

import { type KeyboardEvent, useContext, useEffect, useRef, useState } from "react";
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from "react-aria-components";

const SEARCH_DELAY_MS = 250;

/** What is typed, once the typing has paused: the text a search is asked for. */
export function useTypingPause(text: string): string {
  const [term, setTerm] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return term;
}

/**
 * React Aria's ComboBox as the lists' searches draw it (the customer picker, the
 * invoices list's number search): the arrow keys move through the suggestions, Enter
 * or a click picks one, Esc and a click outside close the list, the input names the
 * option in view with aria-activedescendant. Each suggestion is its name over a line
 * of detail; the list's foot says how many match. It takes over from the plain field
 * (lazy-combo-field.tsx) under the person's fingers: the caret stays at the end, and
 * the list opens for what was typed.
 */
export function SearchCombobox<Item extends { id: string }>({
  label,
  text,
  onTextChange,
  autoFocus,
  items,
  onPick,
  status,
  note,
  itemName,
  itemDetail,
  nameClass = "",
  input,
  popoverWidth,
}: {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  autoFocus: boolean;
  items: Item[];
  onPick: (item: Item) => void;
  /** what the list says when empty, and at its foot beside suggestions */
  status: string;
  /** a second line at the list's foot */
  note?: string | null;
  itemName: (item: Item) => string;
  itemDetail: (item: Item) => string;
  /** more classes of a suggestion's name */
  nameClass?: string;
  input: SearchInputProps;
  /** the Tailwind width of the suggestions' popover */
  popoverWidth: string;
}) {
  return (
    <ComboBox<Item>
      className="flex min-w-0 max-w-full flex-col"
      items={items}
      inputValue={text}
      onInputChange={onTextChange}
      selectedKey={null}
      onSelectionChange={(key) => {
        const picked = items.find((item) => item.id === key);
        if (picked) onPick(picked);
      }}
      menuTrigger="input"
      allowsCustomValue
      // Only with something typed: an emptied field (after a pick) keeps the list closed.
      allowsEmptyCollection={text.trim() !== ""}
    >
      <Label className="mb-1 block text-xs font-medium text-fg-muted">{label}</Label>
      <TakingOverInput autoFocus={autoFocus} {...input} />
      <Popover
        placement="bottom start"
        className={`${popoverWidth} overflow-hidden rounded-md border border-line bg-surface text-sm text-fg shadow-lg`}
      >
        <ListBox
          className="max-h-80 overflow-auto py-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-fg-muted">{status}</p>}
        >
          {(item: Item) => (
            <ListBoxItem
              id={item.id}
              textValue={itemName(item)}
              className="cursor-pointer px-3 py-1.5 outline-none data-[focused]:bg-accent-soft"
            >
              <span className={`block font-medium ${nameClass}`}>{itemName(item)}</span>
              <span className="block text-xs text-fg-muted">{itemDetail(item)}</span>
            </ListBoxItem>
          )}
        </ListBox>
        <ListFoot status={items.length > 0 ? status : null} note={note ?? null} />
      </Popover>
    </ComboBox>
  );
}

function ListFoot({ status, note }: { status: string | null; note: string | null }) {
  if (status === null && note === null) return null;
  return (
    <div className="border-t border-line px-3 py-1.5 text-xs text-fg-muted">
      {status !== null ? <p role="status">{status}</p> : null}
      {note !== null ? <p>{note}</p> : null}
    </div>
  );
}

interface SearchInputProps {
  placeholder: string;
  className: string;
  /** `highlighted`: an option is under the arrow keys */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>, highlighted: boolean) => void;
  maxLength?: number;
  spellCheck?: boolean;
  /** the field `/` focuses (components/command-palette/palette-launcher.tsx) */
  listSearch?: boolean;
}

/** The combobox's field; taking over with text typed, it keeps the caret at the end and opens the list. */
function TakingOverInput({
  autoFocus,
  placeholder,
  className,
  onKeyDown,
  maxLength,
  spellCheck,
  listSearch,
}: { autoFocus: boolean } & SearchInputProps) {
  const state = useContext(ComboBoxStateContext);
  const input = useRef<HTMLInputElement>(null);
  const takingOver = useRef(autoFocus);
  useEffect(() => {
    const element = input.current;
    if (!takingOver.current || !element) return;
    takingOver.current = false;
    element.setSelectionRange(element.value.length, element.value.length);
    if (element.value.trim()) state?.open(null, "input");
  }, [state]);
  return (
    <Input
      ref={input}
      autoFocus={autoFocus}
      placeholder={placeholder}
      className={className}
      maxLength={maxLength}
      spellCheck={spellCheck}
      onKeyDown={(event) => onKeyDown?.(event, state?.selectionManager.focusedKey != null)}
      data-list-search={listSearch || undefined}
    />
  );
}
