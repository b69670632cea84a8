/**
 * better-auth behind the dashboard's route (app/api/auth/[...all]/route.ts), with
 * real better-auth on a real SQLite file: only the endpoints the dashboard uses
 * answer, none of them hands out a session token, and password guesses through the
 * HTTP endpoint meet the same throttle as the sign-in form's in-process call.
 * (e2e/flows/auth.spec.ts drives the same over real HTTP on the built server.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseAllowList } from "./config";
import { withoutTokens } from "./endpoints";

const ORIGIN = "http://127.0.0.1:5999";
const ACCOUNT = { email: "ana@example.com", password: "the right password, long enough" };

let dir: string;
let route: { GET: (r: Request) => Promise<Response>; POST: (r: Request) => Promise<Response> };
let getAuth: typeof import("./server").getAuth;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-endpoints-"));
  const authDb = path.join(dir, "auth.sqlite");
  vi.stubEnv("AUTH_REQUIRED", "1");
  vi.stubEnv("AUTH_SECRET", "e".repeat(40));
  vi.stubEnv("AUTH_URL", ORIGIN);
  vi.stubEnv("AUTH_DB", authDb);
  vi.stubEnv("AUTH_DATABASE_URL", "");
  vi.stubEnv("REDIS_URL", "");
  // One proxy of ours in front: the client is the last X-Forwarded-For hop, the one
  // the proxy wrote; the hops before it are whatever the client sent.
  vi.stubEnv("TRUST_PROXY", "1");
  // The account, made as `npm run auth -- users add` makes it.
  const { createAuth } = await import("./instance");
  const { auth, close } = await createAuth({
    secret: "e".repeat(40),
    baseURL: ORIGIN,
    oidc: null,
    localAccounts: true,
    allowed: parseAllowList(""),
    sessionTtlSec: 3600,
    storage: { kind: "sqlite", path: authDb },
  });
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email: ACCOUNT.email, name: "Ana", emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(ACCOUNT.password),
  });
  await close();
  route = await import("@/app/api/auth/[...all]/route");
  getAuth = (await import("./server")).getAuth;
});

afterAll(() => {
  vi.unstubAllEnvs();
  const holder = globalThis as { __invoicingAuth?: unknown; __invoicingSignInThrottle?: unknown };
  holder.__invoicingAuth = undefined;
  holder.__invoicingSignInThrottle = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A request as our proxy forwards it: what the client wrote in X-Forwarded-For, then its address. */
function request(
  method: "GET" | "POST",
  pathname: string,
  {
    client,
    body,
    cookie,
    forged,
  }: {
    client: string;
    body?: unknown;
    cookie?: string;
    forged?: string;
  },
): Promise<Response> {
  const headers = new Headers({
    origin: ORIGIN,
    "x-forwarded-for": forged ? `${forged}, ${client}` : client,
  });
  if (cookie) headers.set("cookie", cookie);
  if (body !== undefined) headers.set("content-type", "application/json");
  const req = new Request(`${ORIGIN}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return method === "GET" ? route.GET(req) : route.POST(req);
}

const signIn = (client: string, password: string, forged?: string) =>
  request("POST", "/api/auth/sign-in/email", {
    client,
    forged,
    body: { email: ACCOUNT.email, password },
  });

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe("password guessing through better-auth's own endpoint", () => {
  it("200 guesses with a new X-Forwarded-For each get five tries, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 200; i++) {
      const res = await signIn(
        "192.0.2.66",
        `guess number ${i} of many`,
        `10.9.${i >> 8}.${i & 255}`,
      );
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get("retry-after");
        expect(await res.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
      } else await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("those guesses count for the sign-in form too (the same call, in-process)", async () => {
    const auth = await getAuth();
    const attempt = auth.api.signInEmail({
      body: { email: ACCOUNT.email, password: ACCOUNT.password },
      headers: new Headers({ "x-forwarded-for": "192.0.2.66" }),
    });
    await expect(attempt).rejects.toMatchObject({ statusCode: 429 });
  });

  it("the real person, from their own client, signs in with the right password", async () => {
    const res = await signIn("198.51.100.20", ACCOUNT.password);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join("\n")).toContain("invoicing.session_token=");
    const body = await res.json();
    expect(body.user.email).toBe(ACCOUNT.email);
    expect(keysOf(body)).not.toContain("token");
  });
});

describe("only the endpoints the dashboard uses answer", () => {
  let cookie: string;
  beforeAll(async () => {
    const res = await signIn("198.51.100.21", ACCOUNT.password);
    expect(res.status).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
  });

  it("get-session answers the session without its token", async () => {
    const res = await request("GET", "/api/auth/get-session", { client: "198.51.100.21", cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.email).toBe(ACCOUNT.email);
    expect(body.session.id).toBeTruthy();
    expect(keysOf(body)).not.toContain("token");
    const raw = cookie.split("=")[1]!.split(".")[0]!;
    expect(JSON.stringify(body)).not.toContain(decodeURIComponent(raw));
  });

  it.each([
    ["POST", "/api/auth/update-user", { name: "Mallory" }],
    ["POST", "/api/auth/change-password", { currentPassword: "x", newPassword: "y".repeat(20) }],
    ["POST", "/api/auth/change-email", { newEmail: "mallory@example.com" }],
    ["POST", "/api/auth/delete-user", { password: ACCOUNT.password }],
    ["POST", "/api/auth/set-password", { newPassword: "y".repeat(20) }],
    ["GET", "/api/auth/list-sessions", undefined],
    ["POST", "/api/auth/revoke-other-sessions", {}],
    ["POST", "/api/auth/revoke-sessions", {}],
    ["POST", "/api/auth/revoke-session", { token: "x" }],
    ["POST", "/api/auth/update-session", {}],
    ["GET", "/api/auth/list-accounts", undefined],
    ["POST", "/api/auth/unlink-account", { providerId: "credential" }],
    ["POST", "/api/auth/link-social", { provider: "oidc" }],
    ["POST", "/api/auth/get-access-token", { providerId: "oidc" }],
    ["POST", "/api/auth/refresh-token", { providerId: "oidc" }],
    ["GET", "/api/auth/account-info", undefined],
    [
      "POST",
      "/api/auth/sign-up/email",
      { email: "new@example.com", password: "z".repeat(20), name: "N" },
    ],
    ["POST", "/api/auth/request-password-reset", { email: ACCOUNT.email }],
    ["POST", "/api/auth/reset-password", { newPassword: "z".repeat(20), token: "x" }],
    ["POST", "/api/auth/verify-password", { password: ACCOUNT.password }],
    ["POST", "/api/auth/send-verification-email", { email: ACCOUNT.email }],
    ["GET", "/api/auth/verify-email?token=x", undefined],
    ["POST", "/api/auth/sign-out", {}],
    ["POST", "/api/auth/get-session", {}],
    ["GET", "/api/auth/ok", undefined],
    ["GET", "/api/auth/error", undefined],
    ["GET", "/api/auth/get-session/", undefined],
    ["GET", "/api/auth/Get-Session", undefined],
    ["GET", "/api/auth/get%2Dsession", undefined],
  ] as const)("%s %s answers 404", async (method, pathname, body) => {
    const res = await request(method, pathname, { client: "198.51.100.21", cookie, body });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("and the account is as it was", async () => {
    const res = await request("GET", "/api/auth/get-session", { client: "198.51.100.21", cookie });
    expect((await res.json()).user.name).toBe("Ana");
  });
});

describe("withoutTokens", () => {
  it("drops every token field, at any depth, and keeps the rest", () => {
    expect(
      withoutTokens({
        token: "t",
        redirect: false,
        session: { id: "s", token: "t" },
        list: [{ token: 1, a: 2 }],
      }),
    ).toEqual({ redirect: false, session: { id: "s" }, list: [{ a: 2 }] });
    expect(withoutTokens(null)).toBeNull();
  });
});
