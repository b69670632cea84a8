/**
 * The browser's way to the search (`GET /api/search`, the dashboard's own route): what
 * the palette, the customer picker and the invoices list's number search ask.
 */
import { type Fetcher, getJson } from "@/lib/api/client";
import type { SearchAnswer, SearchKind } from "./types";

const sameOrigin: Fetcher = (pathAndQuery, init) =>
  fetch(pathAndQuery, { headers: { accept: "application/json" }, signal: init?.signal });

/** The search for `text` in one index, or both when `kind` is left out. */
export function fetchSearch(
  text: string,
  kind?: SearchKind,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  const params = new URLSearchParams({ q: text });
  if (kind) params.set("in", kind);
  return getJson<SearchAnswer>(sameOrigin, `/api/search?${params}`, signal);
}

/** Whether `text` can name an invoice: a number search needs a digit (letters alone find every "INV"). */
export function looksLikeNumber(text: string): boolean {
  return /\d/.test(text);
}
