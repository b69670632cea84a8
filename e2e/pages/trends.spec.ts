/**
 * /trends against the demo server with its pinned clock: each figure checked is
 * recomputed here from whole walks of the API's own lists, and a chart bar is
 * followed to its list. Then the page at 390 and 1440 px in both themes, with axe.
 */
import { E2E_NOW } from "../support/env";
import { apiWalk } from "../support/lists";
import { expect, type Page, test } from "../support/test";
import { checkEveryWidthAndTheme } from "../support/themes";

const DAY = 86_400_000;
const TODAY = Math.floor(Date.parse(E2E_NOW) / DAY) * DAY;
const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY) * DAY;

interface Money {
  value: number;
  currencyCode: string;
}
interface Invoice {
  id: string;
  customerId: string;
  issuedAt: string;
  dueAt: string | null;
  paidAt: string | null;
  totalAmount: Money;
  appliedAmount: Money;
}

/** The 12 months to today's, oldest first: "2025-12" … "2026-11". */
function lastMonths(count: number): string[] {
  const d = new Date(TODAY);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - count + 1 + i, 1))
      .toISOString()
      .slice(0, 7),
  );
}

/** "$1,234.56", "CAD 1,234.56", "1,234.56 USDC" → 123456n (every currency has 2 digits). */
const minorOf = (text: string) => BigInt(text.replace(/[^0-9]/g, ""));

const days = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** DSO as the page rounds it (down to a tenth of a day), computed from the invoices. */
function dsoText(invoices: Invoice[], code: string): string {
  const mine = invoices.filter((i) => i.totalAmount.currencyCode === code);
  const owed = mine.reduce(
    (s, i) => s + BigInt(Math.max(0, i.totalAmount.value - i.appliedAmount.value)),
    0n,
  );
  const recent = mine
    .filter((i) => dayOf(i.issuedAt) > TODAY - 90 * DAY)
    .reduce((s, i) => s + BigInt(i.totalAmount.value), 0n);
  return recent === 0n ? "—" : `${days(Number((owed * 900n) / recent) / 10)} days`;
}

async function openTrends(page: Page, query = "") {
  await page.goto(`/trends${query}`);
  await expect(page.locator("section[data-currency] table").first()).toBeVisible({
    timeout: 90_000,
  });
}

test("invoiced per month and currency, DSO and the slowest payers equal the API's figures; a bar opens that month's list; a range shows its months", async ({
  page,
  request,
}) => {
  const issued = await apiWalk<Invoice>(request, "invoices", "statuses=ISSUED");
  const months = lastMonths(12);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTrends(page);
  const sections = page.locator("section[data-currency]");
  const codes = await sections.evaluateAll((els) =>
    els.map((e) => e.getAttribute("data-currency")),
  );
  expect(codes).toEqual(
    [...new Set(issued.map((i) => i.totalAmount.currencyCode))].sort(
      (a, b) => ["USD", "CAD", "EUR", "USDC"].indexOf(a) - ["USD", "CAD", "EUR", "USDC"].indexOf(b),
    ),
  );
  for (const code of codes as string[]) {
    const rows = page.locator(`section[data-currency="${code}"] tbody tr`);
    await expect(rows).toHaveCount(12);
    for (const month of months) {
      const mine = issued.filter(
        (i) => i.totalAmount.currencyCode === code && i.issuedAt.startsWith(month),
      );
      const cell = page.locator(
        `section[data-currency="${code}"] tr[data-month="${month}"] [data-figure="invoiced"] span`,
      );
      expect(minorOf((await cell.first().textContent()) ?? ""), `${code} ${month}`).toBe(
        mine.reduce((s, i) => s + BigInt(i.totalAmount.value), 0n),
      );
      await expect(cell.nth(1)).toHaveText(`${mine.length} invoice${mine.length === 1 ? "" : "s"}`);
    }
  }

  await test.step("DSO per currency and a slowest payer's days to pay and DSO", async () => {
    for (const code of new Set(issued.map((i) => i.totalAmount.currencyCode)))
      await expect(page.locator(`[data-dso="${code}"] [data-dso-days]`)).toHaveText(
        dsoText(issued, code),
      );

    const table = page.getByRole("table", { name: "Slowest payers" });
    const row = table.locator("tbody tr").first();
    const customerId = (await row.getAttribute("data-customer"))!;
    const own = await apiWalk<Invoice>(
      request,
      "invoices",
      `statuses=ISSUED&customerId=${customerId}`,
    );
    const paid = own.filter((i) => i.paidAt && i.paidAt.slice(0, 7) >= lastMonths(12)[0]!);
    const taken = paid
      .map((i) => (dayOf(i.paidAt!) - dayOf(i.issuedAt)) / DAY)
      .sort((a, b) => a - b);
    const mid = Math.floor(taken.length / 2);
    const median = taken.length % 2 ? taken[mid]! : (taken[mid - 1]! + taken[mid]!) / 2;
    const withDue = paid.filter((i) => i.dueAt);
    const late = withDue.filter((i) => dayOf(i.paidAt!) > dayOf(i.dueAt!)).length;
    await expect(row.locator("[data-average]")).toHaveText(
      days(taken.reduce((a, b) => a + b, 0) / taken.length),
    );
    await expect(row.locator("[data-median]")).toHaveText(days(median));
    await expect(row.locator("[data-late]")).toHaveText(
      withDue.length === 0
        ? "—"
        : (late / withDue.length).toLocaleString("en-US", {
            style: "percent",
            maximumFractionDigits: 1,
          }),
    );
    for (const code of new Set(own.map((i) => i.totalAmount.currencyCode)))
      await expect(row.locator("[data-accounts]")).toContainText(`DSO ${dsoText(own, code)}`);

    // Sorting by median puts the largest median first.
    await table.getByRole("button", { name: "Median days" }).click();
    await expect(table.getByRole("columnheader", { name: /Median days/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const medians = await table
      .locator("tbody [data-median]")
      .evaluateAll((els) => els.map((e) => Number(e.textContent)));
    expect(medians).toEqual([...medians].sort((a, b) => b - a));
  });

  // A month of the chart is a link: by keyboard it opens the invoices issued in it.
  const bar = page.locator(`[data-trends-chart="${codes[0]}"] a[data-chart-month="${months[10]}"]`);
  await expect(bar).toHaveAttribute("aria-label", /^October 2026 in \w+: invoiced /);
  await bar.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(
    /\/invoices\?statuses=ISSUED&issueDateStartAt=2026-10-01&issueDateEndAt=2026-10-31T23:59:59\.999Z&orderBy=issuedAt:ASC&columns=paidAt$/,
  );
  await expect(page.getByRole("columnheader", { name: "Paid" })).toBeVisible();

  // Back, a shorter range chosen shows its months.
  await page.goBack();
  await page.getByRole("link", { name: "Last 3 months" }).click();
  await expect(page).toHaveURL(/\/trends\?range=3m$/);
  await expect(page.locator("section[data-currency]").first().locator("tbody tr")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Last 3 months" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("an unknown range is said and the last 12 months shown", async ({ page }) => {
  await openTrends(page, "?range=fortnight");
  await expect(page.locator("[data-unknown-range]")).toContainText("There is no range “fortnight”");
  await expect(page.locator("section[data-currency]").first().locator("tbody tr")).toHaveCount(12);
});

test("at 1440 and 390 px in both themes: nothing sideways, axe finds nothing", async ({ page }) => {
  // A long page (four currencies' tables): four axe runs.
  test.setTimeout(120_000);
  await checkEveryWidthAndTheme(page, {
    name: "trends",
    open: async () => {
      await openTrends(page);
      await expect(page.locator("[data-trends-chart] svg").first()).toBeVisible();
    },
  });
});
