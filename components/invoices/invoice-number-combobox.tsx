"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { invoiceNumberHref } from "@/lib/record-links";
import { fetchSearch, looksLikeNumber } from "@/lib/search/client";
import { indexNote, invoiceCount, invoiceDetail } from "@/lib/search/describe";
import type { InvoiceMatch } from "@/lib/search/types";
import { SearchCombobox, useTypingPause } from "../filters/search-combobox";
import { toolbarInputClass } from "../filters/toolbar-classes";
import { NUMBER_SEARCH_LABEL } from "./invoice-number-search";

/**
 * The number search's combobox (search-combobox.tsx): the invoices whose number holds
 * what is typed (the server's number index), each with its customer, status, total
 * and date; the arrow keys move through them, Enter or a click opens one, Enter with
 * none highlighted opens the number as typed (`/invoices/<number>`, which says what it
 * found).
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
  const term = useTypingPause(text);
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
  const open = (href: string) => {
    onTextChange("");
    router.push(href);
  };

  return (
    <SearchCombobox<InvoiceMatch>
      label={NUMBER_SEARCH_LABEL}
      text={text}
      onTextChange={onTextChange}
      autoFocus={autoFocus}
      items={items}
      onPick={(invoice) => open(`/invoices/${invoice.id}`)}
      status={status}
      note={current ? indexNote(current.index) : null}
      itemName={(invoice) => invoice.number}
      itemDetail={invoiceDetail}
      nameClass="tabular-nums"
      input={{
        placeholder: "Find by number…",
        className: `${toolbarInputClass} w-44 max-w-full focus:outline-2 focus:outline-accent`,
        maxLength: 100,
        spellCheck: false,
        onKeyDown: (event, highlighted) => {
          if (event.key === "Enter" && !highlighted && typed) open(invoiceNumberHref(typed));
        },
      }}
      popoverWidth="w-[min(28rem,calc(100vw-1rem))]"
    />
  );
}

/** A number found for an earlier text that still holds what is typed (kept until the answer). */
function holds(invoice: InvoiceMatch, typed: string): boolean {
  return invoice.number.toUpperCase().includes(typed.replace(/^#\s*/, "").toUpperCase());
}
