import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db";
import { readDemoKey, seedDatabase } from "./seed-database";

describe("seedDatabase", () => {
  it("is deterministic, leaves an existing database alone, and --reset replaces it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
    try {
      const a = openDatabase(path.join(dir, "a.sqlite"));
      const b = openDatabase(path.join(dir, "b.sqlite"));
      const first = seedDatabase(a, { customers: 15, seed: 7 });
      seedDatabase(b, { customers: 15, seed: 7 });
      const ids = (db: typeof a) =>
        (db.prepare("SELECT id FROM invoices ORDER BY id").all() as { id: string }[]).map(
          (r) => r.id,
        );
      expect(first.seeded).toBe(true);
      expect(ids(a)).toEqual(ids(b));

      expect(seedDatabase(a, { customers: 15, seed: 7 }).seeded).toBe(false);

      const oldKey = readDemoKey(a);
      const again = seedDatabase(a, { customers: 15, seed: 8, reset: true });
      expect(again.seeded).toBe(true);
      expect(ids(a)).not.toEqual(ids(b));
      expect(readDemoKey(a)).not.toBe(oldKey);
      expect(a.pragma("foreign_key_check")).toEqual([]);
      a.close();
      b.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("ensureSeeded on a database from an older version", () => {
  it("adds missing indexes with fresh statistics, so the planner keeps using the right one", async () => {
    const { ensureSeeded } = await import("./seed-database");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
    try {
      const file = path.join(dir, "old.sqlite");
      const old = openDatabase(file);
      seedDatabase(old, { customers: 30, seed: 3 });
      old.exec("DROP INDEX invoices_status_issue_desc");
      old.exec("ANALYZE");
      // And one index made without statistics, as an intermediate version left it.
      old.exec("DROP INDEX invoices_created");
      old.exec("CREATE INDEX invoices_created ON invoices(business_id, created_at, id)");
      old.close();
      const db = openDatabase(file);
      ensureSeeded(db);
      const index = db
        .prepare("SELECT name FROM sqlite_master WHERE name = 'invoices_status_issue_desc'")
        .get();
      expect(index).toBeTruthy();
      for (const idx of ["invoices_status_issue_desc", "invoices_created"])
        expect(db.prepare("SELECT 1 FROM sqlite_stat1 WHERE idx = ?").get(idx), idx).toBeTruthy();
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("ensureSeeded upgrades what the sorting needs", () => {
  it("rebuilds an index whose columns changed, and derives the payments' customer names, kept by triggers", async () => {
    const { ensureSeeded } = await import("./seed-database");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
    try {
      const file = path.join(dir, "old.sqlite");
      const old = openDatabase(file);
      seedDatabase(old, { customers: 30, seed: 3 });
      // As an older version seeded it: a narrow order index, no name copy, no triggers.
      old.exec(`DROP INDEX payments_amount;
        CREATE INDEX payments_amount ON payments(business_id, type, amount_cents, id);
        DROP TRIGGER customers_name_to_payments;
        DROP TRIGGER payments_customer_name_on_insert;
        DROP TRIGGER payments_customer_name_on_attribution;
        DROP INDEX payments_customer_name_sort; DROP INDEX payments_received;
        DROP INDEX payments_fee; DROP INDEX payments_applied; DROP INDEX payments_unapplied;
        ALTER TABLE payments DROP COLUMN customer_name_sort;`);
      old.close();
      const db = openDatabase(file);
      ensureSeeded(db);
      const { sql } = db
        .prepare("SELECT sql FROM sqlite_master WHERE name = 'payments_amount'")
        .get() as { sql: string };
      expect(sql).toContain("amount_cents, id, received_date");
      const mismatched = () =>
        db
          .prepare(
            `SELECT count(*) AS n FROM payments p LEFT JOIN customers c ON c.id = p.customer_id
             WHERE p.customer_name_sort <> coalesce(c.name, '')`,
          )
          .get() as { n: number };
      expect(mismatched().n).toBe(0);
      const { id } = db
        .prepare("SELECT customer_id AS id FROM payments WHERE customer_id IS NOT NULL LIMIT 1")
        .get() as { id: string };
      db.prepare("UPDATE customers SET name = 'Renamed Ltd' WHERE id = ?").run(id);
      expect(mismatched().n).toBe(0);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
