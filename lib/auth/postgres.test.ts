/**
 * Sign-in storage on a PostgreSQL server (AUTH_DATABASE_URL), end to end on a real
 * server: the schema made at start, an account made by the command line, a password
 * sign-in, the session row and its cookie checked as every request checks them,
 * revocation; then sign-in, session checks and sign-out while the database does not
 * answer. The test run starts a throwaway PostgreSQL for it (Debian's postgresql,
 * lib/testing/postgres-server.ts), or uses the server AUTH_TEST_POSTGRES_URL names
 * (one where it may create a database); each run makes its own database and drops
 * it (testing/postgres-storage.ts). Where PostgreSQL is not installed it is skipped,
 * loudly; with AUTH_TEST_POSTGRES_REQUIRED=1 (CI) that is a failure.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { connectRedis } from "@/lib/shared-state/redis";
import { within } from "@/lib/testing/within";
import { createAuth, openStorage } from "./instance";
import { SESSION_COOKIE } from "./session-cookie";
import { request } from "./testing/next-headers";
import {
  addAccount,
  adminUrl,
  available,
  cli,
  config,
  database,
  givenUrl,
  issuer,
  landing,
  PASSWORD,
  serveFromThisDatabase,
  server,
  sessionRows,
  signInThroughServer,
  startStorage,
  stopStorage,
  toldAtOnceWhileFrozen,
  url,
  withClient,
} from "./testing/postgres-storage";

// A server action's request: its headers, and the cookies it sets on the answer.
vi.mock("next/headers", () => import("./testing/next-headers"));

it("a PostgreSQL server is there when CI requires one", () => {
  if (process.env.AUTH_TEST_POSTGRES_REQUIRED === "1") expect(available).toBe(true);
});

afterAll(stopStorage);

describe.skipIf(!available)("sign-in storage on PostgreSQL", () => {
  beforeAll(startStorage);
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
});

describe.skipIf(!available)("sign-in storage not answering: checks, password sign-in", () => {
  beforeAll(startStorage);
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
});

describe.skipIf(!available)("sign-in storage not answering: single sign-on", () => {
  beforeAll(startStorage);
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
});

describe.skipIf(!available)("sign-in storage not answering: signing out", () => {
  beforeAll(startStorage);
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
