/**
 * A fault-injecting Invoicing API for the fault tests: a real HTTP server on
 * 127.0.0.1 that proxies to the built-in API of the main e2e server and, when told
 * to, answers requests under one path (by default /invoices) with a fault instead.
 * It then starts the app (`npm start`) pointed at itself with a short timeout.
 *
 *   tsx e2e/support/fault-upstream.ts --port 3852 --app-port 3802 \
 *     --target http://127.0.0.1:3402/api/v1 --key-file .data/e2e.sqlite.demo-key
 *
 * Control (tests): POST /__faults {"fault": "500", "path": "/invoices", "after": 2}
 * sets the fault of one path (its requests and those under it): the first `after`
 * matching requests (default 0) pass, every later one gets the fault; the path's hit
 * count restarts. With "query": "limit=100" a rule counts and faults only requests
 * whose query holds that text (the whole-list walks read 100 a page; list pages and
 * their prefetches read 50). Rules of other paths are kept, so spec files that use
 * different paths do not disturb each other. GET /__faults?path=/invoices answers
 * {fault, path, after, hits}. A single request can ask for one with ?__fault=500.
 * The app holds FAULT_UPSTREAM_KEY; this server swaps in the demo key (read when
 * first needed, so the main server may seed after this one starts).
 *
 * The key page's check of the API (its requests carry CHECK_USER_AGENT) meets no
 * fault and counts no hit: it gets the divergence POST /__divergence
 * {"divergence": "breaking" | "harmless" | "none"} sets (lib/api-check/testing/
 * divergence.ts), so the check's tests never disturb the fault tests' counts.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CHECK_USER_AGENT } from "../../lib/api-check/result";
import {
  DIVERGENCES,
  type Divergence,
  divergentBody,
  divergentRefusal,
  divergentSearch,
} from "../../lib/api-check/testing/divergence";
import { serverStartArgs } from "../../lib/testing/server-start";

export const FAULTS = ["none", "slow", "drop", "500", "429", "malformed", "shape", "401"] as const;
export type Fault = (typeof FAULTS)[number];
export const FAULT_UPSTREAM_KEY = "inv_sk_fault_upstream_e2e";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "app-port": { type: "string" },
    target: { type: "string" },
    "key-file": { type: "string" },
    "timeout-ms": { type: "string", default: "3000" },
  },
});
if (!values.port || !values.target || !values["key-file"])
  throw new Error("--port, --target and --key-file are required");
const port = Number(values.port);
const target = values.target.replace(/\/+$/, "");
const keyFile = values["key-file"];

let divergence: Divergence = "none";

/** The check's request, answered as the divergence says. */
async function answerCheck(res: http.ServerResponse, path: string, search: URLSearchParams) {
  const refusal = divergentRefusal(divergence, path, search);
  if (refusal) return json(res, refusal.status, refusal.body);
  const asked = divergentSearch(divergence, path, search);
  const upstream = await proxy(path, asked.size > 0 ? `?${asked}` : "");
  const body: unknown = await upstream.json();
  return json(res, upstream.status, upstream.ok ? divergentBody(divergence, path, body) : body);
}

type FaultRule = { fault: Fault; path: string; query?: string; after: number; hits: number };
const rules = new Map<string, FaultRule>();

function ruleFor(path: string): FaultRule {
  return rules.get(path) ?? { fault: "none", path, after: 0, hits: 0 };
}

/** The rule of the longest configured path that `path` is or lies under, if its query condition holds. */
function matchingRule(path: string, search: string): FaultRule | undefined {
  let best: FaultRule | undefined;
  for (const rule of rules.values())
    if (path === rule.path || path.startsWith(`${rule.path}/`))
      if (!best || rule.path.length > best.path.length) best = rule;
  return best && (!best.query || search.includes(best.query)) ? best : undefined;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

async function proxy(path: string, search: string) {
  const key = fs.readFileSync(keyFile, "utf8").trim();
  return fetch(`${target}${path}${search}`, { headers: { authorization: `Bearer ${key}` } });
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://fault.local");
  if (url.pathname === "/__divergence") {
    if (req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}") as { divergence?: Divergence };
      if (!body.divergence || !DIVERGENCES.includes(body.divergence))
        return json(res, 400, { error: "divergence?" });
      divergence = body.divergence;
    }
    return json(res, 200, { divergence });
  }
  if (url.pathname === "/__faults") {
    if (req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}") as {
        fault?: Fault;
        path?: string;
        query?: string;
        after?: number;
      };
      if (!body.fault || !FAULTS.includes(body.fault)) return json(res, 400, { error: "fault?" });
      const rule = {
        fault: body.fault,
        path: body.path ?? "/invoices",
        query: body.query,
        after: body.after ?? 0,
      };
      rules.set(rule.path, { ...rule, hits: 0 });
      return json(res, 200, ruleFor(rule.path));
    }
    return json(res, 200, ruleFor(url.searchParams.get("path") ?? "/invoices"));
  }
  if (!url.pathname.startsWith("/api/v1/")) return json(res, 404, { message: "Not found" });
  const path = url.pathname.slice("/api/v1".length);
  if (req.headers.authorization !== `Bearer ${FAULT_UPSTREAM_KEY}`)
    return json(res, 401, { message: "Invalid API key", code: "UNAUTHORIZED", issues: [] });
  if (req.headers["user-agent"] === CHECK_USER_AGENT)
    return answerCheck(res, path, url.searchParams);
  const flag = url.searchParams.get("__fault") as Fault | null;
  url.searchParams.delete("__fault");
  const search = url.searchParams.size > 0 ? `?${url.searchParams}` : "";
  const rule = matchingRule(path, search);
  if (rule) rule.hits++;
  const fault: Fault = flag ?? (rule && rule.hits > rule.after ? rule.fault : "none");

  switch (fault) {
    case "drop":
      req.socket.destroy();
      return;
    case "slow": {
      // Far beyond the app's timeout; the app gives up first.
      const timer = setTimeout(() => json(res, 200, { data: [], nextCursor: null }), 15_000);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    case "500":
      return json(res, 500, { message: "Internal error (injected)", code: "INTERNAL", issues: [] });
    case "429":
      return json(
        res,
        429,
        { message: "Slow down (injected)", code: "RATE_LIMITED", issues: [] },
        { "retry-after": "1" },
      );
    case "401":
      return json(res, 401, {
        message: "The API key was revoked (injected)",
        code: "UNAUTHORIZED",
        issues: [],
      });
    case "malformed":
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"data": [{"id": "trunc');
      return;
    case "shape": {
      const upstream = await proxy(path, search);
      const body = (await upstream.json()) as { data?: Record<string, unknown>[] };
      // Valid JSON, wrong shape: every row loses its id and total.
      const rows = (body.data ?? []).map(({ id: _id, total: _total, ...rest }) => rest);
      return json(res, 200, { ...body, data: rows });
    }
    default: {
      const upstream = await proxy(path, search);
      res.writeHead(upstream.status, {
        "content-type": upstream.headers.get("content-type") ?? "application/json",
      });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    }
  }
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    if (!res.headersSent) json(res, 502, { message: String(error), code: "FAULT_SERVER" });
    else res.destroy();
  });
});
// Idle connections kept past any test's pauses, as the main e2e server keeps them: a
// test's control request sent on a connection Node.js was closing at its default 5 s
// is reset (ECONNRESET, seen once in a full run), which is not the app's failure.
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => {
  console.log(`fault upstream on http://127.0.0.1:${port} -> ${target}`);
});

if (values["app-port"]) {
  const insightsDir = fs.mkdtempSync(path.join(os.tmpdir(), "fault-app-insights-"));
  const app = spawn(process.execPath, serverStartArgs(values["app-port"]), {
    stdio: "inherit",
    env: {
      ...process.env,
      INVOICING_API_URL: `http://127.0.0.1:${port}/api/v1`,
      INVOICING_API_KEY: FAULT_UPSTREAM_KEY,
      INVOICING_API_TIMEOUT_MS: values["timeout-ms"],
      // Insight results of its own, empty at each start (this app's source is the same
      // every run), and walks slow enough that a browser sees each figure arrive.
      INSIGHTS_DATA_DIR: insightsDir,
      INSIGHTS_MAX_PAGES_PER_SECOND: "2",
    },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      app.kill(signal);
      server.close();
    });
  app.on("exit", (code) => {
    fs.rmSync(insightsDir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}
