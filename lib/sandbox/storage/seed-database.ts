/**
 * Creating a sandbox database: tables, demo data, derived values, indexes, the
 * cursor-signing secret and the demo key, all in one transaction so another
 * process never sees half a database.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type Database from "better-sqlite3";
import { today } from "../clock";
import { FOLD_VERSION, foldCase } from "../fold-case";
import { createKey } from "../keys";
import { generateDemoData } from "../seed/generate";
import { readMeta, writeMeta } from "./db";
import { deriveAmounts, deriveCustomerNames, deriveHealth } from "./derive";
import { INDEX_SQL, SCHEMA_SQL, SCHEMA_VERSION } from "./schema";

export const DEFAULT_CUSTOMERS = 300;
export const DEFAULT_SEED = 20261122;

export interface SeedOptions {
  customers?: number;
  seed?: number;
  /** replace an existing database */
  reset?: boolean;
  log?: (message: string) => void;
}

export interface SeedSummary {
  seeded: boolean;
  customers: number;
  seed: number;
  businesses: number;
  invoices: number;
  contracts: number;
  payments: number;
  seconds: number;
}

/** Where the demo key's secret is kept for the dashboard: beside the database, never in it. */
export function demoKeyPath(db: Database.Database): string {
  return `${db.name}.demo-key`;
}

export function isSeeded(db: Database.Database): boolean {
  return readMeta(db, "seeded_at") !== undefined;
}

function dropEverything(db: Database.Database): void {
  // Inside the seeding transaction: check foreign keys at commit, when every
  // table has been dropped and made anew, not table by table.
  db.pragma("defer_foreign_keys = ON");
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  for (const { name } of tables) db.exec(`DROP TABLE IF EXISTS "${name}"`);
}

export function seedDatabase(db: Database.Database, options: SeedOptions = {}): SeedSummary {
  const customers = options.customers ?? DEFAULT_CUSTOMERS;
  const seed = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => {});
  const started = performance.now();
  let demoSecret: string | null = null;
  let summary: Omit<SeedSummary, "seconds"> | null = null;

  db.pragma("synchronous = OFF");
  try {
    const seedAll = db.transaction(() => {
      if (isSeeded(db) && !options.reset) return;
      dropEverything(db);
      db.exec(SCHEMA_SQL);
      const day = today();
      log(
        `generating ${customers} customers (seed ${seed}, today ${new Date(day).toISOString().slice(0, 10)})`,
      );
      const generated = generateDemoData(db, { customers, seed, today: day, log });
      log("deriving amounts");
      deriveAmounts(db);
      log("building indexes");
      db.exec(INDEX_SQL);
      log("deriving contract health");
      deriveHealth(db, day);
      writeMeta(db, "schema_version", String(SCHEMA_VERSION));
      writeMeta(db, "cursor_secret", randomBytes(32).toString("base64url"));
      writeMeta(db, "seed", String(seed));
      writeMeta(db, "customers", String(customers));
      writeMeta(db, "name_fold", FOLD_VERSION);
      const demo = db.prepare("SELECT id FROM businesses ORDER BY position LIMIT 1").get() as {
        id: string;
      };
      demoSecret = createKey(db, { businessId: demo.id, name: "Dashboard demo key" }).secret;
      writeMeta(db, "seeded_at", new Date().toISOString());
      summary = { ...generated, seeded: true, seed };
    });
    seedAll.immediate();
  } finally {
    db.pragma("synchronous = NORMAL");
  }
  if (demoSecret) {
    fs.writeFileSync(demoKeyPath(db), demoSecret, { mode: 0o600 });
    db.exec("ANALYZE");
  }
  const seconds = (performance.now() - started) / 1000;
  if (!summary) {
    return {
      seeded: false,
      customers: Number(readMeta(db, "customers") ?? 0),
      seed: Number(readMeta(db, "seed") ?? 0),
      businesses: 0,
      invoices: 0,
      contracts: 0,
      payments: 0,
      seconds,
    };
  }
  return { ...(summary as Omit<SeedSummary, "seconds">), seconds };
}

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
 * The first start creates and seeds the database by itself. A database seeded by
 * an older version gets the indexes added since, once per connection (each
 * statement is a no-op when its index exists).
 */
export function ensureSeeded(db: Database.Database): void {
  if (!isSeeded(db)) seedDatabase(db, { log: (m) => console.error(`[sandbox] ${m}`) });
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

/** The demo key's secret, for the dashboard's default `INVOICING_API_KEY`. */
export function readDemoKey(db: Database.Database): string | null {
  try {
    return fs.readFileSync(demoKeyPath(db), "utf8").trim();
  } catch {
    return null;
  }
}
