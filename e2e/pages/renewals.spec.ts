/**
 * The renewals view against the demo server with its pinned clock: every row, day
 * count and figure recomputed from whole walks of the API's own lists
 * (e2e/support/insights.ts), every link followed to the list whose rows are counted.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SPEC_CONTRACT_HEALTHS } from "../../lib/sandbox/testing/spec-terms";
import { E2E_NOW, FAULT_CONTROL_URL, FAULTS_URL, LIMITED_KEY_URL } from "../support/env";
import {
  type Customer,
  calendarDay,
  DAY,
  dayOf,
  expectListMatches,
  loadedCount,
  openView,
  renewalRows,
  TODAY,
  termsEnds,
  walk,
} from "../support/insights";
import { startOwnServer, untilListening } from "../support/own-server";
import { ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

test("renewals: rows, order, days left, timeline and health counts match the API", async ({
  page,
  request,
}) => {
  // Whole walks of three lists here and on the page, and the renewals view's value walk.
  test.setTimeout(120_000);
  const customers = await walk<Customer>(request, "customers");
  await openView(page, "/renewals", "within-window");

  // Rows: RENEWAL_DUE or ENDING, by the end of their terms in force, then name.
  const renewing = customers.filter(
    (c) => c.contractHealth === "RENEWAL_DUE" || c.contractHealth === "ENDING",
  );
  const ends = await termsEnds(request, renewing);
  const endOf = (c: Customer) => ends.get(c.id)!;
  const expected = renewing.sort(
    (a, b) =>
      Date.parse(endOf(a)) - Date.parse(endOf(b)) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  expect(expected.length).toBeGreaterThan(5);
  // Some end their terms in force long before their contract: the case the order is for.
  expect(expected.some((c) => endOf(c) !== c.coverageContractEndAt)).toBe(true);
  await expect(page.getByTestId("renewals-count")).toHaveText(`${expected.length} customers`);
  // The table's rows, page by page as it reads them: every one, in order, days left right.
  const kept = await renewalRows(request, page);
  expect(kept.map((r) => r.id)).toEqual(expected.map((c) => c.id));
  expect(kept.map((r) => r.daysLeft)).toEqual(expected.map((c) => (dayOf(endOf(c)) - TODAY) / DAY));
  // The page shows the first of them, as a list table does, with days left and links.
  const table = page.getByRole("region", { name: "Renewals" });
  const rows = table.locator("tbody tr[data-row-id]");
  // Read first by this visit (a cold cache), the table arrives with the walk's result,
  // rendered in the browser: its skeleton shows until its script is loaded.
  await expect(rows.nth(5)).toBeVisible();
  const shownIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-id")));
  expect(shownIds.length).toBeGreaterThan(5);
  expect(shownIds).toEqual(expected.slice(0, shownIds.length).map((c) => c.id));
  const daysShown = await table.locator("[data-days-left]").allTextContents();
  expect(daysShown.slice(0, shownIds.length).map(Number)).toEqual(
    kept.slice(0, shownIds.length).map((r) => r.daysLeft),
  );
  // Why each is due: the end of its terms in force, as the API's contract says.
  const endsShown = await table.locator("[data-terms-end]").allTextContents();
  expect(endsShown.slice(0, shownIds.length)).toEqual(
    expected.slice(0, shownIds.length).map((c) => calendarDay(Date.parse(endOf(c)) - DAY)),
  );
  await expect(rows.first().getByRole("link").first()).toHaveAttribute(
    "href",
    `/customers/${expected[0]!.id}`,
  );
  expect(await loadedCount(page, "Renewals", "customers")).toBe(expected.length);
  const within30 = expected.filter((c) => (dayOf(endOf(c)) - TODAY) / DAY <= 30);
  await expect(page.getByTestId("within-window")).toHaveText(
    `${within30.length} end within 30 days`,
  );
  // The mark: the rows within the window come first, marked; the first unmarked row is
  // where the window ends.
  await page.goto("/renewals");
  const marks = await page
    .getByRole("region", { name: "Renewals" })
    .locator("tbody tr[data-row-id]")
    .evaluateAll((trs) => trs.map((tr) => tr.querySelector("[data-within-window]") !== null));
  expect(marks.slice(0, within30.length).every(Boolean)).toBe(true);
  expect(marks.slice(within30.length).some(Boolean)).toBe(false);

  // Timeline: the month of each coverage's last day, this month and the five after.
  const months: string[] = [];
  for (let i = 0; i < 6; i++) {
    const d = new Date(TODAY);
    months.push(
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + i, 1)).toISOString().slice(0, 7),
    );
  }
  for (const month of months) {
    const count = customers.filter((c) => {
      if (!c.coverageContractEndAt || dayOf(c.coverageContractEndAt) <= TODAY) return false;
      return new Date(Date.parse(c.coverageContractEndAt) - DAY).toISOString().startsWith(month);
    }).length;
    await expect(
      page.getByTestId("timeline-table").locator(`tr[data-month="${month}"] td`).first(),
      month,
    ).toHaveText(String(count));
  }
  // On a 390 px phone the month table fits its box: no sideways scrolling inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  const monthTable = page.getByRole("region", { name: "Contracts ending per month, as a table" });
  await expect.poll(() => monthTable.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Health counts, each a link to the customers list filtered to it.
  const chart = page.getByRole("list", { name: "Customers per contract health" });
  for (const health of SPEC_CONTRACT_HEALTHS) {
    const link = chart.locator(`a[data-health="${health}"]`);
    const count = customers.filter((c) => c.contractHealth === health).length;
    await expect(link, health).toContainText(`: ${count}`);
    await expect(link).toHaveAttribute("href", `/customers?contractHealths=${health}`);
  }
  const renewalDue = customers.filter((c) => c.contractHealth === "RENEWAL_DUE").length;
  await chart.locator('a[data-health="RENEWAL_DUE"]').click();
  await expect(page).toHaveURL(/\/customers\?contractHealths=RENEWAL_DUE$/);
  expect(await loadedCount(page, "Customers", "customers")).toBe(renewalDue);
  await expectListMatches(
    page,
    request,
    "/customers?contractHealths=RENEWAL_DUE,ENDING",
    "customers",
    "Customers",
  );
});

test("same-named customers on /renewals are told apart by their billing e-mail, on the page and in the CSV", async ({
  page,
  request,
}) => {
  const customers = await walk<Customer & { billingEmail: string }>(request, "customers");
  const renewing = customers.filter(
    (c) => c.contractHealth === "RENEWAL_DUE" || c.contractHealth === "ENDING",
  );
  const twins = renewing.filter((c) => renewing.filter((d) => d.name === c.name).length > 1);
  expect(twins.length, "the demo has two renewing customers of one name").toBeGreaterThan(1);
  const pair = twins.filter((c) => c.name === twins[0]!.name);
  expect(new Set(pair.map((c) => c.billingEmail)).size).toBe(pair.length);
  await openView(page, "/renewals", "within-window");
  const table = page.getByRole("region", { name: "Renewals", exact: true });
  const texts: string[] = [];
  for (const twin of pair) {
    const row = table.locator(`tbody tr[data-row-id="${twin.id}"]`);
    // The rows are drawn as the table scrolls: down a screen at a time until this one is.
    for (let i = 0; i < 40 && (await row.count()) === 0; i++)
      await table.evaluate((el) => el.scrollBy(0, el.clientHeight));
    await expect(row.getByRole("link", { name: twin.name, exact: true })).toBeVisible();
    await expect(row.locator("[data-billing-email]")).toHaveText(twin.billingEmail);
    texts.push((await row.locator("td").first().textContent()) ?? "");
  }
  expect(new Set(texts).size).toBe(pair.length);
  // The export names each one's address too.
  const href = await page.getByRole("link", { name: "Export CSV" }).first().getAttribute("href");
  const lines = (await (await request.get(href!)).text()).split("\r\n");
  expect(lines[0]).toContain("Customer,Billing e-mail,");
  for (const twin of pair)
    expect(lines.find((l) => l.startsWith(twin.id))).toContain(`,${twin.billingEmail},`);
});

test("a refresh moments after a walk answers that walk's result, without walking again", async ({
  page,
}) => {
  const refresh = async () =>
    (await (await page.request.get("/api/insights/renewals?refresh=true")).text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
  // A refresh walks again (or answers a walk of moments ago) …
  const walked = (await refresh()).at(-1);
  expect(walked.type).toBe("result");
  // … and the next one answers that walk's result at once: no progress, no walk.
  expect(await refresh()).toEqual([walked]);
  // The page's Refresh button too: the figures stay as of that walk.
  await openView(page, "/renewals", "within-window");
  const asOf = page.getByTestId("as-of").locator("time").first();
  await expect(asOf).toHaveAttribute("datetime", walked.asOf);
  // Pressed from the keyboard, it keeps the focus through the walk (a disabled button
  // dropped it to the top of the page).
  const button = page.getByRole("button", { name: "Refresh" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toBeEnabled();
  await expect(button).toBeFocused();
  await expect(asOf).toHaveAttribute("datetime", walked.asOf);
  await expect(page.getByRole("region", { name: "Renewals" })).toBeVisible();
});

test("a walk that fails part-way says how far it got and shows no figures", async ({ page }) => {
  await ensureSignedIn(page, FAULTS_URL);
  // Only continued pages of the renewals view's walk of HEALTHY customers fail: that
  // state holds more than 100 customers, so its first page always arrives and its
  // second always fails, and no other view walks it (the home page, read by other
  // tests of this app at the same time, walks only the renewing states). A rule
  // counted by requests ("the first one passes") would race the parallel walks.
  const control = async (fault: string) => {
    const res = await page.request.post(FAULT_CONTROL_URL, {
      data: {
        fault,
        path: "/customers",
        query: "contractHealths=HEALTHY&limit=100&startingAfter=",
        after: 0,
      },
    });
    expect(res.status()).toBe(200);
  };
  await control("500");
  try {
    await page.goto(`${FAULTS_URL}/renewals`);
    const failed = page.getByTestId("walk-failed");
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(failed).toContainText(
      /failed part-way, after [1-9][\d,]* pages? \([1-9][\d,]* rows\)/,
    );
    await expect(failed).toContainText("No figures are shown");
    await expect(page.getByRole("region", { name: "Renewals" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Customers per contract health" })).toHaveCount(0);
    await expect(page.getByTestId("within-window")).toHaveCount(0);
    await expect(page.getByTestId("as-of")).toContainText("Not read yet");
  } finally {
    await control("none");
  }
});

test("a key without the customers claim: renewals says why it shows no figures", async ({
  page,
}) => {
  await page.goto(`${LIMITED_KEY_URL}/renewals`);
  const failed = page.getByTestId("walk-failed");
  await expect(failed).toContainText("The API key was not accepted", { timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Renewals" })).toHaveCount(0);
});

test("/renewals draws a big renewals list in bounded HTML: the first rows, the rest as the table scrolls", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A business of its own, four times the demo's customers, on a server of its own:
  // about 230 renewals, more than two of the table's pages of 100 and far more rows
  // than it draws. (3,000 customers, 584 renewals, cost twice the time for no case
  // these do not hold: the bounds are counted in rows and pages, whatever the length.)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "renewals-big-"));
  const db = path.join(dir, "sandbox.sqlite");
  // Node itself with tsx's loader, as e2e/support/side-servers.ts runs the set-up steps: npx
  // and tsx's own launcher cost about a second of CPU before the seeding starts.
  execFileSync(
    process.execPath,
    ["--import", "tsx", "lib/sandbox/cli.ts", "seed", "--customers", "1200"],
    {
      env: { ...process.env, SANDBOX_DB: db, SANDBOX_NOW: E2E_NOW },
      stdio: "ignore",
    },
  );
  const server = await startOwnServer({
    SANDBOX_DB: db,
    SANDBOX_NOW: E2E_NOW,
    INSIGHTS_DATA_DIR: path.join(dir, "insights"),
  });
  try {
    await untilListening(server);
    const walked = await page.request.get(`${server.base}/api/insights/renewals`, {
      timeout: 120_000,
    });
    expect((await walked.text()).trim().split("\n").at(-1)).toContain('"type":"result"');
    const html = await (await page.request.get(`${server.base}/renewals`)).text();
    const total = Number(/data-rows-id="[^"]+"[^>]*>([\d,]+)/.exec(html)?.[1]?.replace(/,/g, ""));
    expect(total).toBeGreaterThan(200);
    // Bounded whatever the list's length: one page of rows in the payload (each with its
    // value, e-mail and terms), the first rows drawn, a few hundred kB at most (23 MB at
    // 50,000 customers before).
    expect(html.length).toBeLessThan(300_000);
    expect(html.match(/data-row-id=/g)?.length ?? 0).toBeLessThanOrEqual(40);
    expect(html.match(/\\?"daysLeft\\?":/g)?.length ?? 0).toBeLessThanOrEqual(100);
    // The rest is there, as the person scrolls.
    await page.goto(`${server.base}/renewals`);
    expect(await loadedCount(page, "Renewals", "customers")).toBe(total);
  } finally {
    server.stop();
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

for (const width of [390, 1440])
  test(`at ${width} px the renewals table's columns come with the server's HTML and stay as its script arrives`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const table = page.getByRole("region", { name: "Renewals" });
    // The walk behind the page, done once: until then the result is drawn in the
    // browser as it arrives.
    await page.goto("/renewals");
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 45_000 });
    // From the server's cache now, the table in the HTML; the page's scripts slowed
    // (in a page of its own, that does not wait for them), so what the server sent is
    // seen before they run.
    const fresh = await page.context().newPage();
    await fresh.route("**/_next/static/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const slowTable = fresh.getByRole("region", { name: "Renewals" });
    const headers = () => slowTable.getByRole("columnheader").allTextContents();
    await fresh.goto("/renewals", { waitUntil: "commit" });
    await expect(slowTable.locator("tbody tr").first()).toBeVisible();
    expect(await slowTable.getAttribute("data-hydrated")).toBeNull();
    const fromServer = await headers();
    expect(fromServer.length).toBeGreaterThan(0);
    // Nothing sideways: the columns shown fit the box.
    const box = await slowTable.evaluate((el) => ({
      client: el.clientWidth,
      scroll: el.scrollWidth,
    }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    // The script arrives and the table answers: the same columns.
    await expect(slowTable).toHaveAttribute("data-hydrated", "", { timeout: 30_000 });
    expect(await headers()).toEqual(fromServer);
    await fresh.close();
  });
