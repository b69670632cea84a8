/**
 * The pool's writes: a first start seeds once while requests wait, and a new UTC
 * day's recomputation (one immediate transaction that looks again once it holds the
 * lock, storage/derive.ts) serves every request arriving together on several workers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxDemoKey, serveSandboxRequest } from "@/lib/sandbox";
import { DAY_MS, utcMidnight } from "../clock";
import { listKeys } from "../keys";
import { openDatabase, readMeta } from "../storage/db";
import { seedDatabase } from "../storage/seed-database";
import { closePool, poolSize, poolStats } from "./pool";

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pool-"));
  vi.stubEnv("SANDBOX_WORKERS", "3");
});

afterEach(async () => {
  await closePool();
  vi.unstubAllEnvs();
  vi.stubEnv("SANDBOX_WORKERS", "3");
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function get(pathAndQuery: string, key: string | null) {
  const url = `http://sandbox.test/api/v1${pathAndQuery}`;
  const response = await serveSandboxRequest(
    new Request(url, { headers: key ? { authorization: `Bearer ${key}` } : {} }),
    new URL(url).pathname.replace(/^\/api\/v1/, ""),
  );
  return { status: response.status, body: await response.json() };
}

describe("the built-in API's worker pool", () => {
  it("SANDBOX_WORKERS sizes it", async () => {
    expect(poolSize()).toBe(3);
    vi.stubEnv("SANDBOX_WORKERS", "0");
    expect(poolSize()).toBeGreaterThanOrEqual(1);
    expect(poolSize()).toBeLessThanOrEqual(4);
  });

  it("a first start seeds the database once while requests wait for it", async () => {
    const file = path.join(dir, "fresh", "sandbox.sqlite");
    vi.stubEnv("SANDBOX_DB", file);
    const health = Array.from({ length: 6 }, () => get("/health", null));
    const key = await sandboxDemoKey();
    expect(key).toMatch(/^inv_sk_/);
    const answers = await Promise.all([
      ...health,
      ...Array.from({ length: 12 }, () => get("/invoices?limit=5", key)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const db = openDatabase(file);
    try {
      // Seeded once: one demo key, the one every request above was answered with.
      expect(listKeys(db).filter((k) => k.name === "Dashboard demo key")).toHaveLength(1);
      expect((await get("/me", key)).status).toBe(200);
    } finally {
      db.close();
    }
    // Answered on several threads, none of them this one.
    expect(poolStats().answeredBy.size).toBeGreaterThan(1);
  });

  it("a new UTC day: requests arriving together on several workers all answer with its values", async () => {
    const file = path.join(dir, "days", "sandbox.sqlite");
    const db = openDatabase(file);
    seedDatabase(db, { customers: 60 });
    const key = (await import("../keys")).createKey(db, {
      businessId: (
        db.prepare("SELECT id FROM businesses ORDER BY position").get() as { id: string }
      ).id,
    }).secret;
    const seededDay = Number(readMeta(db, "health_date"));
    vi.stubEnv("SANDBOX_DB", file);
    // Workers up, each with its connection open, on the seeded day.
    await Promise.all(Array.from({ length: 9 }, () => get("/customers?limit=1", key)));

    const nextDay = seededDay + 40 * DAY_MS;
    vi.stubEnv("SANDBOX_NOW", new Date(nextDay + 3_600_000).toISOString());
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        get(i % 2 ? "/customers?limit=100" : "/contracts?limit=100", key),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(readMeta(db, "health_date")).toBe(String(utcMidnight(nextDay)));
    // Every answer shows the new day's health: the same as a fresh read now.
    const fresh = await get("/customers?limit=100", key);
    for (const answer of answers.filter((_, i) => i % 2))
      expect(answer.body.data).toEqual(fresh.body.data);
    db.close();
  });
});
