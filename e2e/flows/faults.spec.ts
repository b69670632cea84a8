/**
 * The invoices list against a real HTTP API that misbehaves after the first pages
 * (e2e/support/fault-upstream.ts): each fault is named on the page, the rows already loaded
 * stay, the page is never blank, reads are retried on 5xx and dropped connections
 * (never on 401), and Retry after the API recovers loads more rows. Also the data
 * route's per-client rate limit.
 */

import { E2E_DB, E2E_NOW, FAULT_CONTROL_URL, FAULTS_URL } from "../support/env";
import { reachForList } from "../support/lists";
import { startOwnServer, untilListening } from "../support/own-server";
import { E2E_ACCOUNT, ensureSignedIn } from "../support/session";
import { type APIRequestContext, expect, type Page, test } from "../support/test";
import { screenshotToLookAt } from "../support/themes";

// One fault server for the whole file: its tests take turns.
test.describe.configure({ mode: "serial" });

type Fault = "none" | "slow" | "drop" | "500" | "429" | "malformed" | "shape" | "401";

/**
 * Faults on the invoice list's pages as the dashboard reads them (50 a page): the
 * insight walks of the same app, which the home, renewals and receivables specs run
 * meanwhile, read 100 a page and neither meet these faults nor count among these hits.
 */
async function setFault(request: APIRequestContext, fault: Fault) {
  const res = await request.post(FAULT_CONTROL_URL, {
    data: { fault, path: "/invoices", query: "limit=50" },
  });
  expect(res.ok()).toBe(true);
}
async function upstreamHits(request: APIRequestContext): Promise<number> {
  return (await (await request.get(FAULT_CONTROL_URL)).json()).hits;
}

const table = (page: Page) => page.getByRole("region", { name: "Invoices" });

test.afterAll(async ({ request }) => {
  await setFault(request, "none");
});

/** How many rows the list says it has loaded. */
async function loadedRows(page: Page): Promise<number> {
  const status = page.getByText(/^[\d,]+ invoices loaded/);
  return Number(((await status.textContent()) ?? "").replace(/[^0-9].*$/s, ""));
}

/**
 * The faults met while loading more, one after another on one load of the list: what
 * each says, how often the server asked the upstream (a retry is the server's only),
 * and whether Retry is offered. The 401 comes last: it offers no Retry to go on with.
 */
const BREAKS: {
  fault: Fault;
  says: (string | RegExp)[];
  /** the upstream's hits for the page that failed, at least and at most */
  hits?: [number, number];
  retry: boolean;
}[] = [
  {
    fault: "500",
    says: ["The API failed (HTTP 500)", "The rows above stay as they were loaded."],
    hits: [3, 3],
    retry: true,
  },
  {
    fault: "drop",
    says: ["The API could not be reached", "(3 attempts)"],
    hits: [3, 3],
    retry: true,
  },
  {
    fault: "slow",
    says: ["The API could not be reached", "did not answer within 3 s"],
    hits: [2, 3],
    retry: true,
  },
  {
    fault: "malformed",
    says: ["data the dashboard does not understand", "the body is not JSON"],
    hits: [1, 1],
    retry: true,
  },
  {
    fault: "shape",
    says: ["data the dashboard does not understand", /data\.0\.(id|total)/],
    retry: true,
  },
  {
    fault: "401",
    says: ["The API key was not accepted", "INVOICING_API_KEY"],
    hits: [1, 1],
    retry: false,
  },
];

test("faults while loading more: each is said, retried by the server as it should be, the rows stay, and Retry after recovery loads more; a 401 is never retried", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await setFault(request, "none");
  await ensureSignedIn(page, FAULTS_URL);
  await page.goto(`${FAULTS_URL}/invoices`);
  await reachForList(page, "Invoices");
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  const region = table(page);
  for (const { fault, says, hits, retry } of BREAKS)
    await test.step(`${fault}: ${says.join(", ")}`, async () => {
      // Settled at the top (no page being read ahead), then broken, then at the end.
      await region.evaluate((el) => el.scrollTo({ top: 0 }));
      let loaded = -1;
      await expect
        .poll(
          async () => {
            const now = await loadedRows(page);
            const settled = now === loaded;
            loaded = now;
            return settled;
          },
          { intervals: [500] },
        )
        .toBe(true);
      await setFault(request, fault);
      await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      const alert = region.getByRole("alert");
      await expect(alert).toBeVisible({ timeout: 20_000 });
      for (const words of says) await expect(alert).toContainText(words);
      // The rows loaded before the fault are still there, and the page is not blank.
      expect(await loadedRows(page)).toBe(loaded);
      await expect(region.locator("tbody tr td:first-child a").first()).toBeVisible();
      if (hits) {
        const asked = await upstreamHits(request);
        expect(asked).toBeGreaterThanOrEqual(hits[0]);
        expect(asked).toBeLessThanOrEqual(hits[1]);
      }
      const again = alert.getByRole("button", { name: "Retry" });
      if (!retry) {
        // Asking again cannot fix a key: no Retry button.
        await expect(again).toHaveCount(0);
        return;
      }
      await setFault(request, "none");
      await again.click();
      await expect.poll(() => loadedRows(page)).toBeGreaterThanOrEqual(loaded + 50);
      await expect(alert).toHaveCount(0);
    });
});

test("signed out in another tab while a list is open: loading more, a sum, an export, a save and the top bar say so, the rows stay, and signing in again comes back to the list", async ({
  page,
  request,
}) => {
  await setFault(request, "none");
  await ensureSignedIn(page, FAULTS_URL);
  const list = "/invoices?statuses=ISSUED";
  await page.goto(`${FAULTS_URL}${list}`);
  await reachForList(page, "Invoices");
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  // Another tab's sign-out clears the browser's session cookie.
  await page.context().clearCookies();
  const back = `/sign-in?next=${encodeURIComponent(list)}`;
  // A sum and an export of the view say so too, each with the way back.
  await page.getByRole("button", { name: "Sum this view" }).click();
  const totals = page.getByRole("region", { name: "Totals of this view" }).getByRole("alert");
  await expect(totals).toHaveText(
    "Not summed: you are signed out. Sign in again to come back to this view.",
  );
  await expect(totals.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", back);
  // The top bar no longer names the account: it says signed out, with the same way back.
  const bar = page.getByRole("banner");
  await expect(bar).toContainText("Signed out");
  await expect(bar).not.toContainText("Signed in as");
  await expect(bar.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", back);
  // Saving the view too: said, the dialog kept open with its name.
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill("Issued, while signed out");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Not saved: you are signed out. Sign in again, then try again.",
  );
  await expect(dialog.getByLabel("Name")).toHaveValue("Issued, while signed out");
  // Escape closes it: the focus stayed in the dialog while it saved.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Export CSV" }).click();
  const exported = page.getByRole("alert").filter({ hasText: "Not exported" });
  await expect(exported).toHaveText(
    "Not exported: you are signed out. Sign in again to come back to this view.",
  );
  await expect(exported.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", back);
  await table(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const alert = table(page).getByRole("alert");
  await expect(alert).toContainText("You are signed out");
  await expect(alert).toContainText("The rows above stay as they were loaded.");
  // The person's session, not the API key (the API's 401 says INVOICING_API_KEY).
  await expect(alert).not.toContainText("INVOICING_API_KEY");
  await expect(alert.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  const again = alert.getByRole("link", { name: "Sign in again" });
  await expect(again).toHaveAttribute("href", back);
  await again.click();
  await page.getByLabel("E-mail address").fill(E2E_ACCOUNT.email);
  await page.getByLabel("Password").fill(E2E_ACCOUNT.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${FAULTS_URL}${list}`);
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
});

test("a fault on the first page still renders a page that says what happened", async ({
  page,
  request,
}) => {
  await setFault(request, "500");
  await ensureSignedIn(page, FAULTS_URL);
  await page.goto(`${FAULTS_URL}/invoices`);
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("The API failed", { timeout: 20_000 });
  await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await setFault(request, "none");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(table(page).locator("tbody tr td:first-child a").first()).toBeVisible();
});

/**
 * From the payments list, the navigation's Invoices link followed while each read of
 * /invoices outlasts the app's 3 s timeout: the server's first page takes about 6 s to
 * fail (a call and its retries, within twice the timeout), unless the fault is lifted
 * meanwhile.
 */
async function followToInvoicesWhileSlow(page: Page, request: APIRequestContext) {
  await setFault(request, "none");
  await ensureSignedIn(page, FAULTS_URL);
  await page.goto(`${FAULTS_URL}/payments`);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await setFault(request, "slow");
  await page.getByRole("link", { name: "Invoices", exact: true }).click();
}

test("a list followed to while the API is slow shows its header and a skeleton at once", async ({
  page,
  request,
}) => {
  await followToInvoicesWhileSlow(page, request);
  // Well before that, the page is there: its header, and a skeleton where the list goes.
  // The failure takes about 6 s and replaces the skeleton, so the skeleton being seen
  // proves it came first; no shorter wait is needed (a loaded machine could miss one).
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const skeleton = page.getByRole("status", { name: "Loading Invoices" });
  await expect(skeleton).toBeVisible();
  // It pulses, unless the person asks for less motion. Read at once, and on a copy of
  // its bar kept beside the page: on a loaded machine the failure replaced the skeleton
  // before the second reading (the detached bar read "").
  const bar = skeleton.locator("[class*=animate-pulse]").first();
  const pulse = await bar.evaluate((el) => {
    const copy = el.cloneNode() as Element;
    copy.setAttribute("data-motion-probe", "");
    document.body.append(copy);
    return getComputedStyle(el).animationName;
  });
  expect(pulse).toBe("pulse");
  await screenshotToLookAt(page, "list-skeleton");
  await page.emulateMedia({ reducedMotion: "reduce" });
  const probe = page.locator("[data-motion-probe]");
  expect(await probe.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await probe.evaluate((el) => getComputedStyle(el).animationName)).toBe("pulse");
  // Then the failure is said, with a way to try again.
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("The API could not be reached", { timeout: 20_000 });
  await setFault(request, "none");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(table(page).locator("tbody tr td:first-child a").first()).toBeVisible();
});

test("/ pressed while a list is still loading focuses its search as it arrives, not the palette", async ({
  page,
  request,
}) => {
  await followToInvoicesWhileSlow(page, request);
  await expect(page.getByRole("status", { name: "Loading Invoices" })).toBeVisible();
  await page.keyboard.press("/");
  // A later try answers: the list arrives, its search takes the focus.
  await setFault(request, "none");
  await expect(table(page).locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("combobox", { name: "Customers", exact: true })).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a customer page shows the record while its tables load; a table whose API fails says so", async ({
  page,
  request,
}) => {
  await setFault(request, "none");
  await ensureSignedIn(page, FAULTS_URL);
  await page.goto(`${FAULTS_URL}/customers`);
  const first = page.getByRole("region", { name: "Customers" }).locator("tbody tr td a").first();
  const name = ((await first.textContent()) ?? "").trim();
  // Reads of /invoices outlast the timeout; the customer's other records answer.
  await setFault(request, "slow");
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Amounts" })).toBeVisible();
  await expect(
    page.getByRole("status", { name: "Loading Invoices of this customer" }),
  ).toBeVisible();
  await screenshotToLookAt(page, "customer-loading", { fullPage: true });
  // Then the tables: contracts and payments with their rows, invoices with the failure.
  const contracts = page.getByRole("region", { name: "Contracts of this customer" });
  await expect(contracts.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("The API could not be reached", { timeout: 20_000 });
  await expect(contracts.locator("tbody tr").first()).toBeVisible();
  await setFault(request, "none");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(
    page.getByRole("region", { name: "Invoices of this customer" }).locator("tbody tr").first(),
  ).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test("the data route limits each client, answering 429 in the API's error shape", async () => {
  test.setTimeout(90_000);
  // A server of its own with a small allowance: the shared e2e server's is every
  // other test's too (they all come from 127.0.0.1).
  const server = await startOwnServer({
    SANDBOX_DB: E2E_DB,
    SANDBOX_NOW: E2E_NOW,
    REDIS_URL: "",
    DATA_RATE_LIMIT_BURST: "5",
    DATA_RATE_LIMIT_PER_SEC: "0.01",
  });
  try {
    await untilListening(server);
    const statuses: number[] = [];
    let refused: Response | null = null;
    // Each claims another address: without TRUST_PROXY the socket's address counts.
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.base}/api/data/me`, {
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
      else await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(100);
    expect(await refused!.json()).toEqual({
      message: expect.stringMatching(/^Too many requests: try again in \d+ s\.$/),
      code: "RATE_LIMITED",
      issues: [],
    });
  } finally {
    server.stop();
  }
});
