/**
 * The sign-in database holds password hashes and session tokens: it and SQLite's
 * -wal and -shm files beside it are readable by the server's user only (0600),
 * whatever the umask, and a file an earlier version left readable is narrowed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllowList } from "./config";
import { createAuth } from "./instance";

let dir: string;
let previousUmask: number;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-modes-"));
  // The usual umask: files are made world-readable unless their maker says otherwise.
  previousUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(previousUmask);
  fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

async function openAndWrite(file: string) {
  const { auth, close } = await createAuth({
    secret: "m".repeat(40),
    baseURL: "http://localhost:3000",
    oidc: null,
    localAccounts: true,
    allowed: parseAllowList(""),
    sessionTtlSec: 3600,
    storage: { kind: "sqlite", path: file },
  });
  const ctx = await auth.$context;
  await ctx.internalAdapter.createUser(
    { email: `u${Math.random()}@example.com`, name: "U", emailVerified: true },
    { method: "admin" },
  );
  return close;
}

describe("sign-in storage files", () => {
  it("a new database and its -wal and -shm files are 0600", async () => {
    const file = path.join(dir, "new", "auth.sqlite");
    const close = await openAndWrite(file);
    try {
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect(fs.existsSync(name), name).toBe(true);
        expect(modeOf(name).toString(8), name).toBe("600");
      }
    } finally {
      await close();
    }
  });

  it("an existing database left readable by others is narrowed to 0600", async () => {
    const file = path.join(dir, "old.sqlite");
    await (await openAndWrite(file))();
    fs.chmodSync(file, 0o644);
    const close = await openAndWrite(file);
    try {
      expect(modeOf(file).toString(8)).toBe("600");
      expect(modeOf(`${file}-wal`).toString(8)).toBe("600");
    } finally {
      await close();
    }
  });
});
