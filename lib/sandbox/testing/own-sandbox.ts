/**
 * A sandbox database of a test file's own, for tests that change records (the shared
 * one, seeded by global-setup.ts, must stay as seeded): a small seeded file in a temp
 * folder, a key of the first business, and a call through the real handler.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { handleApiRequest } from "../http/handler";
import { createKey } from "../keys";
import { openDatabase } from "../storage/db";
import { seedDatabase } from "../storage/seed-database";

export interface OwnSandbox {
  db: Database.Database;
  businessId: string;
  /** GET `/api/v1{pathAndQuery}` with the business's key: status and parsed body. */
  get: <T>(pathAndQuery: string) => Promise<{ status: number; body: T }>;
  close: () => void;
}

export function openOwnSandbox(name: string, customers: number): OwnSandbox {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const db = openDatabase(path.join(dir, "sandbox.sqlite"));
  seedDatabase(db, { customers });
  const { id: businessId } = db
    .prepare("SELECT id FROM businesses ORDER BY position LIMIT 1")
    .get() as { id: string };
  const key = createKey(db, { businessId, name }).secret;
  return {
    db,
    businessId,
    async get<T>(pathAndQuery: string) {
      const request = new Request(`http://sandbox.test/api/v1${pathAndQuery}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const apiPath = new URL(request.url).pathname.replace(/^\/api\/v1/, "");
      const response = await handleApiRequest(request, apiPath, { db: () => db });
      return { status: response.status, body: (await response.json()) as T };
    },
    close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
