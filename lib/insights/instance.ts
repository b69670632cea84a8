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

/**
 * This server's insights: walks and results shared through Redis when REDIS_URL is
 * set; otherwise locks in memory and results on disk (INSIGHTS_DATA_DIR), right for
 * a single instance.
 */
export function insights(): Insights {
  if (!holder.__invoicingInsights) {
    const store = sharedStore();
    const budgets = new Map<string, PageBudget>();
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
      budgetFor: (key) => {
        let budget = budgets.get(key);
        if (!budget) {
          budget = createPageBudget({
            pagesPerSecond: maxPagesPerSecond(),
            key,
            redis: redisClient(),
          });
          budgets.set(key, budget);
        }
        return budget;
      },
      refreshIntervalMs: refreshIntervalMs(),
      lockTtlMs: lockTtlMs(),
    });
  }
  return holder.__invoicingInsights;
}

const started = globalThis as { __invoicingInsightsBackground?: () => void };

/** Starts the background refresh once per process (instrumentation.ts, at start). */
export function startInsightsInBackground(): void {
  started.__invoicingInsightsBackground ??= insights().startBackground();
}
