/**
 * The cap on an account's live sessions, through better-auth itself on a temp
 * SQLite file: a sign-in beyond the cap ends the account's oldest session (its
 * cookie no longer opens a session), and another account's sessions are untouched.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bufferedIo } from "../cli/io";
import { run } from "./cli";
import { type AuthConfig, parseAllowList, readAuthSetup } from "./config";
import { type Auth, createAuth } from "./instance";

const PASSWORD = "a long enough password";
let dir: string;
let auth: Auth;
let close: () => Promise<void> | void;

async function addUser(dbPath: string, email: string) {
  const io = bufferedIo({ ...process.env, AUTH_DB: dbPath, AUTH_DATABASE_URL: "" }, PASSWORD);
  const code = await run(["users", "add", "--email", email, "--password-stdin"], io);
  if (code !== 0) throw new Error(io.err());
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "session-cap-"));
  const dbPath = path.join(dir, "auth.sqlite");
  await addUser(dbPath, "ana@example.com");
  await addUser(dbPath, "bo@example.com");
  const config: AuthConfig = {
    secret: "c".repeat(40),
    baseURL: "http://localhost:3000",
    oidc: null,
    localAccounts: true,
    allowed: parseAllowList(""),
    sessionTtlSec: 3600,
    maxSessions: 3,
    storage: { kind: "sqlite", path: dbPath },
  };
  ({ auth, close } = await createAuth(config));
});
afterAll(async () => {
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Signs in as a browser would: the session cookie it is given. */
async function signIn(email: string): Promise<string> {
  const { headers } = await auth.api.signInEmail({
    body: { email, password: PASSWORD },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.includes("session_token="));
  if (!cookie) throw new Error("no session cookie");
  // A browser's clock moves between sign-ins; the cap orders sessions by their start.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return cookie;
}

const isSignedIn = async (cookie: string) =>
  (await auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;

describe("AUTH_MAX_SESSIONS", () => {
  it("a sign-in beyond the cap ends the account's oldest session, and no other account's", async () => {
    const other = await signIn("bo@example.com");
    const sessions = [
      await signIn("ana@example.com"),
      await signIn("ana@example.com"),
      await signIn("ana@example.com"),
    ];
    for (const cookie of sessions) expect(await isSignedIn(cookie)).toBe(true);
    const fourth = await signIn("ana@example.com");
    expect(await isSignedIn(sessions[0]!)).toBe(false);
    for (const cookie of [sessions[1]!, sessions[2]!, fourth, other])
      expect(await isSignedIn(cookie)).toBe(true);
  });

  it("is read from the environment: 10 unless set, whole numbers from 1 to 100", () => {
    const env = { AUTH_REQUIRED: "1", AUTH_SECRET: "s".repeat(40), AUTH_URL: "https://d.example" };
    const read = (value?: string) => {
      const setup = readAuthSetup({ ...env, ...(value ? { AUTH_MAX_SESSIONS: value } : {}) });
      return setup.mode === "required" ? setup.config.maxSessions : setup;
    };
    expect(read()).toBe(10);
    expect(read("3")).toBe(3);
    for (const wrong of ["0", "101", "2.5", "many"])
      expect(read(wrong), wrong).toEqual({
        mode: "invalid",
        problems: [
          `AUTH_MAX_SESSIONS must be a whole number of sessions from 1 to 100, not ${wrong}`,
        ],
      });
  });
});
