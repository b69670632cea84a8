/**
 * Request bodies held to their route's cap before Next.js reads them, on an instance
 * of this build with sign-in required (reading the main e2e server's built-in API):
 * the bodies an attacker sends without a session, the throttle they count toward,
 * the rest of the server staying quick meanwhile, and server actions whose body
 * cannot be decoded. Each attack comes from a
 * loopback address of its own (127.0.0.x), as the throttle keys it.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { demoKey } from "../support/env";
import {
  authDatabase,
  freePort,
  type Instance,
  requestFrom,
  startInstance,
} from "../support/instances";
import { expect, test } from "../support/test";

const ACCOUNT = { email: "cy@limits.test", password: "cy's own password, long enough" };
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

let app: Instance;

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const port = await freePort();
  app = await startInstance(
    {
      INVOICING_API_URL: `${baseURL}/api/v1`,
      INVOICING_API_KEY: demoKey(),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_URL: `http://127.0.0.1:${port}`,
      AUTH_DB: await authDatabase({ [ACCOUNT.email]: ACCOUNT.password }),
      REDIS_URL: "",
      TRUST_PROXY: "",
    },
    port,
  );
});

test.afterAll(async () => {
  await app?.stop();
});

/** A password sign-in at better-auth's endpoint from `from`. */
function signIn(from: string, password: string) {
  return requestFrom(from, `${app.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.base },
    body: JSON.stringify({ email: ACCOUNT.email, password }),
  });
}

test("8 nested 4 MB bodies at the sign-in endpoint at once: 413 within seconds, health stays quick, each counted", async () => {
  const from = "127.0.0.31";
  const body = nested(2_000_000);
  const started = performance.now();
  const flood = Promise.all(
    Array.from({ length: 8 }, () =>
      requestFrom(from, `${app.base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.base },
        body,
      }).then((answer) => ({ ...answer, ms: performance.now() - started })),
    ),
  );
  const health = (async () => {
    const asked = performance.now();
    const res = await fetch(`${app.base}/api/health`);
    return { status: res.status, ms: performance.now() - asked };
  })();
  const [answers, healthAnswer] = await Promise.all([flood, health]);
  for (const answer of answers) {
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      issues: [{ message: "the body is over 4 KB, the most /api/auth/* take" }],
    });
    // Seconds, not the parse's tens: room for a loaded machine, none for parsing 32 MB.
    expect(answer.ms).toBeLessThan(3_000);
  }
  expect(healthAnswer.status).toBe(200);
  expect(healthAnswer.ms).toBeLessThan(3_000);

  // Eight of the client's ten tries a minute are spent: two more, then refused even
  // with the right password; another client still signs in.
  expect((await signIn(from, "not the password 1")).status).toBe(401);
  expect((await signIn(from, "not the password 2")).status).toBe(401);
  const refused = await signIn(from, ACCOUNT.password);
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.text)).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
  expect((await signIn("127.0.0.32", ACCOUNT.password)).status).toBe(200);
});

test("a chunked body is cut as it passes the cap: 413 while the client is still sending", async () => {
  const answer = await new Promise<{ status: number; text: string; sentKb: number }>(
    (resolve, reject) => {
      let sentKb = 0;
      const req = http.request(`${app.base}/api/auth/sign-in/email`, {
        method: "POST",
        localAddress: "127.0.0.33",
        headers: { "content-type": "application/json", origin: app.base },
      });
      // 1 KB every 20 ms, up to 2 MB (40 s): a body that would keep coming.
      const timer = setInterval(() => {
        if (sentKb === 2048) return void req.end();
        req.write("[".repeat(1024));
        sentKb += 1;
      }, 20);
      req.on("response", (res) => {
        clearInterval(timer);
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, text, sentKb });
          req.destroy();
        });
      });
      req.on("error", (error) => {
        clearInterval(timer);
        reject(error);
      });
    },
  );
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.text)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  expect(answer.sentKb).toBeLessThan(100);
});

/** The id of the password form's server action, as the sign-in page renders it. */
async function passwordActionId(): Promise<string> {
  const html = await (await fetch(`${app.base}/sign-in`)).text();
  const id = /name="\$ACTION_ID_([0-9a-f]+)"/.exec(html)?.[1];
  if (!id) throw new Error("no server action on the sign-in page");
  return id;
}

test("a 900 KB server-action body is answered 413, on the sign-in page and on any page", async () => {
  const body = nested(450_000);
  const actionId = await passwordActionId();
  for (const [path, cap] of [
    ["/sign-in", "4 KB"],
    ["/key", "64 KB"],
  ] as const) {
    const started = performance.now();
    const answer = await requestFrom("127.0.0.34", `${app.base}${path}`, {
      method: "POST",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "next-action": actionId,
        origin: app.base,
      },
      body,
    });
    expect(answer.status, path).toBe(413);
    expect(JSON.parse(answer.text).issues[0].message).toContain(`over ${cap}`);
    expect(performance.now() - started).toBeLessThan(1_000);
  }
});

test("a malformed server action sent without a session answers 400, and nothing is logged", async () => {
  const actionId = await passwordActionId();
  const logged = app.output().length;
  const cases: [path: string, contentType: string, body: string][] = [
    ["/sign-in", "text/plain;charset=UTF-8", "{bad json"],
    // Under the sign-in page's 4 KB cap.
    ["/sign-in", "text/plain;charset=UTF-8", nested(2_000)],
    // Under the 64 KB cap of other pages, and deep enough to overflow React's decoder.
    ["/key", "text/plain;charset=UTF-8", nested(20_000)],
    [
      "/sign-in",
      "multipart/form-data; boundary=cut",
      '--cut\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]',
    ],
  ];
  for (const [path, contentType, body] of cases) {
    const answer = await requestFrom("127.0.0.35", `${app.base}${path}`, {
      method: "POST",
      headers: { "content-type": contentType, "next-action": actionId, origin: app.base },
      body,
    });
    expect(answer.status, `${path} ${body.slice(0, 20)}`).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: "BAD_REQUEST" });
  }
  // Well-formed, but not a form: sent back to the sign-in form, not a 500.
  const notAForm = await requestFrom("127.0.0.35", `${app.base}/sign-in`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "next-action": actionId,
      origin: app.base,
    },
    body: "[[]]",
  });
  expect(notAForm.status).toBeLessThan(500);
  // Nothing of the request's own fault in the server's output: no error, no stack.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(app.output().slice(logged)).not.toMatch(/⨯|Error|\n\s+at /);
});
