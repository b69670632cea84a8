/**
 * The sign-in throttle over real HTTP, as a guesser would meet it: two
 * instances of this build (`npm start`) sharing a throwaway Redis, guessed at
 * through better-auth's own endpoint and through the sign-in form, from several
 * socket addresses (127.0.0.x), with X-Forwarded-For written by the guesser.
 */
import { randomBytes } from "node:crypto";
import { startTestRedis, type TestRedis } from "../../lib/testing/redis-server";
import { demoKey } from "../support/env";
import {
  type Answer,
  authDatabase,
  freePort,
  type Instance,
  requestFrom,
  startInstance,
} from "../support/instances";
import { expect, type Page, test } from "../support/test";

const GUESSED = { email: "ana@throttle.test", password: "ana's own password, long enough" };
const LOCKED = { email: "bo@throttle.test", password: "bo's own password, long enough" };

let redis: TestRedis | null = null;
let instances: Instance[] = [];
/** The public address both instances answer as (as behind a balancer). */
let publicUrl = "";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  redis = await startTestRedis();
  test.skip(!redis, "redis-server is not installed");
  const ports = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${ports[0]}`;
  const env = {
    // A real API (the main e2e server's built-in one), so sign-in is required.
    INVOICING_API_URL: `${baseURL}/api/v1`,
    INVOICING_API_KEY: demoKey(),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    AUTH_URL: publicUrl,
    AUTH_DB: await authDatabase({
      [GUESSED.email]: GUESSED.password,
      [LOCKED.email]: LOCKED.password,
    }),
    REDIS_URL: redis!.url,
    TRUST_PROXY: "",
  };
  // One after the other: the first migrates the sign-in storage.
  for (const port of ports) instances.push(await startInstance(env, port));
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  instances = [];
  await redis?.stop();
});

/** A guess at better-auth's endpoint from `from`, through instance `i % 2`. */
function guessAtEndpoint(i: number, from: string, email: string, password: string) {
  return requestFrom(from, `${instances[i % 2]!.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: publicUrl,
      // What a guesser writes to look like many clients.
      "x-forwarded-for": `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
    },
    body: JSON.stringify({ email, password }),
  });
}

/** The id of the password form's server action, as the sign-in page renders it. */
async function passwordActionId(base: string): Promise<string> {
  const html = await (await fetch(`${base}/sign-in`)).text();
  const id = /name="\$ACTION_ID_([0-9a-f]+)"/.exec(html)?.[1];
  if (!id) throw new Error("no server action on the sign-in page");
  return id;
}

/** A post of the sign-in form (no script, as a guessing script sends it) from `from`. */
async function guessOnForm(
  base: string,
  actionId: string,
  from: string,
  email: string,
  password: string,
) {
  const boundary = `----guess${randomBytes(8).toString("hex")}`;
  const fields = { [`$ACTION_ID_${actionId}`]: "", next: "/key", email, password };
  const body = `${Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("")}--${boundary}--\r\n`;
  const answer = await requestFrom(from, `${base}/sign-in`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: base },
    body,
  });
  // The action answers with a redirect back to the sign-in page naming the reason.
  return new URL(String(answer.headers.location ?? ""), base).searchParams.get("error");
}

async function signInOnForm(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/sign-in?next=/key`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("200 guesses with a new X-Forwarded-For each, over two instances, get five tries in all, and count for the form too", async ({
  page,
}) => {
  const guesser = "127.0.0.9";
  const answers: Answer[] = [];
  // Twenty at a time, alternating instances: a flood, not a queue.
  for (let batch = 0; batch < 10; batch++)
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          guessAtEndpoint(batch * 20 + j, guesser, GUESSED.email, `wrong guess ${batch}-${j}`),
        ),
      )),
    );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(195);
  const refused = answers.find((a) => a.status === 429)!;
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect(JSON.parse(refused.text)).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });

  // The same client on the sign-in form, even with the right password: refused.
  const actionId = await passwordActionId(instances[1]!.base);
  expect(
    await guessOnForm(instances[1]!.base, actionId, guesser, GUESSED.email, GUESSED.password),
  ).toBe("too_many");

  // The account's owner, on another computer (the browser, 127.0.0.1), signs in.
  await signInOnForm(page, instances[1]!.base, GUESSED.email, GUESSED.password);
  await expect(page).toHaveURL(`${instances[1]!.base}/key`);
  await expect(page.getByText(`Signed in as ${GUESSED.email}`)).toBeVisible();
});

test("guesses at an account from many addresses do not lock its owner out", async ({ page }) => {
  // One instance, as in the probe (the other test spreads guesses over both).
  const base = instances[0]!.base;
  const actionId = await passwordActionId(base);
  const guesses = async (from: string, count: number) => {
    const reasons: (string | null)[] = [];
    for (let i = 0; i < count; i++)
      reasons.push(await guessOnForm(base, actionId, from, LOCKED.email, `not it ${from} ${i}`));
    return reasons;
  };
  // Two guessers use up the account's ten tries of the hour, five each (a sixth is
  // refused); the account is slowed then, and each further address gets two tries.
  const seen = {
    first: await guesses("127.0.0.2", 6),
    second: await guesses("127.0.0.3", 5),
    third: await guesses("127.0.0.4", 4),
    fourth: await guesses("127.0.0.5", 3),
  };

  // The owner, at their own computer, signs in with their password: not locked out.
  await signInOnForm(page, base, LOCKED.email, LOCKED.password);
  await expect(page).toHaveURL(`${base}/key`);
  await expect(page.getByText(`Signed in as ${LOCKED.email}`)).toBeVisible();

  expect(seen).toEqual({
    first: [...Array(5).fill("invalid"), "too_many"],
    second: Array(5).fill("invalid"),
    third: ["invalid", "invalid", "too_many", "too_many"],
    fourth: ["invalid", "invalid", "too_many"],
  });
  // And a guesser is still refused.
  expect(await guesses("127.0.0.3", 1)).toEqual(["too_many"]);
});
