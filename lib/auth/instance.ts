/**
 * The better-auth instance: its options from an AuthConfig, its storage, and the
 * schema migration. No server-only import: the command line (tsx) builds the same
 * instance over the same storage. Pages and route handlers reach it through
 * lib/auth/server.ts.
 */

import fs from "node:fs";
import path from "node:path";
import { betterAuth, type GenericEndpointContext, type Session } from "better-auth";
import { type AuthMiddleware, isAPIError } from "better-auth/api";
import { getMigrations } from "better-auth/db/migration";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import Database from "better-sqlite3";
import { savedViewsPlugin } from "../saved-views/schema";
import { type AuthConfig, type AuthStorage, DEFAULT_MAX_SESSIONS, isEmailAllowed } from "./config";
import { COOKIE_PREFIX } from "./session-cookie";

/** The provider id of the OpenID Connect issuer; its callback (the redirect URI to register) is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";
/** Mounted by app/api/auth/[...all]/route.ts. */
export const AUTH_BASE_PATH = "/api/auth";
/** The reason code better-auth puts on the error redirect when the allow list refuses. */
export const NOT_ALLOWED = "email_not_allowed";

type Storage = Awaited<ReturnType<typeof openStorage>>;

/**
 * The longest a request to the storage waits: SQLite's busy timeout, and PostgreSQL's
 * connection and query timeouts unless AUTH_DATABASE_TIMEOUT_MS says.
 */
export const STORAGE_TIMEOUT_MS = 5_000;

/**
 * SQLite through better-sqlite3 (the default), or PostgreSQL through a pg Pool when
 * AUTH_DATABASE_URL is set (lib/auth/postgres.test.ts). pg is loaded only then, and
 * a deployment that pruned it gets a start that fails with the instruction to add it.
 */
export async function openStorage(storage: AuthStorage) {
  if (storage.kind === "sqlite") {
    fs.mkdirSync(path.dirname(path.resolve(storage.path)), { recursive: true });
    keepPrivate(storage.path);
    const db = new Database(storage.path);
    db.pragma("journal_mode = WAL");
    db.pragma(`busy_timeout = ${STORAGE_TIMEOUT_MS}`);
    return {
      database: db,
      timeoutMs: STORAGE_TIMEOUT_MS,
      ping: async () => {
        db.prepare("SELECT 1").get();
      },
      close: () => {
        db.close();
      },
    };
  }
  let pg: {
    Pool: new (options: {
      connectionString: string;
      connectionTimeoutMillis: number;
      query_timeout: number;
    }) => {
      query(sql: string): Promise<unknown>;
      end(): Promise<void>;
      on(event: "error", listener: (error: Error) => void): void;
    };
  };
  try {
    const name = "pg";
    pg = (await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ name)) as typeof pg;
  } catch {
    throw new Error(
      "AUTH_DATABASE_URL is set but the pg package is not installed: run `npm install pg`",
    );
  }
  const timeoutMs = storage.timeoutMs ?? STORAGE_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: storage.url,
    // A server that stops answering (stopped, a network that drops packets) would hold
    // every signed-in request for ever (pg waits without end by default): a connection
    // or a query that waits this long fails, and the request says sign-in is unavailable
    // (lib/auth/guard.ts).
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // An idle connection the database ends (a restart, a failover) is reported on the pool:
  // unheard, that event would end the server. The pool opens a new one when next asked.
  pool.on("error", (error) => {
    console.warn(`Sign-in storage: an idle PostgreSQL connection ended (${error.message})`);
  });
  return {
    database: pool,
    timeoutMs,
    // Through the pool: a connection whose query failed is dropped, not handed out again.
    ping: async () => {
      await pool.query("SELECT 1");
    },
    close: () => pool.end(),
  };
}

/**
 * Sign-in storage holds password hashes and session tokens: readable by the server's
 * user only. The file is made 0600 before SQLite opens it, whatever the umask, and
 * SQLite gives its -wal and -shm files the database file's mode; files an earlier
 * version left readable are narrowed too.
 */
function keepPrivate(file: string): void {
  // A path from the configuration: not one for the bundler to trace.
  fs.closeSync(fs.openSync(/*turbopackIgnore: true*/ file, "a", 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`])
    if (
      fs.existsSync(/*turbopackIgnore: true*/ name) &&
      (fs.statSync(/*turbopackIgnore: true*/ name).mode & 0o077) !== 0
    )
      fs.chmodSync(/*turbopackIgnore: true*/ name, 0o600);
}

/**
 * The allow list, enforced by better-auth itself before it creates, links or signs in
 * an OIDC identity: a refused identity gets no user and no session, and the browser
 * lands on the sign-in page's error URL with ?error=email_not_allowed. Local accounts
 * are made by an administrator (`npm run auth`) and are not subject to it.
 */
function allowListGate(config: AuthConfig) {
  return ({ user, source }: { user: { email?: string | null }; source: { method: string } }) => {
    if (source.method === "email-password" || source.method === "admin") return;
    if (!isEmailAllowed(config.allowed, user.email))
      return {
        error: NOT_ALLOWED,
        message: "This e-mail address may not sign in to this dashboard.",
      };
  };
}

/**
 * better-auth's logging of a failed request, less the throttle's refusals: a guesser
 * would otherwise write a line per guess for as long as they keep at it.
 */
function logApiError(
  error: unknown,
  ctx: { logger: { error: (message: string, ...args: unknown[]) => void } },
) {
  if (!isAPIError(error)) return ctx.logger.error(error instanceof Error ? error.name : "", error);
  if (error.statusCode === 429) return;
  if (error.statusCode >= 500) ctx.logger.error(String(error.status), error);
  else ctx.logger.error(error.message);
}

/**
 * The cap on an account's live sessions: once a sign-in made a session, the
 * account's sessions beyond the newest `max` are ended (deleted: their cookies stop
 * working at the next request). better-auth's documented `databaseHooks`; the
 * sign-in's own context holds the adapter, in the sign-in's transaction or after it.
 */
function endSessionsBeyond(max: number) {
  return async (session: Session, context: GenericEndpointContext | null) => {
    const adapter = context?.context.internalAdapter;
    if (!adapter) return;
    const others = (await adapter.listSessions(session.userId))
      .filter((other) => other.id !== session.id)
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
    const ended = others.slice(Math.max(0, max - 1)).map((other) => other.token);
    if (ended.length > 0) await adapter.deleteSessions(ended);
  };
}

/**
 * What the server adds to the command line's instance: the sign-in throttle's hooks
 * (lib/auth/throttle-hooks.ts, server-only, so passed in rather than imported here).
 */
export interface ServerAdditions {
  hooks?: { before?: AuthMiddleware; after?: AuthMiddleware };
}

/** better-auth's options for this configuration. */
export function authOptions(config: AuthConfig, storage: Storage, additions: ServerAdditions = {}) {
  return {
    appName: "Invoicing dashboard",
    baseURL: config.baseURL,
    basePath: AUTH_BASE_PATH,
    secret: config.secret,
    // biome-ignore lint/suspicious/noExplicitAny: a better-sqlite3 Database or a pg Pool, both accepted
    database: storage.database as any,
    emailAndPassword: {
      enabled: config.localAccounts,
      // Accounts are made by `npm run auth -- users add` only.
      disableSignUp: true,
      minPasswordLength: 12,
    },
    session: {
      expiresIn: config.sessionTtlSec,
      // A fixed lifetime from sign-in: the cookie's expiry and the session row's agree,
      // and pages (which cannot set cookies while rendering) never need to extend it.
      disableSessionRefresh: true,
    },
    databaseHooks: {
      session: {
        create: { after: endSessionsBeyond(config.maxSessions ?? DEFAULT_MAX_SESSIONS) },
      },
    },
    // The allow list gates OIDC identities only (no OIDC, nothing to gate; the CLI
    // builds its instance without OIDC and so without this hook).
    ...(config.oidc ? { user: { validateUserInfo: allowListGate(config) } } : {}),
    account: {
      // An OIDC identity with the address of a local account joins it only when the
      // issuer vouches for the address (email_verified); better-auth's default rule.
      accountLinking: { enabled: true, trustedProviders: [] as string[] },
    },
    advanced: {
      // Secure always: https in production, and browsers keep Secure cookies on
      // http://localhost and 127.0.0.1 (config.ts refuses other plain-http origins).
      useSecureCookies: true,
      defaultCookieAttributes: { httpOnly: true, secure: true, sameSite: "lax" as const },
      cookiePrefix: COOKIE_PREFIX,
    },
    // Its own limiter keys on X-Forwarded-For, which a client writes, and counts per
    // process: the server's throttle (lib/auth/throttle.ts) replaces it.
    rateLimit: { enabled: false },
    ...(additions.hooks ? { hooks: additions.hooks } : {}),
    onAPIError: { errorURL: `${config.baseURL}/sign-in`, onError: logApiError },
    logger: { level: "warn" as const },
    telemetry: { enabled: false },
    plugins: [
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.oidc.name,
                  discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
      // Its table only: a person's saved views, beside their account (lib/saved-views).
      savedViewsPlugin(),
      // Last: lets server actions that call auth.api.* set and clear the cookies.
      nextCookies(),
    ],
  };
}

/** Creates or updates better-auth's tables (user, session, account, verification, savedView). */
export async function migrate(options: ReturnType<typeof authOptions>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the options object is better-auth's own
  const { runMigrations } = await getMigrations(options as any);
  await runMigrations();
}

function build(options: ReturnType<typeof authOptions>) {
  return betterAuth(options);
}
export type Auth = ReturnType<typeof build>;

/**
 * Opens the storage, brings its schema up to date, and builds the instance; `ping`
 * asks the storage the least it can answer, and `timeoutMs` is the longest a request
 * to it waits (lib/auth/storage-health.ts).
 */
export async function createAuth(
  config: AuthConfig,
  additions: ServerAdditions = {},
): Promise<{
  auth: Auth;
  ping: () => Promise<void>;
  timeoutMs: number;
  close: () => Promise<void> | void;
}> {
  const storage = await openStorage(config.storage);
  const options = authOptions(config, storage, additions);
  await migrate(options);
  return {
    auth: build(options),
    ping: storage.ping,
    timeoutMs: storage.timeoutMs,
    close: storage.close,
  };
}
