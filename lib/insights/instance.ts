import "server-only";
import { redisClient } from "@/lib/shared-state/redis";
import { sharedStore } from "@/lib/shared-state/store";
import { createPageBudget, maxPagesPerSecond, type PageBudget } from "./budget";
import { lockTtlMs, refreshIntervalMs } from "./config";
import { diskResultStore, insightsDataDir, sharedResultStore } from "./result-store";
import { createInsights, type Insights } from "./shared-walks";
import { insightSource } from "./source";

// On globalThis so every route and page module of this server shares one.
const holder = globalThis as { __invoicingInsights?: Insights };
const budgets = new Map<string, PageBudget>();

/** The page budget of an API source's walks: one per source, whichever walks draw on it (views, sums, the search index). */
export function pageBudgetFor(source: string): PageBudget {
  let budget = budgets.get(source);
  if (!budget) {
    budget = createPageBudget({
      pagesPerSecond: maxPagesPerSecond(),
      key: source,
      redis: redisClient(),
    });
    budgets.set(source, budget);
  }
  return budget;
}

/**
 * This server's insights: walks and results shared through Redis when REDIS_URL is
 * set; otherwise locks in memory and results on disk (INSIGHTS_DATA_DIR), right for
 * a single instance.
 */
export function insights(): Insights {
  if (!holder.__invoicingInsights) {
    const store = sharedStore();
    let source: Promise<string> | null = null;
    holder.__invoicingInsights = createInsights({
      store,
      results:
        store.kind === "redis" ? sharedResultStore(store) : diskResultStore(insightsDataDir()),
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
    });
  }
  return holder.__invoicingInsights;
}

const started = globalThis as { __invoicingInsightsBackground?: () => void };

/** Starts the background refresh once per process (instrumentation.ts, at start), and the search index's walks. */
export function startInsightsInBackground(): void {
  started.__invoicingInsightsBackground ??= insights().startBackground();
  void import("@/lib/search/instance").then(({ startSearchIndexInBackground }) =>
    startSearchIndexInBackground(),
  );
}
