import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { sandboxDbPath } from "../env";

let open: { path: string; db: Database.Database } | null = null;

/** Opens a sandbox database file (creating its folder), with the pragmas every user wants. */
export function openDatabase(file: string): Database.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 10000");
  db.pragma("cache_size = -65536"); // 64 MiB page cache: the hot indexes of a million invoices fit
  db.pragma("mmap_size = 268435456");
  return db;
}

/** This thread's connection to `SANDBOX_DB` (better-sqlite3 is synchronous: one per thread is enough). */
export function sharedDatabase(): Database.Database {
  const file = sandboxDbPath();
  if (open?.path !== file) {
    open?.db.close();
    open = { path: file, db: openDatabase(file) };
  }
  return open.db;
}

/** Statements every request runs, prepared once per connection (the values are read fresh). */
const metaStatements = new WeakMap<
  Database.Database,
  { hasMeta: Database.Statement; value?: Database.Statement }
>();

export function readMeta(db: Database.Database, key: string): string | undefined {
  let statements = metaStatements.get(db);
  if (!statements) {
    statements = {
      hasMeta: db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"),
    };
    metaStatements.set(db, statements);
  }
  if (!statements.hasMeta.get()) return undefined;
  // Prepared only once the table exists: SQLite compiles a statement against the schema.
  statements.value ??= db.prepare("SELECT value FROM meta WHERE key = ?");
  const row = statements.value.get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Database.Database, key: string, value: string): void {
  db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
}

/** Whether the database holds the demo data (seeding writes `seeded_at` last, in its transaction). */
export function isSeeded(db: Database.Database): boolean {
  return readMeta(db, "seeded_at") !== undefined;
}
