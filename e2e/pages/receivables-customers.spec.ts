/**
 * /receivables/customers against the demo server with its pinned clock: every row
 * and the totals recomputed here from a walk of the API's own lists, a cell followed
 * to the invoice list it counts, the CSV, and the page at 390 and 1440 px in both
 * themes with axe.
 */
import { parse } from "csv-parse/sync";
import { E2E_NOW } from "../support/env";
import { apiAuth, apiWalk } from "../support/lists";
import { type APIRequestContext, expect, type Page, test } from "../support/test";
import { checkEveryWidthAndTheme } from "../support/themes";

const DAY = 86_400_000;
const TODAY = Math.floor(Date.parse(E2E_NOW) / DAY) * DAY;
const BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;
type Bucket = (typeof BUCKETS)[number];

interface Invoice {
  id: string;
  customerId: string;
  customerName: string | null;
  issuedAt: string;
  dueAt: string;
  totalAmount: { value: number; currencyCode: string };
  appliedAmount: { value: number };
  pendingPaymentAmount: { value: number };
}

interface Row {
  id: string;
  customerId: string;
  name: string;
  deleted: boolean | null;
  currency: string;
  amounts: Record<Bucket, string>;
  counts: Record<Bucket, number>;
  total: string;
  count: number;
  pending: string;
}

/** The bucket by whole UTC days past due, written out plainly. */
function bucketOf(dueAt: string): Bucket {
  const late = (TODAY - Math.floor(Date.parse(dueAt) / DAY) * DAY) / DAY;
  if (late <= 0) return "current";
  if (late <= 30) return "1-30";
  if (late <= 60) return "31-60";
  if (late <= 90) return "61-90";
  return "90+";
}

/** "$1,234.56", "CAD 1,234.56", "1,234.56 USDC" → "123456" (every currency has 2 digits). */
const minorOf = (text: string) =>
  String((text.includes("-") ? -1n : 1n) * BigInt(text.replace(/[^0-9]/g, "")));

/** What the page should hold: one row per customer and currency, from the lists. */
async function expectedRows(request: APIRequestContext) {
  const open = await apiWalk<Invoice>(
    request,
    "invoices",
    "statuses=ISSUED&hasOutstandingBalance=true",
  );
  const live = new Set((await apiWalk<{ id: string }>(request, "customers", "")).map((c) => c.id));
  const rows = new Map<
    string,
    { amounts: Record<string, bigint>; counts: Record<string, number> }
  >();
  const pending = new Map<string, bigint>();
  for (const i of open) {
    const key = `${i.customerId}:${i.totalAmount.currencyCode}`;
    const row = rows.get(key) ?? { amounts: {}, counts: {} };
    const b = bucketOf(i.dueAt);
    row.amounts[b] = (row.amounts[b] ?? 0n) + BigInt(i.totalAmount.value - i.appliedAmount.value);
    row.counts[b] = (row.counts[b] ?? 0) + 1;
    rows.set(key, row);
    pending.set(key, (pending.get(key) ?? 0n) + BigInt(i.pendingPaymentAmount.value));
  }
  return { open, live, rows, pending };
}

/** Every row the page reads, from its kept pages, in order. */
async function keptRows(request: APIRequestContext, page: Page): Promise<Row[]> {
  const rowsId = await page.getByTestId("aged-summary").getAttribute("data-rows-id");
  const rows: Row[] = [];
  for (let n = 0; ; n++) {
    const res = await request.get(
      `/api/insights/receivables-customers/rows?rows=${rowsId}&page=${n}`,
    );
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: Row[]; hasMore: boolean };
    expect(body.data.length).toBeLessThanOrEqual(100);
    rows.push(...body.data);
    if (!body.hasMore) return rows;
  }
}

async function openPage(page: Page) {
  await page.goto("/receivables/customers");
  await expect(page.getByTestId("as-of")).not.toContainText("Not read yet", { timeout: 30_000 });
  await expect(page.getByTestId("aged-summary")).toBeVisible();
}

test("every cell, the order and the totals match the API's lists; a cell opens its invoices", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const expected = await expectedRows(request);
  await openPage(page);
  const rows = await keptRows(request, page);
  expect(rows.length).toBe(expected.rows.size);

  for (const row of rows) {
    const want = expected.rows.get(row.id);
    expect(want, row.id).toBeDefined();
    for (const b of BUCKETS) {
      expect(row.amounts[b], `${row.id} ${b}`).toBe(String(want!.amounts[b] ?? 0n));
      expect(row.counts[b], `${row.id} ${b} count`).toBe(want!.counts[b] ?? 0);
    }
    expect(row.pending).toBe(String(expected.pending.get(row.id)));
    expect(row.deleted, row.customerId).toBe(!expected.live.has(row.customerId));
  }
  // The oldest money first: every row owing over 90 days comes before any that does not.
  const firstWithout = rows.findIndex((r) => r.counts["90+"] === 0);
  expect(rows.slice(firstWithout).every((r) => r.counts["90+"] === 0)).toBe(true);

  // Two customers' cells as the table shows them: the first row, and a deleted customer.
  const table = page.getByRole("region", { name: "Receivables by customer" });
  const deleted = rows.find((r) => r.deleted);
  expect(deleted, "a deleted customer still owing").toBeDefined();
  const withName = (r: Row) => table.locator("tbody tr").filter({ hasText: r.name }).first();
  for (const r of [rows[0]!, deleted!]) {
    const tr = withName(r);
    for (let i = 0; i < 80 && !(await tr.isVisible()); i++) {
      await table.evaluate((el) => el.scrollBy(0, el.clientHeight));
      await page.waitForTimeout(100);
    }
    await expect(tr).toBeVisible();
    if (r.deleted) await expect(tr.locator("[data-deleted]")).toHaveText("Deleted");
    for (const b of [...BUCKETS, "total"] as const) {
      const amount = tr.locator(`[data-amount][data-bucket="${b}"]`);
      const count = b === "total" ? r.count : r.counts[b];
      if (count === 0) await expect(amount).toHaveCount(0);
      else
        expect(minorOf((await amount.textContent()) ?? ""), `${r.name} ${b}`).toBe(
          b === "total" ? r.total : r.amounts[b],
        );
    }
  }

  // The foot: per currency, the sum of its rows.
  for (const currency of new Set(rows.map((r) => r.currency))) {
    const mine = rows.filter((r) => r.currency === currency);
    const foot = page.locator(`tr[data-total-currency="${currency}"]`);
    for (const b of BUCKETS) {
      const sum = mine.reduce((n, r) => n + BigInt(r.amounts[b]), 0n);
      const cell = foot.locator(`td[data-bucket="${b}"]`);
      if (sum === 0n) continue;
      expect(minorOf((await cell.locator("[data-amount]").textContent()) ?? "")).toBe(String(sum));
    }
  }

  // The first row's oldest cell opens exactly that customer's invoices in that bucket.
  await page.goto("/receivables/customers");
  const top = rows[0]!;
  const link = page
    .getByRole("region", { name: "Receivables by customer" })
    .locator('tbody tr [data-bucket="90+"]')
    .first()
    .locator("xpath=ancestor::a");
  const href = (await link.getAttribute("href"))!;
  expect(href).toContain(`customerId=${top.customerId}`);
  const viaLink = await apiWalk<Invoice>(request, "invoices", href.split("?")[1]!);
  const inCell = expected.open.filter(
    (i) =>
      i.customerId === top.customerId &&
      i.totalAmount.currencyCode === top.currency &&
      bucketOf(i.dueAt) === "90+",
  );
  // The list has no currency filter: it holds the customer's other currencies' invoices too.
  expect(
    viaLink
      .filter((i) => i.totalAmount.currencyCode === top.currency)
      .map((i) => i.id)
      .sort(),
  ).toEqual(inCell.map((i) => i.id).sort());
  await link.click();
  await expect(page).toHaveURL(/\/invoices\?.*customerId=/);
  const shown = page.getByRole("region", { name: "Invoices" }).locator("tbody tr td:first-child a");
  await expect(shown.first()).toBeVisible();
  const firstIds = (await shown.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "")))
    .map((h) => h.split("/").at(-1))
    .slice(0, viaLink.length);
  expect(firstIds.sort()).toEqual(
    viaLink
      .map((i) => i.id)
      .slice(0, firstIds.length)
      .sort(),
  );
});

test("the CSV holds the table's rows and the totals per currency", async ({ page, request }) => {
  await openPage(page);
  const rows = await keptRows(request, page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receivables-by-customer-${E2E_NOW.slice(0, 10)}.csv`);
  const records = parse(await fetchText(request, file.url()), {
    columns: true,
    bom: true,
  }) as Record<string, string>[];
  const customers = records.filter((r) => r.row === "customer");
  expect(customers.map((r) => `${r.customerId}:${r.currency}`)).toEqual(rows.map((r) => r.id));
  for (const [k, r] of rows.entries()) {
    const csv = customers[k]!;
    expect(minorOf(csv.over90Days!)).toBe(r.amounts["90+"]);
    expect(minorOf(csv.total!)).toBe(r.total);
    expect(csv.customerDeleted).toBe(String(r.deleted));
  }
  const currencies = new Set(rows.map((r) => r.currency));
  expect(
    records
      .filter((r) => r.row === "total")
      .map((r) => r.currency)
      .sort(),
  ).toEqual([...currencies].sort());
});

async function fetchText(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url, { headers: apiAuth() });
  expect(res.status()).toBe(200);
  return res.text();
}

test("at 1440 and 390 px in both themes: readable, nothing cut, axe-clean", async ({ page }) => {
  const table = page.getByRole("region", { name: "Receivables by customer" });
  // The page itself never scrolls sideways; a wide table scrolls inside its own region.
  await checkEveryWidthAndTheme(page, {
    name: "receivables-customers",
    open: async () => {
      await openPage(page);
      await expect(table.locator("tbody tr").first()).toBeVisible();
    },
    check: async (width) => {
      await expect(table.locator("tbody tr").first()).toBeVisible();
      if (width === 390) await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    },
  });
});
