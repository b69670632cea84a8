"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useEffectEvent, useState } from "react";
import {
  Autocomplete,
  Dialog,
  Header,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Modal,
  ModalOverlay,
  TextField,
} from "react-aria-components";
import { SITE_PAGES } from "@/components/layout/site-pages";
import { type SavedView, savedViewHref } from "@/lib/saved-views/schema";
import { looksLikeNumber } from "@/lib/search/client";
import { indexNote, invoiceCount, invoiceDetail } from "@/lib/search/describe";
import type { SearchAnswer } from "@/lib/search/types";
import { customerDetail, suggestionCount } from "../filters/customer-suggestions";
import { useSavedViews } from "../saved-views/use-saved-views";
import { type PaletteSearch, type Shown, shownResults, usePaletteSearch } from "./customer-search";
import { unpaidInvoiceJumps } from "./unpaid-jumps";

/** Every page one can jump to, with the words people may type for it. */
const PAGES = SITE_PAGES;

/** One option of the palette: where it leads, and how it reads. */
interface Jump {
  id: string;
  href: string;
  /** the words a screen reader and type-ahead use */
  name: string;
  content: ReactNode;
}

/**
 * Ctrl/Cmd+K: jump to a page by name, to one of the person's saved views by part of
 * its name (the account's, or this browser's in the open demo: the same list the
 * navigation shows), to an invoice by its number or part of it, or to a customer by
 * any words of its name or its e-mail (the server's search indexes, /api/search).
 * React Aria's Autocomplete over a
 * listbox in a modal dialog: focus stays inside, Esc closes it, typing highlights the
 * first option and the field names the highlighted one (aria-activedescendant).
 */
export default function CommandPalette({
  initialText = "",
  enterEarly = false,
  onClose,
}: {
  /** typed before the palette's script arrived (palette-shell.tsx) */
  initialText?: string;
  /** Enter was pressed on `initialText` before the script arrived: open its first match */
  enterEarly?: boolean;
  /** `navigating`: a page was picked */
  onClose: (navigating: boolean) => void;
}) {
  const router = useRouter();
  const [text, setText] = useState(initialText);
  const search = usePaletteSearch(text);
  const { views } = useSavedViews();
  const words = text.trim().toLowerCase();
  const sections = jumpSections(words, matchingViews(views, words), shownResults(search), text);
  const go = (id: string) => {
    const jump = sections.flatMap((section) => section.jumps).find((j) => j.id === id);
    if (!jump) return;
    onClose(true);
    router.push(jump.href);
  };
  useEarlyEnter({ enterEarly, initialText, text, search, first: sections[0]?.jumps[0], go });

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
      className="fixed inset-0 z-50 bg-inverse/40"
    >
      <Modal className="mx-auto mt-[12vh] w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface text-fg shadow-xl outline-none">
        <Dialog aria-label="Command palette" className="outline-none">
          <Autocomplete inputValue={text} onInputChange={setText}>
            <TextField aria-label="Search pages, saved views, invoices and customers" autoFocus>
              <Input
                placeholder="A page, view, invoice number or customer…"
                className="w-full rounded-t-lg border-b border-line bg-surface px-4 py-3 text-sm text-fg outline-none placeholder:text-fg-subtle"
              />
            </TextField>
            <ListBox
              aria-label="Pages, saved views, invoices and customers"
              onAction={(key) => go(String(key))}
              shouldFocusWrap
              className="max-h-[min(24rem,60vh)] overflow-auto p-2 text-sm outline-none empty:hidden"
            >
              {sections.map((section) => (
                <ListBoxSection key={section.heading} id={section.heading}>
                  <Header className="px-2 py-1 text-xs font-medium text-fg-muted">
                    {section.heading}
                  </Header>
                  {section.jumps.map((jump) => (
                    <ListBoxItem
                      key={jump.id}
                      id={jump.id}
                      textValue={jump.name}
                      className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none data-[focused]:bg-accent-soft pointer-coarse:min-h-11"
                    >
                      {jump.content}
                    </ListBoxItem>
                  ))}
                </ListBoxSection>
              ))}
            </ListBox>
          </Autocomplete>
          <SearchStatus search={search} />
          <p className="border-t border-line px-4 py-2 text-xs text-fg-muted pointer-coarse:hidden">
            ↑ ↓ to move · Enter to open · Esc to close
          </p>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * Enter pressed in the early field (palette-shell.tsx) on `initialText`: once the
 * search for that text has answered, the first option opens, as Enter on it would
 * have. Typing on first asks for something else: the wait ends.
 */
function useEarlyEnter({
  enterEarly,
  initialText,
  text,
  search,
  first,
  go,
}: {
  enterEarly: boolean;
  initialText: string;
  text: string;
  search: PaletteSearch;
  first: Jump | undefined;
  go: (id: string) => void;
}) {
  const [waiting, setWaiting] = useState(enterEarly ? initialText.trim() : "");
  if (waiting && waiting !== text.trim()) setWaiting("");
  const answered =
    waiting !== "" &&
    (search.state === "done" || search.state === "failed") &&
    search.term === waiting;
  // null: answered with nothing to open.
  const firstId = answered ? (first?.id ?? null) : undefined;
  const open = useEffectEvent(go);
  useEffect(() => {
    if (firstId === undefined) return;
    setWaiting("");
    if (firstId !== null) open(firstId);
  }, [firstId]);
}

const LIST_LABELS: Record<SavedView["list"], string> = {
  invoices: "Invoices",
  customers: "Customers",
  contracts: "Contracts",
  payments: "Payments",
};

/** The saved views whose name holds what was typed (every one before anything is typed). */
export function matchingViews(views: SavedView[], words: string): SavedView[] {
  return words ? views.filter((view) => view.name.toLowerCase().includes(words)) : views;
}

/** What the palette lists for what is typed: pages, saved views, invoices, customers (a group shows when it has any). */
function jumpSections(
  words: string,
  views: SavedView[],
  { invoices, customers }: Shown,
  typed: string,
): { heading: string; jumps: Jump[] }[] {
  const pages = PAGES.filter(
    (p) => !words || `${p.label} ${p.keywords}`.toLowerCase().includes(words),
  );
  const sections = [
    {
      heading: "Pages",
      jumps: pages.map((page) => ({
        id: `page ${page.href}`,
        href: page.href,
        name: page.label,
        content: (
          <>
            {page.label}
            <span className="ml-auto text-xs text-fg-muted">{page.href}</span>
          </>
        ),
      })),
    },
    {
      heading: "Saved views",
      jumps: views.map((view) => ({
        id: `view ${view.id}`,
        href: savedViewHref(view),
        name: view.name,
        content: (
          <>
            <span className="min-w-0 truncate">{view.name}</span>
            <span className="ml-auto shrink-0 text-xs text-fg-muted">{LIST_LABELS[view.list]}</span>
          </>
        ),
      })),
    },
    {
      heading: "Invoices",
      jumps: invoices.map((invoice) => ({
        id: `invoice ${invoice.id}`,
        href: `/invoices/${invoice.id}`,
        name: `${invoice.number} ${invoice.customerName ?? ""}`,
        content: (
          <>
            <span className="min-w-0">
              <span className="block font-medium tabular-nums">{invoice.number}</span>
              <span className="block truncate text-xs text-fg-muted">{invoiceDetail(invoice)}</span>
            </span>
            <span className="ml-auto shrink-0 text-xs text-fg-muted">Invoice</span>
          </>
        ),
      })),
    },
    {
      heading: "Customers",
      jumps: customers.map((customer) => ({
        id: `customer ${customer.id}`,
        href: `/customers/${customer.id}`,
        name: customer.name,
        content: (
          <>
            {/* What tells same-named customers apart: e-mail, health, what they owe. */}
            <span className="min-w-0">
              <span className="block">{customer.name}</span>
              {/* Wrapped, not cut: what is owed comes last, and counts most on a phone. */}
              <span className="block break-words text-xs text-fg-muted">
                {customerDetail(customer, typed)}
              </span>
            </span>
            <span className="ml-auto shrink-0 text-xs text-fg-muted">Customer</span>
          </>
        ),
      })),
    },
    { heading: "Unpaid invoices", jumps: unpaidInvoiceJumps(customers) },
  ];
  return sections.filter((section) => section.jumps.length > 0);
}

/** What the status says of a finished search: each index's count. */
function foundSummary({ invoices, customers }: SearchAnswer, numbers: boolean): string {
  const parts = [
    ...(numbers && invoices ? [invoiceCount(invoices)] : []),
    // A number that names no customer: no need to say so.
    ...(customers && !(numbers && customers.counted === 0) ? [suggestionCount(customers)] : []),
  ];
  return parts.length > 0 ? `${parts.join(" · ")}.` : "";
}

/** Why an index the text was looked up in could not be searched (the other's answer still shows). */
function failures({ failed }: SearchAnswer, numbers: boolean): string[] {
  return [
    ...(numbers && failed?.invoices
      ? [`Invoices could not be searched: ${failed.invoices.message}`]
      : []),
    ...(failed?.customers ? [`Customers could not be searched: ${failed.customers.message}`] : []),
  ];
}

/** Where the search stands, outside the listbox, announced as it changes. */
function SearchStatus({ search }: { search: PaletteSearch }) {
  if (search.state === "failed")
    return (
      <p role="alert" className="px-4 py-2 text-sm text-danger">
        {looksLikeNumber(search.term) ? "Invoices and customers" : "Customers"} could not be
        searched: {search.message}
      </p>
    );
  const numbers = search.state !== "idle" && looksLikeNumber(search.term);
  const invoices = search.state === "done" ? search.found.invoices : undefined;
  const note = numbers && invoices ? indexNote(invoices.index) : null;
  return (
    <>
      <p role="status" className="px-4 py-2 text-sm text-fg-muted">
        {search.state === "idle"
          ? "Type a name, an e-mail or an invoice number."
          : search.state === "loading"
            ? numbers
              ? "Searching invoices and customers…"
              : "Searching customers…"
            : foundSummary(search.found, numbers)}
      </p>
      {search.state === "done"
        ? failures(search.found, numbers).map((failure) => (
            <p key={failure} role="alert" className="px-4 pb-2 text-sm text-danger">
              {failure}
            </p>
          ))
        : null}
      {note ? <p className="px-4 pb-2 text-xs text-fg-muted">{note}</p> : null}
    </>
  );
}
