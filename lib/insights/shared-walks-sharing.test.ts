/**
 * The insight views' walks and results shared between instances, on the real
 * built-in API (the seeded test database, through the server's own fetch path),
 * with results on a real disk and, where two instances share them, a real Redis
 * (the throwaway redis-server of the test run). An "instance" here is one
 * createInsights() with its own fetcher: what each fetcher counts is what the
 * upstream API saw from that instance. What the walks add up to:
 * shared-walks-figures.test.ts.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxInfo, walkForward } from "@/lib/sandbox/testing/sandbox";
import { connectRedis, waitForRedis } from "@/lib/shared-state/redis";
import { createMemoryStore } from "@/lib/shared-state/store";
import {
  budgets,
  type Customer,
  events,
  gate,
  instance,
  killInstances,
  loadInsights,
  redisClients,
  redisStore,
  redisUrl,
  removeAll,
  resultOf,
  resultStores,
  sw,
  tempDir,
  upstream,
} from "./testing/shared-walks";

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  await loadInsights();
});

afterEach(async () => {
  vi.useRealTimers();
  killInstances();
});

afterAll(removeAll);

describe("one walk per view", () => {
  it("viewers arriving at once share one walk and get one result", async () => {
    const { fetcher, stats } = upstream();
    const insights = instance({ fetcher });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => resultOf(insights.follow("home"))),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(stats.calls).toBe(results[0]!.pages);
  });

  it("a fresh result answers at once; a stale one is shown while the next walk runs", async () => {
    let clock = Date.parse("2026-11-22T09:30:00.000Z");
    const options: { gate?: Promise<void> } = {};
    const { fetcher, stats } = upstream(options);
    const insights = instance({ fetcher, now: () => clock, refreshIntervalMs: 60_000 });
    const first = await resultOf(insights.follow("renewals"));
    const pages = stats.calls;
    clock += 59_000;
    expect(await resultOf(insights.follow("renewals"))).toEqual(first);
    expect(stats.calls).toBe(pages);

    clock += 2_000;
    const peeked = await insights.peek("renewals");
    expect(peeked.fresh).toBe(false);
    const held = gate();
    options.gate = held.promise;
    const next = events(insights.follow("renewals"));
    await vi.waitFor(async () => expect((await insights.peek("renewals")).running).not.toBeNull(), {
      timeout: 15_000,
    });
    // While it runs, pages render the stale result.
    expect((await insights.peek("renewals")).result?.id).toBe(first.id);
    held.open();
    const second = (await next).at(-1)!;
    expect(second).toMatchObject({ type: "result" });
    expect((second as { id: string }).id).not.toBe(first.id);
    expect((await insights.peek("renewals")).fresh).toBe(true);
  });

  it("a refresh joins a running walk, and one soon after a walk answers its result", async () => {
    let clock = Date.parse("2026-11-22T09:30:00.000Z");
    const held = gate();
    const options: { gate?: Promise<void> } = { gate: held.promise };
    const { fetcher, stats } = upstream(options);
    const insights = instance({ fetcher, now: () => clock });
    const first = events(insights.follow("renewals"));
    await vi.waitFor(async () => expect((await insights.peek("renewals")).running).not.toBeNull(), {
      timeout: 15_000,
    });
    const joining = resultOf(insights.follow("renewals", { force: true }));
    held.open();
    const joined = await joining;
    expect(((await first).at(-1) as { id: string }).id).toBe(joined.id);
    expect(stats.calls).toBe(joined.pages);

    clock += sw.REFRESH_ANSWERS_RESULT_MS - 1_000;
    expect((await resultOf(insights.follow("renewals", { force: true }))).id).toBe(joined.id);
    expect(stats.calls).toBe(joined.pages);

    clock += 2_000;
    const again = await resultOf(insights.follow("renewals", { force: true }));
    expect(again.id).not.toBe(joined.id);
    expect(stats.calls).toBe(joined.pages + again.pages);
  });

  it("a walk that fails part-way stores nothing, says how far it got, and keeps the last result", async () => {
    const cold = instance({ fetcher: upstream({ failAfter: 3 }).fetcher, concurrency: 1 });
    const seen = await events(cold.follow("renewals"));
    const end = seen.at(-1)!;
    expect(end).toMatchObject({ type: "error", kind: "server", message: "Injected failure" });
    expect((end as { pagesRead: number }).pagesRead).toBeGreaterThanOrEqual(3);
    expect(seen.some((e) => e.type === "result")).toBe(false);
    expect((await cold.peek("renewals")).result).toBeNull();

    // With a result: a failed walk leaves it (and its rows) as they were, stale.
    let clock = Date.parse("2026-11-22T09:30:00.000Z");
    const dir = tempDir();
    const shared = {
      store: createMemoryStore(() => clock),
      results: resultStores.diskResultStore(dir),
      now: () => clock,
    };
    const good = instance(shared);
    await resultOf(good.follow("renewals"));
    const before = (await good.peek("renewals")).result!;
    const files = fs.readdirSync(dir).sort();
    clock += 600_001;
    const failing = instance({ ...shared, fetcher: upstream({ failAfter: 3 }).fetcher });
    const again = await events(failing.follow("renewals", { force: true }));
    expect(again.at(-1)).toMatchObject({ type: "error" });
    const after = await failing.peek("renewals");
    expect(after.result?.id).toBe(before.id);
    expect(after.fresh).toBe(false);
    expect(after.running).toBeNull();
    // Nothing of the failed walk was kept (its run record lives in the store, not here).
    expect(fs.readdirSync(dir).sort()).toEqual(files);
  });

  it("keeps the rows of the last two walks only", async () => {
    const dir = tempDir();
    let clock = Date.parse("2026-11-22T09:30:00.000Z");
    const insights = instance({ results: resultStores.diskResultStore(dir), now: () => clock });
    const rowsIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      await resultOf(insights.follow("renewals", { force: true }));
      rowsIds.push((await insights.peek("renewals")).result!.parts.renewals.rows.id);
      clock += sw.REFRESH_ANSWERS_RESULT_MS + 1;
    }
    expect(await insights.rowsPage("renewals", rowsIds[0]!, 0)).toBeNull();
    expect(await insights.rowsPage("renewals", rowsIds[1]!, 0)).not.toBeNull();
    expect(await insights.rowsPage("renewals", rowsIds[2]!, 0)).not.toBeNull();
  });
});

describe("background refresh (fake clock)", () => {
  it("walks a result older than the interval without a viewer; a restarted instance shows the last result at once", async () => {
    vi.useFakeTimers({
      toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
    vi.setSystemTime(Date.parse("2026-11-22T09:30:00.000Z"));
    const dir = tempDir();
    const first = upstream();
    const a = instance({
      fetcher: first.fetcher,
      results: resultStores.diskResultStore(dir),
      refreshIntervalMs: 60_000,
    });
    // The first viewer walks; the background keeps the result from then on.
    await resultOf(a.follow("home"));
    const walked = (await a.peek("home")).result!;
    const stop = a.startBackground();
    await a.idle();
    expect(first.stats.calls).toBe(walked.pages);

    await vi.advanceTimersByTimeAsync(45_000);
    await a.idle();
    expect(first.stats.calls).toBe(walked.pages);
    expect((await a.peek("home")).fresh).toBe(true);

    // Past the interval: refreshed with no viewer at all.
    await vi.advanceTimersByTimeAsync(20_000);
    await vi.waitFor(async () => expect((await a.peek("home")).result?.id).not.toBe(walked.id), {
      timeout: 15_000,
    });
    await a.idle();
    const refreshed = (await a.peek("home")).result!;
    expect(refreshed.storedAt).toBeGreaterThanOrEqual(walked.storedAt + 60_000);
    expect(first.stats.calls).toBe(walked.pages + refreshed.pages);
    // Views nobody opened are not walked.
    expect((await a.peek("renewals")).result).toBeNull();
    stop();
    a.kill();

    // A restarted instance (nothing in memory, the same disk) shows it at once, without a walk.
    const second = upstream();
    const b = instance({
      fetcher: second.fetcher,
      results: resultStores.diskResultStore(dir),
      refreshIntervalMs: 60_000,
    });
    const shown = await b.peek("home");
    expect(shown.result?.id).toBe(refreshed.id);
    expect(shown.fresh).toBe(true);
    expect(second.stats.calls).toBe(0);

    // Down for longer than the interval: the result is shown, stale, and walked again at start.
    await vi.advanceTimersByTimeAsync(120_000);
    expect((await b.peek("home")).fresh).toBe(false);
    const stopB = b.startBackground();
    await vi.waitFor(async () => expect((await b.peek("home")).result?.id).not.toBe(refreshed.id), {
      timeout: 15_000,
    });
    await b.idle();
    expect(second.stats.calls).toBeGreaterThan(0);
    expect((await b.peek("home")).fresh).toBe(true);
    stopB();
  });
});

describe.skipIf(!redisUrl)("instances sharing one Redis", () => {
  it("two instances run one walk between them, and every viewer gets its result", async () => {
    const store = await redisStore();
    const results = resultStores.sharedResultStore(store);
    const a = upstream({ delayMs: 2 });
    const b = upstream({ delayMs: 2 });
    const one = instance({ store, results, fetcher: a.fetcher });
    const two = instance({ store, results, fetcher: b.fetcher });
    const seen = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resultOf((i % 2 ? one : two).follow("home"))),
    );
    expect(new Set(seen.map((r) => r.id)).size).toBe(1);
    // The upstream saw one walk's pages, from one instance.
    expect(a.stats.calls + b.stats.calls).toBe(seen[0]!.pages);
    expect(Math.min(a.stats.calls, b.stats.calls)).toBe(0);
    expect((await one.peek("home")).result?.id).toBe(seen[0]!.id);
    expect((await two.peek("home")).result?.id).toBe(seen[0]!.id);
  });

  it("a walker that dies mid-walk (stops extending its lock) is taken over once the lock expires", async () => {
    const store = await redisStore();
    const results = resultStores.sharedResultStore(store);
    // The dying instance reads three pages, then its fourth call hangs until it dies.
    const a = upstream({ gate: new Promise(() => {}), gateAfter: 3 });
    const b = upstream();
    const lockTtlMs = 2_000;
    const dying = instance({ store, results, fetcher: a.fetcher, lockTtlMs, concurrency: 1 });
    const taking = instance({ store, results, fetcher: b.fetcher, lockTtlMs });
    const abandoned = events(dying.follow("renewals"));
    await vi.waitFor(() => expect(a.stats.calls).toBe(4), { timeout: 30_000 });
    const deadRun = (await taking.peek("renewals")).running!;
    expect(deadRun).not.toBeNull();
    dying.kill();
    await abandoned;

    // Its viewer's instance sees the run stop moving, waits out the lock, walks itself.
    const taken = await resultOf(taking.follow("renewals"));
    expect(taken.id).not.toBe(deadRun.id);
    expect(b.stats.calls).toBeGreaterThanOrEqual(taken.pages);
    expect(a.stats.calls).toBe(4);
    expect(taken.pages).toBeGreaterThan(4);
    const { result } = await taking.peek("renewals");
    expect(result?.id).toBe(taken.id);
    const all = await walkForward<Customer>("/customers");
    expect(result!.parts.renewals.healthCounts.reduce((n, h) => n + h.count, 0)).toBe(all.length);
  });

  it("the page budget holds across instances", async () => {
    const client = connectRedis(redisUrl!);
    redisClients.push(client);
    await waitForRedis(client);
    const key = `test-budget-${randomUUID()}`;
    const one = budgets.createPageBudget({ pagesPerSecond: 5, key, redis: client });
    const two = budgets.createPageBudget({ pagesPerSecond: 5, key, redis: client });
    const started = performance.now();
    await Promise.all(Array.from({ length: 15 }, (_, i) => (i % 2 ? one : two).take()));
    // 15 pages at 5 a second across both: three one-second windows at least.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});
