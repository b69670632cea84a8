import "server-only";
import type Database from "better-sqlite3";
import { openSharedSqlite } from "@/lib/shared-sqlite";
import { type BucketOptions, createRateLimiter, type RateLimiter } from "./rate-limit";

/**
 * The token buckets of createRateLimiter, kept in a SQLite file that every process
 * of one server opens (server.mjs names it in RATE_LIMITS_SHARED), so a client's
 * limit holds whichever process its connections reach. Each take is one UPSERT, a
 * single atomic statement, so two processes drawing at once never both spend the
 * same token. `name` keeps limiters (data route, failed sign-ins) apart in one file.
 * `db` comes from openSharedBuckets, which makes the table.
 */
export function createSharedRateLimiter(
  db: Database.Database,
  name: string,
  options: BucketOptions,
): RateLimiter {
  const { ratePerSec, burst, maxClients = 10_000 } = options;
  // SET expressions read the row as it was: `refilled` is computed from the old tokens.
  const refilled = "min(@burst, tokens + max(0, @now - at) / 1000.0 * @rate)";
  const take = db.prepare(
    `INSERT INTO buckets (name, client, tokens, at, granted)
     VALUES (@name, @client, @burst - 1, @now, 1)
     ON CONFLICT (name, client) DO UPDATE SET
       granted = ${refilled} >= 1,
       tokens = ${refilled} - (${refilled} >= 1),
       at = @now
     RETURNING tokens, granted`,
  );
  const peek = db.prepare(
    `SELECT ${refilled} AS tokens FROM buckets WHERE name = @name AND client = @client`,
  );
  const count = db.prepare("SELECT count(*) AS n FROM buckets WHERE name = ?").pluck();
  const dropFull = db.prepare(`DELETE FROM buckets WHERE name = @name AND ${refilled} >= @burst`);
  const dropOldest = db.prepare(
    `DELETE FROM buckets WHERE name = @name AND client IN
       (SELECT client FROM buckets WHERE name = @name ORDER BY at LIMIT @excess)`,
  );
  const wait = (tokens: number) => Math.max(1, Math.ceil((1 - tokens) / ratePerSec));
  // A count per take would cost more than the take: sweep every tenth of the cap.
  const sweepEvery = Math.max(1, Math.min(256, Math.floor(maxClients / 10)));
  let takes = 0;
  return {
    peek(client, now = Date.now()) {
      const row = peek.get({ name, client, now, burst, rate: ratePerSec }) as
        | { tokens: number }
        | undefined;
      return !row || row.tokens >= 1
        ? { ok: true }
        : { ok: false, retryAfterSec: wait(row.tokens) };
    },
    take(client, now = Date.now()) {
      // Now and then, drop what a full bucket would hold anyway, then the oldest over the cap.
      if (++takes % sweepEvery === 0) sweep(now);
      const row = take.get({ name, client, now, burst, rate: ratePerSec }) as {
        tokens: number;
        granted: number;
      };
      return row.granted ? { ok: true } : { ok: false, retryAfterSec: wait(row.tokens) };
    },
    get size() {
      return count.get(name) as number;
    },
  };

  function sweep(now: number) {
    dropFull.run({ name, now, burst, rate: ratePerSec });
    const excess = (count.get(name) as number) - maxClients;
    if (excess > 0) dropOldest.run({ name, excess });
  }
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS buckets (
  name TEXT NOT NULL, client TEXT NOT NULL, tokens REAL NOT NULL, at INTEGER NOT NULL,
  granted INTEGER NOT NULL, PRIMARY KEY (name, client)) WITHOUT ROWID`;

/** Opens (creating) a file of shared buckets as every process of the server does. */
export function openSharedBuckets(file: string): Database.Database {
  // Buckets are worth nothing after a crash: no fsync on commit.
  return openSharedSqlite(file, SCHEMA, { synchronous: "OFF" });
}

let shared: Database.Database | null | undefined;

function sharedDatabase(): Database.Database | null {
  if (shared === undefined) {
    const file = process.env.RATE_LIMITS_SHARED;
    shared = file ? openSharedBuckets(file) : null;
  }
  return shared;
}

/**
 * A limiter shared by the server's processes when server.mjs runs several
 * (RATE_LIMITS_SHARED set), else in this process's memory (one process, `next dev`).
 */
export function serverRateLimiter(name: string, options: BucketOptions): RateLimiter {
  const db = sharedDatabase();
  return db ? createSharedRateLimiter(db, name, options) : createRateLimiter(options);
}
