/**
 * The built-in API as the Next.js app serves it, over HTTP (`app/api/v1`) and
 * in-process (the dashboard's own calls, lib/upstream/call.ts). Both hand the
 * request to a worker thread of the pool (./pool/pool.ts), which reads `SANDBOX_DB`
 * with its own connection; the database is seeded on first use.
 */
import fs from "node:fs";
import { isSandboxEnabled, sandboxDbPath } from "./env";
import { errors, json } from "./http/handler";
import { prepareDatabase, runRequest } from "./pool/pool";

/** Creates and seeds the database on a first start, upgrades an older one (startup). */
export async function prepareSandbox(): Promise<void> {
  const began = Date.now();
  await prepareDatabase();
  console.log(`[sandbox] database ready (${((Date.now() - began) / 1000).toFixed(1)} s)`);
}

export async function serveSandboxRequest(request: Request, path: string): Promise<Response> {
  if (!isSandboxEnabled())
    return json(404, {
      message: "The built-in API is off: INVOICING_API_URL names another API.",
      code: "NOT_FOUND",
      issues: [],
    });
  try {
    const answer = await runRequest({
      method: request.method,
      url: request.url,
      path,
      authorization: request.headers.get("authorization"),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  } catch (error) {
    // The pool could not answer (a worker failed to start or died): never a hang.
    console.error("[sandbox] worker failed:", error instanceof Error ? error.stack : error);
    return path === "/health" ? json(503, { status: "unavailable" }) : errors.internal();
  }
}

/** The demo key's secret, for the dashboard's default key (server side only). */
export async function sandboxDemoKey(): Promise<string | null> {
  await prepareDatabase();
  try {
    // Beside the database, never in it (storage/seed-database.ts: demoKeyPath).
    return fs.readFileSync(`${sandboxDbPath()}.demo-key`, "utf8").trim();
  } catch {
    return null;
  }
}
