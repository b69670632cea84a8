import "server-only";
import { lockTtlMs, refreshIntervalMs } from "@/lib/insights/config";
import { pageBudgetFor } from "@/lib/insights/instance";
import { insightSource } from "@/lib/insights/source";
import { insightToday } from "@/lib/insights/today";
import { sharedStore } from "@/lib/shared-state/store";
import { searchResultStore } from "./index-store";
import { createSearchIndex, type SearchIndex } from "./search-index";

// On globalThis so every route and page module of this server shares one.
const holder = globalThis as {
  __invoicingSearch?: SearchIndex;
  __invoicingSearchStop?: () => void;
};

/**
 * This server's search indexes: locks in the shared store, blocks in the search's
 * result store (Redis with REDIS_URL, else INSIGHTS_DATA_DIR/search), the insight
 * walks' page budget and refresh interval.
 */
export function searchIndex(): SearchIndex {
  if (!holder.__invoicingSearch) {
    const store = sharedStore();
    let source: Promise<string> | null = null;
    holder.__invoicingSearch = createSearchIndex({
      store,
      results: searchResultStore(store),
      source: () => {
        source ??= insightSource().catch((error: unknown) => {
          source = null;
          throw error;
        });
        return source;
      },
      budgetFor: pageBudgetFor,
      refreshIntervalMs: refreshIntervalMs(),
      lockTtlMs: lockTtlMs(),
      today: insightToday,
    });
  }
  return holder.__invoicingSearch;
}

/** Starts the indexes' walks once per process (with the insights' background, at start). */
export function startSearchIndexInBackground(): void {
  holder.__invoicingSearchStop ??= searchIndex().startBackground();
}
