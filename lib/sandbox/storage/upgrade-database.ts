/**
 * What a database seeded by an older version of the built-in API needs: the derived
 * columns and indexes added since, and names folded again by a newer foldCase. Apart
 * from seeding (seed-database.ts), so a worker thread opening a seeded database does
 * not load the demo-data generator and faker (docs/decisions.md).
 */
import type Database from "better-sqlite3";
import { FOLD_VERSION, foldCase } from "../fold-case";
import { readMeta, writeMeta } from "./db";
import { deriveCustomerNames } from "./derive";
import { INDEX_SQL } from "./schema";

const indexed = new WeakSet<Database.Database>();

function indexesWithoutStatistics(db: Database.Database): string[] {
  const hasStats = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'")
    .get();
  const sql = `SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'${
    hasStats ? " AND name NOT IN (SELECT idx FROM sqlite_stat1 WHERE idx IS NOT NULL)" : ""
  }`;
  return (db.prepare(sql).all() as { name: string }[]).map((row) => row.name);
}

/**
 * Indexes whose definition changed since a database was seeded (columns added to
 * cover a list's order keys): dropped here, built again by INDEX_SQL.
 */
function dropChangedIndexes(db: Database.Database): void {
  const stored = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?");
  for (const [, name, definition] of INDEX_SQL.matchAll(
    /^CREATE INDEX IF NOT EXISTS (\w+) (ON .*);$/gm,
  )) {
    const row = stored.get(name) as { sql: string } | undefined;
    if (row && row.sql !== `CREATE INDEX ${name} ${definition}`) db.exec(`DROP INDEX "${name}"`);
  }
}

/** Derived columns added since a database was seeded, computed once. */
function addDerivedColumns(db: Database.Database): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('payments')").all() as {
    name: string;
  }[];
  if (columns.some((c) => c.name === "customer_name_sort")) return;
  db.exec("ALTER TABLE payments ADD COLUMN customer_name_sort TEXT NOT NULL DEFAULT ''");
  deriveCustomerNames(db);
}

/** Names folded by an older foldCase are folded again (the search compares folded text). */
function refoldNames(db: Database.Database): void {
  if (readMeta(db, "name_fold") === FOLD_VERSION) return;
  const update = db.prepare("UPDATE customers SET name_folded = ? WHERE id = ?");
  db.transaction(() => {
    const rows = db.prepare("SELECT id, name FROM customers").all() as {
      id: string;
      name: string;
    }[];
    for (const row of rows) update.run(foldCase(row.name), row.id);
    writeMeta(db, "name_fold", FOLD_VERSION);
  })();
}

/** Upgrades `db` once per connection (each statement is a no-op when its index exists). */
export function upgradeDatabase(db: Database.Database): void {
  if (!indexed.has(db)) {
    // One write transaction, taken before looking: connections opening together (the
    // pool's workers, other processes) upgrade one after the other, the later ones
    // finding nothing left to do.
    db.transaction(() => {
      addDerivedColumns(db);
      dropChangedIndexes(db);
      db.exec(INDEX_SQL);
      refoldNames(db);
    }).immediate();
    // An index without statistics can mislead the planner into sorting whole lists.
    for (const index of indexesWithoutStatistics(db)) db.exec(`ANALYZE "${index}"`);
    indexed.add(db);
  }
}
