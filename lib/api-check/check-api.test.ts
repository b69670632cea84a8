/**
 * `npm run check-api` (lib/api-check/cli.ts) in-process, against the built-in API
 * on the seeded test database: in this process, and over real HTTP through a
 * divergent upstream (testing/divergent-api.ts) that changes nothing, breaks the
 * contract, or differs only harmlessly.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bufferedIo } from "@/lib/cli/io";
import { LIST_DEFINITIONS } from "@/lib/lists/page-reads";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";
import type { CheckResult } from "./result";
import type { Divergence } from "./testing/divergence";
import type { DivergentApi } from "./testing/divergent-api";

let run: typeof import("./cli").run;
let startDivergentApi: typeof import("./testing/divergent-api").startDivergentApi;
let upstream: DivergentApi | null = null;

beforeAll(async () => {
  // The built-in API reads the test database, and stays on (no INVOICING_API_URL in
  // this process: the command line gets its URL through its own environment).
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("REDIS_URL", "");
  ({ run } = await import("./cli"));
  ({ startDivergentApi } = await import("./testing/divergent-api"));
});

afterEach(async () => {
  await upstream?.close();
  upstream = null;
});

async function checkApi(env: Record<string, string>, args: string[] = []) {
  const io = bufferedIo({ NODE_ENV: "test", SANDBOX_DB: sandboxInfo().dbPath, ...env });
  const code = await run(args, io);
  return { code, out: io.out(), err: io.err(), lines: io.out().split("\n") };
}

async function overHttp(
  divergence: Divergence,
  args: string[] = [],
  key = sandboxInfo().keys.demo,
) {
  upstream = await startDivergentApi(divergence);
  return checkApi({ INVOICING_API_URL: upstream.url, INVOICING_API_KEY: key }, args);
}

/** The one line holding every text given. */
function lineWith(lines: string[], ...texts: string[]): string {
  const found = lines.filter((line) => texts.every((t) => line.includes(t)));
  expect(found, `one line with ${texts.join(" + ")}\n${lines.join("\n")}`).toHaveLength(1);
  return found[0]!;
}

describe("check-api against the built-in API", () => {
  it("in this process: everything works, exit 0, and the key is never printed", async () => {
    const key = sandboxInfo().keys.demo;
    const text = await checkApi({ INVOICING_API_KEY: key });
    expect(text.code, text.out).toBe(0);
    expect(text.out).toContain("Everything the dashboard reads works.");
    expect(text.out).toContain("Exit 0: everything works.");
    expect(text.lines.filter((l) => /^(BREAKS|differs) /.test(l))).toEqual([]);
    expect(text.out + text.err).not.toContain(key);

    const json = await checkApi({ INVOICING_API_KEY: key }, ["--json"]);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.out) as CheckResult;
    expect(result.verdict).toBe("works");
    expect(result.items.filter((i) => i.outcome !== "works")).toEqual([]);
    expect(result.requests).toBeGreaterThan(30);
    expect(result.requests).toBeLessThanOrEqual(80);
    expect(json.out + json.err).not.toContain(key);

    // Every filter and every order of every list definition was sent.
    for (const [list, definition] of Object.entries(LIST_DEFINITIONS)) {
      const probes = result.items.filter((i) => i.route === `GET /${list}`).map((i) => i.probe);
      for (const param of Object.keys(definition.parsers).filter((p) => p !== "orderBy"))
        expect(
          probes.some((p) => new URLSearchParams(p).has(param)),
          `${list} ${param}`,
        ).toBe(true);
      const orders = probes.flatMap((p) => new URLSearchParams(p).get("orderBy")?.split(",") ?? []);
      for (const field of definition.orderFields)
        for (const direction of ["ASC", "DESC"])
          expect(orders, `${list} ${field}`).toContain(`${field}:${direction}`);
    }
    for (const group of [
      "health",
      "key",
      "list",
      "page size",
      "cursor",
      "filter",
      "order",
      "record",
      "errors",
    ])
      expect(
        result.items.some((i) => i.group === group),
        group,
      ).toBe(true);
  });

  it("over real HTTP: everything works, GET only, a bounded number of requests, no whole-list walk", async () => {
    const text = await overHttp("none");
    expect(text.code, text.out).toBe(0);
    expect(text.out).toContain(`Checked ${upstream!.url}`);
    expect(upstream!.requests.every((r) => r.startsWith("GET "))).toBe(true);
    expect(upstream!.requests.length).toBeLessThanOrEqual(80);
    expect(
      upstream!.requests.filter((r) => r.includes("startingAfter=")).length,
    ).toBeLessThanOrEqual(6);
  });
});

describe("check-api against a divergent upstream", () => {
  it("reports each difference on its own line with the pages it reaches, and exits 1", async () => {
    const text = await overHttp("breaking");
    expect(text.code, text.out).toBe(1);
    expect(text.out).toContain("Exit 1: a page would fail");

    // A required field renamed: every page reading invoices fails.
    const renamed = lineWith(text.lines, "BREAKS", "Invoice.totalAmount: missing");
    for (const page of [
      "Invoices (/invoices): the list, Export CSV",
      "Invoice page (/invoices/[id]): the invoice",
      "Customer page (/customers/[id]): its invoices table",
      "Home (/): overdue figure",
      "Receivables (/receivables)",
    ])
      expect(renamed).toContain(page);
    lineWith(text.lines, "differs", "Invoice.total: extra field");

    // A refused filter: the filter and the export of a filtered view, nothing else.
    for (const value of ["true", "false"]) {
      const refused = lineWith(text.lines, "BREAKS", `hasUncoveredBalance=${value} `);
      expect(refused).toContain("refused: HTTP 400: hasUncoveredBalance: unknown parameter");
      expect(refused).toMatch(/→ Invoices \(\/invoices\): Export CSV, Uncovered filter$/);
    }

    // An ignored filter: accepted, but the rows are not what it keeps.
    const ignored = lineWith(text.lines, "BREAKS", "GET /payments ", "isAttributed=false ");
    expect(ignored).toMatch(
      /accepted but not applied: \d+ of \d+ records do not fit isAttributed=false; the page would show the wrong rows/,
    );
    expect(ignored).toMatch(/→ Payments \(\/payments\): Export CSV, Attributed filter$/);

    // A missing route.
    const missing = lineWith(text.lines, "BREAKS", "GET /contracts ", "limit=50");
    expect(missing).toContain("HTTP 404");
    expect(missing).toContain("the route is missing");
    expect(missing).toContain("Contracts (/contracts): the list, Export CSV");
    expect(missing).toContain("Customer page (/customers/[id]): its contracts table");

    // An unknown status: shown as it is, but the Status filter cannot pick it.
    const status = lineWith(text.lines, "differs", 'Invoice.status: unknown value "PAID"');
    expect(status).toContain("Invoices (/invoices): the list, Export CSV, Status filter");

    const json = JSON.parse((await overHttp("breaking", ["--json"])).out) as CheckResult;
    expect(json.verdict).toBe("breaks");
    expect(json.items.filter((i) => i.outcome === "breaks").map((i) => i.probe)).toEqual(
      expect.arrayContaining(["hasUncoveredBalance=true", "hasUncoveredBalance=false", "limit=50"]),
    );
  });

  it("only harmless differences (an extra field, an unknown enum value): reported, exit 0", async () => {
    const text = await overHttp("harmless");
    expect(text.code, text.out).toBe(0);
    expect(text.out).toContain("Exit 0: only harmless differences.");
    expect(text.lines.filter((l) => l.startsWith("BREAKS"))).toEqual([]);
    lineWith(text.lines, "differs", "Invoice.taxAmount: extra field (not read by the dashboard)");
    const health = lineWith(
      text.lines,
      "differs",
      'Customer.contractHealth: unknown value "AT_RISK"',
    );
    expect(health).toContain("Customers (/customers): the list, Export CSV, Health filter");
    expect(health).toContain("Renewals (/renewals)");
  });
});

describe("check-api when the API cannot be read", () => {
  it("a refused key: one line saying every page fails, exit 1, nothing else probed", async () => {
    const text = await overHttp("none", [], sandboxInfo().keys.revoked);
    expect(text.code).toBe(1);
    lineWith(text.lines, "BREAKS", "GET /me", "the API refuses the key, so every page fails");
    expect(upstream!.requests).toHaveLength(2); // health and /me
    expect(text.out).not.toContain(sandboxInfo().keys.revoked);
  });

  it("a key lacking claims: the lists it cannot read break, the one it can is probed", async () => {
    const text = await checkApi({ INVOICING_API_KEY: sandboxInfo().keys.paymentsOnly });
    expect(text.code).toBe(1);
    for (const [list, claim] of [
      ["invoices", "invoices:read"],
      ["customers", "customers:read"],
      ["contracts", "contracts:read"],
    ])
      lineWith(text.lines, "BREAKS", `GET /${list} `, `the key lacks ${claim}`);
    lineWith(text.lines, "works", "GET /payments ", "hasUnappliedAmount=true");
  });

  it("an API that cannot be reached: exit 1, saying so", async () => {
    const text = await checkApi(
      { INVOICING_API_URL: "http://127.0.0.1:9/api/v1", INVOICING_API_KEY: "k" },
      ["--timeout-ms", "2000"],
    );
    expect(text.code).toBe(1);
    lineWith(text.lines, "BREAKS", "GET /me", "the API cannot be reached");
  });

  it("usage and configuration errors exit 2", async () => {
    expect((await checkApi({}, ["--nope"])).code).toBe(2);
    expect((await checkApi({}, ["--timeout-ms", "5"])).code).toBe(2);
    const bad = await checkApi({ INVOICING_API_URL: "not a url" });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("INVOICING_API_URL must be an absolute http(s) URL");
  });
});
