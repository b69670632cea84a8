/**
 * Sign-in configuration, read from the environment. Pure (no I/O, no server-only
 * import) so the server, the instrumentation hook, the command line and unit tests
 * share one reading of it.
 *
 * Sign-in is required when the dashboard reads a real API (INVOICING_API_URL) or
 * AUTH_REQUIRED=1; the built-in demo API may run open. Required but not validly
 * configured is an error the server refuses to start with (instrumentation.ts) and
 * fails closed on at request time (guard.ts).
 */

export interface AllowList {
  /** whole addresses, lower case */
  emails: ReadonlySet<string>;
  /** domains of `@domain` entries, lower case, without the @ */
  domains: ReadonlySet<string>;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the button's label: "Sign in with <name>" */
  name: string;
}

export interface AuthConfig {
  secret: string;
  /** the dashboard's public origin (and path prefix, if any), no trailing slash */
  baseURL: string;
  oidc: OidcConfig | null;
  /** e-mail and password accounts managed by `npm run auth` */
  localAccounts: boolean;
  /** who may sign in through OIDC */
  allowed: AllowList;
  sessionTtlSec: number;
  /** the most live sessions an account holds; a sign-in beyond it ends the oldest (default DEFAULT_MAX_SESSIONS) */
  maxSessions?: number;
  storage: AuthStorage;
}

/** SQLite by default; a server database (postgres://) by configuration. */
export type AuthStorage =
  | { kind: "sqlite"; path: string }
  /** `timeoutMs`: how long a connection or a query may wait on the server (AUTH_DATABASE_TIMEOUT_MS) */
  | { kind: "postgres"; url: string; timeoutMs?: number };

export type AuthSetup =
  | { mode: "open" }
  | { mode: "required"; config: AuthConfig }
  | { mode: "invalid"; problems: string[] };

type Env = Record<string, string | undefined>;

/** The request header proxy.ts sets to a page's path and query, for the `next` redirect. */
export const PATH_HEADER = "x-invoicing-path";

export const DEFAULT_AUTH_DB = ".data/auth.sqlite";
/** A working day: sign in in the morning, signed out by the next. */
export const DEFAULT_SESSION_TTL_SEC = 8 * 60 * 60;
/**
 * A person's browsers and devices (work and home computers, a phone, a second browser)
 * with room to spare; a password tried from a script cannot gather sessions without
 * end, each living a working day.
 */
export const DEFAULT_MAX_SESSIONS = 10;
const MAX_MAX_SESSIONS = 100;
const MIN_SESSION_TTL_SEC = 60;
const MAX_SESSION_TTL_SEC = 30 * 24 * 60 * 60;
const MIN_SECRET_LENGTH = 32;

const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

/** Whether this environment requires sign-in (whatever the rest of the configuration). */
export function authRequired(env: Env): boolean {
  return value(env, "INVOICING_API_URL") !== undefined || value(env, "AUTH_REQUIRED") === "1";
}

/** The auth storage, needed by the command line whether or not sign-in is required. */
export function authStorage(env: Env): AuthStorage {
  const url = value(env, "AUTH_DATABASE_URL");
  if (url) {
    const timeoutMs = Number(value(env, "AUTH_DATABASE_TIMEOUT_MS"));
    return Number.isInteger(timeoutMs) && timeoutMs > 0
      ? { kind: "postgres", url, timeoutMs }
      : { kind: "postgres", url };
  }
  return { kind: "sqlite", path: value(env, "AUTH_DB") ?? DEFAULT_AUTH_DB };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function readAuthSetup(env: Env): AuthSetup {
  if (!authRequired(env)) return { mode: "open" };
  const problems: string[] = [];
  const why =
    value(env, "INVOICING_API_URL") !== undefined
      ? "INVOICING_API_URL names a real API, so sign-in is required"
      : "AUTH_REQUIRED=1";

  const secret = value(env, "AUTH_SECRET") ?? value(env, "BETTER_AUTH_SECRET");
  if (!secret)
    problems.push(
      `AUTH_SECRET is not set (${why}): set it to a random string of at least ${MIN_SECRET_LENGTH} characters, e.g. \`openssl rand -base64 32\``,
    );
  else if (secret.length < MIN_SECRET_LENGTH)
    problems.push(`AUTH_SECRET is too short: at least ${MIN_SECRET_LENGTH} characters`);

  const baseURL = parseBaseURL(value(env, "AUTH_URL") ?? value(env, "BETTER_AUTH_URL"), problems);
  const oidc = parseOidc(env, problems);
  const localAccounts = parseSwitch(env, "AUTH_LOCAL_ACCOUNTS", true, problems);
  const allowed = parseAllowList(value(env, "AUTH_ALLOWED_EMAILS") ?? "", problems);
  if (oidc && allowed.emails.size === 0 && allowed.domains.size === 0)
    problems.push(
      "AUTH_ALLOWED_EMAILS is empty: with OpenID Connect it must name who may sign in (addresses and @domain entries, comma-separated)",
    );
  if (!oidc && !localAccounts)
    problems.push(
      "no sign-in method: configure OpenID Connect (AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET) or leave local accounts on (AUTH_LOCAL_ACCOUNTS)",
    );
  const sessionTtlSec = parseTtl(value(env, "AUTH_SESSION_TTL"), problems);
  const maxSessions = parseMaxSessions(value(env, "AUTH_MAX_SESSIONS"), problems);

  if (problems.length > 0 || !secret || !baseURL) return { mode: "invalid", problems };
  return {
    mode: "required",
    config: {
      secret,
      baseURL,
      oidc,
      localAccounts,
      allowed,
      sessionTtlSec,
      maxSessions,
      storage: authStorage(env),
    },
  };
}

/**
 * Session cookies are always Secure, so the base URL is https, or plain http on a
 * loopback address (browsers treat http://localhost and 127.0.0.1 as secure contexts
 * and keep Secure cookies there, which is what local runs and tests use).
 */
function parseBaseURL(raw: string | undefined, problems: string[]): string | undefined {
  if (!raw) {
    problems.push(
      "AUTH_URL is not set: the dashboard's public address, e.g. https://invoicing.example.com",
    );
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`AUTH_URL is not an absolute URL: ${raw}`);
    return undefined;
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
    problems.push(
      "AUTH_URL must be https (session cookies are Secure); plain http only on localhost or 127.0.0.1",
    );
    return undefined;
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function parseOidc(env: Env, problems: string[]): OidcConfig | null {
  const issuer = value(env, "AUTH_OIDC_ISSUER");
  const clientId = value(env, "AUTH_OIDC_CLIENT_ID");
  const clientSecret = value(env, "AUTH_OIDC_CLIENT_SECRET");
  if (!issuer && !clientId && !clientSecret) return null;
  const missing = [
    issuer ? null : "AUTH_OIDC_ISSUER",
    clientId ? null : "AUTH_OIDC_CLIENT_ID",
    clientSecret ? null : "AUTH_OIDC_CLIENT_SECRET",
  ].filter(Boolean);
  if (missing.length > 0) {
    problems.push(`OpenID Connect is half configured: ${missing.join(", ")} not set`);
    return null;
  }
  try {
    const url = new URL(issuer!);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname)))
      throw new Error("not https");
  } catch {
    problems.push(`AUTH_OIDC_ISSUER must be an https URL: ${issuer}`);
    return null;
  }
  return {
    issuer: issuer!.replace(/\/+$/, ""),
    clientId: clientId!,
    clientSecret: clientSecret!,
    name: value(env, "AUTH_OIDC_NAME") ?? "single sign-on",
  };
}

function parseSwitch(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (["1", "true", "on", "yes"].includes(raw)) return true;
  if (["0", "false", "off", "no"].includes(raw)) return false;
  problems.push(`${name} must be 1 or 0, not ${raw}`);
  return fallback;
}

function parseTtl(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return DEFAULT_SESSION_TTL_SEC;
  const ttl = Number(raw);
  if (!/^\d+$/.test(raw) || ttl < MIN_SESSION_TTL_SEC || ttl > MAX_SESSION_TTL_SEC) {
    problems.push(
      `AUTH_SESSION_TTL must be whole seconds between ${MIN_SESSION_TTL_SEC} and ${MAX_SESSION_TTL_SEC}, not ${raw}`,
    );
    return DEFAULT_SESSION_TTL_SEC;
  }
  return ttl;
}

function parseMaxSessions(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return DEFAULT_MAX_SESSIONS;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count < 1 || count > MAX_MAX_SESSIONS) {
    problems.push(
      `AUTH_MAX_SESSIONS must be a whole number of sessions from 1 to ${MAX_MAX_SESSIONS}, not ${raw}`,
    );
    return DEFAULT_MAX_SESSIONS;
  }
  return count;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** `a@x.com, @example.com` → the address a@x.com and anyone at example.com (not its subdomains). */
export function parseAllowList(text: string, problems: string[] = []): AllowList {
  const emails = new Set<string>();
  const domains = new Set<string>();
  for (const raw of text.split(",")) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.startsWith("@") && DOMAIN.test(entry.slice(1))) domains.add(entry.slice(1));
    else if (EMAIL.test(entry)) emails.add(entry);
    else
      problems.push(
        `AUTH_ALLOWED_EMAILS: "${raw.trim()}" is neither an address nor an @domain entry`,
      );
  }
  return { emails, domains };
}

export function isEmailAllowed(list: AllowList, email: string | null | undefined): boolean {
  if (!email) return false;
  const address = email.trim().toLowerCase();
  if (!EMAIL.test(address)) return false;
  if (list.emails.has(address)) return true;
  return list.domains.has(address.slice(address.lastIndexOf("@") + 1));
}

/** A base no real address has: what resolves against it and keeps its origin stays on the site. */
const SITE = "http://dashboard.invalid";
const SITE_ORIGIN = new URL(SITE).origin;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
/** Percent-decodings judged: a path that turns dangerous when decoded once or twice more is refused. */
const DECODINGS = 3;

/** Whether `path` (one decoding of the candidate's path) reads as a path on this site. */
function staysOnSite(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || UNSAFE_CHARACTERS.test(path)) return false;
  let url: URL;
  try {
    url = new URL(path, SITE);
  } catch {
    return false;
  }
  // `/./`, `/..//`, `/%2e//` and `/a/..//x` normalise to `//x`: judged after normalising.
  return url.origin === SITE_ORIGIN && !url.pathname.startsWith("//");
}

/**
 * Where to go after signing in: a path on this site only, judged after the URL
 * parser's normalisation and after each further percent-decoding (a browser, a
 * proxy or our own code may decode once more). Anything that could leave the site
 * (`//evil`, `/\evil`, `/.//evil`, `/..//evil`, `/%2e//evil`, `/%2F%2Fevil`,
 * `https://…`, control characters) falls back to "/", and so do the sign-in and auth
 * routes themselves (no loop). What comes back is the normalised form, which itself
 * passes unchanged.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > 2000 || !staysOnSite(next)) return "/";
  const url = new URL(next, SITE);
  let path = url.pathname;
  for (let decodings = 0; ; decodings++) {
    if (!staysOnSite(path)) return "/";
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return "/";
    }
    if (decoded === path) break;
    // Encoded deeper than anyone would write a path: refused rather than judged.
    if (decodings === DECODINGS) return "/";
    path = decoded;
  }
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/api/")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** One line per problem, for the refusal to start and the fail-closed error. */
export function describeProblems(problems: string[]): string {
  return `Sign-in is required but not configured:\n${problems.map((p) => `  - ${p}`).join("\n")}`;
}
