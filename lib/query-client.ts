import { isServer, QueryClient } from "@tanstack/react-query";
import { retryDelay, shouldRetry } from "./api/client";

/**
 * One QueryClient per server request, one for the whole browser session
 * (TanStack Query's SSR guide). Only the browser retries: after a 429's Retry-After,
 * or when the dashboard itself gave no answer (lib/api/client.ts, shouldRetry).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isServer && shouldRetry(failureCount, error),
        retryDelay,
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
