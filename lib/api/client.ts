/**
 * The typed Invoicing API client, shared by server and browser. It takes a
 * `Fetcher` (the server's sends the key to the API; the browser's goes through the
 * dashboard's own /api/data route) and parses every answer with the lenient
 * schemas: unknown enum values and extra fields pass through, a wrong shape or a
 * failed request becomes an `ApiRequestError`.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiRequestError, errorFromResponse } from "./errors";
import { lenientSchemas as s } from "./schemas";

/** GETs `pathAndQuery` (e.g. `/invoices?limit=50`) from the API. */
export type Fetcher = (pathAndQuery: string, init?: { signal?: AbortSignal }) => Promise<Response>;

export const LIST_SCHEMAS = {
  invoices: s.InvoicePage,
  customers: s.CustomerPage,
  contracts: s.ContractPage,
  payments: s.PaymentPage,
} as const;

export type ListName = keyof typeof LIST_SCHEMAS;
export type ListPage<L extends ListName> = z.infer<(typeof LIST_SCHEMAS)[L]>;
export type ListRecord<L extends ListName> = ListPage<L>["data"][number];

export type InvoiceRecord = z.infer<typeof s.Invoice>;
export type CustomerRecord = z.infer<typeof s.Customer>;
export type ContractRecord = z.infer<typeof s.Contract>;
export type PaymentRecord = z.infer<typeof s.Payment>;
export type MeRecord = z.infer<typeof s.Me>;

export const PAGE_SIZE = 50;

async function getJson<T extends z.ZodType>(
  fetcher: Fetcher,
  pathAndQuery: string,
  schema: T,
  signal?: AbortSignal,
): Promise<z.infer<T>> {
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
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw invalid(pathAndQuery, ["the body is not JSON"]);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw invalid(
      pathAndQuery,
      parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`),
    );
  return parsed.data;
}

function invalid(pathAndQuery: string, issues: string[]): ApiRequestError {
  return new ApiRequestError({
    kind: "invalid-response",
    status: 200,
    code: null,
    message: `The API answered ${pathAndQuery.split("?")[0]} with data the dashboard does not understand.`,
    issues,
  });
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
  return getJson(fetcher, `/${list}?${params}`, LIST_SCHEMAS[list], signal) as Promise<ListPage<L>>;
}

export function fetchInvoice(fetcher: Fetcher, id: string, signal?: AbortSignal) {
  return getJson(fetcher, `/invoices/${encodeURIComponent(id)}`, s.Invoice, signal);
}

export function fetchCustomer(fetcher: Fetcher, id: string, signal?: AbortSignal) {
  return getJson(fetcher, `/customers/${encodeURIComponent(id)}`, s.Customer, signal);
}

export function fetchMe(fetcher: Fetcher, signal?: AbortSignal) {
  return getJson(fetcher, "/me", s.Me, signal);
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
