/**
 * Sign-in storage on a PostgreSQL server (AUTH_DATABASE_URL), end to end on a real
 * server: the schema made at start, an account made by the command line, a password
 * sign-in, the session row and its cookie checked as every request checks them,
 * revocation. The test run starts a throwaway PostgreSQL for it (Debian's postgresql,
 * lib/testing/postgres-server.ts), or uses the server AUTH_TEST_POSTGRES_URL names
 * (one where it may create a database); each run makes its own database and drops
 * it. Where PostgreSQL is not installed it is skipped, loudly; with
 * AUTH_TEST_POSTGRES_REQUIRED=1 (CI) that is a failure.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { connectRedis } from "@/lib/shared-state/redis";
import {
  findPostgresBin,
  startTestPostgres,
  type TestPostgres,
} from "@/lib/testing/postgres-server";
import { within } from "@/lib/testing/within";
import { bufferedIo } from "../cli/io";
import { run } from "./cli";
import { parseAllowList } from "./config";
import { createAuth, openStorage } from "./instance";
import { SESSION_COOKIE } from "./session-cookie";

// A server action's request: its headers, and the cookies it sets on the answer.
const request = vi.hoisted(() => ({
  headers: new Headers(),
  set: [] as { name: string; value: string; options: Record<string, unknown> }[],
}));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    set: (name: string, value: string, options: Record<string, unknown>) =>
      request.set.push({ name, value, options }),
  }),
}));

const givenUrl = process.env.AUTH_TEST_POSTGRES_URL?.trim() || null;
const available = Boolean(givenUrl || findPostgresBin());
if (!available)
  console.error(
    "\n!!! PostgreSQL is not installed: the sign-in storage test on PostgreSQL is SKIPPED.\n" +
      "!!! Install it (Debian: apt-get install postgresql) to run it.\n",
  );
let server: TestPostgres | null = null;
let adminUrl: string | null = givenUrl;

interface PgClient {
  connect(): Promise<void>;
  query<R>(sql: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
type PgModule = { Client: new (options: { connectionString: string }) => PgClient };

async function withClient<T>(url: string, use: (client: PgClient) => Promise<T>): Promise<T> {
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

it("a PostgreSQL server is there when CI requires one", () => {
  if (process.env.AUTH_TEST_POSTGRES_REQUIRED === "1") expect(available).toBe(true);
});

describe.skipIf(!available)("sign-in storage on PostgreSQL", () => {
  const database = `auth_test_${randomBytes(6).toString("hex")}`;
  let url: string;

  const config = () => ({
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
  async function cli(args: string[], stdin = "") {
    const io = bufferedIo({ ...process.env, AUTH_DATABASE_URL: url, AUTH_DB: "" }, stdin);
    const code = await run(args, io);
    return { code, stderr: io.err(), json: JSON.parse(io.out() || "null") };
  }

  const sessionRows = (email: string) =>
    withClient(url, async (client) => {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM "session" s JOIN "user" u ON u.id = s."userId" WHERE u.email = $1`,
        [email],
      );
      return Number(rows[0]!.n);
    });

  const PASSWORD = "a postgres password";

  /** An account made by the command line, with PASSWORD. */
  async function addAccount(email: string, name: string) {
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
  function serveFromThisDatabase() {
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

  const issuer = { url: "", server: null as Server | null };

  /**
   * Signs `email` in through the server's own instance (as the sign-in page's form
   * does): the session cookie, as a request's Cookie header carries it.
   */
  async function signInThroughServer(email: string): Promise<string> {
    const { getAuth } = await import("./server");
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
  async function toldAtOnceWhileFrozen(
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

  beforeAll(async () => {
    ({ url: issuer.url, server: issuer.server } = await startIssuer());
    if (!adminUrl) {
      server = await startTestPostgres();
      adminUrl = server!.url;
    }
    await withClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${database}`));
    const target = new URL(adminUrl!);
    target.pathname = `/${database}`;
    url = target.href;
  });

  afterAll(async () => {
    if (url)
      await withClient(adminUrl!, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
      );
    await server?.stop();
    issuer.server?.close();
  });

  it("makes its schema on an empty database, as the server's start does", async () => {
    const { close } = await createAuth(config());
    await close();
    const tables = await withClient(url, async (client) => {
      const { rows } = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      return rows.map((r) => r.table_name);
    });
    expect(tables).toEqual(expect.arrayContaining(["account", "session", "user", "verification"]));
  });

  it("an account made by the command line signs in; the session row is on the server and its cookie is checked", async () => {
    const added = await cli(
      ["users", "add", "--email", "Pat@Example.com", "--name", "Pat", "--password-stdin"],
      "a postgres password\n",
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.json).toMatchObject({ user: { email: "pat@example.com" } });

    const { auth, close } = await createAuth(config());
    try {
      await expect(
        auth.api.signInEmail({ body: { email: "pat@example.com", password: "wrong password!" } }),
      ).rejects.toThrow();
      const signedIn = await auth.api.signInEmail({
        body: { email: "pat@example.com", password: "a postgres password" },
        asResponse: true,
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .join("; ");
      expect(cookie).toContain("session_token=");
      expect(await sessionRows("pat@example.com")).toBe(1);

      const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
      expect(session?.user.email).toBe("pat@example.com");

      // Revocation by the command line ends the session at once: the row is gone.
      const revoked = await cli(["sessions", "revoke", "--email", "pat@example.com"]);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.json).toMatchObject({ sessionsEnded: 1 });
      expect(await sessionRows("pat@example.com")).toBe(0);
      expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    } finally {
      await close();
    }
  });

  it("an idle connection the database ends is heard, not a crash; the next query opens another", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { database: pool, close } = await openStorage({ kind: "postgres", url });
    const query = (pool as unknown as { query(sql: string): Promise<{ rows: unknown[] }> }).query;
    try {
      await query.call(pool, "SELECT 1");
      // The database ends the pool's idle connection, as a restart or a failover would.
      await withClient(adminUrl!, (client) =>
        client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [database],
        ),
      );
      await vi.waitFor(
        () =>
          expect(warn).toHaveBeenCalledWith(
            expect.stringContaining("idle PostgreSQL connection ended"),
          ),
        { timeout: 10_000 },
      );
      expect((await query.call(pool, "SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      warn.mockRestore();
      await close();
    }
  });

  it("lists and removes the account", async () => {
    const listed = await cli(["users", "list"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json).toEqual([
      expect.objectContaining({ email: "pat@example.com", signIn: ["password"] }),
    ]);
    expect((await cli(["users", "remove", "--email", "pat@example.com"])).code).toBe(0);
    expect((await cli(["users", "list"])).json).toEqual([]);
  });

  it.skipIf(Boolean(givenUrl))(
    "a database that stops answering: a session check fails within AUTH_DATABASE_TIMEOUT_MS (on a new connection too), the next at once, a route answers 503 (said once); pinged, it reads the session again once it answers",
    async () => {
      serveFromThisDatabase();
      const email = "sam@example.com";
      await addAccount(email, "Sam");
      // The server's own instance and guard, as a route handler reaches them.
      const { viewerForRequest } = await import("./guard");
      const cookie = await signInThroughServer(email);
      const ask = () =>
        viewerForRequest(
          new Request("http://localhost:3000/api/data/invoices", { headers: { cookie } }),
        );
      expect(await ask()).toMatchObject({ kind: "user", email });
      // No idle connection left in the pool (the database ended them; the pool also closes
      // its own after 10 s idle): the first check opens a new one, whose wait pg words
      // "Connection terminated unexpectedly", not as a timeout.
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      await withClient(adminUrl!, (client) =>
        client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [database],
        ),
      );
      await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 5_000 });
      warn.mockRestore();

      const said = vi.spyOn(console, "error").mockImplementation(() => {});
      server!.freeze();
      try {
        const expectRefusal = async (answer: unknown) => {
          expect(answer).toBeInstanceOf(Response);
          const refusal = answer as Response;
          expect(refusal.status).toBe(503);
          expect(refusal.headers.get("retry-after")).toBe("5");
          expect(await refusal.json()).toMatchObject({
            code: "SIGN_IN_UNAVAILABLE",
            message: expect.stringContaining("You are not signed out"),
          });
        };
        // Without the pool's timeouts this waits for ever: "still waiting" here.
        await expectRefusal(await within(ask(), 10_000));
        // The next checks do not wait the 500 ms out again: at once, while it is pinged.
        await expectRefusal(await within(ask(), 250));
        await expectRefusal(await within(ask(), 250));
        const outage = said.mock.calls.filter(([line]) => /could not be read/.test(String(line)));
        expect(outage).toHaveLength(1);
      } finally {
        server!.thaw();
      }
      // A ping a second finds it back: the session is read again, no check refused after.
      await expect
        .poll(ask, { timeout: 5_000, interval: 100 })
        .toMatchObject({ kind: "user", email });
      expect(said).toHaveBeenCalledWith("[auth] the sign-in storage answers again");
      said.mockRestore();
      expect((await cli(["users", "remove", "--email", email])).code).toBe(0);
    },
  );

  it.skipIf(Boolean(givenUrl))(
    "a password sign-in while it does not answer: the first waits AUTH_DATABASE_TIMEOUT_MS and makes it silent, the next is told at once",
    async () => {
      serveFromThisDatabase();
      const email = "kim@example.com";
      const password = PASSWORD;
      await addAccount(email, "Kim");
      // The sign-in page's form, posted to its server action; where it sends the person.
      const { signInWithPassword } = await import("./actions");
      const { viewerForRequest } = await import("./guard");
      const signIn = (next: string) => {
        const form = new FormData();
        for (const [name, value] of Object.entries({ email, password, next }))
          form.set(name, value);
        return landing(signInWithPassword(form));
      };
      expect(await signIn("/invoices")).toBe("/invoices");

      await toldAtOnceWhileFrozen(
        () => signIn("/invoices"),
        "/sign-in?error=unavailable&next=%2Finvoices",
        () =>
          expect
            .poll(() => signIn("/payments"), { timeout: 5_000, interval: 100 })
            .toBe("/payments"),
        // A session check is told at once too.
        async () => {
          const check = await within(
            viewerForRequest(
              new Request("http://localhost:3000/api/data/invoices", {
                headers: { cookie: `${SESSION_COOKIE}=a-session.signature` },
              }),
            ),
            250,
          );
          expect((check as Response).status).toBe(503);
        },
      );
      expect((await cli(["users", "remove", "--email", email])).code).toBe(0);
    },
  );

  it.skipIf(Boolean(givenUrl))(
    "single sign-on while it does not answer: the first waits AUTH_DATABASE_TIMEOUT_MS and says sign-in is unavailable (not the issuer), the next is told at once, and so is the session check",
    async () => {
      serveFromThisDatabase();
      const { signInWithSso } = await import("./actions");
      // The sign-in page's button, posted to its server action; where it sends the person.
      const sso = (next: string) => {
        const form = new FormData();
        form.set("next", next);
        return landing(signInWithSso(form));
      };
      // Answering: to the issuer, its state written to the storage.
      const toIssuer = new RegExp(`^${issuer.url}/auth\\?`);
      expect(await sso("/invoices")).toMatch(toIssuer);
      // Its state cannot be written: the storage's failure, not "could not reach the
      // issuer" (sso_unavailable) as before.
      const route = await import("@/app/api/auth/[...all]/route");
      await toldAtOnceWhileFrozen(
        () => sso("/invoices"),
        "/sign-in?error=unavailable&next=%2Finvoices",
        () =>
          expect.poll(() => sso("/payments"), { timeout: 5_000, interval: 100 }).toMatch(toIssuer),
        // better-auth's own endpoints are told at once too: the session check answers 503.
        async () => {
          const check = (await within(
            route.GET(new Request("http://localhost:3000/api/auth/get-session")),
            250,
          )) as Response;
          expect(check.status).toBe(503);
          expect(await check.json()).toMatchObject({ code: "SIGN_IN_UNAVAILABLE" });
        },
      );
    },
  );

  it.skipIf(Boolean(givenUrl))(
    "the browser back from the issuer while it does not answer: the first waits AUTH_DATABASE_TIMEOUT_MS and goes to the sign-in page saying sign-in is unavailable (not 'internal server error'), the next at once",
    async () => {
      serveFromThisDatabase();
      const route = await import("@/app/api/auth/[...all]/route");
      // Where the callback sends the browser; its state is read from the storage first.
      const back = async () =>
        (
          await route.GET(
            new Request("http://localhost:3000/api/auth/callback/oidc?code=c&state=unknown"),
          )
        ).headers.get("location");
      // Answering: a state it never gave is refused as such.
      const refused = /\/sign-in\?error=state_mismatch$/;
      expect(await back()).toMatch(refused);
      await toldAtOnceWhileFrozen(back, "http://localhost:3000/sign-in?error=unavailable", () =>
        expect.poll(back, { timeout: 5_000, interval: 100 }).toMatch(refused),
      );
    },
  );

  it.skipIf(Boolean(givenUrl))(
    "signing out while it does not answer: the browser forgets the session at once, the session ends on the server once it answers",
    async () => {
      serveFromThisDatabase();
      const email = "lee@example.com";
      await addAccount(email, "Lee");
      const { signOut } = await import("./actions");
      const { viewerForRequest } = await import("./guard");
      const { pendingSignOuts, PENDING_SIGN_OUTS_KEY } = await import("./pending-sign-outs");
      // The sign-out is shared through Redis too (the test run's own: lib/testing/
      // services-setup.ts), so another instance ends it, or this one after a restart.
      const redisUrl = inject("redisUrl");
      if (redisUrl) vi.stubEnv("REDIS_URL", redisUrl);
      const redis = redisUrl ? connectRedis(redisUrl, 1_000) : null;
      const cookie = await signInThroughServer(email);
      const ask = () =>
        viewerForRequest(
          new Request("http://localhost:3000/api/data/invoices", { headers: { cookie } }),
        );
      expect(await ask()).toMatchObject({ kind: "user", email });
      expect(await sessionRows(email)).toBe(1);

      const said = vi.spyOn(console, "error").mockImplementation(() => {});
      request.headers = new Headers({ cookie });
      request.set = [];
      server!.freeze();
      try {
        // Without the pool's timeouts this waits for ever: "still waiting" here.
        expect(await within(landing(signOut()), 10_000)).toBe("/sign-in?signed-out=later");
        // The browser is told to forget the cookie, with the attributes it was set with.
        expect(request.set).toEqual([
          {
            name: SESSION_COOKIE,
            value: "",
            options: expect.objectContaining({
              maxAge: 0,
              secure: true,
              httpOnly: true,
              path: "/",
            }),
          },
        ]);
        expect(await pendingSignOuts()).toBe(1);
        if (redis) {
          expect(await redis.zrange(PENDING_SIGN_OUTS_KEY, 0, -1)).toEqual([cookie]);
          // This instance restarts meanwhile: what it held in memory is gone, the
          // shared queue is what ends the session.
          (globalThis as { __invoicingPendingSignOuts?: Set<string> }).__invoicingPendingSignOuts =
            undefined;
        }
      } finally {
        server!.thaw();
      }
      // Pinged, it answers: the sign-out is recorded then, and the old cookie is refused.
      await expect.poll(() => sessionRows(email), { timeout: 5_000, interval: 100 }).toBe(0);
      expect(await pendingSignOuts()).toBe(0);
      if (redis) expect(await redis.exists(PENDING_SIGN_OUTS_KEY)).toBe(0);
      redis?.disconnect();
      expect(((await ask()) as Response).status).toBe(401);
      said.mockRestore();
      request.headers = new Headers();
      expect((await cli(["users", "remove", "--email", email])).code).toBe(0);
    },
  );

  it.skipIf(!inject("redisUrl"))(
    "at start, an instance ends the sign-outs another instance could not record (shared through Redis)",
    async () => {
      serveFromThisDatabase();
      vi.stubEnv("REDIS_URL", inject("redisUrl")!);
      const email = "ash@example.com";
      await addAccount(email, "Ash");
      const { sharedSignOuts } = await import("./server");
      const { queueSignOut } = await import("./pending-sign-outs");
      const { checkAuthAtStartup } = await import("./startup");
      const cookie = await signInThroughServer(email);
      // Queued by another instance, which then went away: only the shared queue holds it.
      await queueSignOut(cookie, sharedSignOuts());
      (globalThis as { __invoicingPendingSignOuts?: Set<string> }).__invoicingPendingSignOuts =
        undefined;
      expect(await sessionRows(email)).toBe(1);
      const said = vi.spyOn(console, "log").mockImplementation(() => {});
      await checkAuthAtStartup();
      await expect.poll(() => sessionRows(email), { timeout: 5_000, interval: 100 }).toBe(0);
      // Said once the queue's entry is gone too, a moment after the row.
      await expect
        .poll(() => said.mock.calls.flat(), { timeout: 5_000, interval: 50 })
        .toContain("Sign-in: ended 1 session(s) signed out while the storage was not answering");
      said.mockRestore();
      expect((await cli(["users", "remove", "--email", email])).code).toBe(0);
    },
  );
});

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
async function landing(action: Promise<void>): Promise<string | null> {
  try {
    await action;
    return null;
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest !== "string" || !digest.startsWith("NEXT_REDIRECT")) throw error;
    return digest.split(";")[2] ?? null;
  }
}
