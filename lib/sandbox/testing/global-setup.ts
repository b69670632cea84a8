/**
 * Seeds one real sandbox database for the whole test run (default demo size, the
 * clock pinned by SANDBOX_NOW) and creates the keys the tests call with.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createKey, revokeKey } from "../keys";
import { openDatabase } from "../storage/db";
import { seedDatabase } from "../storage/seed-database";
import type { TestSandboxInfo } from "./sandbox";

export default function setup(project: TestProject) {
  process.env.SANDBOX_NOW ??= "2026-11-22T09:30:00.000Z";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-test-"));
  const file = path.join(dir, "sandbox.sqlite");
  const db = openDatabase(file);
  const summary = seedDatabase(db);
  const [demo, other] = db.prepare("SELECT id, name FROM businesses ORDER BY position").all() as {
    id: string;
    name: string;
  }[];
  if (!demo || !other) throw new Error("the seed must create two businesses");
  const revoked = createKey(db, { businessId: demo.id, name: "revoked" });
  revokeKey(db, revoked.id);
  const info: TestSandboxInfo = {
    dbPath: file,
    demoBusinessId: demo.id,
    otherBusinessId: other.id,
    keys: {
      demo: createKey(db, { businessId: demo.id, name: "tests" }).secret,
      other: createKey(db, { businessId: other.id, name: "tests" }).secret,
      paymentsOnly: createKey(db, {
        businessId: demo.id,
        claims: ["payments:read"],
        name: "payments only",
      }).secret,
      revoked: revoked.secret,
    },
  };
  db.close();
  console.error(`[tests] seeded ${file} in ${summary.seconds.toFixed(1)} s`);
  project.provide("sandbox", info);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
