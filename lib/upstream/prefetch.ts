import "server-only";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { FIRST_ROWS } from "@/components/data-table/table-geometry";
import {
  customerQueryOptions,
  type ListName,
  type ListPage,
  listQueryOptions,
} from "@/lib/api/client";
import { makeQueryClient } from "@/lib/query-client";
import { namesakesQueryKey } from "@/lib/search/client";
import { searchIndex } from "@/lib/search/instance";
import { serverFetcher } from "./server-fetcher";

/** The most customers a list's filters name that the server reads for the page; the browser reads the rest. */
const NAMED_CUSTOMERS_READ = 20;

/**
 * Fetches a list's first page on the server, for the client table to start from
 * (it lands in the HTML; no client round trip), with the names its first rows look
 * up (a contract's customer), which would otherwise show as short ids until read,
 * and the customers its filters name (`filterCustomerIds`), so their chips show names
 * in the HTML, before any script; and, where rows name customers, which of those share
 * their name with another (components/customers/namesakes.tsx). A failure is left for the client query to retry and show.
 */
export async function prefetchListPage(
  list: ListName,
  query: string,
  filterCustomerIds: readonly string[] = [],
) {
  const queryClient = makeQueryClient();
  const options = listQueryOptions(serverFetcher, list, query);
  await Promise.all([
    queryClient.prefetchInfiniteQuery(options),
    prefetchCustomers(queryClient, filterCustomerIds.slice(0, NAMED_CUSTOMERS_READ)),
  ]);
  const first = queryClient.getQueryData(options.queryKey)?.pages[0];
  if (first)
    await Promise.all([
      prefetchRowNames(queryClient, list, first),
      prefetchNamesakes(queryClient, list, first),
    ]);
  return dehydrate(queryClient);
}

/** One read per customer not already read; a failed read is not kept (the browser's chip says so). */
function prefetchCustomers(queryClient: QueryClient, ids: Iterable<string>) {
  return Promise.all(
    [...new Set(ids)].map((id) =>
      queryClient.prefetchQuery(customerQueryOptions(serverFetcher, id)),
    ),
  );
}

/**
 * The customers named by a contract list's first rows (those rendered before a
 * scroll): one read per customer.
 */
async function prefetchRowNames(
  queryClient: QueryClient,
  list: ListName,
  page: ListPage<ListName>,
) {
  if (list !== "contracts") return;
  const rows = (page as ListPage<"contracts">).data.slice(0, FIRST_ROWS);
  await prefetchCustomers(
    queryClient,
    rows.map((row) => row.customerId),
  );
}

/** Which customers of the first page another bears the name of, from the customer index (no API read). */
async function prefetchNamesakes(
  queryClient: QueryClient,
  list: ListName,
  page: ListPage<ListName>,
) {
  if (list !== "invoices" && list !== "payments") return;
  const queryKey = namesakesQueryKey((page as ListPage<typeof list>).data);
  if (queryKey[1].length === 0) return;
  try {
    queryClient.setQueryData(queryKey, await searchIndex().namesakes(queryKey[1]));
  } catch (error) {
    // The browser asks again; the names show meanwhile.
    console.error(`[search] namesakes: ${(error as Error).message}`);
  }
}
