/**
 * The typed Invoicing API client, shared by server and browser. It takes a
 * `Fetcher`: the server's sends the key to the API, the browser's goes through the
 * dashboard's own /api/data route. Both answer with bodies already checked against
 * the lenient record schemas on the server (lib/upstream/validate.ts), so this
 * module carries types only, no validation library into the browser. A failed
 * request becomes an `ApiRequestError`.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiRequestError, asApiError, errorFromResponse } from "./errors";
import type { lenientSchemas } from "./schemas";

type S = typeof lenientSchemas;

/** GETs `pathAndQuery` (e.g. `/invoices?limit=50`) from the API. */
export type Fetcher = (pathAndQuery: string, init?: { signal?: AbortSignal }) => Promise<Response>;

interface ListPages {
  invoices: z.infer<S["InvoicePage"]>;
  customers: z.infer<S["CustomerPage"]>;
  contracts: z.infer<S["ContractPage"]>;
  payments: z.infer<S["PaymentPage"]>;
}

export type ListName = keyof ListPages;
export type ListPage<L extends ListName> = ListPages[L];
export type ListRecord<L extends ListName> = ListPage<L>["data"][number];

export type InvoiceRecord = z.infer<S["Invoice"]>;
export type CustomerRecord = z.infer<S["Customer"]>;
export type ContractRecord = z.infer<S["Contract"]>;
export type PaymentRecord = z.infer<S["Payment"]>;
export type MeRecord = z.infer<S["Me"]>;

export const PAGE_SIZE = 50;

/**
 * The browser's retries. A 429 from the dashboard's own limit is asked again once its
 * Retry-After has passed (a person scrolling fast meets the limit; the rows come a
 * moment later, and the table says "retrying in N s" meanwhile), up to
 * RATE_LIMIT_RETRIES times. A failure with no answer at all is tried twice more. Any
 * other answer is final: the server already retried the API (lib/upstream/retry.ts),
 * so retrying its 5xx here would multiply the calls.
 */
export const RATE_LIMIT_RETRIES = 5;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const failure = asApiError(error);
  if (failure.kind === "rate-limited") return failureCount < RATE_LIMIT_RETRIES;
  return failure.status === null && failureCount < 2;
}

/** Milliseconds before the next try after `failureCount` earlier retries: a 429's own wait, else TanStack's backoff. */
export function retryDelay(failureCount: number, error: unknown): number {
  const failure = asApiError(error);
  // A little jitter, so queries refused together do not all come back in the same instant.
  if (failure.kind === "rate-limited")
    return (failure.retryAfterSec ?? 1) * 1000 + Math.floor(Math.random() * 250);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/**
 * GETs `pathAndQuery` with `fetcher` and reads its JSON; no answer, an error answer or
 * one that is not JSON becomes an `ApiRequestError` (a cancelled request stays an AbortError).
 */
export async function getJson<T>(
  fetcher: Fetcher,
  pathAndQuery: string,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetcher(pathAndQuery, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError({
      kind: "network",
      status: null,
      code: null,
      message: "The dashboard could not reach the server. Check your connection.",
      issues: [],
    });
  }
  if (!response.ok) throw await errorFromResponse(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiRequestError({
      kind: "invalid-response",
      status: response.status,
      code: null,
      message: "The server answered with something that is not JSON.",
      issues: [],
    });
  }
}

/** One page of a list; `query` is the filters and order as a query string without `?`. */
export function fetchListPage<L extends ListName>(
  fetcher: Fetcher,
  list: L,
  query: string,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ListPage<L>> {
  const params = new URLSearchParams(query);
  if (!params.has("limit")) params.set("limit", String(PAGE_SIZE));
  if (cursor) params.set("startingAfter", cursor);
  return getJson<ListPage<L>>(fetcher, `/${list}?${params}`, signal);
}

export function fetchInvoice(fetcher: Fetcher, id: string, signal?: AbortSignal) {
  return getJson<InvoiceRecord>(fetcher, `/invoices/${encodeURIComponent(id)}`, signal);
}

export function fetchCustomer(fetcher: Fetcher, id: string, signal?: AbortSignal) {
  return getJson<CustomerRecord>(fetcher, `/customers/${encodeURIComponent(id)}`, signal);
}

export function fetchMe(fetcher: Fetcher, signal?: AbortSignal) {
  return getJson<MeRecord>(fetcher, "/me", signal);
}

/**
 * Whether a list found in the cache is read again when a view shows it anew (the
 * back button, a reconnect) once it is stale. TanStack Query reads an infinite list
 * again page by page, every loaded page back to back: a person who scrolled 80 pages
 * and pressed back would spend 80 requests at once, past the data route's burst. So
 * a list holding more than its first page is shown as it was left; it starts afresh
 * from its first page when the person follows a link to it (the server's newer first
 * page replaces the cached pages), changes a filter, or reloads.
 */
export function refetchWhenStale(query: {
  state: { data?: { pages: unknown[] } | undefined };
}): boolean {
  return (query.state.data?.pages.length ?? 0) <= 1;
}

/**
 * The infinite query of a list. The key holds the list and its normalized filters
 * and order only (never a cursor), so a filter change starts a fresh list.
 */
export function listQueryOptions<L extends ListName>(fetcher: Fetcher, list: L, query: string) {
  return infiniteQueryOptions({
    queryKey: ["list", list, query] as const,
    queryFn: ({ pageParam, signal }) => fetchListPage(fetcher, list, query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ListPage<L>) => (last.hasMore ? last.nextCursor : undefined),
    refetchOnMount: refetchWhenStale,
    refetchOnReconnect: refetchWhenStale,
  });
}

export function customerQueryOptions(fetcher: Fetcher, id: string) {
  return queryOptions({
    queryKey: ["customer", id] as const,
    queryFn: ({ signal }) => fetchCustomer(fetcher, id, signal),
  });
}

/** The browser's fetcher: the dashboard's same-origin data route, which holds the key. */
export const browserFetcher: Fetcher = (pathAndQuery, init) =>
  fetch(`/api/data${pathAndQuery}`, {
    headers: { accept: "application/json" },
    signal: init?.signal,
  });
