/**
 * /customers/<id>/statement against the demo server with its pinned clock, for a
 * customer with part-paid invoices: the opening, running and closing balances
 * recomputed here from the API's own lists, the open items, the CSV, the statement
 * printed to PDF on A4 and Letter, and the page at 390 and 1440 px in both themes
 * with axe.
 */
import { parse } from "csv-parse/sync";
import { E2E_NOW } from "../support/env";
import { apiAuth, apiWalk } from "../support/lists";
import { type APIRequestContext, expect, type Page, test } from "../support/test";
import { checkEveryWidthAndTheme } from "../support/themes";

const TODAY = E2E_NOW.slice(0, 10);
/** The default period: the 12 months up to today, from the day after a year ago. */
const FROM = (() => {
  const d = new Date(`${TODAY}T00:00:00.000Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();
const calendarDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
  }).format(Date.parse(`${day}T00:00:00.000Z`));

interface Invoice {
  id: string;
  customerId: string;
  issuedAt: string;
  lastPaidAt: string | null;
  totalAmount: { value: number; currencyCode: string };
  appliedAmount: { value: number };
}

/** "$1,234.56", "CAD 1,234.56", "1,234.56 USDC" → "123456" (every currency has 2 digits). */
const minorOf = (text: string) =>
  String((text.includes("-") ? -1n : 1n) * BigInt(text.replace(/[^0-9]/g, "") || "0"));

/** A live customer with the most invoices paid in part within the period: balances with parts to run. */
async function partPaidCustomer(request: APIRequestContext): Promise<string> {
  const partPaid = await apiWalk<Invoice>(
    request,
    "invoices",
    "statuses=ISSUED&hasOutstandingBalance=true&hasAppliedPayments=true",
  );
  const counts = new Map<string, number>();
  for (const i of partPaid)
    if (i.lastPaidAt && i.lastPaidAt.slice(0, 10) >= FROM)
      counts.set(i.customerId, (counts.get(i.customerId) ?? 0) + 1);
  for (const [id] of [...counts].sort((a, b) => b[1] - a[1])) {
    const res = await request.get(`/api/v1/customers/${id}`, { headers: apiAuth() });
    if (res.status() === 200) return id;
  }
  throw new Error("no live customer with a part-paid invoice");
}

/**
 * The statement by hand, per currency: each issued invoice a charge on its issue day,
 * what it records as paid a payment on its latest payment's day (docs/features.md).
 */
async function expectedStatement(request: APIRequestContext, id: string) {
  const invoices = await apiWalk<Invoice>(request, "invoices", `customerIds=${id}&statuses=ISSUED`);
  const out = new Map<string, { opening: bigint; byDay: Map<string, bigint>; closing: bigint }>();
  for (const currency of new Set(invoices.map((i) => i.totalAmount.currencyCode))) {
    const events: { day: string; amount: bigint }[] = [];
    for (const i of invoices.filter((x) => x.totalAmount.currencyCode === currency)) {
      events.push({ day: i.issuedAt.slice(0, 10), amount: BigInt(i.totalAmount.value) });
      if (i.appliedAmount.value > 0)
        events.push({ day: i.lastPaidAt!.slice(0, 10), amount: -BigInt(i.appliedAmount.value) });
    }
    const opening = events.filter((e) => e.day < FROM).reduce((n, e) => n + e.amount, 0n);
    let balance = opening;
    const byDay = new Map<string, bigint>();
    for (const e of events
      .filter((e) => e.day >= FROM && e.day <= TODAY)
      .sort((a, b) => a.day.localeCompare(b.day))) {
      balance += e.amount;
      byDay.set(calendarDay(e.day), balance);
    }
    out.set(currency, { opening, byDay, closing: balance });
  }
  return { invoices, currencies: out };
}

async function openStatement(page: Page, id: string, query = "") {
  await page.goto(`/customers/${id}/statement${query}`);
  await expect(page.locator(".statement-sheet")).toBeVisible({ timeout: 30_000 });
}

let customerId: string;
test.beforeAll(async ({ request }) => {
  customerId = await partPaidCustomer(request);
});

test("opening, running and closing balances and open items match the API's lists", async ({
  page,
  request,
}) => {
  const expected = await expectedStatement(request, customerId);
  // Reached from the customer page.
  await page.goto(`/customers/${customerId}`);
  await page
    .getByRole("link", { name: /statement/i })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}/statement$`));
  await expect(page.locator(".statement-sheet")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("statement-period")).toHaveText(
    `${calendarDay(FROM)} – ${calendarDay(TODAY)}`,
  );

  const sections = page.locator("[data-statement-currency]");
  expect(await sections.count()).toBe(expected.currencies.size);
  let partPayments = 0;
  for (const [currency, want] of expected.currencies) {
    const section = page.locator(`[data-statement-currency="${currency}"]`);
    const summary = (key: string) => section.locator(`[data-summary="${key}"]`).textContent();
    expect(minorOf((await summary("opening")) ?? ""), `${currency} opening`).toBe(
      String(want.opening),
    );
    expect(minorOf((await summary("closing")) ?? ""), `${currency} closing`).toBe(
      String(want.closing),
    );
    // The running balance: after each day's last line, the balance the lists give.
    const lines = await section.locator("tbody tr[data-line]").evaluateAll((trs) =>
      trs.map((tr) => ({
        kind: tr.getAttribute("data-line"),
        day: tr.querySelector("td")?.textContent ?? "",
        balance: tr.querySelector("[data-balance]")?.textContent ?? "",
        text: tr.textContent ?? "",
      })),
    );
    const shownByDay = new Map<string, string>();
    for (const l of lines.filter((l) => l.kind !== "opening"))
      shownByDay.set(l.day, minorOf(l.balance));
    expect(Object.fromEntries(shownByDay), `${currency} running balance`).toEqual(
      Object.fromEntries([...want.byDay].map(([d, b]) => [d, String(b)])),
    );
    partPayments += lines.filter((l) => l.text.includes("paid in part")).length;
  }
  expect(partPayments, "a payment line of an invoice paid in part").toBeGreaterThan(0);
  // Through today the closing balance is what the customer record says is owed.
  const customer = await (
    await request.get(`/api/v1/customers/${customerId}`, { headers: apiAuth() })
  ).json();
  for (const [currency, want] of expected.currencies)
    expect(String(want.closing)).toBe(
      String(customer.outstandingIssuedAmount[currency]?.value ?? 0),
    );

  // Open items only: each invoice still owing, together the closing balance.
  await page.getByRole("link", { name: "Open items only" }).click();
  await expect(page).toHaveURL(/view=open-items/);
  await expect(page.getByRole("heading", { name: "Statement of open items" })).toBeVisible();
  for (const [currency, want] of expected.currencies) {
    const owing = expected.invoices.filter(
      // Outstanding is total minus posted payments: pending card payments still owe.
      (i) => i.totalAmount.currencyCode === currency && i.totalAmount.value > i.appliedAmount.value,
    );
    const section = page.locator(`[data-statement-currency="${currency}"]`);
    await expect(section.locator("tr[data-open-item]")).toHaveCount(owing.length);
    const open = await section
      .locator("[data-open]")
      .evaluateAll((tds) => tds.map((td) => td.textContent ?? ""));
    expect(open.reduce((n, t) => n + BigInt(minorOf(t)), 0n)).toBe(want.closing);
  }
});

test("the CSV holds the statement's lines and balances", async ({ page, request }) => {
  const expected = await expectedStatement(request, customerId);
  await openStatement(page, customerId);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `statement-${customerId.slice(0, 8)}-${FROM}-to-${TODAY}.csv`,
  );
  const res = await request.get(file.url());
  expect(res.status()).toBe(200);
  const records = parse(await res.text(), { columns: true, bom: true }) as Record<string, string>[];
  for (const [currency, want] of expected.currencies) {
    const mine = records.filter((r) => r.currency === currency);
    expect(minorOf(mine[0]!.balance!)).toBe(String(want.opening));
    expect(mine[0]!.entry).toBe("opening balance");
    expect(mine.at(-1)!.entry).toBe("closing balance");
    expect(minorOf(mine.at(-1)!.balance!)).toBe(String(want.closing));
    expect(mine.length - 2).toBeGreaterThanOrEqual(want.byDay.size);
  }
});

test("printed to PDF on A4 and Letter, the statement alone fits the page's width", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openStatement(page, customerId);
  // The printable width (page less the 12 mm side margins) at 96 px an inch.
  for (const [format, widthMm] of [
    ["A4", 210],
    ["Letter", 215.9],
  ] as const) {
    const printable = Math.floor(((widthMm - 24) / 25.4) * 96);
    await page.setViewportSize({ width: printable, height: 1000 });
    await page.emulateMedia({ media: "print", colorScheme: "dark" });
    const layout = await page.evaluate(() => {
      const sheet = document.querySelector(".statement-sheet")!;
      const overflowing = [...sheet.querySelectorAll("table, dl, header, p")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => el.outerHTML.slice(0, 80));
      const visible = (sel: string) =>
        [...document.querySelectorAll(sel)].some((el) => (el as HTMLElement).offsetParent !== null);
      return {
        pageWidth: document.documentElement.scrollWidth,
        overflowing,
        nav: visible("#site-nav") || visible('nav[aria-label="Statement period"]'),
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(layout.overflowing, format).toEqual([]);
    expect(layout.pageWidth, format).toBeLessThanOrEqual(printable);
    expect(layout.nav, `${format}: no navigation printed`).toBe(false);
    expect(layout.background, "white paper whatever the theme").toBe("rgb(255, 255, 255)");
    await expect(page.getByTestId("bill-to")).toBeVisible();

    const pdf = await page.pdf({ format, margin: { top: "14mm", bottom: "14mm" } });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString("latin1"));
    // Chromium rounds the paper to its own units: within a point of the size.
    expect(
      Math.abs(Number(box![1]) - (widthMm / 25.4) * 72),
      `${format} page width in points`,
    ).toBeLessThan(1);
    await test
      .info()
      .attach(`statement-${format}.pdf`, { body: pdf, contentType: "application/pdf" });
    await page.emulateMedia({ media: "screen" });
  }
});

test("at 1440 and 390 px in both themes: readable, nothing cut, axe-clean", async ({ page }) => {
  test.setTimeout(120_000);
  for (const view of ["", "?view=open-items"])
    await checkEveryWidthAndTheme(page, {
      name: `statement${view ? "-open" : ""}`,
      open: () => openStatement(page, customerId, view),
    });
});
