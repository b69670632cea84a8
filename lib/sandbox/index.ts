/**
 * The built-in API as the Next.js app serves it: one shared connection to
 * `SANDBOX_DB`, seeded on first use.
 */
import { isSandboxEnabled } from "./env";
import { type HandlerContext, handleApiRequest, json } from "./http/handler";
import { sharedDatabase } from "./storage/db";
import { ensureSeeded, readDemoKey } from "./storage/seed-database";

export function sandboxDatabase() {
  const db = sharedDatabase();
  ensureSeeded(db);
  return db;
}

const context: HandlerContext = { db: sandboxDatabase };

export async function serveSandboxRequest(request: Request, path: string): Promise<Response> {
  if (!isSandboxEnabled())
    return json(404, {
      message: "The built-in API is off: INVOICING_API_URL names another API.",
      code: "NOT_FOUND",
      issues: [],
    });
  return handleApiRequest(request, path, context);
}

/** The demo key's secret, for the dashboard's default key (server side only). */
export function sandboxDemoKey(): string | null {
  return readDemoKey(sandboxDatabase());
}
