"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
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
import { browserFetcher, type CustomerRecord, customerQueryOptions } from "@/lib/api/client";
import {
  customerDetail,
  searchCustomers,
  stillMatching,
  suggestionCount,
} from "./customer-suggestions";
import { useEnterPicksOnly } from "./use-enter-picks-only";

const SEARCH_DELAY_MS = 250;

export const inputClass =
  "w-52 max-w-full rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg placeholder:text-fg-subtle focus:outline-2 focus:outline-accent";

/**
 * The customer picker's combobox (React Aria's ComboBox: the arrow keys move through
 * the suggestions, Enter picks, Esc and a click outside close the list, the input
 * names the option in view with aria-activedescendant). Suggestions come from the
 * server's customer index: any words of a name in any order, or an e-mail or domain.
 * Loaded when a person first reaches the picker (customer-picker.tsx shows a plain
 * input until then), so the list pages' first load does not carry React Aria. Each
 * suggestion says what tells same-named customers apart, and the list's foot how
 * many match.
 */
export default function CustomerCombobox({
  label,
  text,
  onTextChange,
  onPick,
  autoFocus,
  enterBeforeLoad = false,
}: {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  onPick: (id: string) => void;
  autoFocus: boolean;
  /** Enter was pressed in the plain field before the combobox arrived */
  enterBeforeLoad?: boolean;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    // Taking over from the plain input under the person's fingers: the caret stays at the end.
    const element = input.current;
    if (autoFocus && element) element.setSelectionRange(element.value.length, element.value.length);
  }, [autoFocus]);
  const typed = text.trim();
  const search = useQuery({
    queryKey: ["customer-suggestions", term],
    queryFn: ({ signal }) => searchCustomers(term, signal),
    enabled: term.length > 0,
    staleTime: 30_000,
    // While the search for what is typed now runs (and during the typing pause before
    // it), the last one's suggestions stay, those that still match: the list neither
    // empties to "Searching…" between keys nor loses the suggestion the arrow keys are on.
    placeholderData: keepPreviousData,
  });
  // The answer for exactly what is typed: only it is counted, and shown as found.
  const current =
    search.data?.term === typed && !search.isPlaceholderData ? search.data : undefined;
  const items = !typed
    ? []
    : current
      ? current.shown
      : search.data
        ? stillMatching(search.data.shown, typed)
        : [];
  const status = !typed
    ? "Type words of a name, or an e-mail"
    : search.isError && !search.isFetching
      ? "Customers could not be searched"
      : current
        ? suggestionCount(current)
        : "Searching…";
  const pick = (customer: CustomerRecord) => {
    // The chip names the customer at once from what the suggestion held.
    queryClient.setQueryData(customerQueryOptions(browserFetcher, customer.id).queryKey, customer);
    onPick(customer.id);
    onTextChange("");
  };
  const enterPicksOnly = useEnterPicksOnly({ typed, answer: current, pick, enterBeforeLoad });

  return (
    <ComboBox<CustomerRecord>
      className="flex min-w-0 max-w-full flex-col"
      items={items}
      inputValue={text}
      onInputChange={onTextChange}
      selectedKey={null}
      onSelectionChange={(key) => {
        const picked = items.find((c) => c.id === key);
        if (picked) pick(picked);
      }}
      menuTrigger="input"
      allowsCustomValue
      // Only with a name typed: an emptied field (after a pick) keeps the list closed.
      allowsEmptyCollection={text.trim() !== ""}
    >
      <OpenOnTakeOver typed={autoFocus && text.trim() !== ""} />
      <Label className="mb-1 block text-xs font-medium text-fg-muted">{label}</Label>
      <Input
        ref={input}
        autoFocus={autoFocus}
        onKeyDown={enterPicksOnly}
        placeholder="Add a customer…"
        className={inputClass}
        data-list-search
      />
      <Popover
        placement="bottom start"
        className="w-[min(26rem,calc(100vw-1rem))] overflow-hidden rounded-md border border-line bg-surface text-sm text-fg shadow-lg"
      >
        <ListBox
          className="max-h-80 overflow-auto py-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-fg-muted">{status}</p>}
        >
          {(customer: CustomerRecord) => (
            <ListBoxItem
              id={customer.id}
              textValue={customer.name}
              className="cursor-pointer px-3 py-1.5 outline-none data-[focused]:bg-accent-soft"
            >
              <span className="block font-medium">{customer.name}</span>
              <span className="block text-xs text-fg-muted">{customerDetail(customer, typed)}</span>
            </ListBoxItem>
          )}
        </ListBox>
        {items.length > 0 ? (
          <p className="border-t border-line px-3 py-1.5 text-xs text-fg-muted" role="status">
            {status}
          </p>
        ) : null}
      </Popover>
    </ComboBox>
  );
}

/**
 * Opens the list at once when the combobox takes over from the plain input with a name
 * already typed (the combobox opens on its own input's typing only).
 */
function OpenOnTakeOver({ typed }: { typed: boolean }) {
  const state = useContext(ComboBoxStateContext);
  const once = useRef(typed);
  useEffect(() => {
    if (once.current) state?.open(null, "input");
    once.current = false;
  }, [state]);
  return null;
}
