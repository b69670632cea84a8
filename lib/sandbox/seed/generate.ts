/**
 * Deterministic demo data for the built-in Invoicing API.
 *
 * The same (customers, seed, today) always gives the same rows, byte for byte:
 * every time is relative to `today`, per-customer text comes from a seeded faker,
 * and everything else (ids, amounts, dates, states) from small seeded PRNGs.
 *
 * Only facts are written (no derived column): businesses, users, one revoked
 * approver key per business, customers, contracts with amendments and billables,
 * invoices with lines, payments with their applications. The caller runs this in a
 * transaction, then derives sums and states and builds indexes.
 *
 * The parts, by what they generate: businesses.ts (users, the approval key, the
 * customers' scenarios), customers.ts, scenario-plans.ts with contract-plans.ts and
 * amendments.ts (contracts as planned for each scenario), contracts.ts (writing
 * them), invoices.ts (invoices and lines), payments.ts (payments and applications),
 * rows.ts (the inserts).
 */
import type Database from "better-sqlite3";
import { businessSpecs, generateBusiness } from "./businesses";
import { type GenerateOptions, type GenerateSummary, seedContext } from "./context";
import { FILLED_TABLES } from "./rows";

export type { GenerateOptions, GenerateSummary };
export { FILLED_TABLES };

/** Page cache while generating: the random-key (uuid) indexes of a million invoices stay in memory. */
const BULK_CACHE_BYTES = 2 * 1024 * 1024 * 1024;

export function generateDemoData(db: Database.Database, options: GenerateOptions): GenerateSummary {
  // Secondary indexes already on the filled tables are dropped and rebuilt from their own
  // definitions afterwards: one sorted build is far faster than row-by-row upkeep. All of it
  // happens inside the caller's transaction, so a failure leaves the schema as it was.
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
       AND tbl_name IN (${FILLED_TABLES.map(() => "?").join(", ")}) ORDER BY name`,
    )
    .all(...FILLED_TABLES) as { name: string; sql: string }[];
  const previousCache = Number(db.pragma("cache_size", { simple: true }));
  const pageSize = Number(db.pragma("page_size", { simple: true }));
  const cacheBytes = previousCache >= 0 ? previousCache * pageSize : -previousCache * 1024;
  if (cacheBytes < BULK_CACHE_BYTES) db.pragma(`cache_size = -${BULK_CACHE_BYTES / 1024}`);
  try {
    for (const index of indexes) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
    const ctx = seedContext(db, options);
    const customers = Math.max(0, Math.floor(options.customers));
    businessSpecs(customers).forEach((spec, position) => {
      generateBusiness(ctx, spec, position);
    });
    for (const index of indexes) db.exec(index.sql);
    return { ...ctx.summary };
  } finally {
    if (cacheBytes < BULK_CACHE_BYTES) db.pragma(`cache_size = ${previousCache}`);
  }
}
