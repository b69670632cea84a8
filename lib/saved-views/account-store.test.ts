/**
 * Saved views in the sign-in database, on SQLite and on a real PostgreSQL (the
 * test run's throwaway server, lib/testing/postgres-server.ts; skipped loudly where
 * PostgreSQL is not installed, a failure in CI): the table made by the migration,
 * each person's views their own, rename and delete, the cap.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllowList } from "@/lib/auth/config";
import { type Auth, createAuth } from "@/lib/auth/instance";
import {
  findPostgresBin,
  startTestPostgres,
  type TestPostgres,
} from "@/lib/testing/postgres-server";
import { accountViews, TooManyViews } from "./account-store";
import { MAX_SAVED_VIEWS } from "./schema";

const pgAvailable = Boolean(findPostgresBin());
if (!pgAvailable && process.env.AUTH_TEST_POSTGRES_REQUIRED !== "1")
  console.error("\n!!! PostgreSQL is not installed: saved views on PostgreSQL are SKIPPED.\n");

function config(storage: { kind: "sqlite"; path: string } | { kind: "postgres"; url: string }) {
  return {
    secret: "s".repeat(40),
    baseURL: "http://localhost:3000",
    oidc: null,
    localAccounts: true,
    allowed: parseAllowList(""),
    sessionTtlSec: 3600,
    storage,
  };
}

async function person(auth: Auth, email: string): Promise<string> {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email, name: email, emailVerified: true },
    { method: "admin" },
  );
  return user.id;
}

function suite(name: string, open: () => Promise<{ auth: Auth; close: () => unknown }>) {
  describe(name, () => {
    let auth: Auth;
    let close: () => unknown;
    beforeAll(async () => {
      ({ auth, close } = await open());
    });
    afterAll(async () => {
      await close?.();
    });

    it("each person sees, renames and deletes only their own views", async () => {
      const views = accountViews(auth);
      const ann = await person(auth, `ann-${randomBytes(3).toString("hex")}@example.com`);
      const bob = await person(auth, `bob-${randomBytes(3).toString("hex")}@example.com`);
      const unpaid = await views.create(ann, {
        name: "Unpaid, oldest first",
        list: "invoices",
        query: "statuses=ISSUED&hasOutstandingBalance=true&orderBy=issuedAt:ASC",
      });
      await views.create(ann, { name: "Attention", list: "customers", query: "" });
      await views.create(bob, {
        name: "Bob's",
        list: "payments",
        query: "hasUnappliedAmount=true",
      });

      expect((await views.list(ann)).map((v) => v.name)).toEqual([
        "Attention",
        "Unpaid, oldest first",
      ]);
      expect((await views.list(bob)).map((v) => v.name)).toEqual(["Bob's"]);
      expect(unpaid).toMatchObject({
        list: "invoices",
        query: "statuses=ISSUED&hasOutstandingBalance=true&orderBy=issuedAt:ASC",
      });

      // Another person's id is nobody's to them.
      expect(await views.rename(bob, unpaid.id, "taken")).toBeNull();
      expect(await views.remove(bob, unpaid.id)).toBe(false);

      const renamed = await views.rename(ann, unpaid.id, "Unpaid");
      expect(renamed?.name).toBe("Unpaid");
      expect((await views.list(ann)).map((v) => v.name)).toEqual(["Attention", "Unpaid"]);
      expect(await views.remove(ann, unpaid.id)).toBe(true);
      expect((await views.list(ann)).map((v) => v.name)).toEqual(["Attention"]);
    });

    it(`at most ${MAX_SAVED_VIEWS} views a person`, async () => {
      const views = accountViews(auth);
      const cat = await person(auth, `cat-${randomBytes(3).toString("hex")}@example.com`);
      for (let i = 0; i < MAX_SAVED_VIEWS; i++)
        await views.create(cat, { name: `v${i}`, list: "invoices", query: "" });
      await expect(
        views.create(cat, { name: "one more", list: "invoices", query: "" }),
      ).rejects.toThrow(TooManyViews);
    });
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

suite("on SQLite", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "saved-views-"));
  dirs.push(dir);
  return createAuth(config({ kind: "sqlite", path: path.join(dir, "auth.sqlite") }));
});

let postgres: TestPostgres | null = null;
afterAll(async () => {
  await postgres?.stop();
});

describe.skipIf(!pgAvailable)("PostgreSQL", () => {
  suite("on PostgreSQL", async () => {
    postgres = await startTestPostgres();
    const name = "pg";
    const { Client } = (await import(name)) as {
      Client: new (o: {
        connectionString: string;
      }) => {
        connect(): Promise<void>;
        query(sql: string): Promise<unknown>;
        end(): Promise<void>;
      };
    };
    const admin = new Client({ connectionString: postgres!.url });
    await admin.connect();
    const database = `views_${randomBytes(6).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(postgres!.url);
    url.pathname = `/${database}`;
    return createAuth(config({ kind: "postgres", url: url.href }));
  });
});
