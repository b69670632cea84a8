/**
 * The search indexes' tests on the real built-in API: a sandbox database of the
 * test's own (its records are changed), reached through the API's handler as a
 * dashboard instance reaches it, counting what each instance asks for; locks in
 * memory or a real Redis, blocks on a real disk or in that Redis.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Fetcher } from "@/lib/api/client";
import { unlimitedBudget } from "@/lib/insights/budget";
import { diskResultStore, type ResultStore } from "@/lib/insights/result-store";
import { type OwnSandbox, openOwnSandbox } from "@/lib/sandbox/testing/own-sandbox";
import { connectRedis, waitForRedis } from "@/lib/shared-state/redis";
import { createMemoryStore, createRedisStore, type SharedStore } from "@/lib/shared-state/store";
import { createSearchIndex, type SearchIndex, type SearchIndexOptions } from "../search-index";

export const DAY = 86_400_000;
/** The tests' today (SANDBOX_NOW's day, which the seed's states are relative to). */
export const TODAY = Date.parse("2026-11-22T00:00:00.000Z");

/** What one instance asked the API for. */
export interface Upstream {
  fetcher: Fetcher;
  calls: string[];
}

/** The sandbox's API as one instance reads it; `failAfter`: every call after that many fails. */
export function upstream(sandbox: OwnSandbox, options: { failAfter?: number } = {}): Upstream {
  const calls: string[] = [];
  const fetcher: Fetcher = async (pathAndQuery) => {
    calls.push(pathAndQuery);
    if (options.failAfter !== undefined && calls.length > options.failAfter)
      return Response.json(
        { message: "Injected failure", code: "INTERNAL_SERVER_ERROR", issues: [] },
        { status: 500 },
      );
    const { status, body } = await sandbox.get<unknown>(pathAndQuery);
    return Response.json(body, { status });
  };
  return { fetcher, calls };
}

export interface Harness {
  sandbox: OwnSandbox;
  dir: string;
  /** the tests' clock: every instance reads it */
  clock: { now: number };
  make(options?: Partial<SearchIndexOptions> & { upstream?: Upstream }): SearchIndex;
  /** A shared store on the test run's Redis (its own key prefix). */
  redis(url: string): Promise<SharedStore>;
  close(): void;
}

export function openHarness(name: string, customers: number): Harness {
  const sandbox = openOwnSandbox(name, customers);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-index-`));
  const clock = { now: Date.now() };
  const made: SearchIndex[] = [];
  const clients: { disconnect(): void }[] = [];
  const results: ResultStore = diskResultStore(dir, { secret: async () => "s".repeat(64) });
  return {
    sandbox,
    dir,
    clock,
    make(options = {}) {
      const index = createSearchIndex({
        store: createMemoryStore(),
        results,
        source: async () => "test-source",
        budgetFor: () => unlimitedBudget,
        fetcher: (options.upstream ?? upstream(sandbox)).fetcher,
        refreshIntervalMs: 600_000,
        now: () => clock.now,
        today: () => TODAY,
        ...options,
      });
      made.push(index);
      return index;
    },
    async redis(url) {
      const client = connectRedis(url);
      clients.push(client);
      await waitForRedis(client);
      return createRedisStore(client, `test:${randomUUID()}:`);
    },
    close() {
      for (const index of made) index.kill();
      for (const client of clients) client.disconnect();
      sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ticks `index` and waits for the walks it started. */
export async function walked(index: SearchIndex): Promise<void> {
  await index.tick();
  await index.idle();
}

/** Every invoice of the sandbox's first business, voided included, as the API lists them. */
export async function everyInvoice(sandbox: OwnSandbox) {
  const all: { id: string; number: string; status: string }[] = [];
  let cursor = "";
  for (;;) {
    const page = await sandbox.get<{
      data: { id: string; number: string; status: string }[];
      hasMore: boolean;
      nextCursor?: string;
    }>(`/invoices?limit=100&statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED${cursor}`);
    all.push(...page.body.data);
    if (!page.body.hasMore) return all;
    cursor = `&startingAfter=${page.body.nextCursor}`;
  }
}
