/**
 * The home page: its figures at a glance and its links, every figure recomputed from
 * whole walks of the API's own lists (e2e/support/insights.ts) and every link followed
 * to the list whose rows are counted; the walk's stream as the figures arrive; and what
 * it says when its API refuses a list or is down.
 */
import { API_DOWN_URL, FAULTS_URL, LIMITED_KEY_URL } from "../support/env";
import { expectChip } from "../support/filters";
import {
  type Customer,
  DAY,
  dayOf,
  expectListMatches,
  type Invoice,
  minorOf,
  openView,
  renewalRows,
  sumBy,
  TODAY,
  termsEnds,
  walk,
} from "../support/insights";
import { ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

test("home page renders, shows the figures at a glance and links the views, lists and API description", async ({
  page,
}) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await test.step("the heading and a card for each figure", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Invoicing" })).toBeVisible();
    for (const card of [
      "Overdue, per currency",
      "Renewals in the next 30 days",
      "Drafts waiting for approval",
      "Unapplied payments",
    ])
      await expect(main.getByRole("region", { name: card })).toBeVisible({ timeout: 30_000 });
  });
  await test.step("links to the views and lists", async () => {
    const expected: [RegExp, string][] = [
      [/^Renewals Who/, "/renewals"],
      [/^Receivables What/, "/receivables"],
      [/^Invoices/, "/invoices"],
      [/^Customers/, "/customers"],
      [/^Contracts/, "/contracts"],
      [/^Payments/, "/payments"],
      [/^API key/, "/key"],
    ];
    for (const [name, href] of expected)
      await expect(main.getByRole("link", { name }), href).toHaveAttribute("href", href);
  });
  await test.step("the drafts card opens the invoices needing approval", async () => {
    await main
      .getByRole("region", { name: "Drafts waiting for approval" })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/\/invoices\?needsApproval=true$/);
    await expectChip(page, "Approval", "Needs approval");
  });
  await test.step("the API description link", async () => {
    await page.goBack();
    await page.getByRole("link", { name: "/api/v1/openapi.json" }).click();
    await expect(page).toHaveURL(/openapi\.json$/);
  });
});

test("home: overdue per currency, renewals within 30 days, drafts to approve and unapplied payments match the API", async ({
  page,
  request,
}) => {
  // The page walks the renewals view too (its value card), beside the home figures.
  test.setTimeout(120_000);
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
  await card.getByRole("link").first().click();
  await expectListMatches(page, request, overdueHref, "invoices", "Invoices", { open: false });
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

  // Back to the page each time (one load of it), as a person going through its cards.
  await page.goBack();
  await expect(figure("card-drafts")).toHaveAttribute("href", "/invoices?needsApproval=true");
  await figure("card-drafts").click();
  await expectListMatches(page, request, "/invoices?needsApproval=true", "invoices", "Invoices", {
    open: false,
  });

  await page.goBack();
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

test("the home page's figures arrive one by one, with the progress moving", async ({ page }) => {
  // A home page nobody has opened on this app (its results start empty), whose API is
  // read at 2 pages a second: the renewals card needs one page, the overdue card many.
  await ensureSignedIn(page, FAULTS_URL);
  // The renewal value card's own walk (the renewals view) is left to renewals.spec.ts, whose
  // fault test needs that view unread on this app.
  await page.route("**/api/insights/renewals*", (route) => route.abort());
  // The progress line is in the server's HTML, so starting the walk shifts nothing.
  const html = await (await page.request.get(`${FAULTS_URL}/`)).text();
  expect(html.replace(/<!-- -->/g, "")).toContain(
    "Reading every page of the overdue invoices, renewals, drafts and unapplied payments: 0 pages",
  );
  await page.goto(`${FAULTS_URL}/`);
  const freshness = page.getByRole("region", { name: "Data freshness", exact: true });
  const status = freshness.getByRole("status");
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
  await expect(freshness.getByTestId("as-of")).not.toContainText("Not read yet");
  for (const card of ["card-overdue", "card-renewals", "card-drafts", "card-unapplied"])
    await expect(figure(card).first(), card).toBeVisible();
});

test("a key without the customers claim: home shows the other figures and why renewals has none", async ({
  page,
}) => {
  await page.goto(`${LIMITED_KEY_URL}/`);
  const renewals = page.getByTestId("card-renewals");
  await expect(renewals).toContainText("The API key may not read this list", { timeout: 30_000 });
  await expect(page.getByTestId("card-drafts").locator("[data-figure]")).toBeVisible();
});

test("with the API down the home page says so and shows no figures", async ({ page }) => {
  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/`);
  // Each view's walk says so in its own region: the home figures' and the renewal value's.
  for (const name of ["Data freshness", "Data freshness of the renewal value"]) {
    const failed = page.getByRole("region", { name, exact: true }).getByTestId("walk-failed");
    await expect(failed, name).toContainText("The API could not be reached", { timeout: 45_000 });
    await expect(failed, name).toContainText("after 0 pages");
  }
  // The cards stay, each saying it was not read: no figure.
  await expect(page.getByTestId("card-overdue")).toContainText("Not read yet");
  await expect(page.locator("[data-figure], li[data-currency]")).toHaveCount(0);
});
