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
