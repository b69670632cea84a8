import "server-only";
import { dehydrate } from "@tanstack/react-query";
import { type ListName, listQueryOptions } from "@/lib/api/client";
import { makeQueryClient } from "@/lib/query-client";
import { serverFetcher } from "./server-fetcher";

/**
 * Fetches a list's first page on the server, for the client table to start from
 * (it lands in the HTML; no client round trip). A failure is left for the client
 * query to retry and show.
 */
export async function prefetchListPage(list: ListName, query: string) {
  const queryClient = makeQueryClient();
  await queryClient.prefetchInfiniteQuery(listQueryOptions(serverFetcher, list, query));
  return dehydrate(queryClient);
}
