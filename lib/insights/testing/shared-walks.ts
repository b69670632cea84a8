/**
 * What the shared walks' tests (lib/insights/shared-walks-*.test.ts) run on: the
 * insights modules as loaded after the test has pointed the server's fetch path at
 * the seeded test database; instances, each a createInsights() with its own counting
 * fetcher, killed after each test; result folders on a real disk and stores in the
 * test run's Redis, removed after the file; and the steps their tests share.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { Fetcher } from "@/lib/api/client";
import { connectRedis, waitForRedis } from "@/lib/shared-state/redis";
import { createMemoryStore, createRedisStore, type SharedStore } from "@/lib/shared-state/store";
import type { InsightEvent, Insights, InsightsOptions } from "../shared-walks";

// Set by loadInsights(); the tests read them as they are then (live bindings).
export let sw: typeof import("../shared-walks");
export let resultStores: typeof import("../result-store");
export let budgets: typeof import("../budget");
let serverFetcher: Fetcher;
let loaded: Promise<void> | undefined;

const dirs: string[] = [];
const instances: Insights[] = [];
export const redisClients: { disconnect(): void }[] = [];
export const redisUrl = inject("redisUrl");

/**
 * Loads the insights modules and the server's fetch path, once: call it from
 * `beforeAll`, after stubbing SANDBOX_DB, INVOICING_API_URL and INVOICING_API_KEY.
 */
export function loadInsights(): Promise<void> {
  loaded ??= reallyLoad();
  return loaded;
}

async function reallyLoad() {
  sw = await import("../shared-walks");
  resultStores = await import("../result-store");
  budgets = await import("../budget");
  ({ serverFetcher } = await import("@/lib/upstream/server-fetcher"));
}

/** Kills the instances the test made (from `afterEach`). */
export function killInstances() {
  for (const instance of instances.splice(0)) {
    instance.kill();
  }
}

/** Removes the result folders and disconnects the Redis clients (from `afterAll`). */
export function removeAll() {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const client of redisClients) client.disconnect();
}

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "insights-test-"));
  dirs.push(dir);
  return dir;
}

/**
 * The real fetcher, counting the pages each instance reads. `busyMs` holds the
 * thread for that long per page, as the built-in API's synchronous SQLite does on a
 * large database; `delayMs` waits (a slow network); `failAfter` fails every call
 * after that many; calls after `gateAfter` wait until `gate` opens.
 */
export function upstream(
  options: {
    busyMs?: number;
    delayMs?: number;
    failAfter?: number;
    gate?: Promise<void>;
    /** calls after this many wait at the gate */
    gateAfter?: number;
  } = {},
) {
  const stats = { calls: 0 };
  const fetcher: Fetcher = async (pathAndQuery, init) => {
    stats.calls += 1;
    if (stats.calls > (options.gateAfter ?? 0)) await options.gate;
    if (options.failAfter !== undefined && stats.calls > options.failAfter)
      return Response.json(
        { message: "Injected failure", code: "INTERNAL_SERVER_ERROR", issues: [] },
        { status: 500 },
      );
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (options.busyMs) {
      const until = performance.now() + options.busyMs;
      while (performance.now() < until) {}
    }
    return serverFetcher(pathAndQuery, init);
  };
  return { fetcher, stats };
}

/** A gate upstream calls wait at until the test opens it: a walk held running. */
export function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export function instance(options: Partial<InsightsOptions> = {}): Insights {
  const made = sw.createInsights({
    store: createMemoryStore(),
    results: resultStores.diskResultStore(tempDir()),
    source: () => "test-source",
    budgetFor: () => budgets.unlimitedBudget,
    fetcher: upstream().fetcher,
    refreshIntervalMs: 600_000,
    pollMs: 20,
    ...options,
  });
  instances.push(made);
  return made;
}

export async function events(generator: AsyncGenerator<InsightEvent>): Promise<InsightEvent[]> {
  const all: InsightEvent[] = [];
  for await (const event of generator) all.push(event);
  return all;
}

export async function resultOf(generator: AsyncGenerator<InsightEvent>) {
  const last = (await events(generator)).at(-1);
  if (last?.type !== "result") throw new Error(`the walk ended with ${JSON.stringify(last)}`);
  return last;
}

export async function redisStore(): Promise<SharedStore> {
  const client = connectRedis(redisUrl!);
  redisClients.push(client);
  await waitForRedis(client);
  return createRedisStore(client, `test:${randomUUID()}:`);
}

export interface Customer {
  id: string;
  name: string;
  contractHealth: string;
  coverageContractId: string | null;
  coverageContractEndAt: string | null;
}

export interface Contract {
  id: string;
  endAt: string;
  futureAmendment: { startAt: string } | null;
}
