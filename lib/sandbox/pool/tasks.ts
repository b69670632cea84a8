/**
 * What a worker thread of the built-in API's pool does (loaded by ./worker.mjs): it
 * holds its own connection to `SANDBOX_DB` and answers whole requests, from the key
 * check to the JSON bytes, so no SQLite read, row mapping or serialization runs on
 * the server's main thread.
 */
import { threadId } from "node:worker_threads";
import Piscina from "piscina";
import { type HandlerContext, handleApiRequest } from "../http/handler";
import { isSeeded, sharedDatabase } from "../storage/db";
import { upgradeDatabase } from "../storage/upgrade-database";

/** Prepares the database (seeding a new one, upgrading an older one); the pool runs it once, first. */
export interface PrepareTask {
  kind: "prepare";
}

/** One request to the built-in API: only what the handler reads of it. */
export interface RequestTask {
  kind: "request";
  method: string;
  url: string;
  /** the part after `/api/v1` */
  path: string;
  authorization: string | null;
}

export type SandboxTask = PrepareTask | RequestTask;

export interface TaskAnswer {
  status: number;
  headers: Record<string, string>;
  body: ArrayBuffer;
  /** the worker thread that answered (0 would be the main thread) */
  threadId: number;
}

/**
 * This thread's connection, seeded (a new database) and upgraded before its first use.
 * The demo-data generator (faker and its tables) is loaded only to seed, so a worker
 * opening a seeded database, as at every start but the first, starts quicker.
 */
async function readyDatabase(): Promise<void> {
  const db = sharedDatabase();
  if (!isSeeded(db)) (await import("../storage/seed-database")).ensureSeeded(db);
  upgradeDatabase(db);
}

const context: HandlerContext = { db: sharedDatabase };

export async function runTask(task: SandboxTask): Promise<TaskAnswer | { threadId: number }> {
  await readyDatabase();
  if (task.kind === "prepare") return { threadId };
  const request = new Request(task.url, {
    method: task.method,
    headers: task.authorization ? { authorization: task.authorization } : {},
  });
  const response = await handleApiRequest(request, task.path, context);
  const body = await response.arrayBuffer();
  const answer: TaskAnswer = {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body,
    threadId,
  };
  // Hands the bytes over to the main thread instead of copying them.
  const movable = {
    [Piscina.transferableSymbol]: [body],
    [Piscina.valueSymbol]: answer,
  } as unknown as Parameters<typeof Piscina.move>[0];
  return Piscina.move(movable) as unknown as TaskAnswer;
}
