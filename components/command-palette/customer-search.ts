"use client";

import { useEffect, useState } from "react";
import type { CustomerRecord } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import {
  type CustomerSuggestions,
  searchCustomers,
  stillMatching,
} from "../filters/customer-suggestions";

const SEARCH_DELAY_MS = 250;

export type CustomerSearch =
  | { state: "idle" }
  /** `kept`: the customers last found that still match what is typed, shown meanwhile */
  | { state: "loading"; term: string; kept: CustomerRecord[] }
  | { state: "done"; term: string; found: CustomerSuggestions }
  | { state: "failed"; term: string; message: string };

/** The customers listed: those found, or while a search runs those kept from the last one. */
export function shownCustomers(search: CustomerSearch): CustomerRecord[] {
  if (search.state === "done") return search.found.shown;
  if (search.state === "loading") return search.kept;
  return [];
}

/**
 * The API's customers search for what was typed, debounced; a newer keystroke
 * aborts the older request so answers cannot arrive out of order. Meanwhile the
 * customers last found that still match stay listed (as the customer picker keeps
 * them): the list does not empty at each key, nor lose the one the arrow keys are on.
 * The count waits for the answer for exactly what is typed.
 */
export function useCustomerSearch(text: string): CustomerSearch {
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
