/**
 * The public routes, from docs/api.md ("Authentication") and docs/readings.md
 * ("Routes", "Invalid parameters"): /health and /openapi.json need no key, the OpenAPI
 * document lists every route and query parameter and describes uuids as the spec does,
 * and unknown parameters are refused there too.
 */
import { describe, expect, it } from "vitest";
import { api } from "../testing/sandbox";
import { SPEC_LIST_PARAMETERS } from "../testing/spec-terms";

type Node = Record<string, unknown>;
const obj = (v: unknown): Node => (v !== null && typeof v === "object" ? (v as Node) : {});

describe("public routes", () => {
  it("/health needs no key", async () => {
    const res = await api("/health", { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("/openapi.json needs no key: OpenAPI 3.1, version 0.1.0, every route and query parameter", async () => {
    const res = await api<Node>("/openapi.json", { key: null });
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(String(doc.openapi)).toMatch(/^3\.1(\.\d+)?$/);
    expect(obj(doc.info).version).toBe("0.1.0");

    const resolve = (value: unknown, depth = 0): Node => {
      const node = obj(value);
      if (typeof node.$ref === "string" && depth < 20) {
        let at: unknown = doc;
        for (const part of node.$ref.replace(/^#\//, "").split("/"))
          at = obj(at)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
        return resolve(at, depth + 1);
      }
      return node;
    };
    const routes = new Map<string, Node>();
    for (const [path, item] of Object.entries(obj(doc.paths))) {
      const normal = path.replace(/^\/(api\/)?v1(?=\/)/, "").replace(/\{[^}]+\}/g, "{id}");
      routes.set(normal, resolve(item));
    }
    const expected: Record<string, readonly string[]> = {
      ...SPEC_LIST_PARAMETERS,
      "/invoices/{id}": [],
      "/customers/{id}": [],
      "/me": [],
      "/health": [],
      "/openapi.json": [],
    };
    for (const [route, names] of Object.entries(expected)) {
      const item = routes.get(route);
      expect(item, `route ${route} in ${[...routes.keys()].join(", ")}`).toBeDefined();
      const get = resolve(item?.get);
      expect(Object.keys(get).length, `GET ${route}`).toBeGreaterThan(0);
      const list = (v: unknown) => (Array.isArray(v) ? v : []);
      const params = [...list(item?.parameters), ...list(get.parameters)].map((p) => resolve(p));
      const query = params.filter((p) => p.in === "query").map((p) => String(p.name));
      expect([...query].sort(), `query parameters of ${route}`).toEqual([...names].sort());
      if (route.endsWith("{id}"))
        expect(params.filter((p) => p.in === "path").length, `path parameter of ${route}`).toBe(1);
    }
  });
});

describe("the public routes", () => {
  it("refuse a parameter they do not know, as every route does (docs/readings.md, Invalid parameters)", async () => {
    for (const path of ["/health?limit=abc", "/openapi.json?foo=1"]) {
      const res = await api<{ code: string; issues: { message: string }[] }>(path, { key: null });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
      expect(res.body.issues[0]!.message).toMatch(/^(limit|foo): unknown parameter/);
    }
    expect((await api("/health", { key: null })).status).toBe(200);
  });

  it("describe uuids as the spec does: hex digits in either case", async () => {
    const doc = (await api("/openapi.json", { key: null })).body;
    const patterns: string[] = [];
    const visit = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === "object") {
        const o = node as Record<string, unknown>;
        if (o.format === "uuid" && typeof o.pattern === "string") patterns.push(o.pattern);
        Object.values(o).forEach(visit);
      }
    };
    visit(doc);
    expect(patterns.length).toBeGreaterThan(3);
    for (const pattern of patterns) {
      const re = new RegExp(pattern);
      expect(re.test("4B309F48-1C2D-4E5F-8A9B-0C1D2E3F4A5B"), pattern).toBe(true);
      expect(re.test("4b309f48-1c2d-4e5f-8a9b-0c1d2e3f4a5b"), pattern).toBe(true);
      expect(re.test("4b309f48-1c2d-4e5f-8a9b-0c1d2e3f4a5"), pattern).toBe(false);
    }
  });
});
