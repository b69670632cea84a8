/**
 * Local accounts and sessions: JSON on stdout, logs on stderr, as the sandbox's
 * command line (docs/readings.md, "Keys and the command line"); exit code 2 for a
 * usage error, 1 for anything else. `run` is the command itself, callable
 * in-process (tests); run as a program it uses the process's streams and
 * environment.
 *
 *   npm run auth -- users add --email E --name N [--password-stdin]
 *   npm run auth -- users list
 *   npm run auth -- users remove --email E
 *   npm run auth -- users set-password --email E [--password-stdin]
 *   npm run auth -- sessions revoke --email E
 *
 * Without --password-stdin a strong password is generated and printed once. Works on
 * the storage the server uses (AUTH_DB, default .data/auth.sqlite, or
 * AUTH_DATABASE_URL), whether or not sign-in is switched on yet. Passwords are hashed
 * by better-auth (scrypt), like its own sign-up would.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { type CommandIo, isMain, runAsProgram } from "../cli/io";
import { type AuthConfig, authStorage, parseAllowList } from "./config";
import { createAuth } from "./instance";

const USAGE = `usage:
  auth users add --email E --name N [--password-stdin]
  auth users list
  auth users remove --email E
  auth users set-password --email E [--password-stdin]
  auth sessions revoke --email E`;

class UsageError extends Error {}

const MIN_PASSWORD = 12;
const MAX_PASSWORD = 128;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 24 random bytes as base64url: 32 characters, 192 bits. */
const generatePassword = () => randomBytes(24).toString("base64url");

async function readStdin(stdin: CommandIo["stdin"]): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
  // Decoded whole: a character split across two chunks stays one character. One
  // trailing newline (echo, a file) is not part of the password.
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function passwordFrom(
  fromStdin: boolean | undefined,
  stdin: CommandIo["stdin"],
): Promise<{
  password: string;
  generated: boolean;
}> {
  if (!fromStdin) return { password: generatePassword(), generated: true };
  const password = await readStdin(stdin);
  if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD)
    throw new UsageError(`the password must be ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`);
  return { password, generated: false };
}

function requireEmail(email: string | undefined): string {
  const address = email?.trim().toLowerCase();
  if (!address || !EMAIL.test(address)) throw new UsageError("--email must be an e-mail address");
  return address;
}

/** The CLI signs no cookies: its instance needs a secret only to exist. */
function cliConfig(env: NodeJS.ProcessEnv): AuthConfig {
  return {
    secret: env.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    baseURL: "http://localhost",
    oidc: null,
    localAccounts: true,
    allowed: parseAllowList(""),
    sessionTtlSec: 3600,
    storage: authStorage(env),
  };
}

/** Runs one command on the sign-in storage AUTH_DB (or AUTH_DATABASE_URL) names; returns the exit code. */
export async function run(argv: string[], io: CommandIo): Promise<number> {
  try {
    const result = await runCommand(argv, io);
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      String((error as { code?: string }).code ?? "").startsWith("ERR_PARSE_ARGS");
    io.stderr(
      `${usage ? (error as Error).message : `[auth] failed: ${(error as Error).message}`}\n`,
    );
    return usage ? 2 : 1;
  }
}

async function runCommand(argv: string[], io: CommandIo): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      "password-stdin": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [group, command] = positionals;
  if (values.help || !group || !command || positionals.length > 2) throw new UsageError(USAGE);
  const key = `${group} ${command}`;
  if (
    !["users add", "users list", "users remove", "users set-password", "sessions revoke"].includes(
      key,
    )
  )
    throw new UsageError(USAGE);
  const log = (message: string) => io.stderr(`[auth] ${message}\n`);
  const email = key === "users list" ? "" : requireEmail(values.email);
  // Read the password before opening the database: a bad one changes nothing.
  const secret =
    key === "users add" || key === "users set-password"
      ? await passwordFrom(values["password-stdin"], io.stdin)
      : null;

  const { auth, close } = await createAuth(cliConfig(io.env));
  try {
    const ctx = await auth.$context;
    const users = ctx.internalAdapter;
    const find = async () => {
      const found = await users.findUserByEmail(email, { includeAccounts: true });
      if (!found) throw new UsageError(`no user with the e-mail address ${email}`);
      return found;
    };
    switch (key) {
      case "users add": {
        if (await users.findUserByEmail(email))
          throw new UsageError(`a user with the e-mail address ${email} exists already`);
        const name = values.name?.trim() || email.slice(0, email.indexOf("@"));
        const user = await users.createUser(
          { email, name, emailVerified: true },
          { method: "admin" },
        );
        await users.linkAccount({
          userId: user.id,
          providerId: "credential",
          accountId: user.id,
          password: await ctx.password.hash(secret!.password),
        });
        log(`added ${email}`);
        return {
          user: { id: user.id, email: user.email, name: user.name },
          ...(secret!.generated ? { password: secret!.password } : {}),
        };
      }
      case "users list": {
        const all = await users.listUsers(1000, 0, { field: "email", direction: "asc" });
        return await Promise.all(
          all.map(async (u) => ({
            id: u.id,
            email: u.email,
            name: u.name,
            createdAt: u.createdAt,
            signIn: (await users.findAccounts(u.id)).map((a) =>
              a.providerId === "credential" ? "password" : a.providerId,
            ),
            activeSessions: (await users.listSessions(u.id)).filter(
              (s) => new Date(s.expiresAt).getTime() > Date.now(),
            ).length,
          })),
        );
      }
      case "users remove": {
        const { user } = await find();
        await users.deleteUserSessions(user.id);
        await users.deleteAccounts(user.id);
        await users.deleteUser(user.id);
        log(`removed ${email} and ended its sessions`);
        return { removed: { id: user.id, email: user.email } };
      }
      case "users set-password": {
        const { user, accounts } = await find();
        const hash = await ctx.password.hash(secret!.password);
        if (accounts.some((a) => a.providerId === "credential"))
          await users.updatePassword(user.id, hash);
        else
          await users.linkAccount({
            userId: user.id,
            providerId: "credential",
            accountId: user.id,
            password: hash,
          });
        // A new password ends every session signed in with the old one.
        await users.deleteUserSessions(user.id);
        log(`set the password of ${email} and ended its sessions`);
        return {
          user: { id: user.id, email: user.email },
          ...(secret!.generated ? { password: secret!.password } : {}),
        };
      }
      default: {
        const { user } = await find();
        const ended = (await users.listSessions(user.id)).length;
        await users.deleteUserSessions(user.id);
        log(`ended ${ended} session(s) of ${email}`);
        return { user: { id: user.id, email: user.email }, sessionsEnded: ended };
      }
    }
  } finally {
    await close();
  }
}

if (isMain(import.meta.url)) runAsProgram(run);
