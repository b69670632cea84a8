/**
 * The accounts command line on a temp AUTH_DB, in-process (`run(argv, io)`, what
 * `npm run auth` runs), and the accounts it makes signing in through better-auth
 * itself; one test starts the program as a person would.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bufferedIo } from "../cli/io";
import { run } from "./cli";
import { parseAllowList } from "./config";
import { createAuth } from "./instance";

let dir: string;
let dbPath: string;

function parsed(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return null;
  }
}

/** One command, in-process, on the test's AUTH_DB; `stdin` is what --password-stdin reads. */
async function cli(args: string[], stdin?: string) {
  const io = bufferedIo({ ...process.env, AUTH_DB: dbPath, AUTH_DATABASE_URL: "" }, stdin);
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err(), json: parsed(io.out()) };
}

/** The program itself, as `npm run auth` starts it. */
function spawnCli(args: string[], stdin: string) {
  const result = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "lib/auth/cli.ts", ...args],
    {
      input: stdin,
      encoding: "utf8",
      env: { ...process.env, AUTH_DB: dbPath, AUTH_DATABASE_URL: "" },
      timeout: 60_000,
    },
  );
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    json: parsed(result.stdout),
  };
}

/** Signs in with better-auth on the same file, as the server would; the session token or null. */
async function signIn(email: string, password: string): Promise<string | null> {
  const { auth, close } = await createAuth({
    secret: "t".repeat(40),
    baseURL: "http://localhost:3000",
    oidc: null,
    localAccounts: true,
    allowed: parseAllowList(""),
    sessionTtlSec: 3600,
    storage: { kind: "sqlite", path: dbPath },
  });
  try {
    const result = await auth.api.signInEmail({ body: { email, password } });
    return result.token;
  } catch {
    return null;
  } finally {
    await close();
  }
}

const sessionsOf = (email: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (
      db
        .prepare(
          "SELECT COUNT(*) AS n FROM session s JOIN user u ON u.id = s.userId WHERE u.email = ?",
        )
        .get(email) as { n: number }
    ).n;
  } finally {
    db.close();
  }
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-cli-"));
  dbPath = path.join(dir, "auth.sqlite");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npm run auth", () => {
  it("adds a user with a password from stdin, and that password signs in", async () => {
    const added = await cli(
      ["users", "add", "--email", "Ana@Example.com", "--name", "Ana", "--password-stdin"],
      "a long enough password\n",
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.json).toMatchObject({ user: { email: "ana@example.com", name: "Ana" } });
    expect(added.json).not.toHaveProperty("password");
    expect(added.stderr).toContain("added ana@example.com");
    // Only a hash is stored.
    const db = new Database(dbPath, { readonly: true });
    const stored = db
      .prepare("SELECT password FROM account WHERE providerId = 'credential'")
      .get() as { password: string };
    db.close();
    expect(stored.password).not.toContain("a long enough password");
    expect(await signIn("ana@example.com", "a long enough password")).toBeTruthy();
    expect(await signIn("ana@example.com", "a wrong password!!")).toBeNull();
  });

  it("generates a strong password when none is given and prints it once", async () => {
    const added = await cli(["users", "add", "--email", "bo@example.com"]);
    expect(added.code, added.stderr).toBe(0);
    const { password, user } = added.json as { password: string; user: { name: string } };
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(user.name).toBe("bo");
    expect(added.stderr).not.toContain(password);
    expect(await signIn("bo@example.com", password)).toBeTruthy();
    const listed = await cli(["users", "list"]);
    expect(listed.stdout).not.toContain(password);
  });

  it("refuses a duplicate, a short password, a bad address and unknown commands, changing nothing", async () => {
    const dup = await cli(["users", "add", "--email", "ana@example.com"]);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain("exists already");
    const short = await cli(
      ["users", "add", "--email", "cy@example.com", "--password-stdin"],
      "short\n",
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("12 to 128 characters");
    expect((await cli(["users", "add", "--email", "not-an-address"])).code).toBe(2);
    const unknown = await cli(["users", "frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("usage:");
    expect((await cli(["users", "add", "--bogus"])).code).toBe(2);
    const emails = ((await cli(["users", "list"])).json as { email: string }[]).map((u) => u.email);
    expect(emails).toEqual(["ana@example.com", "bo@example.com"]);
  });

  it("lists users with their sign-in methods and active sessions", async () => {
    await signIn("ana@example.com", "a long enough password");
    const listed = await cli(["users", "list"]);
    expect(listed.code).toBe(0);
    expect(listed.json).toEqual([
      expect.objectContaining({
        email: "ana@example.com",
        name: "Ana",
        signIn: ["password"],
        activeSessions: 2,
      }),
      expect.objectContaining({ email: "bo@example.com", signIn: ["password"], activeSessions: 1 }),
    ]);
  });

  it("revokes a user's sessions", async () => {
    expect(sessionsOf("ana@example.com")).toBe(2);
    const revoked = await cli(["sessions", "revoke", "--email", "ana@example.com"]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.json).toMatchObject({ sessionsEnded: 2 });
    expect(sessionsOf("ana@example.com")).toBe(0);
    expect(sessionsOf("bo@example.com")).toBe(1);
  });

  it("sets a new password, which ends the old sessions and replaces the old password", async () => {
    const set = await cli(
      ["users", "set-password", "--email", "bo@example.com", "--password-stdin"],
      "the brand new password\n",
    );
    expect(set.code, set.stderr).toBe(0);
    expect(sessionsOf("bo@example.com")).toBe(0);
    expect(await signIn("bo@example.com", "the brand new password")).toBeTruthy();
  });

  it("removes a user, its accounts and sessions", async () => {
    const removed = await cli(["users", "remove", "--email", "bo@example.com"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(sessionsOf("bo@example.com")).toBe(0);
    expect(await signIn("bo@example.com", "the brand new password")).toBeNull();
    const missing = await cli(["users", "remove", "--email", "bo@example.com"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no user with the e-mail address bo@example.com");
  });

  it("the program (npm run auth) reads the password from stdin, prints JSON and exits 0", async () => {
    const added = spawnCli(
      ["users", "add", "--email", "dee@example.com", "--password-stdin"],
      "another long password\n",
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.json).toMatchObject({ user: { email: "dee@example.com" } });
    expect(await signIn("dee@example.com", "another long password")).toBeTruthy();
  });
});
