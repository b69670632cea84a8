/**
 * The deployment of deploy/ on loopback (deploy/local.ts): two `npm start`
 * instances of this build behind HAProxy, with a Redis and a PostgreSQL of the test's
 * own, sign-in required. A session made through one instance reads through the other;
 * the data route's limit is one allowance across both; Redis going away leaves each
 * instance limiting in its own memory (README, "Redis"), never a 500, and so does a
 * Redis that stops answering with its connections open; a sign-in storage that stops
 * answering is said to the person within seconds (their session kept), and a sign-out
 * it could not record is ended once it answers, though both instances restarted
 * meanwhile (Redis held it); an instance
 * that cannot reach Redis at start refuses to; a killed instance is taken out by the
 * balancer while the other answers. The instances read the Invoicing API through a
 * counting proxy of the test's own (the built-in API they serve themselves, behind
 * it), so the test sees what the upstream sees: one walk of a view serves viewers on
 * both instances, and a walk whose instance is killed is taken over by the other once
 * its lock expires.
 *
 * Where haproxy, redis-server or PostgreSQL is not installed the file is skipped,
 * loudly; with DEPLOY_TEST_REQUIRED=1 (CI) that is a failure.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import {
  type Deployment,
  deploymentUnavailable,
  type Instance,
  startDeployment,
} from "../../deploy/local";
import { PENDING_SIGN_OUTS_KEY } from "../../lib/auth/pending-sign-outs";
import { within } from "../../lib/testing/within";
import { E2E_NOW } from "../support/env";
import { addAccount } from "../support/instances";
import { reachForList } from "../support/lists";
import { E2E_ACCOUNT, SESSION_COOKIE } from "../support/session";
import { type BrowserContext, expect, test } from "../support/test";

const BURST = 10;
const unavailable = deploymentUnavailable({ signIn: true });
if (unavailable && process.env.DEPLOY_TEST_REQUIRED !== "1")
  console.error(`\n!!! The deployment test is SKIPPED: ${unavailable}.\n`);

test.describe.configure({ mode: "serial" });
test.skip(Boolean(unavailable) && process.env.DEPLOY_TEST_REQUIRED !== "1", unavailable ?? "");

let deployment: Deployment;

/**
 * The upstream API as the instances see it: a proxy that counts each request and
 * passes it to the built-in API the instances serve (INVOICING_SANDBOX=1), with the
 * demo key swapped in for the one the instances hold. It asks the instances directly,
 * the next one when one does not answer: a real upstream does not go down with a
 * dashboard instance (through the balancer, a page asked for just after a kill could
 * reach the dead instance before the balancer's check took it out, and answer 503).
 */
const upstream = { requests: [] as string[], server: null as http.Server | null };
const PROXY_KEY = "inv_sk_deployment_proxy_e2e";

async function startUpstreamProxy(): Promise<number> {
  const server = http.createServer((req, res) => {
    upstream.requests.push(req.url ?? "");
    // Asked before the deployment is up (there are no instances to ask yet): unavailable,
    // not a TypeError that would leave the request unanswered.
    if (!deployment) {
      res.writeHead(503).end();
      return;
    }
    const key = fs.readFileSync(`${deployment.env.SANDBOX_DB}.demo-key`, "utf8").trim();
    // The whole answer is read inside the try: an instance killed mid-answer ends its
    // body with "other side closed", and the next instance is asked instead.
    const ask = async (): Promise<{ status: number; type: string; body: Buffer }> => {
      let failure: unknown;
      for (const instance of deployment.instances) {
        try {
          const answer = await fetch(`${instance.url}${req.url}`, {
            headers: { authorization: `Bearer ${key}`, accept: "application/json" },
          });
          const body = Buffer.from(await answer.arrayBuffer());
          return { status: answer.status, type: answer.headers.get("content-type") ?? "", body };
        } catch (error) {
          failure = error;
        }
      }
      throw failure;
    };
    ask().then(
      (answer) => {
        res.writeHead(answer.status, { "content-type": answer.type });
        res.end(answer.body);
      },
      () => {
        res.writeHead(502).end();
      },
    );
  });
  upstream.server = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A walk's reads of the lists: its pages and the split walks' one-row probes. */
const walkUrls = () =>
  upstream.requests.filter((url) => /^\/api\/v1\/\w+\?/.test(url) && /[?&]limit=\d/.test(url));
const walkPages = () => walkUrls().length;

/** Until no walk has read a page for two seconds (a minute at most). */
async function untilUpstreamQuiet() {
  let last = -1;
  await expect
    .poll(
      () => {
        const now = walkPages();
        const quiet = now === last;
        last = now;
        return quiet;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true);
}

/** Within the hook's 300 s, leaving time to stop what started and say what stalled. */
const DEPLOYMENT_START_MS = 240_000;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  expect(unavailable, "what the deployment test needs").toBeNull();
  const proxyPort = await startUpstreamProxy();
  // Each step with its time, so a start that stalls says where, with what the instances printed.
  const began = Date.now();
  const steps: string[] = [];
  let starting: readonly Instance[] = [];
  const onProgress = (step: string, instances: readonly Instance[]) => {
    steps.push(`+${((Date.now() - began) / 1000).toFixed(1)} s ${step}`);
    starting = instances;
  };
  const stalled = () =>
    new Error(
      `the deployment did not start in ${DEPLOYMENT_START_MS / 1000} s; its steps:\n${steps.join("\n")}\n${starting
        .map((i) => `--- ${i.name} (running: ${i.running()}):\n${i.output().slice(-3_000)}`)
        .join("\n")}`,
    );
  const giveUp = new AbortController();
  const started = startDeployment({
    onProgress,
    signal: giveUp.signal,
    instances: 2,
    signIn: true,
    env: {
      SANDBOX_NOW: E2E_NOW,
      // A window of 1,000 s: no allowance comes back while the test runs.
      DATA_RATE_LIMIT_BURST: String(BURST),
      DATA_RATE_LIMIT_PER_SEC: "0.01",
      // The Invoicing API through the counting proxy; the built-in API still served.
      INVOICING_API_URL: `http://127.0.0.1:${proxyPort}/api/v1`,
      INVOICING_API_KEY: PROXY_KEY,
      INVOICING_SANDBOX: "1",
      // Walks slow enough to kill an instance in the middle of one, and a lock that
      // outlives a dead walker by seconds, not the default 30.
      INSIGHTS_MAX_PAGES_PER_SECOND: "20",
      INSIGHTS_LOCK_TTL: "4s",
    },
  });
  const first = await within(started, DEPLOYMENT_START_MS);
  if (typeof first === "string") {
    const error = stalled();
    // Stop what it started before failing: a worker that exits first leaves PostgreSQL
    // and Redis running (the instances and the balancer die with it).
    giveUp.abort();
    await Promise.race([started.catch(() => {}), delay(40_000)]);
    throw error;
  }
  deployment = first;
  // The account, made with the command line's code on the deployment's PostgreSQL.
  await addAccount(E2E_ACCOUNT, { AUTH_DATABASE_URL: deployment.postgresUrl!, AUTH_DB: "" });
});

test.afterAll(async () => {
  await deployment?.stop();
  upstream.server?.close();
});

/**
 * A new session through `base` (better-auth's endpoint): its cookie header. Sign-in
 * has a limit of its own (a few a minute per client): a refusal is waited out.
 */
async function signIn(
  base: string,
  account: { email: string; password: string } = E2E_ACCOUNT,
): Promise<string> {
  const attempt = () =>
    fetch(`${base}/api/auth/sign-in/email`, {
      signal: bounded(),
      method: "POST",
      headers: { "content-type": "application/json", origin: deployment.url },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
  let res = await attempt();
  for (let i = 0; i < 12 && res.status === 429; i++) {
    const wait = Number(res.headers.get("x-retry-after") ?? res.headers.get("retry-after") ?? 5);
    await new Promise((resolve) => setTimeout(resolve, (wait + 1) * 1000));
    res = await attempt();
  }
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie).toBeTruthy();
  return cookie!;
}

let readers = 0;

/**
 * A session of a new account (made as an administrator makes one): a whole allowance
 * of the data route, which is kept per account, however many sessions it has.
 */
async function signInAnew(base: string): Promise<string> {
  readers += 1;
  const account = { email: `reader-${readers}@e2e.test`, password: E2E_ACCOUNT.password };
  await addAccount(account, { AUTH_DATABASE_URL: deployment.postgresUrl!, AUTH_DB: "" });
  return signIn(base, account);
}

/** The sign-outs the instances could not record yet, as they share them in Redis. */
async function pendingSignOutsInRedis(): Promise<string[]> {
  const client = new Redis(deployment.redis!.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    return await client.zrange(PENDING_SIGN_OUTS_KEY, 0, -1);
  } finally {
    client.disconnect();
  }
}

/** A bound for one request: one held by the balancer or an instance fails, named, before the test's timeout. */
const bounded = () => AbortSignal.timeout(60_000);

/**
 * Starts an instance again, within `ms`: one that does not come back fails here with
 * what it printed (its `Start-up:` lines say which step it is in), not at the test's
 * timeout with nothing said.
 */
async function restart(instance: Instance, ms = 120_000): Promise<void> {
  const outcome = await within(
    instance.start().then(() => "up" as const),
    ms,
  );
  if (outcome !== "up")
    throw new Error(
      `${instance.name} did not come back in ${ms / 1000} s; it printed:\n${instance.output().slice(-3_000)}`,
    );
}

async function read(base: string, cookie: string) {
  // Bounded: a read the balancer holds fails here, named, not at the test's timeout.
  const res = await fetch(`${base}/api/data/invoices?limit=2`, {
    headers: { cookie },
    signal: bounded(),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.text() };
}

/** `count` reads at once, alternating between the two instances: their statuses. */
async function readThroughBoth(cookie: string, count: number): Promise<number[]> {
  const [first, second] = deployment.instances;
  const all = await Promise.all(
    Array.from({ length: count }, (_, i) => read((i % 2 ? first : second)!.url, cookie)),
  );
  return all.map((r) => r.status);
}

interface WalkEnd {
  type: string;
  id?: string;
  pages?: number;
  message?: string;
}

/** Follows a view's walk through `base` as a page does: the stream's last event. */
async function followView(base: string, view: string, cookie: string): Promise<WalkEnd> {
  const res = await fetch(`${base}/api/insights/${view}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trim().split("\n");
  return JSON.parse(lines.at(-1)!) as WalkEnd;
}

/** How many times each instance has printed `line` in its current run. */
const timesSaid = (line: RegExp) =>
  deployment.instances.map((instance) => instance.output().match(line)?.length ?? 0);

/** Runs `check`; a failure also gives each instance's last lines matching `about`. */
async function sayingWhatTheInstancesSaid(about: RegExp, check: () => Promise<void>) {
  try {
    await check();
  } catch (error) {
    const said = deployment.instances.map((instance, i) => {
      const lines = instance
        .output()
        .split("\n")
        .filter((line) => about.test(line));
      return `instance${i + 1} said:\n  ${lines.slice(-8).join("\n  ") || "(nothing)"}`;
    });
    throw new Error(`${(error as Error).message}\n${said.join("\n")}`);
  }
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

test("a session made through one instance reads through the other, and through the balancer", async ({
  page,
}) => {
  const [first, second] = deployment.instances;
  const cookie = await signIn(first!.url);
  const seen = await read(second!.url, cookie);
  expect(seen.status).toBe(200);
  expect(JSON.parse(seen.body).data).toHaveLength(2);
  expect((await read(second!.url, "")).status).toBe(401);

  // A person, through the balancer: the form, then a list.
  await page.goto(`${deployment.url}/sign-in?next=/invoices`);
  await page.getByLabel("E-mail address").fill(E2E_ACCOUNT.email);
  await page.getByLabel("Password").fill(E2E_ACCOUNT.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${deployment.url}/invoices`);
  await expect(
    page.getByRole("region", { name: "Invoices" }).locator("tbody tr").first(),
  ).toBeVisible();
});

test("one walk serves viewers on both instances: the upstream sees one walk's pages", async () => {
  test.setTimeout(120_000);
  const cookie = await signIn(deployment.url);
  const [first, second] = deployment.instances;
  // Walks started by earlier pages (the home page walks renewals too) must not count here.
  await untilUpstreamQuiet();
  const before = walkPages();
  const [one, other] = await Promise.all([
    followView(first!.url, "receivables", cookie),
    followView(second!.url, "receivables", cookie),
  ]);
  expect(one.type, JSON.stringify(one)).toBe("result");
  expect(other).toEqual(one);
  expect(one.pages).toBeGreaterThan(1);
  // Two walks would have read twice the pages.
  expect(walkPages() - before, walkUrls().slice(before).join("\n")).toBe(one.pages);
});

test("an instance killed mid-walk: the other takes the walk over once its lock expires", async () => {
  test.setTimeout(180_000);
  const cookie = await signIn(deployment.url);
  const [first, second] = deployment.instances;
  const before = walkPages();
  // The home page's walk starts on the first instance (its stream left unread).
  const abandoned = new AbortController();
  void fetch(`${first!.url}/api/insights/home`, {
    headers: { cookie },
    signal: abandoned.signal,
  }).catch(() => {});
  await expect.poll(() => walkPages() - before, { timeout: 30_000 }).toBeGreaterThan(5);
  await first!.kill();
  abandoned.abort();
  const atKill = walkPages();
  // A viewer on the second waits out the dead walker's lock, then its own walk ends.
  const end = await followView(second!.url, "home", cookie);
  expect(end.type, JSON.stringify(end)).toBe("result");
  expect(walkPages()).toBeGreaterThan(atKill);
  await restart(first!);
  await deployment.untilBalancer({ instance1: "UP", instance2: "UP" });
  // The first, back, shows the result the second walked.
  expect(await followView(first!.url, "home", cookie)).toEqual(end);
});

test("the data route's limit is one allowance across both instances: N + N reads get exactly the burst", async () => {
  const cookie = await signInAnew(deployment.url);
  const statuses = await readThroughBoth(cookie, 2 * BURST);
  expect(tally(statuses)).toEqual({ 200: BURST, 429: BURST });
  const refused = await read(deployment.instances[0]!.url, cookie);
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(100);
  expect(JSON.parse(refused.body).code).toBe("RATE_LIMITED");
});

test("with Redis down each instance limits in its own memory: pages and data answer, never a 500", async () => {
  // Two starts of an instance (one refused, one whole): slow on a loaded machine. Each
  // step is named, so a report says which one was still running.
  test.setTimeout(300_000);
  await test.step("stop Redis", () => deployment.redis!.stop());
  const [first] = deployment.instances;
  try {
    const cookie = await test.step("sign in", () => signInAnew(deployment.url));
    await test.step("each instance keeps its own allowance of the same size", async () => {
      // The documented fallback: N + N reads get 2N.
      const statuses = await readThroughBoth(cookie, 2 * BURST + 4);
      expect(tally(statuses)).toEqual({ 200: 2 * BURST, 429: 4 });
    });
    await test.step("a list page and the health check answer", async () => {
      const pages = await fetch(`${deployment.url}/invoices`, {
        headers: { cookie },
        signal: bounded(),
      });
      expect(pages.status).toBe(200);
      expect(await pages.text()).toContain("Invoices");
      expect((await fetch(`${deployment.url}/api/health`, { signal: bounded() })).status).toBe(200);
    });
    await test.step("the insight pages answer, never with a 500 page", async () => {
      // Their figures from the shared state cannot be read, and they say so (or show
      // what they hold).
      for (const path of ["/", "/receivables", "/renewals"]) {
        const insight = await fetch(`${deployment.url}${path}`, {
          headers: { cookie },
          signal: bounded(),
        });
        expect(insight.status, path).toBe(200);
        const html = await insight.text();
        expect(html, path).not.toContain("Internal Server Error");
      }
    });
    await test.step("stop instance1", () => first!.stop());
    await test.step("an instance starting while Redis is unreachable refuses to, saying why", () =>
      expect(first!.start()).rejects.toThrow(/REDIS_URL is set but Redis at .* cannot be reached/));
  } finally {
    await test.step("start Redis again", () => deployment.redis!.start());
  }
  await test.step("restart instance1", () => restart(first!));
  await test.step("the balancer takes instance1 in", () =>
    deployment.untilBalancer({ instance1: "UP", instance2: "UP" }));
  await test.step("back on Redis: one allowance across both again", () =>
    // ioredis reconnects within 2 s.
    expect
      .poll(async () => tally(await readThroughBoth(await signInAnew(deployment.url), 2 * BURST)), {
        timeout: 30_000,
      })
      .toEqual({ 200: BURST, 429: BURST }));
});

test("with Redis not answering (stopped, connections open) each instance drops it and answers without waiting on it", async () => {
  test.setTimeout(120_000);
  const cookie = await test.step("sign in", () => signIn(deployment.url));
  const silent = /\[redis\] no answer within/g;
  const back = /\[redis\] answering again/g;
  const before = { silent: timesSaid(silent), back: timesSaid(back) };
  deployment.redis!.freeze();
  try {
    await test.step("each instance finds Redis silent and says so", () =>
      // A PING a second, unanswered for REDIS_COMMAND_TIMEOUT_MS (5 s): about 6 s.
      expect
        .poll(() => timesSaid(silent).map((n, i) => n > before.silent[i]!), { timeout: 30_000 })
        .toEqual([true, true]));
    await test.step("sign-in, the data route, a list page and the insight pages answer, never a 500", async () => {
      const fresh = await signIn(deployment.url);
      for (const status of await readThroughBoth(fresh, 4)) expect([200, 429]).toContain(status);
      for (const path of ["/invoices", "/", "/receivables", "/renewals"]) {
        const page = await fetch(`${deployment.url}${path}`, {
          headers: { cookie },
          signal: bounded(),
        });
        expect(page.status, path).toBe(200);
        expect(await page.text(), path).not.toContain("Internal Server Error");
      }
    });
  } finally {
    deployment.redis!.thaw();
  }
  await test.step("answering again: each instance says so, and the allowance is one across both again", async () => {
    await expect
      .poll(() => timesSaid(back).map((n, i) => n > before.back[i]!), { timeout: 30_000 })
      .toEqual([true, true]);
    await expect
      .poll(async () => tally(await readThroughBoth(await signInAnew(deployment.url), 2 * BURST)), {
        timeout: 30_000,
      })
      .toEqual({ 200: BURST, 429: BURST });
  });
});

/** Gives the browser context the session `cookie` (a `name=value` pair). */
async function withSession(context: BrowserContext, cookie: string): Promise<void> {
  const [name, value] = [
    cookie.slice(0, cookie.indexOf("=")),
    cookie.slice(cookie.indexOf("=") + 1),
  ];
  await context.addCookies([
    { name, value, domain: "127.0.0.1", path: "/", secure: true, httpOnly: true },
  ]);
}

test("with the sign-in storage not answering (PostgreSQL stopped, connections open) a person is told (not left waiting) and loses nothing", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const cookie = await test.step("sign in", () => signIn(deployment.url));
  await withSession(page.context(), cookie);
  const list = "/invoices?statuses=ISSUED";
  const invoices = page.getByRole("region", { name: "Invoices" });
  // A list open when PostgreSQL stops, its first pages loaded.
  await page.goto(`${deployment.url}${list}`);
  await reachForList(page, "Invoices");
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  // A second person, on a list page already open when PostgreSQL stops, signs out.
  const leaving = await browser.newContext();
  const leavingCookie = await signIn(deployment.url);
  await withSession(leaving, leavingCookie);
  const leavingPage = await leaving.newPage();
  await leavingPage.goto(`${deployment.url}${list}`);
  await expect(leavingPage.getByRole("button", { name: "Sign out" })).toBeVisible();
  // Nothing of either page still on its way when PostgreSQL stops: a page reads its saved
  // views (/api/views) a moment after it loads, and on a loaded machine that read, landing
  // on the other instance mid-stop, made it wait the timeout out on its own first.
  await page.waitForLoadState("networkidle");
  await leavingPage.waitForLoadState("networkidle");
  const [first, second] = deployment.instances;
  const told = /another instance found the sign-in storage not answering/g;
  const toldBefore = timesSaid(told);
  deployment.postgres!.freeze();
  try {
    await test.step("the instance that waits it out tells the other, which then refuses at once", async () => {
      // The first check of a session waits AUTH_DATABASE_TIMEOUT_MS (5 s): without the
      // timeout it never answered (the balancer's 120 s, then the other instance's).
      const waited = await fetch(`${first!.url}/api/data/invoices?limit=2`, {
        headers: { cookie },
        signal: bounded(),
      });
      expect(waited.status).toBe(503);
      // Told through Redis (lib/auth/server.ts): the other instance did not wait to learn it.
      await sayingWhatTheInstancesSaid(/\[auth\]/, () =>
        expect.poll(() => timesSaid(told).map((n, i) => n - toldBefore[i]!)).toEqual([0, 1]),
      );
      const refused = await fetch(`${second!.url}/api/data/invoices?limit=2`, {
        headers: { cookie },
        signal: bounded(),
      });
      expect(refused.status).toBe(503);
    });
    await test.step("scrolling the open list says sign-in cannot be checked, keeps the rows, and offers Retry", async () => {
      await invoices.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      const alert = invoices.getByRole("alert");
      await expect(alert).toContainText("Sign-in cannot be checked right now");
      await expect(alert).toContainText("You are not signed out");
      await expect(alert).toContainText("The rows above stay as they were loaded.");
      await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();
      await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
    });
    await test.step("a list page sends the person to a page that says so, with the way back", async () => {
      // Both instances fail at once now (lib/auth/storage-health.ts).
      await page.goto(`${deployment.url}${list}`);
      await expect(
        page.getByRole("heading", { level: 1, name: "Sign-in is unavailable" }),
      ).toBeVisible();
      await expect(
        page.getByRole("alert").filter({ hasText: "You are not signed out" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", list);
    });
    await test.step("the data route answers 503, naming the cause", async () => {
      const res = await fetch(`${deployment.url}/api/data/invoices?limit=2`, {
        headers: { cookie },
        signal: bounded(),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toMatchObject({ code: "SIGN_IN_UNAVAILABLE" });
    });
    await test.step("signing out: the browser forgets the session at once, and the page says the server ends it later", async () => {
      await leavingPage.getByRole("button", { name: "Sign out" }).click();
      await expect(leavingPage).toHaveURL(`${deployment.url}/sign-in?signed-out=later`);
      await expect(leavingPage.getByRole("main").getByRole("status")).toContainText(
        "You are signed out in this browser",
      );
      // No session cookie, so the sign-in form, not "unavailable".
      await expect(leavingPage.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      expect((await leaving.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    });
    await test.step("the sign-out is kept where every instance reads it (Redis), and both instances restart before the storage answers", async () => {
      expect(await pendingSignOutsInRedis()).toEqual([leavingCookie]);
      // A crash or a deploy: what they held in memory is gone.
      await Promise.all(deployment.instances.map((instance) => instance.kill()));
    });
  } finally {
    deployment.postgres!.thaw();
  }
  await test.step("started again", () =>
    Promise.all(deployment.instances.map((instance) => instance.start())));
  await test.step("each instance's ping finds it back: the session is read again", () =>
    // The sign-in page sends a signed-in person on (a redirect) once it can tell; a
    // moment after the thaw an instance may not have pinged yet.
    expect
      .poll(
        () =>
          Promise.all(
            deployment.instances.map(
              async (instance) =>
                (
                  await fetch(`${instance.url}/sign-in`, {
                    headers: { cookie },
                    redirect: "manual",
                    signal: bounded(),
                  })
                ).status,
            ),
          ),
        { timeout: 30_000 },
      )
      .toEqual([307, 307]));
  await test.step("Try again opens the list, the session intact", async () => {
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(`${deployment.url}${list}`);
    await expect(invoices.locator("tbody tr").first()).toBeVisible();
  });
  await test.step("the signed-out session is ended on the server: its old cookie is refused", () =>
    expect
      .poll(
        async () =>
          (
            await fetch(`${deployment.url}/api/data/invoices?limit=2`, {
              headers: { cookie: leavingCookie },
              signal: bounded(),
            })
          ).status,
        { timeout: 30_000 },
      )
      .toBe(401));
  // Ended by an instance at its start, from Redis: none of them held it any more.
  expect(await pendingSignOutsInRedis()).toEqual([]);
  await leaving.close();
});

test("a killed instance is taken out by the balancer; the other answers meanwhile", async () => {
  // An instance's restart is a whole `npm start` with its start-up work: slow on a
  // loaded machine. Each step is named, so a report says which one was still running.
  test.setTimeout(300_000);
  const cookie = await test.step("sign in", () => signInAnew(deployment.url));
  const [first] = deployment.instances;
  await test.step("kill instance1", () => first!.kill());
  await test.step("six reads through the balancer", async () => {
    // The balancer retries a request it could not deliver on the other instance.
    for (let i = 0; i < 6; i++) expect((await read(deployment.url, cookie)).status).toBe(200);
  });
  await test.step("the balancer takes instance1 out", () =>
    deployment.untilBalancer({ instance1: "DOWN", instance2: "UP" }));
  // Brought back by its supervisor, it is taken in again.
  await test.step("restart instance1", () => restart(first!));
  await test.step("the balancer takes instance1 in", () =>
    deployment.untilBalancer({ instance1: "UP", instance2: "UP" }));
});
