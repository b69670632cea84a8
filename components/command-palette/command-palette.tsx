"use client";

import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { SITE_PAGES } from "@/components/layout/site-pages";
import type { CustomerRecord } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import { type SavedView, savedViewHref } from "@/lib/saved-views/schema";
import {
  type CustomerSuggestions,
  customerDetail,
  searchCustomers,
  stillMatching,
  suggestionCount,
} from "../filters/customer-suggestions";
import { useSavedViews } from "../saved-views/use-saved-views";

/** Every page one can jump to, with the words people may type for it. */
const PAGES = SITE_PAGES;

const SEARCH_DELAY_MS = 250;

type CustomerSearch =
  | { state: "idle" }
  /** `kept`: the customers last found that still match what is typed, shown meanwhile */
  | { state: "loading"; term: string; kept: CustomerRecord[] }
  | { state: "done"; term: string; found: CustomerSuggestions }
  | { state: "failed"; term: string; message: string };

/**
 * Ctrl/Cmd+K: jump to a page by name, to one of the person's saved views by part of
 * its name (the account's, or this browser's in the open demo: the same list the
 * navigation shows), or to a customer by part of its name (the
 * customers search of the API, through the dashboard's data route). A modal
 * <dialog>: the browser keeps focus inside it and Esc closes it; cmdk provides the
 * combobox, its list and the arrow keys.
 */
export default function CommandPalette({
  onClose,
}: {
  /** `navigating`: a page was picked (focus goes with the new page, not back) */
  onClose: (navigating: boolean) => void;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [text, setText] = useState("");
  const search = useCustomerSearch(text);
  const { views } = useSavedViews();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // The dialog focuses its first focusable element; make sure it is the search field.
    element.querySelector<HTMLInputElement>("[cmdk-input]")?.focus();
    return () => element.close();
  }, []);

  const go = (href: string) => {
    onClose(true);
    router.push(href);
  };

  const words = text.trim().toLowerCase();
  const pages = PAGES.filter(
    (p) => !words || `${p.label} ${p.keywords}`.toLowerCase().includes(words),
  );
  const savedViews = matchingViews(views, words);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop; the keyboard's way is Esc (onCancel)
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // Esc: the browser's cancel; closing is React's job (the parent unmounts us).
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(false); // a click on the backdrop
      }}
      className="mx-auto mt-[12vh] w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-inverse/40"
    >
      <h2 id={titleId} className="sr-only">
        Command palette
      </h2>
      <Command label="Search pages, saved views and customers" shouldFilter={false} loop>
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Jump to a page, a saved view or a customer…"
          className="w-full border-b border-line bg-surface px-4 py-3 text-sm text-fg outline-none placeholder:text-fg-subtle"
        />
        <Command.List className="max-h-[min(24rem,60vh)] overflow-auto p-2 text-sm">
          {pages.length > 0 ? (
            <Command.Group heading="Pages" className={GROUP_CLASS}>
              {pages.map((page) => (
                <Command.Item
                  key={page.href}
                  value={`page ${page.href}`}
                  onSelect={() => go(page.href)}
                  className={ITEM_CLASS}
                >
                  {page.label}
                  <span className="ml-auto text-xs text-fg-muted">{page.href}</span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          {savedViews.length > 0 ? (
            <Command.Group heading="Saved views" className={GROUP_CLASS}>
              {savedViews.map((view) => (
                <Command.Item
                  key={view.id}
                  value={`view ${view.id}`}
                  onSelect={() => go(savedViewHref(view))}
                  className={ITEM_CLASS}
                >
                  <span className="min-w-0 truncate">{view.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-fg-muted">
                    {LIST_LABELS[view.list]}
                  </span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          <CustomerResults search={search} onPick={(id) => go(`/customers/${id}`)} />
        </Command.List>
        <SearchStatus search={search} />
        <p className="border-t border-line px-4 py-2 text-xs text-fg-muted">
          ↑ ↓ to move · Enter to open · Esc to close
        </p>
      </Command>
    </dialog>
  );
}

const GROUP_CLASS =
  "[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-fg-muted";
const ITEM_CLASS =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 data-[selected=true]:bg-accent-soft data-[selected=true]:text-fg";

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

/** The customers found, as options of the list (a listbox holds options only). */
function CustomerResults({
  search,
  onPick,
}: {
  search: CustomerSearch;
  onPick: (id: string) => void;
}) {
  const customers = shownCustomers(search);
  if (customers.length === 0) return null;
  return (
    <Command.Group heading="Customers" className={GROUP_CLASS}>
      {customers.map((customer) => (
        <Command.Item
          key={customer.id}
          value={`customer ${customer.id}`}
          onSelect={() => onPick(customer.id)}
          className={ITEM_CLASS}
        >
          {/* What tells same-named customers apart: e-mail, health, what they owe. */}
          <span className="min-w-0">
            <span className="block">{customer.name}</span>
            <span className="block truncate text-xs text-fg-muted">{customerDetail(customer)}</span>
          </span>
          <span className="ml-auto shrink-0 text-xs text-fg-muted">Customer</span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}

/** The customers listed: those found, or while a search runs those kept from the last one. */
function shownCustomers(search: CustomerSearch): CustomerRecord[] {
  if (search.state === "done") return search.found.shown;
  if (search.state === "loading") return search.kept;
  return [];
}

/** Where the customer search stands, outside the listbox, announced as it changes. */
function SearchStatus({ search }: { search: CustomerSearch }) {
  if (search.state === "failed")
    return (
      <p role="alert" className="px-4 py-2 text-sm text-danger">
        Customers could not be searched: {search.message}
      </p>
    );
  return (
    <p role="status" className="px-4 py-2 text-sm text-fg-muted">
      {search.state === "idle"
        ? "Type a name to find a customer."
        : search.state === "loading"
          ? "Searching customers…"
          : `${suggestionCount(search.found)}.`}
    </p>
  );
}

/**
 * The API's customers search for what was typed, debounced; a newer keystroke
 * aborts the older request so answers cannot arrive out of order. Meanwhile the
 * customers last found that still match stay listed (as the customer picker keeps
 * them): the list does not empty at each key, nor lose the one the arrow keys are on.
 * The count waits for the answer for exactly what is typed.
 */
function useCustomerSearch(text: string): CustomerSearch {
  const term = text.trim();
  const [result, setResult] = useState<CustomerSearch>({ state: "idle" });
  useEffect(() => {
    if (!term) {
      setResult({ state: "idle" });
      return;
    }
    setResult((last) => ({
      state: "loading",
      term,
      kept: stillMatching(shownCustomers(last), term),
    }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchCustomers(term, controller.signal)
        .then((found) => setResult({ state: "done", term, found }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setResult({ state: "failed", term, message: asApiError(error).message });
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return result;
}
