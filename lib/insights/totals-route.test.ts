/**
 * "Sum this view" as the server runs it (this process's insights on the seeded test
 * database, results in a folder of the test's own): a view of any length is summed,
 * and no answer holds the server's folders or anything derived from the API key.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";
import { createMemoryStore } from "@/lib/shared-state/store";

let route: typeof import("./totals-route");
let instance: typeof import("./instance");
let shared: typeof import("./shared-walks");
let results: typeof import("./result-store");
let budgets: typeof import("./budget");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "totals-route-test-"));

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  vi.stubEnv("REDIS_URL", "");
  vi.stubEnv("AUTH_SECRET", "");
  vi.stubEnv("INSIGHTS_DATA_DIR", dir);
  route = await import("./totals-route");
  instance = await import("./instance");
  shared = await import("./shared-walks");
  results = await import("./result-store");
  budgets = await import("./budget");
});

afterAll(() => {
  instance.insights().kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function lines(body: ReadableStream<Uint8Array>) {
  const text = await new Response(body).text();
  return {
    text,
    events: text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string }),
  };
}

/** What the source's name was before it was keyed: a plain hash of the database and the key. */
const unkeyedSource = () =>
  createHash("sha256")
    .update(`built-in\n${sandboxInfo().dbPath}\n${sandboxInfo().keys.demo}`)
    .digest("hex")
    .slice(0, 24);

describe("GET /api/totals/{list} of a long view", () => {
  it("sums a 200-character search; no answer or file name holds a folder or a hash of the key", async () => {
    const search = `${"é".repeat(40)}${"x".repeat(160)}`;
    const request = new Request(
      `http://dashboard.test/api/totals/customers?search=${encodeURIComponent(search)}`,
    );
    const response = route.serveTotalsRequest(request, "customers");
    expect(response.status).toBe(200);
    const { text, events } = await lines(response.body!);
    expect(events.at(-1)).toMatchObject({ type: "result", totals: { count: 0 } });
    expect(text).not.toContain(dir);
    expect(text).not.toContain(unkeyedSource());
    const names = fs.readdirSync(dir).filter((name) => name !== "identifier-secret");
    expect(names).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.json$/)]);
    // Asked again: the kept result, found under the same name.
    const again = await lines(route.serveTotalsRequest(request, "customers").body!);
    expect(again.events).toEqual([events.at(-1)]);
  });

  it("results that cannot be kept: the viewer is told in general words, the folder only in the log", async () => {
    const blocked = path.join(dir, "a-file-not-a-folder");
    fs.writeFileSync(blocked, "");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const insights = shared.createInsights({
      store: createMemoryStore(),
      results: results.diskResultStore(path.join(blocked, "insights"), {
        secret: async () => "s".repeat(64),
      }),
      source: () => "test-source",
      budgetFor: () => budgets.unlimitedBudget,
      refreshIntervalMs: 600_000,
      pollMs: 20,
    });
    try {
      const stream = route.totalsEventStream("totals:payments:isAttributed=false", false, insights);
      const { text, events } = await lines(stream);
      expect(events.at(-1)).toEqual({
        type: "error",
        message: results.RESULTS_UNAVAILABLE,
        kind: "server",
        status: null,
        pagesRead: 0,
        rowsRead: 0,
      });
      expect(text).not.toContain(blocked);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(blocked));
    } finally {
      insights.kill();
      logged.mockRestore();
    }
  });
});
