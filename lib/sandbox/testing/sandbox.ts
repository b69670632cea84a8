/**
 * Test access to the built-in API: real handler, real SQLite file (seeded once by
 * global-setup.ts), real Request and Response objects.
 */
import type Database from "better-sqlite3";
import { inject } from "vitest";
import { handleApiRequest } from "../http/handler";
import { openDatabase } from "../storage/db";

export interface TestSandboxInfo {
  dbPath: string;
  demoBusinessId: string;
  otherBusinessId: string;
  keys: { demo: string; other: string; paymentsOnly: string; revoked: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    sandbox: TestSandboxInfo;
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

let db: Database.Database | null = null;

export function sandboxInfo(): TestSandboxInfo {
  return inject("sandbox");
}

export function testDatabase(): Database.Database {
  db ??= openDatabase(sandboxInfo().dbPath);
  return db;
}

/**
 * Calls the API as a client would. `key` defaults to the demo business's full key;
 * pass `null` to send no Authorization header.
 */
export async function api<T = any>(
  pathAndQuery: string,
  options: { key?: string | null; method?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const key = options.key === undefined ? sandboxInfo().keys.demo : options.key;
  const headers: Record<string, string> = { ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const url = new URL(pathAndQuery, "http://sandbox.test/api/v1/");
  const request = new Request(`http://sandbox.test/api/v1${pathAndQuery}`, {
    method: options.method ?? "GET",
    headers,
  });
  const path = url.pathname.replace(/^\/api\/v1/, "");
  const response = await handleApiRequest(request, path, { db: testDatabase });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
}

/** Reads a whole list forward, page by page, as spec list rule 2 describes. */
export async function walkForward<T = any>(
  path: string,
  options: { key?: string | null; limit?: number } = {},
): Promise<T[]> {
  const all: T[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let cursor: string | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const limit = options.limit ?? 100;
    const page = await api<{ data: T[]; hasMore: boolean; nextCursor?: string }>(
      `${path}${sep}limit=${limit}${cursor ? `&startingAfter=${cursor}` : ""}`,
      options,
    );
    if (page.status !== 200)
      throw new Error(`${path}: ${page.status} ${JSON.stringify(page.body)}`);
    all.push(...page.body.data);
    if (!page.body.hasMore) return all;
    cursor = page.body.nextCursor;
  }
  throw new Error("walk did not end");
}
