/**
 * The browser's way to the search (`GET /api/search`, the dashboard's own route): what
 * the palette, the customer picker and the invoices list's number search ask.
 */
import { queryOptions } from "@tanstack/react-query";
import { type Fetcher, getJson } from "@/lib/api/client";
import {
  MAX_NAMESAKE_IDS,
  type NamesakesAnswer,
  type SearchAnswer,
  type SearchKind,
} from "./types";

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

/** Of these customers, those another shares the name of, with their e-mails. */
export function fetchNamesakes(ids: readonly string[], signal?: AbortSignal) {
  const params = new URLSearchParams({ ids: ids.join(",") });
  return getJson<NamesakesAnswer>(sameOrigin, `/api/search/namesakes?${params}`, signal);
}

/**
 * The namesakes asked about for one page of a list: its customers' ids, sorted, once
 * each (the server's first page and the browser's ask alike, so the answer read with
 * the page on the server serves the browser).
 */
export function namesakesQueryKey(rows: readonly { customerId: string | null }[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.customerId ? [row.customerId] : [])))];
  return ["customer-namesakes", ids.sort().slice(0, MAX_NAMESAKE_IDS)] as const;
}

/** The namesakes ask for one page of a list's rows; asked again sooner while the index is read. */
export function namesakesQueryOptions(rows: readonly { customerId: string | null }[]) {
  const queryKey = namesakesQueryKey(rows);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchNamesakes(queryKey[1], signal),
    enabled: queryKey[1].length > 0,
    staleTime: (query) => (query.state.data?.index.state === "ready" ? 10 * 60_000 : 30_000),
  });
}
