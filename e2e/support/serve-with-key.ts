/**
 * Starts the app on its own small demo database with a key made for the test:
 * `--claims a,b` for a key lacking the other claims, `--revoke` for a key revoked
 * before the app uses it. Used by e2e/support/side-servers.ts for the error-state tests.
 *
 *   tsx e2e/support/serve-with-key.ts --port 3200 --db .data/e2e-revoked.sqlite --revoke
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { createKey, revokeKey } from "../../lib/sandbox/keys";
import { openDatabase } from "../../lib/sandbox/storage/db";
import { seedDatabase } from "../../lib/sandbox/storage/seed-database";
import { serverStartArgs } from "../../lib/testing/server-start";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    db: { type: "string" },
    claims: { type: "string" },
    revoke: { type: "boolean" },
  },
});
if (!values.port || !values.db) throw new Error("--port and --db are required");

const db = openDatabase(values.db);
seedDatabase(db, { customers: 40, reset: true });
const business = db.prepare("SELECT id FROM businesses ORDER BY position LIMIT 1").get() as {
  id: string;
};
const key = createKey(db, {
  businessId: business.id,
  claims: values.claims?.split(","),
  name: values.revoke ? "e2e revoked" : "e2e limited",
});
if (values.revoke) revokeKey(db, key.id);
db.close();
// Beside the database, like the seed's demo key, so the key-leak test can look for it.
fs.writeFileSync(`${values.db}.test-key`, key.secret, { mode: 0o600 });

const server = spawn(process.execPath, serverStartArgs(values.port), {
  stdio: "inherit",
  env: { ...process.env, SANDBOX_DB: values.db, INVOICING_API_KEY: key.secret },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
