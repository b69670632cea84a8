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
import { serverFetcher } from "./server-fetcher";

/**
 * Fetches a list's first page on the server, for the client table to start from
 * (it lands in the HTML; no client round trip), with the names its first rows look
 * up (a contract's customer), which would otherwise show as short ids until read.
 * A failure is left for the client query to retry and show.
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
  const customerIds = new Set(rows.map((row) => row.customerId));
  await Promise.all(
    [...customerIds].map((id) =>
      queryClient.prefetchQuery(customerQueryOptions(serverFetcher, id)),
    ),
  );
}
