/**
 * Two processes opening the same new shared file at the same moment, as a
 * server's processes do on their first requests: both must open it, and both
 * writes must land. Opening with the plain sequence (WAL, then CREATE TABLE) failed
 * in about a third of such opens with SQLITE_BUSY, whatever the busy timeout.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { runInServerProcess } from "@/lib/testing/server-process";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-sqlite-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("two processes open a new file at once, 20 times over, without an error", async () => {
  const files = Array.from({ length: 20 }, (_, i) => path.join(dir, `f${i}.sqlite`));
  const script = path.join(dir, "open.ts");
  fs.writeFileSync(
    script,
    `import { openSharedSqlite } from ${JSON.stringify(path.resolve(import.meta.dirname, "shared-sqlite.ts"))};
     const files: string[] = JSON.parse(process.env.FILES!);
     const start = Number(process.env.START_AT);
     const errors: string[] = [];
     files.forEach((file, i) => {
       // Each round starts at the same moment in both processes.
       while (Date.now() < start + i * 50);
       try {
         const db = openSharedSqlite(file, "CREATE TABLE IF NOT EXISTS t (pid INTEGER)");
         db.prepare("INSERT INTO t VALUES (?)").run(process.pid);
         db.close();
       } catch (error) {
         errors.push(String(error));
       }
     });
     console.log(JSON.stringify(errors));`,
  );
  const env = {
    ...process.env,
    FILES: JSON.stringify(files),
    START_AT: String(Date.now() + 4_000),
  };
  const run = async () => JSON.parse(await runInServerProcess(script, env)) as string[];
  const [first, second] = await Promise.all([run(), run()]);
  expect([...first!, ...second!]).toEqual([]);
  for (const file of files) {
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT count(*) FROM t").pluck().get(), file).toBe(2);
    db.close();
  }
});
