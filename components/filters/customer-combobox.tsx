"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserFetcher, type CustomerRecord, customerQueryOptions } from "@/lib/api/client";
import {
  customerDetail,
  searchCustomers,
  stillMatching,
  suggestionCount,
} from "./customer-suggestions";
import { SearchCombobox, useTypingPause } from "./search-combobox";
import { useEnterPicksOnly } from "./use-enter-picks-only";

const inputClass =
  "w-52 max-w-full rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg placeholder:text-fg-subtle focus:outline-2 focus:outline-accent";

/**
 * The customer picker's combobox (search-combobox.tsx). Suggestions come from the
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
  const term = useTypingPause(text);
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
    <SearchCombobox<CustomerRecord>
      label={label}
      text={text}
      onTextChange={onTextChange}
      autoFocus={autoFocus}
      items={items}
      onPick={pick}
      status={status}
      itemName={(customer) => customer.name}
      itemDetail={(customer) => customerDetail(customer, typed)}
      input={{
        placeholder: "Add a customer…",
        className: inputClass,
        onKeyDown: enterPicksOnly,
        listSearch: true,
      }}
      popoverWidth="w-[min(26rem,calc(100vw-1rem))]"
    />
  );
}
