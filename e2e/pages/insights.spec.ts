/**
 * The aggregate views (renewals, receivables, home) against the demo server with
 * its pinned clock. Every figure is recomputed here from whole walks of the API's
 * own lists, with a deliberately plain computation, and every link is followed to
 * a list whose rows are the ones counted.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SPEC_CONTRACT_HEALTHS } from "../../lib/sandbox/testing/spec-terms";
import {
  API_DOWN_URL,
  E2E_NOW,
  FAULT_CONTROL_URL,
  FAULTS_URL,
  LIMITED_KEY_URL,
} from "../support/env";
import { apiAuth } from "../support/lists";
import { startOwnServer, untilListening } from "../support/own-server";
import { ensureSignedIn } from "../support/session";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

const DAY = 86_400_000;
const TODAY = Math.floor(Date.parse(E2E_NOW) / DAY) * DAY;
const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY) * DAY;
const calendarDay = (ms: number) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
  }).format(ms);

interface Money {
  value: number;
  currencyCode: string;
}
interface Customer {
  id: string;
  name: string;
  contractHealth: string;
  coverageContractId: string | null;
  coverageContractEndAt: string | null;
}
interface Contract {
  id: string;
  endAt: string;
  renewalNoticeDays: number | null;
  futureAmendment: { startAt: string } | null;
}
interface Invoice {
  id: string;
  dueAt: string | null;
  totalAmount: Money;
  appliedAmount: Money;
  remainingAmount: Money;
  pendingPaymentAmount: Money;
}

/**
 * When each renewal customer's terms in force end (exclusive): the coverage contract's
 * next agreed terms start, else its end (docs/readings.md, Contracts). A renewal's
 * days left and the 30-day window count from here, not from the contract's end.
 */
async function termsEnds(
  request: APIRequestContext,
  customers: Customer[],
): Promise<Map<string, string>> {
  const contracts = new Map((await walk<Contract>(request, "contracts")).map((c) => [c.id, c]));
  const ends = new Map<string, string>();
  for (const c of customers) {
    const contract = contracts.get(c.coverageContractId ?? "");
    expect(contract, `the coverage contract of ${c.id}`).toBeDefined();
    ends.set(c.id, contract!.futureAmendment?.startAt ?? contract!.endAt);
  }
  return ends;
}

/** Every row of an API list, following nextCursor (spec list rule 2). */
async function walk<T>(request: APIRequestContext, list: string, query = ""): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const params = new URLSearchParams(query);
    params.set("limit", "100");
    if (cursor) params.set("startingAfter", cursor);
    const res = await request.get(`/api/v1/${list}?${params}`, { headers: apiAuth() });
    expect(res.status(), `${list}?${params}`).toBe(200);
    const page = await res.json();
    rows.push(...page.data);
    if (!page.hasMore) return rows;
    cursor = page.nextCursor;
  }
}

/** "$1,234.56", "CAD 1,234.56", "1,234.56 USDC" → 123456n (every currency has 2 digits). */
function minorOf(text: string): bigint {
  const negative = text.includes("-");
  const digits = BigInt(text.replace(/[^0-9]/g, ""));
  return negative ? -digits : digits;
}

function sumBy<T>(rows: T[], key: (r: T) => string, value: (r: T) => number) {
  const sums: Record<string, bigint> = {};
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const k = key(r);
    sums[k] = (sums[k] ?? 0n) + BigInt(value(r));
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return { sums, counts };
}

/** Waits for the view's figures (walked now, or from the shared results), every part of them. */
async function openView(page: Page, path: string, ready: string) {
  await page.goto(path);
  await expect(page.getByTestId("as-of")).not.toContainText("Not read yet", { timeout: 30_000 });
  await expect(page.getByTestId(ready).first()).toBeVisible();
}

interface RenewalRowJson {
  id: string;
  daysLeft: number | null;
  withinWindow: boolean;
}

/** Every row of the renewals table as the page reads them: its kept pages, in order. */
async function renewalRows(request: APIRequestContext, page: Page): Promise<RenewalRowJson[]> {
  const rowsId = await page.getByTestId("renewals-count").getAttribute("data-rows-id");
  const rows: RenewalRowJson[] = [];
  for (let n = 0; ; n++) {
    const res = await request.get(`/api/insights/renewals/rows?rows=${rowsId}&page=${n}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: RenewalRowJson[]; hasMore: boolean };
    expect(body.data.length).toBeLessThanOrEqual(100);
    rows.push(...body.data);
    if (!body.hasMore) return rows;
  }
}

/** Scrolls a list page's table until every row is loaded; returns the loaded count. */
async function loadedCount(page: Page, region: string, noun: string): Promise<number> {
  const status = page.getByText(new RegExp(`^[\\d,]+ ${noun.replace(/s$/, "")}s? loaded`));
  const scroller = page.getByRole("region", { name: region });
  await expect(scroller.locator("tbody tr").first()).toBeVisible();
  for (let i = 0; i < 60; i++) {
    if (/all loaded/.test((await status.textContent()) ?? "")) break;
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(150);
  }
  await expect(status).toContainText("all loaded");
  return Number(((await status.textContent()) ?? "").replace(/[^0-9].*$/s, "").replace(/,/g, ""));
}

/** A list page's first rows are the API's first rows for the link's query. */
async function expectListMatches(
  page: Page,
  request: APIRequestContext,
  href: string,
  list: "invoices" | "customers",
  region: string,
) {
  const query = href.split("?")[1] ?? "";
  // Without an orderBy the invoice list opens newest first (lib/lists/invoices.ts).
  const order = list === "invoices" && !query.includes("orderBy=") ? "&orderBy=issuedAt:DESC" : "";
  const res = await request.get(`/api/v1/${list}?limit=10&${query}${order}`, {
    headers: apiAuth(),
  });
  const expected = (await res.json()).data.map((r: { id: string }) => r.id);
  await page.goto(href);
  const links = page.getByRole("region", { name: region }).locator("tbody tr td:first-child a");
  await expect
    .poll(async () =>
      (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "")))
        .slice(0, expected.length)
        .map((h) => h.split("/").at(-1)),
    )
    .toEqual(expected);
}

test.describe.configure({ mode: "serial" });

test("renewals: rows, order, days left, timeline and health counts match the API", async ({
  page,
  request,
}) => {
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

test("receivables: aging buckets per currency, totals, pending card payments and unapplied cash match the API", async ({
  page,
  request,
}) => {
  const open = await walk<Invoice>(
    request,
    "invoices",
    "statuses=ISSUED&hasOutstandingBalance=true",
  );
  await openView(page, "/receivables", "unapplied-count");
  const bucketOf = (i: Invoice) => {
    const late = (TODAY - dayOf(i.dueAt!)) / DAY;
    if (late <= 0) return "current";
    if (late <= 30) return "1-30";
    if (late <= 60) return "31-60";
    if (late <= 90) return "61-90";
    return "90+";
  };
  const table = page.getByRole("table", { name: "Aging of outstanding invoices" });
  for (const bucket of ["current", "1-30", "31-60", "61-90", "90+", "total"]) {
    const inBucket = bucket === "total" ? open : open.filter((i) => bucketOf(i) === bucket);
    const { sums, counts } = sumBy(
      inBucket,
      (i) => i.totalAmount.currencyCode,
      (i) => i.totalAmount.value - i.appliedAmount.value,
    );
    for (const code of ["USD", "CAD", "EUR", "USDC"]) {
      const cell = table.locator(`tr[data-bucket="${bucket}"] td[data-currency="${code}"]`);
      expect(
        minorOf((await cell.locator("[data-amount]").textContent()) ?? ""),
        `${bucket} ${code}`,
      ).toBe(sums[code] ?? 0n);
      await expect(cell.locator("[data-count]")).toHaveAttribute(
        "data-count",
        String(counts[code] ?? 0),
      );
    }
  }

  // Pending card payments, apart.
  const pending = sumBy(
    open.filter((i) => i.pendingPaymentAmount.value > 0),
    (i) => i.pendingPaymentAmount.currencyCode,
    (i) => i.pendingPaymentAmount.value,
  );
  expect(Object.keys(pending.counts).length).toBeGreaterThan(0);
  for (const [code, sum] of Object.entries(pending.sums)) {
    const item = page.locator(`[data-pending="${code}"]`);
    expect(minorOf((await item.locator("[data-amount]").textContent()) ?? "")).toBe(sum);
    await expect(item.locator("[data-count]")).toHaveAttribute(
      "data-count",
      String(pending.counts[code]),
    );
  }

  // Unapplied cash payments: the count and the newest ones.
  const unapplied = await walk<{ id: string }>(request, "payments", "hasUnappliedAmount=true");
  const count = page.getByTestId("unapplied-count");
  await expect(count).toHaveText(`${unapplied.length.toLocaleString("en-US")} payments`);
  await expect(count).toHaveAttribute("data-figure", String(unapplied.length));
  const shown = await page
    .locator("li[data-payment-id]")
    .evaluateAll((lis) => lis.map((li) => li.getAttribute("data-payment-id")));
  expect(shown).toEqual(unapplied.slice(0, shown.length).map((p) => p.id));

  // A bucket's link lists exactly its invoices (all currencies: the list has no currency filter).
  const row = table.locator('tr[data-bucket="61-90"]');
  const href = (await row.getByRole("link").getAttribute("href"))!;
  expect(href).toBe(
    "/invoices?statuses=ISSUED&dueDateStartAt=2026-08-24&dueDateEndAt=2026-09-22T23:59:59.999Z&hasOutstandingBalance=true",
  );
  const expected6190 = open
    .filter((i) => bucketOf(i) === "61-90")
    .map((i) => i.id)
    .sort();
  const viaLink = await walk<Invoice>(request, "invoices", href.split("?")[1]);
  expect(viaLink.map((i) => i.id).sort()).toEqual(expected6190);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/dueDateStartAt=2026-08-24/);
  expect(await loadedCount(page, "Invoices", "invoices")).toBe(expected6190.length);
  for (const bucket of ["current", "1-30", "90+"]) {
    await page.goto("/receivables");
    const link = page
      .getByRole("table", { name: "Aging of outstanding invoices" })
      .locator(`tr[data-bucket="${bucket}"]`)
      .getByRole("link");
    const bucketHref = (await link.getAttribute("href"))!;
    const ids = (await walk<Invoice>(request, "invoices", bucketHref.split("?")[1])).map(
      (i) => i.id,
    );
    expect(ids.sort(), bucket).toEqual(
      open
        .filter((i) => bucketOf(i) === bucket)
        .map((i) => i.id)
        .sort(),
    );
    await expectListMatches(page, request, bucketHref, "invoices", "Invoices");
  }

  await page.goto("/receivables");
  await page.getByTestId("unapplied-count").click();
  await expect(page).toHaveURL(/\/payments\?hasUnappliedAmount=true$/);
  expect(await loadedCount(page, "Payments", "payments")).toBe(unapplied.length);
});

test("home: overdue per currency, renewals within 30 days, drafts to approve and unapplied payments match the API", async ({
  page,
  request,
}) => {
  const [open, customers, drafts, unapplied] = await Promise.all([
    walk<Invoice>(request, "invoices", "statuses=ISSUED&hasOutstandingBalance=true"),
    walk<Customer>(request, "customers", "contractHealths=RENEWAL_DUE,ENDING"),
    walk<{ id: string }>(request, "invoices", "needsApproval=true"),
    walk<{ id: string }>(request, "payments", "hasUnappliedAmount=true"),
  ]);
  await openView(page, "/", "card-overdue");
  const overdueInvoices = open.filter((i) => dayOf(i.dueAt!) < TODAY);
  const code = (i: Invoice) => i.totalAmount.currencyCode;
  const overdue = sumBy(overdueInvoices, code, (i) => i.totalAmount.value - i.appliedAmount.value);
  // Still owed (the list's Remaining) and, apart, what pending card payments will cover.
  const owed = sumBy(overdueInvoices, code, (i) => i.remainingAmount.value);
  const pending = sumBy(overdueInvoices, code, (i) => i.pendingPaymentAmount.value);
  const card = page.getByTestId("card-overdue");
  await expect(card.locator("li[data-currency]")).toHaveCount(Object.keys(overdue.sums).length);
  expect(
    Object.values(pending.sums).some((v) => v > 0n),
    "some pending card payments",
  ).toBe(true);
  for (const [code, sum] of Object.entries(overdue.sums)) {
    const item = card.locator(`li[data-currency="${code}"]`);
    expect(minorOf((await item.locator("[data-amount]").textContent()) ?? ""), code).toBe(
      owed.sums[code],
    );
    await expect(item).toHaveAttribute("data-outstanding", String(sum));
    expect(owed.sums[code]! + pending.sums[code]!, code).toBe(sum);
    const pendingShown = item.locator("[data-pending]");
    if (pending.sums[code]! > 0n)
      expect(minorOf((await pendingShown.textContent()) ?? ""), code).toBe(pending.sums[code]);
    else await expect(pendingShown).toHaveCount(0);
    await expect(item.locator("[data-count]")).toHaveAttribute(
      "data-count",
      String(overdue.counts[code]),
    );
  }
  // Renewals within 30 days: by the end of the terms in force, as the renewals list marks them.
  const ends = await termsEnds(request, customers);
  const soon = customers.filter((c) => (dayOf(ends.get(c.id)!) - TODAY) / DAY <= 30);
  expect(soon.length).toBeGreaterThan(0);
  const figure = (id: string) => page.getByTestId(id).locator("[data-figure]");
  await expect(figure("card-renewals")).toHaveAttribute("data-figure", String(soon.length));
  await expect(figure("card-drafts")).toHaveAttribute("data-figure", String(drafts.length));
  await expect(figure("card-unapplied")).toHaveAttribute("data-figure", String(unapplied.length));

  // Links: each card's list holds the rows counted.
  const overdueHref = (await card.getByRole("link").first().getAttribute("href"))!;
  const overdueRows = await walk<Invoice>(request, "invoices", overdueHref.split("?")[1]);
  expect(overdueRows.length).toBe(Object.values(overdue.counts).reduce((a, b) => a + b, 0));
  await expectListMatches(page, request, overdueHref, "invoices", "Invoices");
  // That list's totals show the card's split: Remaining (still owed) and pending card payments.
  await page
    .getByRole("region", { name: "Totals of this view" })
    .getByRole("button", { name: "Sum this view" })
    .click();
  const totals = page.getByTestId("view-totals");
  await expect(totals.locator('[data-total="count"]')).toHaveText(
    String(overdueInvoices.length).replace(/\B(?=(\d{3})+(?!\d))/g, ","),
    { timeout: 60_000 },
  );
  for (const [code, sum] of Object.entries(owed.sums)) {
    const remaining = totals.locator(`[data-total="remaining"][data-currency="${code}"]`);
    expect(minorOf((await remaining.textContent()) ?? ""), code).toBe(sum);
    const pendingTotal = totals.locator(`[data-total="pending"][data-currency="${code}"]`);
    if (pending.sums[code]! > 0n)
      expect(minorOf((await pendingTotal.textContent()) ?? ""), code).toBe(pending.sums[code]);
  }

  await page.goto("/");
  await expect(figure("card-drafts")).toHaveAttribute("href", "/invoices?needsApproval=true");
  await expectListMatches(page, request, "/invoices?needsApproval=true", "invoices", "Invoices");

  await page.goto("/");
  await expect(figure("card-unapplied")).toHaveAttribute(
    "href",
    "/payments?hasUnappliedAmount=true",
  );
  await figure("card-renewals").click();
  await expect(page).toHaveURL(/\/renewals#within-30$/);
  await expect(page.getByTestId("within-window")).toHaveText(`${soon.length} end within 30 days`);
  // The card's count is the list's marked rows: the first ones, in the table's order.
  const marked = (await renewalRows(request, page)).map((r) => r.withinWindow);
  expect(marked.slice(0, soon.length).every(Boolean)).toBe(true);
  expect(marked.slice(soon.length).some(Boolean)).toBe(false);
  await expect(
    page.getByRole("region", { name: "Renewals" }).locator("tbody tr[data-row-id]").first(),
  ).toContainText("Within 30 days");
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

test("the insight stream refuses unknown views and parameters with a clear answer", async ({
  request,
}) => {
  const unknown = await request.get("/api/insights/nope");
  expect(unknown.status()).toBe(404);
  const bad = await request.get("/api/insights/home?refresh=maybe&x=1");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).issues).toEqual([
    { message: "x: unknown parameter" },
    { message: "refresh: must be true or false" },
  ]);
});

test("a walk streams its progress as it goes and each part as it is read, then the result", async ({
  page,
}) => {
  // The fault-injecting app reads its API at 2 pages a second: the walk takes seconds.
  await ensureSignedIn(page, FAULTS_URL);
  const started = Date.now();
  const stream = await page.request.get(`${FAULTS_URL}/api/insights/receivables`);
  expect(stream.headers()["content-type"]).toContain("application/x-ndjson");
  expect(stream.headers()["cache-control"]).toContain("no-transform");
  const events = (await stream.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(Date.now() - started).toBeGreaterThan(2_000);
  const progress = events.filter((e) => e.type === "progress").map((e) => e.pages);
  expect(progress.length).toBeGreaterThan(3);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  const parts = events.filter((e) => e.type === "part").map((e) => e.name);
  expect([...parts].sort()).toEqual(["1-30", "31-60", "61-90", "90+", "current", "unapplied"]);
  const result = events.at(-1);
  expect(result.type).toBe("result");
  expect(result.pages).toBeGreaterThanOrEqual(progress.at(-1));
  // A real API is read against the real clock: today's UTC midnight.
  expect(Date.parse(result.today) % DAY).toBe(0);
});

test("the home page's figures arrive one by one, with the progress moving", async ({ page }) => {
  // A home page nobody has opened on this app (its results start empty), whose API is
  // read at 2 pages a second: the renewals card needs one page, the overdue card many.
  await ensureSignedIn(page, FAULTS_URL);
  await page.goto(`${FAULTS_URL}/`);
  const status = page.getByRole("status");
  const pagesRead = async () =>
    Number(
      /([\d,]+) pages?/
        .exec((await status.textContent().catch(() => "")) ?? "")?.[1]
        ?.replace(/,/g, "") ?? -1,
    );
  await expect.poll(pagesRead, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await pagesRead();
  await expect.poll(pagesRead, { timeout: 30_000 }).toBeGreaterThan(first);
  const figure = (card: string) =>
    page.getByTestId(card).locator("[data-figure], li[data-currency]");
  // One card shows its figure while another is still being read.
  await expect(figure("card-renewals").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("card-overdue")).toContainText("Reading…");
  await expect(figure("card-overdue").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("as-of")).not.toContainText("Not read yet");
  for (const card of ["card-overdue", "card-renewals", "card-drafts", "card-unapplied"])
    await expect(figure(card).first(), card).toBeVisible();
});

test("a walk that fails part-way says how far it got and shows no figures", async ({ page }) => {
  await ensureSignedIn(page, FAULTS_URL);
  // Only continued pages of the whole-list walks (100 a page, with a cursor) fail.
  // The renewals view walks every health state at once, and one state holds more
  // than 100 customers: its first page always arrives, its second always fails. A
  // rule counted by requests ("the first one passes") would race the parallel walks.
  const control = async (fault: string) => {
    const res = await page.request.post(FAULT_CONTROL_URL, {
      data: { fault, path: "/customers", query: "startingAfter=", after: 0 },
    });
    expect(res.status()).toBe(200);
  };
  // The home page walks /customers too, and a walk goes on when its viewer leaves:
  // let that one finish before the fault is set.
  await page.goto(`${FAULTS_URL}/`);
  const homeWalkOver = page
    .getByTestId("as-of")
    .filter({ hasNotText: "Not read yet" })
    .or(page.getByTestId("walk-failed"));
  await expect(homeWalkOver.first()).toBeVisible({ timeout: 30_000 });
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

test("a key without the customers claim: home shows the other figures, renewals says why", async ({
  page,
}) => {
  await page.goto(`${LIMITED_KEY_URL}/`);
  const renewals = page.getByTestId("card-renewals");
  await expect(renewals).toContainText("The API key may not read this list", { timeout: 30_000 });
  await expect(page.getByTestId("card-drafts").locator("[data-figure]")).toBeVisible();
  await page.goto(`${LIMITED_KEY_URL}/renewals`);
  const failed = page.getByTestId("walk-failed");
  await expect(failed).toContainText("The API key was not accepted", { timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Renewals" })).toHaveCount(0);
});

test("with the API down the home page says so and shows no figures", async ({ page }) => {
  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/`);
  const failed = page.getByTestId("walk-failed");
  await expect(failed).toContainText("The API could not be reached", { timeout: 45_000 });
  await expect(failed).toContainText("after 0 pages");
  // The cards stay, each saying it was not read: no figure.
  await expect(page.getByTestId("card-overdue")).toContainText("Not read yet");
  await expect(page.locator("[data-figure], li[data-currency]")).toHaveCount(0);
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
    // Bounded whatever the list's length: one page of rows in the payload, the first
    // rows drawn, a few hundred kB at most (23 MB at 50,000 customers before).
    expect(html.length).toBeLessThan(250_000);
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
