/**
 * A second probe of the signed-in mode, over HTTP against servers of this
 * build: limits per account whatever its sessions, the cap on an account's sessions,
 * saved-view writes from this site only with clean names and normalised queries, a
 * long view summed with no server detail in any answer, and the small ones.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoKey } from "../support/env";
import {
  authDatabase,
  freePort,
  type Instance,
  requestFrom,
  startInstance,
} from "../support/instances";
import { E2E_ACCOUNT, SESSION_COOKIE } from "../support/session";
import { expect, test } from "../support/test";

/** A second account: an allowance of its own, whatever the first one spent. */
const OTHER = { email: "other@e2e.test", password: "another e2e password" };

/** Signs in with the password endpoint, as the sign-in form does: the session cookie. */
async function signIn(
  base: string,
  account: { email: string; password: string } = E2E_ACCOUNT,
): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie).toBeTruthy();
  return cookie!;
}

/** Whether a path is a file now; a temporary file renamed away meanwhile is not. */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const sessionOf = async (base: string, cookie: string) =>
  (await fetch(`${base}/api/auth/get-session`, { headers: { cookie } })).text();

test.describe("a signed-in server with tight limits", () => {
  test.describe.configure({ mode: "serial" });
  let app: Instance;
  let dataDir: string;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-second-probe-"));
    const port = await freePort();
    app = await startInstance(
      {
        INVOICING_API_URL: `${baseURL}/api/v1`,
        INVOICING_API_KEY: demoKey(),
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        AUTH_URL: `http://127.0.0.1:${port}`,
        AUTH_DB: await authDatabase({
          [E2E_ACCOUNT.email]: E2E_ACCOUNT.password,
          [OTHER.email]: OTHER.password,
        }),
        AUTH_MAX_SESSIONS: "3",
        VIEW_SUMS_PER_MINUTE: "3",
        DATA_RATE_LIMIT_BURST: "4",
        DATA_RATE_LIMIT_PER_SEC: "0.01",
        INSIGHTS_DATA_DIR: dataDir,
        REDIS_URL: "",
        TRUST_PROXY: "",
      },
      port,
    );
  });
  test.afterAll(async () => {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("three sessions of one account share one allowance; the fourth sign-in ends the oldest", async () => {
    const base = app.base;
    const sessions = [await signIn(base), await signIn(base), await signIn(base)];
    for (const cookie of sessions) expect(await sessionOf(base, cookie)).not.toBe("null");

    // Sums: three a minute for the account, whichever session asks.
    const sum = (cookie: string) =>
      requestFrom("127.0.0.61", `${base}/api/totals/payments?isAttributed=false`, {
        headers: { cookie },
      });
    // Refused for their own fault (a repeated refresh, an unknown status): no allowance spent.
    for (const bad of ["refresh=true&refresh=false", "statuses=NOPE"]) {
      const refused = await requestFrom("127.0.0.61", `${base}/api/totals/invoices?${bad}`, {
        headers: { cookie: sessions[0]! },
      });
      expect(refused.status).toBe(400);
    }
    const sums = [];
    for (const cookie of [...sessions, sessions[0]!]) sums.push(await sum(cookie));
    expect(sums.map((s) => s.status)).toEqual([200, 200, 200, 429]);
    expect(JSON.parse(sums[3]!.text).message).toMatch(/^Too many sums of a view: try again in/);
    // The data route: a burst of four for the account, from any address.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await requestFrom(`127.0.0.${62 + i}`, `${base}/api/data/invoices?limit=1`, {
            headers: { cookie: sessions[i % 3]! },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 429]);

    // A fourth sign-in: the oldest session ends, the three newest stay.
    const fourth = await signIn(base);
    expect(await sessionOf(base, sessions[0]!)).toBe("null");
    for (const cookie of [sessions[1]!, sessions[2]!, fourth])
      expect(await sessionOf(base, cookie)).not.toBe("null");
    const ended = await requestFrom("127.0.0.61", `${base}/api/views`, {
      headers: { cookie: sessions[0]! },
    });
    expect(ended.status).toBe(401);
  });

  test("saved-view writes: this site's origin and JSON only, clean names, normalised queries", async () => {
    const base = app.base;
    const cookie = await signIn(base);
    const post = (headers: Record<string, string>, body: unknown) =>
      requestFrom("127.0.0.70", `${base}/api/views`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const view = { name: "Drafts", list: "invoices", query: "statuses=DRAFT" };

    const refusals = [
      // No Origin, even marked cross-site, as text/plain.
      await post({ "sec-fetch-site": "cross-site", "content-type": "text/plain" }, view),
      // A foreign Origin that names itself in X-Forwarded-Host (TRUST_PROXY unset).
      await post({ origin: "http://evil.example", "x-forwarded-host": "evil.example" }, view),
      // This host and port under another scheme.
      await post({ origin: base.replace("http:", "https:") }, view),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403]);
    for (const refused of refusals)
      expect(JSON.parse(refused.text)).toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringMatching(/from this dashboard's own pages only\.$/),
      });
    const plain = await post({ origin: base, "content-type": "text/plain" }, view);
    expect(plain.status).toBe(415);
    expect(JSON.parse(plain.text).message).toContain("application/json");

    // Names that show nothing or read other than they are: refused, the issue named.
    const names: [string, string][] = [
      ["\u200b".repeat(80), "a name must show something"],
      ["invoices\u202efdp.exe", "direction overrides"],
      ["Unpaid\r\nOverdue", "control characters"],
    ];
    for (const [name, issue] of names) {
      const refused = await post({ origin: base }, { ...view, name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(JSON.parse(refused.text).issues[0].message).toContain(`name: ${issue}`);
    }

    // From this site, as JSON: saved, its query in the list's normal form.
    const saved = await post(
      { origin: base, "sec-fetch-site": "same-origin" },
      {
        name: "  Cafe\u0301 drafts ",
        list: "invoices",
        query: `columns=${"<b>x</b>".repeat(400)},period&statuses=DRAFT`,
      },
    );
    expect(saved.status).toBe(201);
    const created = JSON.parse(saved.text) as { id: string; name: string; query: string };
    expect(created.name).toBe("Café drafts");
    expect(created.query).toBe("statuses=DRAFT&columns=period");
    const removed = await requestFrom("127.0.0.70", `${base}/api/views/${created.id}`, {
      method: "DELETE",
      headers: { cookie, origin: base },
    });
    expect(removed.status).toBe(204);
  });

  test("a 200-character search is summed; no answer or file holds a folder or a key's hash", async () => {
    const base = app.base;
    const cookie = await signIn(base, OTHER);
    const search = encodeURIComponent(`${"é".repeat(40)}${"x".repeat(160)}`);
    const answer = await requestFrom(
      "127.0.0.71",
      `${base}/api/totals/customers?search=${search}`,
      { headers: { cookie } },
    );
    expect(answer.status).toBe(200);
    const events = answer.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events.at(-1)).toMatchObject({ type: "result", totals: { count: 0 } });
    expect(answer.text).not.toContain(dataDir);
    expect(answer.text).not.toMatch(/[0-9a-f]{24}/);
    // Every stored file, the search index's folder included, is named by a hash alone.
    // A background write may be half done: its temporary file is the same hash plus a UUID.
    const files = (fs.readdirSync(dataDir, { recursive: true }) as string[]).filter(
      (name) => name !== "identifier-secret" && isFile(path.join(dataDir, name)),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      expect(path.basename(name)).toMatch(/^[0-9a-f]{32}\.json(\.[0-9a-f-]{36}\.tmp)?$/);
    }

    // A repeated refresh is refused as every repeated parameter is.
    const twice = await requestFrom(
      "127.0.0.71",
      `${base}/api/totals/invoices?refresh=true&refresh=false`,
      { headers: { cookie } },
    );
    expect(twice.status).toBe(400);
    expect(JSON.parse(twice.text).issues).toEqual([{ message: "refresh: given more than once" }]);
  });
});

test("a payments export filtered by customer is named with the customer", async ({ request }) => {
  const payment = (
    await (
      await request.get("/api/v1/payments?isAttributed=true&limit=1", {
        headers: { authorization: `Bearer ${demoKey()}` },
      })
    ).json()
  ).data[0] as { customerId: string };
  const res = await request.get(`/api/export/payments?customerId=${payment.customerId}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(
    new RegExp(
      `filename="payments-customer-${payment.customerId.slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}\\.csv"`,
    ),
  );
});
