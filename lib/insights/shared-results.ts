import "server-only";
import type Database from "better-sqlite3";
import { openSharedSqlite } from "@/lib/shared-sqlite";

/**
 * Finished view results shared by the processes of one server (server.mjs runs
 * several, and a page's refresh may reach another process than the walk did): in a
 * SQLite file the server's first process names in INSIGHTS_SHARED_RESULTS and
 * deletes when the server stops. Without it (one process, `next dev`) results stay
 * in the process's memory only. SQLite because pages read results while they
 * render, synchronously, and the app already depends on it.
 */
let db: Database.Database | null | undefined;

function open(): Database.Database | null {
  if (db !== undefined) return db;
  const file = process.env.INSIGHTS_SHARED_RESULTS;
  if (!file) {
    db = null;
    return db;
  }
  db = openSharedSqlite(
    file,
    "CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, stored_at INTEGER NOT NULL, result TEXT NOT NULL)",
  );
  return db;
}

/** When the shared result for `key` was stored (ms since the epoch), or null. */
export function sharedStoredAt(key: string): number | null {
  const row = open()?.prepare("SELECT stored_at FROM results WHERE key = ?").get(key) as
    | { stored_at: number }
    | undefined;
  return row?.stored_at ?? null;
}

/** The shared result for `key`, parsed, or null. */
export function readShared<T>(key: string): { result: T; storedAt: number } | null {
  const row = open()?.prepare("SELECT stored_at, result FROM results WHERE key = ?").get(key) as
    | { stored_at: number; result: string }
    | undefined;
  return row ? { result: JSON.parse(row.result) as T, storedAt: row.stored_at } : null;
}

/** Stores `result` for `key` unless a newer one is there; drops other days' results. */
export function writeShared(key: string, day: string, result: unknown, storedAt: number): void {
  const shared = open();
  if (!shared) return;
  shared
    .prepare(
      `INSERT INTO results (key, stored_at, result) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET stored_at = excluded.stored_at, result = excluded.result
       WHERE excluded.stored_at > results.stored_at`,
    )
    .run(key, storedAt, JSON.stringify(result));
  shared.prepare("DELETE FROM results WHERE key NOT LIKE ?").run(`%|${day}`);
}
