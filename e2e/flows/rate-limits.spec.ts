/**
 * The data route's limit as a person meets it, on a server of its own with a small
 * allowance (3 reads, then one a second, per client): a 429 reads "Too many requests, retrying
 * in N s", never "The API failed", and the rows follow once Retry-After has passed;
 * coming back to a long list with the back button reads nothing again, so it never
 * spends the allowance. Each test is its own client (TRUST_PROXY=1 and its own
 * X-Forwarded-For, as behind the balancer).
 */
import { E2E_DB, E2E_NOW } from "../support/env";
import { type OwnServer, startOwnServer, untilListening } from "../support/own-server";
import { expect, type Page, test } from "../support/test";
import { screenshotToLookAt } from "../support/themes";

// Small, so the long list of the back-button test (twice the allowance's worth of
// pages) takes 6 pages and 3 s of waiting out the limit, not 12 and 6.
const BURST = 3;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({
    SANDBOX_DB: E2E_DB,
    SANDBOX_NOW: E2E_NOW,
    REDIS_URL: "",
    TRUST_PROXY: "1",
    DATA_RATE_LIMIT_BURST: String(BURST),
    DATA_RATE_LIMIT_PER_SEC: "1",
  });
  await untilListening(server);
});

test.afterAll(() => server?.stop());

let client = 0;
/** This test's own client address, as the balancer would forward it. */
async function asOwnClient(page: Page) {
  client += 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${client}` });
}

const loadedCount = async (page: Page) =>
  Number(
    /([\d,]+) invoices loaded/
      .exec((await page.getByText(/invoices loaded/).textContent()) ?? "")?.[1]
      ?.replaceAll(",", "") ?? 0,
  );

/** Scrolls the table to its end: the next page loads (or waits out the limit). */
const scrollToEnd = (page: Page) =>
  page
    .getByRole("region", { name: "Invoices" })
    .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));

/**
 * Keeps the table scrolled to its end, as a person dragging the scrollbar down does,
 * until the page says `text` (or a minute has passed): pages load as fast as they come.
 */
const scrollUntil = (page: Page, text: string) =>
  page.getByRole("region", { name: "Invoices" }).evaluate(async (el, wanted) => {
    const until = Date.now() + 60_000;
    while (Date.now() < until && !document.body.textContent?.includes(wanted)) {
      el.scrollTo({ top: el.scrollHeight });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, text);

test("a 429 reads 'Too many requests, retrying in N s', and the rows follow after Retry-After", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asOwnClient(page);
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/data/invoices")) statuses.push(response.status());
  });
  await page.goto(`${server.base}/invoices`);
  const notice = page
    .getByRole("status")
    .filter({ hasText: /Too many requests, retrying in \d+ s/ });
  await scrollUntil(page, "Too many requests, retrying in");
  await expect(notice).toBeVisible();
  expect(statuses).toContain(429);
  // Waiting, not failed: no error panel and its Retry button.
  await expect(page.getByText("The API failed")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  const before = await loadedCount(page);

  // Screenshots to look at, while the notice lasts: it goes with the retry, about a
  // second after it came (the allowance refills one read a second), so on a loaded
  // machine it may be gone before the second width.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const shown = await notice
      .scrollIntoViewIfNeeded({ timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) await screenshotToLookAt(page, `rate-limited-${width}`);
  }

  // The retry after Retry-After (a second or two: one read a second) brings the next page.
  await expect.poll(() => loadedCount(page), { timeout: 45_000 }).toBeGreaterThan(before);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("coming back to a long list with the back button reads none of its pages again", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await asOwnClient(page);
  // A clock of the page's own, to make the loaded pages stale without waiting a minute.
  await page.clock.install();
  await page.goto(`${server.base}/invoices`);
  // Twice the allowance's worth of pages (the limit is waited out on the way).
  await expect(async () => {
    await scrollToEnd(page);
    expect(await loadedCount(page)).toBeGreaterThanOrEqual(50 * 2 * BURST);
  }).toPass({ timeout: 150_000 });
  // Settled: no page on its way (one asked for as the end came near, or waiting out a
  // 429) for two seconds running, so the count taken is the list the person leaves.
  let loaded = -1;
  await expect(async () => {
    await expect(page.getByText(/Loading more invoices|Too many requests/)).toHaveCount(0);
    const before = await loadedCount(page);
    await page.waitForTimeout(2_000);
    await expect(page.getByText(/Loading more invoices|Too many requests/)).toHaveCount(0);
    expect(await loadedCount(page)).toBe(before);
    loaded = before;
  }).toPass({ timeout: 60_000 });

  // Past the lists' staleTime (60 s): TanStack Query would read every page again on return.
  await page.clock.setSystemTime(Date.now() + 5 * 60_000);
  const afterReturn: number[] = [];
  let returned = false;
  page.on("response", (response) => {
    if (returned && response.url().includes("/api/data/invoices"))
      afterReturn.push(response.status());
  });
  await page.getByRole("region", { name: "Invoices" }).locator("tr[data-row-id] a").nth(2).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  returned = true;
  await page.goBack();
  await expect(page).toHaveURL(`${server.base}/invoices`);
  await expect.poll(() => loadedCount(page), { timeout: 30_000 }).toBe(loaded);
  // A refetch would start as the list mounts; give it time to show before counting.
  await page.waitForTimeout(3_000);
  expect(afterReturn).toEqual([]);
  await expect(page.getByText(/Too many requests/)).toHaveCount(0);
});
