import "server-only";
import Database from "better-sqlite3";

const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

/**
 * Opens a SQLite file that the processes of one server share (server.mjs runs
 * several), creating it with `schema` if needed. They often open it at the same
 * moment, on their first requests, and then SQLite refuses instead of waiting: a
 * switch to WAL, or two schema writes racing, answer SQLITE_BUSY at once whatever
 * the busy timeout (measured: 25 of 80 opens failed). So the switch is retried, and
 * the schema is written in an IMMEDIATE transaction, which takes the write lock
 * first and does wait. Later statements wait on the busy timeout as usual.
 */
export function openSharedSqlite(
  file: string,
  schema: string,
  options: { synchronous?: "OFF" | "NORMAL" } = {},
): Database.Database {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  untilNotBusy(() => db.pragma("journal_mode = WAL"));
  if (options.synchronous) db.pragma(`synchronous = ${options.synchronous}`);
  db.transaction(() => db.exec(schema)).immediate();
  return db;
}

function untilNotBusy<T>(run: () => T): T {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return run();
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
      Atomics.wait(SLEEPER, 0, 0, 5);
    }
  }
}
