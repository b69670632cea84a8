/**
 * What lib/auth/postgres.test.ts runs on: a PostgreSQL server (a throwaway one,
 * lib/testing/postgres-server.ts, or the one AUTH_TEST_POSTGRES_URL names) with a
 * database of the run's own, started once for the file's parts and dropped after;
 * a real OpenID Connect issuer; and the steps its tests share: a command of
 * `npm run auth` on that database, an account with a known password, the server's
 * environment on that database, a sign-in through the server's own instance, and
 * a sign-in action while the database does not answer.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { expect, vi } from "vitest";
import { bufferedIo } from "@/lib/cli/io";
import {
  findPostgresBin,
  startTestPostgres,
  type TestPostgres,
} from "@/lib/testing/postgres-server";
import { within } from "@/lib/testing/within";
import { run } from "../cli";
import { parseAllowList } from "../config";
import { SESSION_COOKIE } from "../session-cookie";

export const givenUrl = process.env.AUTH_TEST_POSTGRES_URL?.trim() || null;
export const available = Boolean(givenUrl || findPostgresBin());
if (!available)
  console.error(
    "\n!!! PostgreSQL is not installed: the sign-in storage test on PostgreSQL is SKIPPED.\n" +
      "!!! Install it (Debian: apt-get install postgresql) to run it.\n",
  );

export interface PgClient {
  connect(): Promise<void>;
  query<R>(sql: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
type PgModule = { Client: new (options: { connectionString: string }) => PgClient };

export async function withClient<T>(
  url: string,
  use: (client: PgClient) => Promise<T>,
): Promise<T> {
  // pg ships no types, and the app loads it the same untyped way (instance.ts).
  const name = "pg";
  const { Client } = (await import(name)) as PgModule;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export const database = `auth_test_${randomBytes(6).toString("hex")}`;
export const issuer = { url: "", server: null as Server | null };
// Set by startStorage(); the tests read them as they are then (live bindings).
/** The test's own server; null when AUTH_TEST_POSTGRES_URL names one. */
export let server: TestPostgres | null = null;
/** A superuser's connection: it may create and drop databases. */
export let adminUrl: string | null = givenUrl;
/** The run's own database. */
export let url: string;
let started: Promise<void> | undefined;

/** The issuer, the server and the database: started by the first part, shared by the rest. */
export function startStorage(): Promise<void> {
  started ??= reallyStart();
  return started;
}

async function reallyStart() {
  ({ url: issuer.url, server: issuer.server } = await startIssuer());
  if (!adminUrl) {
    server = await startTestPostgres();
    adminUrl = server!.url;
  }
  await withClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${database}`));
  const target = new URL(adminUrl!);
  target.pathname = `/${database}`;
  url = target.href;
}

/** Drops the database and stops what startStorage() started (nothing if it never ran). */
export async function stopStorage(): Promise<void> {
  if (!started) return;
  await started.catch(() => {});
  if (url)
    await withClient(adminUrl!, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    );
  await server?.stop();
  issuer.server?.close();
}

export const config = () => ({
  secret: "p".repeat(40),
  baseURL: "http://localhost:3000",
  oidc: null,
  localAccounts: true,
  allowed: parseAllowList(""),
  sessionTtlSec: 3600,
  storage: { kind: "postgres" as const, url },
});

/**
 * One command of `npm run auth`, in-process (`run(argv, io)`) on this database: a
 * spawned program costs about a second each, and lib/auth/cli.test.ts starts the
 * program itself once.
 */
export async function cli(args: string[], stdin = "") {
  const io = bufferedIo({ ...process.env, AUTH_DATABASE_URL: url, AUTH_DB: "" }, stdin);
  const code = await run(args, io);
  return { code, stderr: io.err(), json: JSON.parse(io.out() || "null") };
}

export const sessionRows = (email: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM "session" s JOIN "user" u ON u.id = s."userId" WHERE u.email = $1`,
      [email],
    );
    return Number(rows[0]!.n);
  });

export const PASSWORD = "a postgres password";

/** An account made by the command line, with PASSWORD. */
export async function addAccount(email: string, name: string) {
  const added = await cli(
    ["users", "add", "--email", email, "--name", name, "--password-stdin"],
    `${PASSWORD}\n`,
  );
  expect(added.code, added.stderr).toBe(0);
}

/**
 * The server's environment for the tests that stop the database: sign-in on this
 * database (one of the test's own server: one AUTH_TEST_POSTGRES_URL names cannot be
 * stopped), and a short timeout.
 */
export function serveFromThisDatabase() {
  vi.stubEnv("AUTH_REQUIRED", "1");
  // Single sign-on too, with a real issuer (the first test to sign in makes the
  // process's instance, and every later one shares it).
  vi.stubEnv("AUTH_OIDC_ISSUER", issuer.url);
  vi.stubEnv("AUTH_OIDC_CLIENT_ID", OIDC_CLIENT.id);
  vi.stubEnv("AUTH_OIDC_CLIENT_SECRET", OIDC_CLIENT.secret);
  vi.stubEnv("AUTH_ALLOWED_EMAILS", "@example.com");
  vi.stubEnv("AUTH_SECRET", "p".repeat(40));
  vi.stubEnv("AUTH_URL", "http://localhost:3000");
  vi.stubEnv("AUTH_DATABASE_URL", url);
  vi.stubEnv("AUTH_DATABASE_TIMEOUT_MS", "500");
}

/**
 * Signs `email` in through the server's own instance (as the sign-in page's form
 * does): the session cookie, as a request's Cookie header carries it.
 */
export async function signInThroughServer(email: string): Promise<string> {
  const { getAuth } = await import("../server");
  const signedIn = await (await getAuth()).api.signInEmail({
    body: { email, password: PASSWORD },
    asResponse: true,
  });
  return signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
}

/**
 * A sign-in action while the database does not answer: the first waits the timeout
 * out and lands on `unavailable`, making the storage silent, so the next lands there
 * at once (within 250 ms; `meanwhile` checks more before the thaw). Once it answers
 * again, the action lands where `answered` says.
 */
export async function toldAtOnceWhileFrozen(
  act: () => Promise<string | null>,
  unavailable: string,
  answered: () => Promise<unknown>,
  meanwhile: () => Promise<void> = async () => {},
) {
  const said = vi.spyOn(console, "error").mockImplementation(() => {});
  server!.freeze();
  try {
    // Without the pool's timeouts this waits for ever: "still waiting" here.
    expect(await within(act(), 10_000)).toBe(unavailable);
    expect(await within(act(), 250)).toBe(unavailable);
    await meanwhile();
  } finally {
    server!.thaw();
  }
  await answered();
  said.mockRestore();
}

const OIDC_CLIENT = { id: "dashboard-test", secret: "a test client secret" };

/**
 * A real OpenID Connect issuer (panva's oidc-provider, as e2e/support/oidc-issuer.ts runs for
 * the browser tests) on a free loopback port, with this test's client: the start of a
 * single sign-on reads its discovery document and sends the person to its address.
 */
async function startIssuer(): Promise<{ url: string; server: Server }> {
  let handle: ReturnType<Provider["callback"]> | null = null;
  const server = createServer((req, res) => handle!(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: ["http://localhost:3000/api/auth/callback/oidc"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    cookies: { keys: [randomBytes(32).toString("base64url")] },
  });
  handle = provider.callback();
  return { url, server };
}

/** Where a server action sent the person (Next's redirect() throws it), or null. */
export async function landing(action: Promise<void>): Promise<string | null> {
  try {
    await action;
    return null;
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest !== "string" || !digest.startsWith("NEXT_REDIRECT")) throw error;
    return digest.split(";")[2] ?? null;
  }
}
