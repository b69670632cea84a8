import "server-only";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { PLAIN_ROWS } from "@/components/data-table/table-geometry";
import {
  customerQueryOptions,
  type ListName,
  type ListPage,
  listQueryOptions,
} from "@/lib/api/client";
import { makeQueryClient } from "@/lib/query-client";
import { serverFetcher } from "./server-fetcher";

/**
 * Fetches a list's first page on the server, for the client table to start from
 * (it lands in the HTML; no client round trip), with the names its first rows look
 * up (a contract's customer): the table's script loads on first use
 * (components/islands), so what the server leaves out would show as short ids until
 * then. A failure is left for the client query to retry and show.
 */
export async function prefetchListPage(list: ListName, query: string) {
  const queryClient = makeQueryClient();
  const options = listQueryOptions(serverFetcher, list, query);
  await queryClient.prefetchInfiniteQuery(options);
  const first = queryClient.getQueryData(options.queryKey)?.pages[0];
  if (first) await prefetchRowNames(queryClient, list, first);
  return dehydrate(queryClient);
}

/**
 * The customers named by a contract list's rows shown before the table is used (its
 * plain rows): one read per customer.
 */
async function prefetchRowNames(
  queryClient: QueryClient,
  list: ListName,
  page: ListPage<ListName>,
) {
  if (list !== "contracts") return;
  const rows = (page as ListPage<"contracts">).data.slice(0, PLAIN_ROWS);
  const customerIds = new Set(rows.map((row) => row.customerId));
  await Promise.all(
    [...customerIds].map((id) =>
      queryClient.prefetchQuery(customerQueryOptions(serverFetcher, id)),
    ),
  );
}
