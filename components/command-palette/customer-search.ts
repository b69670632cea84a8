"use client";

import { useEffect, useState } from "react";
import type { CustomerRecord } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import { fetchSearch, looksLikeNumber } from "@/lib/search/client";
import type { InvoiceMatch, SearchAnswer } from "@/lib/search/types";
import { stillMatching } from "../filters/customer-suggestions";

const SEARCH_DELAY_MS = 250;

/** What the palette lists while its search runs, or once it answered. */
export interface Shown {
  invoices: InvoiceMatch[];
  customers: CustomerRecord[];
}

export type PaletteSearch =
  | { state: "idle" }
  /** `kept`: what was last found that still matches what is typed, shown meanwhile */
  | { state: "loading"; term: string; kept: Shown }
  /** `found`: each index's answer, or in `failed` why it could not be searched */
  | { state: "done"; term: string; found: SearchAnswer }
  | { state: "failed"; term: string; message: string };

const NOTHING: Shown = { invoices: [], customers: [] };

/** The invoices and customers listed: those found, or while a search runs those kept from the last one. */
export function shownResults(search: PaletteSearch): Shown {
  if (search.state === "done")
    return {
      invoices: search.found.invoices?.shown ?? [],
      customers: search.found.customers?.shown ?? [],
    };
  if (search.state === "loading") return search.kept;
  return NOTHING;
}

/** Invoices found for an earlier text whose number still holds what is typed. */
function invoicesStillMatching(invoices: InvoiceMatch[], typed: string): InvoiceMatch[] {
  if (!looksLikeNumber(typed)) return [];
  const key = typed.trim().replace(/^#\s*/, "").toUpperCase();
  return invoices.filter((invoice) => invoice.number.toUpperCase().includes(key));
}

/**
 * The server's search (invoices by number, customers by words and e-mail) for what
 * was typed, debounced; a newer keystroke aborts the older request so answers cannot
 * arrive out of order. Meanwhile what was last found and still matches stays listed
 * (as the customer picker keeps its suggestions): the list does not empty at each
 * key, nor lose the option the arrow keys are on. The count waits for the answer for
 * exactly what is typed.
 */
export function usePaletteSearch(text: string): PaletteSearch {
  const term = text.trim();
  const [result, setResult] = useState<PaletteSearch>({ state: "idle" });
  useEffect(() => {
    if (!term) {
      setResult({ state: "idle" });
      return;
    }
    setResult((last) => {
      const shown = shownResults(last);
      return {
        state: "loading",
        term,
        kept: {
          invoices: invoicesStillMatching(shown.invoices, term),
          customers: stillMatching(shown.customers, term),
        },
      };
    });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSearch(term, undefined, controller.signal)
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
