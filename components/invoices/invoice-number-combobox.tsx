"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useContext, useEffect, useRef, useState } from "react";
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from "react-aria-components";
import { fetchSearch, looksLikeNumber } from "@/lib/search/client";
import { indexNote, invoiceCount, invoiceDetail } from "@/lib/search/describe";
import type { InvoiceMatch } from "@/lib/search/types";
import { toolbarInputClass } from "../filters/toolbar-classes";
import { NUMBER_SEARCH_LABEL } from "./invoice-number-search";

const SEARCH_DELAY_MS = 250;

/**
 * The number search's combobox: the invoices whose number holds what is typed (the
 * server's number index), each with its customer, status, total and date; the arrow
 * keys move through them, Enter or a click opens one, Enter with none highlighted
 * opens the number as typed (`/invoices/<number>`, which says what it found).
 */
export default function InvoiceNumberCombobox({
  text,
  onTextChange,
  autoFocus,
}: {
  text: string;
  onTextChange: (text: string) => void;
  autoFocus: boolean;
}) {
  const router = useRouter();
  const typed = text.trim();
  const [term, setTerm] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ["invoice-number-search", term],
    queryFn: async ({ signal }) => (await fetchSearch(term, "invoices", signal)).invoices!,
    enabled: looksLikeNumber(term),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
  const current =
    search.data && search.data.term === typed.replace(/^#\s*/, "").toUpperCase()
      ? search.data
      : undefined;
  const items = !looksLikeNumber(typed)
    ? []
    : (current?.shown ?? (search.data?.shown ?? []).filter((m) => holds(m, typed)));
  const status = !looksLikeNumber(typed)
    ? "Type a number, or the digits you know of it"
    : search.isError && !search.isFetching
      ? "Invoices could not be searched"
      : current
        ? invoiceCount(current)
        : "Searching…";
  const note = current ? indexNote(current.index) : null;
  const open = (href: string) => {
    onTextChange("");
    router.push(href);
  };

  return (
    <ComboBox<InvoiceMatch>
      className="flex min-w-0 max-w-full flex-col"
      items={items}
      inputValue={text}
      onInputChange={onTextChange}
      selectedKey={null}
      onSelectionChange={(key) => {
        if (key !== null) open(`/invoices/${key}`);
      }}
      menuTrigger="input"
      allowsCustomValue
      allowsEmptyCollection={typed !== ""}
    >
      <Label className="mb-1 block text-xs font-medium text-fg-muted">{NUMBER_SEARCH_LABEL}</Label>
      <NumberInput
        autoFocus={autoFocus}
        onEnterUnhighlighted={() => {
          if (typed) open(`/invoices/${encodeURIComponent(typed)}`);
        }}
      />
      <Popover
        placement="bottom start"
        className="w-[min(28rem,calc(100vw-1rem))] overflow-hidden rounded-md border border-line bg-surface text-sm text-fg shadow-lg"
      >
        <ListBox
          className="max-h-80 overflow-auto py-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-fg-muted">{status}</p>}
        >
          {(invoice: InvoiceMatch) => (
            <ListBoxItem
              id={invoice.id}
              textValue={invoice.number}
              className="cursor-pointer px-3 py-1.5 outline-none data-[focused]:bg-accent-soft"
            >
              <span className="block font-medium tabular-nums">{invoice.number}</span>
              <span className="block text-xs text-fg-muted">{invoiceDetail(invoice)}</span>
            </ListBoxItem>
          )}
        </ListBox>
        {items.length > 0 || note ? (
          <div className="border-t border-line px-3 py-1.5 text-xs text-fg-muted">
            {items.length > 0 ? <p role="status">{status}</p> : null}
            {note ? <p>{note}</p> : null}
          </div>
        ) : null}
      </Popover>
    </ComboBox>
  );
}

/** A number found for an earlier text that still holds what is typed (kept until the answer). */
function holds(invoice: InvoiceMatch, typed: string): boolean {
  return invoice.number.toUpperCase().includes(typed.replace(/^#\s*/, "").toUpperCase());
}

/** The field; Enter with no invoice highlighted opens the number as typed. */
function NumberInput({
  autoFocus,
  onEnterUnhighlighted,
}: {
  autoFocus: boolean;
  onEnterUnhighlighted: () => void;
}) {
  const state = useContext(ComboBoxStateContext);
  const input = useRef<HTMLInputElement>(null);
  const typedAtTakeOver = useRef(autoFocus);
  useEffect(() => {
    // Taking over from the plain field under the person's fingers: the caret stays at
    // the end, and the list opens for what was typed.
    const element = input.current;
    if (!typedAtTakeOver.current || !element) return;
    element.setSelectionRange(element.value.length, element.value.length);
    if (element.value.trim()) state?.open(null, "input");
    typedAtTakeOver.current = false;
  }, [state]);
  return (
    <Input
      ref={input}
      autoFocus={autoFocus}
      placeholder="Find by number…"
      spellCheck={false}
      maxLength={100}
      className={`${toolbarInputClass} w-44 max-w-full focus:outline-2 focus:outline-accent`}
      onKeyDown={(event) => {
        if (event.key === "Enter" && state?.selectionManager.focusedKey == null)
          onEnterUnhighlighted();
      }}
    />
  );
}
