/**
 * Totals of the current view (above each list): a person asks for the sum of a long
 * view, or sees it at once for a view the page holds whole; each figure equals the
 * sum of the API's own list for the same filters, and the export of the view adds
 * up to the same.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { apiAuth, apiWalk as walk } from "../support/lists";
import { expect, test } from "../support/test";

// biome-ignore lint/suspicious/noExplicitAny: API records read loosely, as the API answers them
type ApiRecord = Record<string, any>;

function sumBy(rows: ApiRecord[], pick: (row: ApiRecord) => [string, number][]) {
  const sums: Record<string, bigint> = {};
  for (const row of rows)
    for (const [currency, value] of pick(row))
      sums[currency] = (sums[currency] ?? 0n) + BigInt(value);
  return sums;
}

/** "$1,234.56", "CAD 1,234.56", "-12.00" → minor units, exactly. */
const minorOf = (text: string) => BigInt(text.replace(/[^\d-]/g, ""));

/** The totals shown for one field: currency → minor units. */
async function shownSums(page: Page, field: string): Promise<Record<string, bigint>> {
  const cells = page.getByTestId("view-totals").locator(`[data-total="${field}"]`);
  const shown: Record<string, bigint> = {};
  for (const cell of await cells.all())
    shown[(await cell.getAttribute("data-currency")) ?? ""] = minorOf(
      (await cell.textContent()) ?? "",
    );
  return shown;
}

const totals = (page: Page) => page.getByRole("region", { name: "Totals of this view" });

test("finance sums unpaid invoices: count, total, remaining and pending card payments per currency equal the API's list, and the export adds up the same", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const query = "statuses=ISSUED&hasOutstandingBalance=true";
  const rows = await walk(request, "invoices", query);
  expect(rows.length).toBeGreaterThan(50); // more than the first page: a walk is needed
  await page.goto(`/invoices?${query}`);
  await expect(totals(page)).toContainText("not only those loaded");
  await expect(page.getByTestId("view-totals")).toHaveCount(0);
  // Pressed from the keyboard: the focus stays on the bar's button through the walk.
  await totals(page).getByRole("button", { name: "Sum this view" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("view-totals")).toBeVisible({ timeout: 60_000 });
  await expect(totals(page).getByRole("button", { name: "Sum again" })).toBeFocused();

  await expect(page.locator('[data-total="count"]')).toHaveText(
    rows.length.toLocaleString("en-US"),
  );
  expect(await shownSums(page, "total")).toEqual(
    sumBy(rows, (r) => [[r.totalAmount.currencyCode, r.totalAmount.value]]),
  );
  expect(await shownSums(page, "remaining")).toEqual(
    sumBy(rows, (r) => [[r.remainingAmount.currencyCode, r.remainingAmount.value]]),
  );
  expect(await shownSums(page, "pending")).toEqual(
    sumBy(rows, (r) => [[r.pendingPaymentAmount.currencyCode, r.pendingPaymentAmount.value]]),
  );
  // Never added across currencies: more than one currency, each on its own.
  expect(Object.keys(await shownSums(page, "remaining")).length).toBeGreaterThan(1);

  // The export of the same view adds up to the same remaining, per currency.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const text = fs.readFileSync(await (await downloading).path(), "utf8");
  const exported = parse(text, { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<
    string,
    string
  >[];
  expect(exported.length).toBe(rows.length);
  const exportedRemaining = sumBy(exported, (r) => [
    [r.currency!, Number(r.remainingAmount!.replace(/[^\d-]/g, ""))],
  ]);
  expect(exportedRemaining).toEqual(await shownSums(page, "remaining"));
});

test("a view the page holds whole is summed at once, without asking", async ({ page, request }) => {
  // A customer whose invoices fit in the first page.
  const customers = (
    await (await request.get("/api/v1/customers?limit=30", { headers: apiAuth() })).json()
  ).data as ApiRecord[];
  let chosen: { id: string; rows: ApiRecord[] } | null = null;
  for (const customer of customers) {
    const rows = await walk(request, "invoices", `customerId=${customer.id}`);
    if (rows.length > 1 && rows.length < 40) {
      chosen = { id: customer.id, rows };
      break;
    }
  }
  expect(chosen, "a customer with a few invoices").not.toBeNull();
  await page.goto(`/invoices?customerId=${chosen!.id}`);
  await expect(page.getByTestId("view-totals")).toBeVisible();
  await expect(totals(page).getByRole("button", { name: "Sum this view" })).toHaveCount(0);
  await expect(page.locator('[data-total="count"]')).toHaveText(String(chosen!.rows.length));
  expect(await shownSums(page, "total")).toEqual(
    sumBy(chosen!.rows, (r) => [[r.totalAmount.currencyCode, r.totalAmount.value]]),
  );
});

test("payments with something unapplied: amount and unapplied equal the API's list", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const query = "hasUnappliedAmount=true";
  const rows = await walk(request, "payments", query);
  await page.goto(`/payments?${query}`);
  const sum = totals(page).getByRole("button", { name: "Sum this view" });
  if (rows.length > 50) await sum.click();
  await expect(page.getByTestId("view-totals")).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-total="count"]')).toHaveText(
    rows.length.toLocaleString("en-US"),
  );
  expect(await shownSums(page, "amount")).toEqual(sumBy(rows, (r) => [["", r.amountCents]]));
  expect(await shownSums(page, "unapplied")).toEqual(
    sumBy(rows, (r) => [["", r.unappliedAmountCents]]),
  );
});

test("a bad view's sum is refused with 400, its problems named", async ({ request }) => {
  const res = await request.get("/api/totals/invoices?statuses=NOPE&limit=5");
  expect(res.status()).toBe(400);
  const body = await res.json();
  expect(body.issues.map((i: { message: string }) => i.message).join("\n")).toMatch(/statuses/);
});

test("a view's chosen columns (a display parameter of its URL) change nothing in its sum", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const query = "statuses=ISSUED&hasOutstandingBalance=true";
  const totalsOf = async (url: string) => {
    const res = await request.get(url, { timeout: 100_000 });
    expect(res.status()).toBe(200);
    const events = (await res.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; totals?: unknown });
    return events.find((event) => event.type === "result")?.totals;
  };
  const plain = await totalsOf(`/api/totals/invoices?${query}`);
  expect(plain).toBeTruthy();
  // Unknown column ids are ignored, as the page ignores them.
  expect(await totalsOf(`/api/totals/invoices?${query}&columns=period,-dueAt,gone`)).toEqual(plain);
  expect((await request.get(`/api/totals/invoices?${query}&columns=a&columns=b`)).status()).toBe(
    400,
  );
});
