/**
 * Creating a sandbox database: tables, demo data, derived values, indexes, the
 * cursor-signing secret and the demo key, all in one transaction so another
 * process never sees half a database.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type Database from "better-sqlite3";
import { today } from "../clock";
import { FOLD_VERSION } from "../fold-case";
import { createKey } from "../keys";
import { generateDemoData } from "../seed/generate";
import { isSeeded, readMeta, writeMeta } from "./db";
import { deriveAmounts, deriveHealth } from "./derive";
import { INDEX_SQL, SCHEMA_SQL, SCHEMA_VERSION } from "./schema";
import { upgradeDatabase } from "./upgrade-database";

export { isSeeded };

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
    log("analysing");
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

/**
 * The first start creates and seeds the database by itself; then the upgrades a
 * database seeded by an older version needs (upgrade-database.ts).
 */
export function ensureSeeded(db: Database.Database): void {
  if (!isSeeded(db)) seedDatabase(db, { log: (m) => console.error(`[sandbox] ${m}`) });
  upgradeDatabase(db);
}

/** The demo key's secret, for the dashboard's default `INVOICING_API_KEY`. */
export function readDemoKey(db: Database.Database): string | null {
  try {
    return fs.readFileSync(demoKeyPath(db), "utf8").trim();
  } catch {
    return null;
  }
}
