/**
 * The customers `search` "ignoring case" (spec) beyond ASCII, on a database of its own
 * (names are changed here): ß and SS, final and medial sigma, titlecase digraphs; and a
 * database whose names were folded by the older rule (lower-casing) is folded again
 * when it is opened.
 */
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeMeta } from "../storage/db";
import { ensureSeeded } from "../storage/seed-database";
import { type OwnSandbox, openOwnSandbox } from "../testing/own-sandbox";

const NAMES = ["Straße Hausverwaltung", "ΟΔΥΣΣΕΥΣ Shipping", "ǅemal Trading", "Ärger GmbH"];

let sandbox: OwnSandbox;
let db: Database.Database;
let renamed: string[];

async function searchIds(text: string): Promise<string[]> {
  const answer = await sandbox.get<{ data: { id: string }[] }>(
    `/customers?limit=100&search=${encodeURIComponent(text)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data.map((c) => c.id);
}

function rename(id: string, name: string, folded: string) {
  db.prepare("UPDATE customers SET name = ?, name_folded = ? WHERE id = ?").run(name, folded, id);
}

beforeAll(() => {
  sandbox = openOwnSandbox("search-folding", 20);
  db = sandbox.db;
  renamed = (
    db
      .prepare(
        "SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL ORDER BY id LIMIT ?",
      )
      .all(sandbox.businessId, NAMES.length) as { id: string }[]
  ).map((c) => c.id);
  // As a database seeded by the older version holds them: lower-cased, not folded.
  NAMES.forEach((name, i) => void rename(renamed[i]!, name, name.toLowerCase()));
  writeMeta(db, "name_fold", "1");
  ensureSeeded(db);
});

afterAll(() => sandbox.close());

describe("search ignores case as Unicode case folding does", () => {
  it.each([
    ["STRASSE", 0],
    ["strasse", 0],
    ["straße", 0],
    ["STRAßE", 0],
    ["οδυσσευσ", 1],
    ["Οδυσσευς", 1],
    ["ΟΔΥΣΣΕΥΣ", 1],
    ["ǆemal", 2],
    ["ǄEMAL", 2],
    ["ärger", 3],
    ["ÄRGER", 3],
  ])("%s finds %s", async (text, index) => {
    expect(await searchIds(text)).toEqual([renamed[index]]);
  });

  it("folding adds no false match: plain text still has to be contained", async () => {
    expect(await searchIds("strase")).toEqual([]);
    expect(await searchIds("οδυσσευσσ")).toEqual([]);
  });

  it("a cursor stays valid under the same search written in another case", async () => {
    const first = await fetchPage("search=strasse&limit=1");
    expect(first.hasMore).toBe(false);
    const seeded = await fetchPage("search=a&limit=2");
    const next = await fetchPage(`search=A&limit=2&startingAfter=${seeded.nextCursor}`);
    expect(next.data.length).toBeGreaterThan(0);
  });
});

async function fetchPage(query: string) {
  const answer = await sandbox.get<{ data: unknown[]; hasMore: boolean; nextCursor?: string }>(
    `/customers?${query}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}
