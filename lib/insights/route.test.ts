/**
 * The insight routes as the server runs them (this process's insights on the seeded
 * test database, results in a folder of the test's own): the NDJSON walk, and the
 * pages of the renewals rows, with their refusals.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";

let route: typeof import("./route");
let instance: typeof import("./instance");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "insights-route-test-"));

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  vi.stubEnv("REDIS_URL", "");
  vi.stubEnv("INSIGHTS_DATA_DIR", dir);
  route = await import("./route");
  instance = await import("./instance");
});

afterAll(() => {
  instance.insights().kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => new Request(`http://dashboard.test${url}`);

async function lines(response: Response) {
  return (await response.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; [key: string]: unknown });
}

describe("GET /api/insights/{view}", () => {
  it("refuses an unknown view (404) and unknown or bad parameters (400), naming them", async () => {
    expect(route.serveInsightRequest(get("/api/insights/nope"), "nope").status).toBe(404);
    const bad = route.serveInsightRequest(get("/api/insights/home?refresh=maybe&x=1"), "home");
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues).toEqual([
      { message: "x: unknown parameter" },
      { message: "refresh: must be true or false" },
    ]);
  });

  it("refuses a parameter given twice (400), as the other routes do", async () => {
    const twice = route.serveInsightRequest(
      get("/api/insights/home?refresh=true&refresh=false"),
      "home",
    );
    expect(twice.status).toBe(400);
    expect((await twice.json()).issues).toEqual([{ message: "refresh: given more than once" }]);
  });

  it("streams the walk as NDJSON that no proxy or gzip holds back, ending with the result", async () => {
    const response = route.serveInsightRequest(get("/api/insights/renewals"), "renewals");
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const events = await lines(response);
    expect(events.filter((e) => e.type === "part").map((e) => e.name)).toEqual(["renewals"]);
    expect(events.at(-1)).toMatchObject({ type: "result", today: "2026-11-22T00:00:00.000Z" });
    // Asked again: the fresh result at once, no walk.
    const again = await lines(route.serveInsightRequest(get("/api/insights/renewals"), "renewals"));
    expect(again).toEqual([events.at(-1)]);
  });
});

describe("GET /api/insights/renewals/rows", () => {
  it("answers a kept page, and refuses what is not one", async () => {
    const { result } = await instance.insights().peek("renewals");
    const rows = result!.parts.renewals.rows;
    expect(rows.count).toBeGreaterThan(0);
    const first = await route.serveInsightRows(
      get(`/api/insights/renewals/rows?rows=${rows.id}&page=0`),
      "renewals",
    );
    expect(first.status).toBe(200);
    const body = (await first.json()) as { data: { id: string }[]; hasMore: boolean };
    expect(body.data.length).toBe(Math.min(rows.count, rows.pageSize));
    expect(body.hasMore).toBe(rows.count > rows.pageSize);

    const gone = await route.serveInsightRows(
      get(`/api/insights/renewals/rows?rows=${rows.id}&page=99999`),
      "renewals",
    );
    expect(gone.status).toBe(410);
    expect((await gone.json()).message).toContain("reload the page");

    const bad = await route.serveInsightRows(
      get("/api/insights/renewals/rows?rows=../../etc&page=-1&x=1"),
      "renewals",
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues).toEqual([
      { message: "x: unknown parameter" },
      { message: "rows: the id of a walk's rows is required" },
      { message: "page: a whole number from 0 is required" },
    ]);
    const other = await route.serveInsightRows(
      get(`/api/insights/home/rows?rows=${rows.id}&page=0`),
      "home",
    );
    expect(other.status).toBe(404);
  });
});
