import { isServer, QueryClient } from "@tanstack/react-query";
import { asApiError } from "./api/errors";

/**
 * One QueryClient per server request, one for the whole browser session
 * (TanStack Query's SSR guide). 4xx answers are final; network and 5xx failures
 * are retried twice before the page shows them.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const kind = asApiError(error).kind;
          return (kind === "network" || kind === "server") && failureCount < 2;
        },
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
