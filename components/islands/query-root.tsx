"use client";

import {
  type DehydratedState,
  HydrationBoundary,
  QueryClientProvider,
} from "@tanstack/react-query";
import type { ReactNode } from "react";
import { getQueryClient } from "@/lib/query-client";

/**
 * TanStack Query for the part of a page that reads through it, with what the server
 * read for it (`state`, from lib/upstream/prefetch.ts). Each such part brings its own
 * provider of the browser's one QueryClient, not the root layout: pages whose first
 * view needs no query then load none of TanStack Query's script (deferred-island.tsx).
 */
export function QueryRoot({ state, children }: { state?: DehydratedState; children: ReactNode }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      {state ? <HydrationBoundary state={state}>{children}</HydrationBoundary> : children}
    </QueryClientProvider>
  );
}
