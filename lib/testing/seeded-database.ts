import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A bench's database, seeded with `customers` customers unless it already is (its
 * demo key beside it says so: delete both to seed again). The seeding runs in node
 * with tsx's loader, as `npm run sandbox` does, its output shown.
 */
export function ensureSeededDatabase(db: string, customers: number): void {
  const shown = path.relative(process.cwd(), db);
  if (fs.existsSync(`${db}.demo-key`)) {
    console.error(`[bench] using ${shown} (delete it and its .demo-key to seed again)`);
    return;
  }
  console.error(`[bench] seeding ${customers.toLocaleString("en-US")} customers into ${shown} …`);
  const started = performance.now();
  execFileSync(
    process.execPath,
    ["--import", "tsx", "lib/sandbox/cli.ts", "seed", "--reset", "--customers", String(customers)],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, SANDBOX_DB: db } },
  );
  console.error(`[bench] seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
