/**
 * The views' results shared between the processes of one server (server.mjs): a
 * result one process walked is what another renders, never "not read yet" again.
 * "Another process" here is this one with its in-memory cache emptied.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";

let cache: typeof import("./cache");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "insights-shared-test-"));
const file = path.join(dir, "results.sqlite");

/** What a freshly started process holds in memory: nothing. */
function forgetInMemory() {
  (globalThis as { __insightCache?: Map<string, unknown> }).__insightCache?.clear();
}

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  vi.stubEnv("INSIGHTS_SHARED_RESULTS", file);
  forgetInMemory();
  cache = await import("./cache");
});

afterAll(() => {
  forgetInMemory();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("results shared between server processes", () => {
  it("a result walked in one process is the one another renders, fresh, without a walk", async () => {
    const walked = await cache.getInsight("home");
    forgetInMemory();
    const seen = cache.peekInsight("home");
    expect(seen.result?.asOf).toBe(walked.asOf);
    expect(seen.result?.data).toEqual(walked.data);
    expect(seen.fresh).toBe(true);
    expect(seen.running).toBe(false);
    forgetInMemory();
    expect((await cache.getInsight("home")).asOf).toBe(walked.asOf);
  });

  it("a newer result stored by another process replaces this one's; an older one does not", async () => {
    const mine = await cache.getInsight("renewals", { force: true });
    const other = new Database(file);
    const row = other
      .prepare("SELECT key, stored_at FROM results WHERE key LIKE '%|renewals|%'")
      .get() as { key: string; stored_at: number };
    const store = (storedAt: number, asOf: string) =>
      other
        .prepare("UPDATE results SET stored_at = ?, result = ? WHERE key = ?")
        .run(storedAt, JSON.stringify({ ...mine, asOf }), row.key);

    store(row.stored_at + 1, "2026-11-22T09:31:00.000Z");
    expect(cache.peekInsight("renewals").result?.asOf).toBe("2026-11-22T09:31:00.000Z");

    // This process walks again: its result is stored over the other's.
    const again = await cache.getInsight("renewals", { force: true });
    const stored = other.prepare("SELECT result FROM results WHERE key = ?").get(row.key) as {
      result: string;
    };
    expect(JSON.parse(stored.result).asOf).toBe(again.asOf);

    store(row.stored_at - 60_000, "2026-11-22T08:00:00.000Z");
    expect(cache.peekInsight("renewals").result?.asOf).toBe(again.asOf);
    other.close();
  });
});
