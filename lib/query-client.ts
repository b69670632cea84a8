import { isServer, QueryClient } from "@tanstack/react-query";
import { asApiError } from "./api/errors";

/**
 * One QueryClient per server request, one for the whole browser session
 * (TanStack Query's SSR guide). Only the browser retries, and only when the
 * dashboard itself gave no answer: the server already retried the API
 * (lib/api/server/retry.ts), so retrying its 5xx here would multiply the calls.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !isServer && asApiError(error).status === null && failureCount < 2,
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
