import "server-only";
import type { Fetcher } from "@/lib/api/client";
import type { PageBudget } from "@/lib/insights/budget";
import type { ResultStore } from "@/lib/insights/result-store";
import type { SharedStore } from "@/lib/shared-state/store";
import { serverFetcher } from "@/lib/upstream/server-fetcher";
import { looksLikeNumber } from "./client";
import { searchCustomersByApi } from "./customer-fallback";
import { IndexStore } from "./index-store";
import { customersDue, invoicesDue, type WalkEnv, walkUnderLock } from "./index-walks";
import { numberKey } from "./invoice-segment";
import { LoadedIndex } from "./loaded-index";
import type {
  CustomerIndexStatus,
  CustomerSearchAnswer,
  InvoiceIndexStatus,
  InvoiceMatch,
  InvoiceSearchAnswer,
  NamesakesAnswer,
} from "./types";

/**
 * The search indexes of this instance: invoices by number and customers by words
 * and e-mail, built and kept current by background walks under the insight walks'
 * page budget, one walker per index across the instances, kept in the store and
 * followed from there by every other instance.
 */
export interface SearchIndex {
  invoices(text: string): Promise<InvoiceSearchAnswer>;
  /** The invoice numbered exactly `number`, and how far the index has got. */
  invoiceByNumber(
    number: string,
  ): Promise<{ match: InvoiceMatch | null; index: InvoiceIndexStatus }>;
  customers(text: string, signal?: AbortSignal): Promise<CustomerSearchAnswer>;
  /** Of `ids`, the customers another bears the name of, with their e-mails (the index only: no API read). */
  namesakes(ids: readonly string[]): Promise<NamesakesAnswer>;
  /** Follows the store, and walks what is due (the background does this on a timer). */
  tick(): Promise<void>;
  /** Starts the timer; returns its stop. */
  startBackground(): () => void;
  /** Resolves once the walks this instance runs have ended (tests). */
  idle(): Promise<void>;
  /** Stops at once, writing nothing more, as a crashed process would (tests). */
  kill(): void;
}

export interface SearchIndexOptions {
  /** locks (Redis, or memory for one instance) */
  store: SharedStore;
  /** manifests and blocks (Redis, or disk for one instance) */
  results: ResultStore;
  /** the API source: an index is only ever searched for the source it was read from */
  source: () => Promise<string>;
  budgetFor: (source: string) => PageBudget;
  fetcher?: Fetcher;
  refreshIntervalMs: number;
  lockTtlMs?: number;
  now?: () => number;
  today: () => number;
}

/** A search reads the store again for what other instances walked when its last look is this old. */
const LOOK_AGAIN_MS = 5_000;

export function createSearchIndex(options: SearchIndexOptions): SearchIndex {
  const now = options.now ?? Date.now;
  let dead = false;
  let loaded: LoadedIndex | null = null;
  let firstLook: Promise<void> | null = null;
  let lookedAt = 0;
  const walking = new Map<string, Promise<void>>();

  /** This source's index, read from the store once; later looks run beside the searches. */
  async function current(): Promise<LoadedIndex> {
    const source = await options.source();
    if (loaded?.store.source !== source) {
      loaded = new LoadedIndex(new IndexStore(options.results, source));
      firstLook = null;
    }
    const held = loaded;
    firstLook ??= look(held);
    await firstLook;
    if (now() - lookedAt >= LOOK_AGAIN_MS) void look(held);
    return held;
  }

  async function look(held: LoadedIndex) {
    lookedAt = now();
    await held.sync().catch((error: Error) => {
      console.error(`[search] the index could not be read from the store: ${error.message}`);
    });
  }

  const env = (source: string): WalkEnv => ({
    locks: options.store,
    budget: options.budgetFor(source),
    fetcher: options.fetcher,
    refreshIntervalMs: options.refreshIntervalMs,
    lockTtlMs: options.lockTtlMs ?? 30_000,
    now,
    today: options.today,
    dead: () => dead,
  });

  async function tick() {
    if (dead) return;
    const held = await current();
    await look(held);
    const walks = env(held.store.source);
    const kinds = [
      invoicesDue(walks, held.invoiceManifest) ? ("invoices" as const) : null,
      customersDue(walks, held) ? ("customers" as const) : null,
    ];
    for (const kind of kinds) {
      const key = `${held.store.source}:${kind}`;
      if (!kind || walking.has(key)) continue;
      const run = walkUnderLock(walks, held, kind).finally(() => walking.delete(key));
      walking.set(key, run);
    }
  }

  return {
    async invoices(text) {
      const held = await current();
      const found = looksLikeNumber(text)
        ? held.invoices.find(text)
        : { shown: [], counted: 0, more: false };
      return { term: numberKey(text), ...found, index: invoiceStatus(held) };
    },
    async invoiceByNumber(number) {
      const held = await current();
      return { match: held.invoices.exact(number), index: invoiceStatus(held) };
    },
    async customers(text, signal) {
      const held = await current();
      const index = customerStatus(held);
      if (held.customers) return { term: text.trim(), ...held.customers.find(text), index };
      const found = await searchCustomersByApi(options.fetcher ?? serverFetcher, text, signal);
      return { term: text.trim(), ...found, index };
    },
    async namesakes(ids) {
      const held = await current();
      const emails = held.customers?.namesakeEmails(ids) ?? {};
      return { emails, index: customerStatus(held) };
    },
    tick,
    startBackground() {
      const every = Math.max(1_000, Math.min(options.refreshIntervalMs / 4, 60_000));
      const run = () =>
        void tick().catch((error: Error) => console.error(`[search] ${error.message}`));
      const timer = setInterval(run, every);
      timer.unref?.();
      run();
      return () => clearInterval(timer);
    },
    async idle() {
      while (walking.size > 0) await Promise.all(walking.values());
    },
    kill() {
      dead = true;
    },
  };
}

function invoiceStatus(held: LoadedIndex): InvoiceIndexStatus {
  const m = held.invoiceManifest;
  const at = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
  return {
    state: !m ? "waiting" : m.state,
    invoices: held.invoices.count,
    reachedCreatedAt: m?.state === "building" ? m.reachedCreatedAt : null,
    asOf: at(m?.refreshedAt),
    error: m?.error?.message ?? null,
    pages: m?.pages ?? 0,
    lastRefresh: m?.lastRefresh ?? null,
  };
}

function customerStatus(held: LoadedIndex): CustomerIndexStatus {
  const m = held.customerManifest;
  return {
    state: held.customers ? "ready" : "waiting",
    asOf: m?.readAt ? new Date(m.readAt).toISOString() : null,
    error: m?.error?.message ?? null,
  };
}
