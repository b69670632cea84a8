/**
 * The typed Invoicing API client, shared by server and browser. It takes a
 * `Fetcher`: the server's sends the key to the API, the browser's goes through the
 * dashboard's own /api/data route. Both answer with bodies already checked against
 * the lenient record schemas on the server (lib/api/server/validated.ts), so this
 * module carries types only, no validation library into the browser. A failed
 * request becomes an `ApiRequestError`.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiRequestError, errorFromResponse } from "./errors";
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

async function getJson<T>(
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
 * The infinite query of a list. The key holds the list and its normalized filters
 * and order only (never a cursor), so a filter change starts a fresh list.
 */
export function listQueryOptions<L extends ListName>(fetcher: Fetcher, list: L, query: string) {
  return infiniteQueryOptions({
    queryKey: ["list", list, query] as const,
    queryFn: ({ pageParam, signal }) => fetchListPage(fetcher, list, query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ListPage<L>) => (last.hasMore ? last.nextCursor : undefined),
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
