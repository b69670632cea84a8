/**
 * The customers list in a real browser against the built-in API: health chips,
 * name search, frequency and multi-field header sorting give the rows the API
 * returns for the same query; the URL keeps them for back/forward.
 */

import { CONTRACT_HEALTHS } from "../../lib/api/enums";
import { humanize } from "../../lib/format";
import { axeBuilder } from "../support/axe";
import { expectChip, openEditor, pick } from "../support/filters";
import { apiAuth, apiWalk, listUnderTest, orderByOf, quickViewsOf } from "../support/lists";
import { expect, test } from "../support/test";

interface CustomerLike {
  id: string;
  name: string;
}

const { apiPage, table, expectRowsMatchApi } = listUnderTest<CustomerLike>({
  list: "customers",
  region: "Customers",
  idFromHref: (href) => href.replace("/customers/", ""),
});

test("the first page is in the server-rendered HTML, in the most-need-attention order", async ({
  request,
}) => {
  const first = await apiPage(request, "");
  const html = await (await request.get("/customers")).text();
  for (const customer of first.slice(0, 10)) expect(html).toContain(`/customers/${customer.id}`);
  expect(html).toContain("Sorted by most need attention first");
  const filtered = await apiPage(request, "contractHealths=ENDING");
  const filteredHtml = await (await request.get("/customers?contractHealths=ENDING")).text();
  for (const customer of filtered.slice(0, 5))
    expect(filteredHtml).toContain(`/customers/${customer.id}`);
});

test("the health filter offers every health; a chip, and a combination, match the API", async ({
  page,
  request,
}) => {
  await page.goto("/customers");
  await expectRowsMatchApi(page, request, "");
  // Every health the API takes is offered, named as the rows name it (lib/lists's
  // definitions and their agreement with the API are unit tests; one pick is the
  // browser's part).
  const editor = await openEditor(page, "Health");
  await expect(editor.locator("label")).toHaveText(CONTRACT_HEALTHS.map(humanize));
  await page.keyboard.press("Escape");
  await pick(page, "Health", "Renewal due");
  await expectChip(page, "Health", "Renewal due");
  await expect(page).toHaveURL(/contractHealths=RENEWAL_DUE$/);
  await expectRowsMatchApi(page, request, "contractHealths=RENEWAL_DUE");
  // Every row shown carries that health.
  await expect(
    table(page)
      .locator('tbody tr td[data-column="health"]')
      .first()
      .getByText("Renewal due", { exact: true }),
  ).toBeVisible();
  await pick(page, "Health", "Renewal due");
  await expect(page).not.toHaveURL(/contractHealths/);
  await expectChip(page, "Health", null);
  await pick(page, "Health", "Ending");
  await pick(page, "Health", "Upcoming");
  await expectChip(page, "Health", "Ending, Upcoming");
  await expect(page).toHaveURL(/contractHealths=ENDING(%2C|,)UPCOMING/);
  await expectRowsMatchApi(page, request, "contractHealths=ENDING,UPCOMING");
});

test("quick views: Renewal due, Ending and No active contract show the API's customers of that health; the navigation's Customers link clears them", async ({
  page,
  request,
}) => {
  await page.goto("/customers");
  const { current, tab } = quickViewsOf(page, "Customer views");
  await expect(current).toHaveText("All");
  for (const [label, health] of [
    ["Renewal due", "RENEWAL_DUE"],
    ["Ending", "ENDING"],
    ["No active contract", "NO_ACTIVE_CONTRACT"],
  ] as const) {
    await tab(label).click();
    await expect(page).toHaveURL(new RegExp(`/customers\\?contractHealths=${health}$`));
    await expect(current).toHaveText(label);
    await expectChip(page, "Health", label);
    await expectRowsMatchApi(page, request, `contractHealths=${health}`);
    const rows = (await apiPage(request, `contractHealths=${health}`)) as (CustomerLike & {
      contractHealth: string;
    })[];
    expect(rows.length, `the demo has ${health} customers`).toBeGreaterThan(0);
    for (const customer of rows) expect(customer.contractHealth).toBe(health);
  }
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Customers" })
    .click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(current).toHaveText("All");
  await expectRowsMatchApi(page, request, "");
});

test("name search (debounced) and frequency match the API", async ({ page, request }) => {
  await page.goto("/customers");
  await page.getByRole("searchbox", { name: "Name" }).fill("son");
  await expect(page).toHaveURL(/search=son/);
  await expectRowsMatchApi(page, request, "search=son");

  await pick(page, "Billed", "Quarterly");
  await expect(page).toHaveURL(/subscriptionFrequency=QUARTERLY/);
  await expectRowsMatchApi(page, request, "search=son&subscriptionFrequency=QUARTERLY");

  await page.getByRole("searchbox", { name: "Name" }).fill("");
  await expect(page).not.toHaveURL(/search=/);
  await expectRowsMatchApi(page, request, "subscriptionFrequency=QUARTERLY");
  await pick(page, "Billed", "Annual");
  await expectChip(page, "Billed", "Annual");
  await expectRowsMatchApi(page, request, "subscriptionFrequency=ANNUAL");
});

test("header sort: a click sorts by one field, shift-click adds fields; Back and Forward restore filters and order", async ({
  page,
  request,
}) => {
  await page.goto("/customers");
  const header = (name: RegExp) => table(page).getByRole("columnheader", { name });
  const nameHeader = header(/^Name/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "none");

  await nameHeader.getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("name:ASC");
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByText(/Sorted by name \(A to Z\)/)).toBeVisible();
  await expectRowsMatchApi(page, request, "orderBy=name:ASC");

  await nameHeader.getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("name:DESC");
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expectRowsMatchApi(page, request, "orderBy=name:DESC");

  // Shift-click adds health, then contract value (flipped to descending with a second shift-click).
  await header(/^Health/)
    .getByRole("button")
    .click({ modifiers: ["Shift"] });
  await expect.poll(() => orderByOf(page)).toBe("name:DESC,contractHealth:ASC");
  const value = header(/^Contract value/);
  await value.getByRole("button").click({ modifiers: ["Shift"] });
  await value.getByRole("button").click({ modifiers: ["Shift"] });
  await expect
    .poll(() => orderByOf(page))
    .toBe("name:DESC,contractHealth:ASC,contractValueAmount:DESC");
  await expect(value).toHaveAttribute("aria-sort", "descending");
  await expectRowsMatchApi(
    page,
    request,
    "orderBy=name:DESC,contractHealth:ASC,contractValueAmount:DESC",
  );

  // A plain click starts over with that field alone; health first is "most need attention".
  await header(/^Health/)
    .getByRole("button")
    .click();
  await expect.poll(() => orderByOf(page)).toBe("contractHealth:ASC");
  await value.getByRole("button").click({ modifiers: ["Shift"] });
  await value.getByRole("button").click({ modifiers: ["Shift"] });
  await expect.poll(() => orderByOf(page)).toBe("contractHealth:ASC,contractValueAmount:DESC");
  await expectRowsMatchApi(page, request, "orderBy=contractHealth:ASC,contractValueAmount:DESC");

  await page.getByRole("button", { name: "Back to most need attention first" }).click();
  await expect.poll(() => orderByOf(page)).toBeNull();
  await expectRowsMatchApi(page, request, "");

  // Back and Forward restore filters and order.
  await pick(page, "Health", "Renewal due");
  await expect(page).toHaveURL(/contractHealths=RENEWAL_DUE/);
  await pick(page, "Billed", "Monthly");
  await expect(page).toHaveURL(/subscriptionFrequency=MONTHLY/);
  await table(page).getByRole("columnheader", { name: /^Name/ }).getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("name:ASC");
  await expectRowsMatchApi(
    page,
    request,
    "contractHealths=RENEWAL_DUE&subscriptionFrequency=MONTHLY&orderBy=name:ASC",
  );
  // Filtered and sorted (the layout test sees the list as it opens): nothing serious for axe.
  const results = await axeBuilder(page).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

  await page.goBack();
  await expect.poll(() => orderByOf(page)).toBeNull();
  await expectRowsMatchApi(
    page,
    request,
    "contractHealths=RENEWAL_DUE&subscriptionFrequency=MONTHLY",
  );
  await page.goBack();
  await expectChip(page, "Billed", null);
  await expectChip(page, "Health", "Renewal due");
  await expectRowsMatchApi(page, request, "contractHealths=RENEWAL_DUE");
  await page.goBack();
  await expectChip(page, "Health", null);
  await expectRowsMatchApi(page, request, "");

  await page.goForward();
  await page.goForward();
  await expectChip(page, "Billed", "Monthly");
  await expectChip(page, "Health", "Renewal due");
  await expectRowsMatchApi(
    page,
    request,
    "contractHealths=RENEWAL_DUE&subscriptionFrequency=MONTHLY",
  );
});

test("filters change the URL without reloading the page from the server; typing leaves one history entry", async ({
  page,
  request,
}) => {
  await page.goto("/customers");
  // A page fetched again from the server would be an RSC request for /customers (a
  // link's prefetch, which Next.js may make of "Clear filters", is not one).
  const pageFetches: string[] = [];
  page.on("request", (req) => {
    const headers = req.headers();
    if (
      new URL(req.url()).pathname === "/customers" &&
      headers.rsc === "1" &&
      !headers["next-router-prefetch"]
    )
      pageFetches.push(req.url());
  });
  await pick(page, "Health", "Ending");
  await expect(page).toHaveURL(/\?contractHealths=ENDING$/);
  const search = page.getByRole("searchbox", { name: "Name" });
  await search.pressSequentially("son", { delay: 60 });
  await expect(page).toHaveURL(/\?contractHealths=ENDING&search=son$/);
  await expectRowsMatchApi(page, request, "contractHealths=ENDING&search=son");

  // The keystrokes replaced the chip's entry: back returns to the list before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/customers$/);
  await expectChip(page, "Health", null);
  await expect(search).toHaveValue("");
  await expectRowsMatchApi(page, request, "");
  await page.goForward();
  await expect(search).toHaveValue("son");
  await expectRowsMatchApi(page, request, "contractHealths=ENDING&search=son");
  expect(pageFetches).toEqual([]);
});

test("an empty result names the filters and clears them in one click", async ({
  page,
  request,
}) => {
  // A customer with no contracts bills nothing, monthly or otherwise.
  expect(
    await apiPage(request, "contractHealths=NO_CONTRACTS&subscriptionFrequency=MONTHLY"),
  ).toEqual([]);
  await page.goto("/customers?contractHealths=NO_CONTRACTS&subscriptionFrequency=MONTHLY&search=a");
  await expect(page.getByText("No customers match these filters.")).toBeVisible();
  const main = page.getByRole("main");
  await expect(
    main.getByRole("listitem").filter({ hasText: "Health is No contracts" }),
  ).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Billed is Monthly" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Name contains “a”" })).toBeVisible();
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expectRowsMatchApi(page, request, "");
  await expect(page.getByRole("searchbox", { name: "Name" })).toHaveValue("");
});

test("unknown values in the URL are ignored, not sent to the API", async ({ page, request }) => {
  const res = await page.goto("/customers?orderBy=bogus:ASC&subscriptionFrequency=WEEKLY");
  expect(res?.status()).toBe(200);
  await expectRowsMatchApi(page, request, "");
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});

test("a row's health says why, naming its coverage contract as the API has it", async ({
  page,
  request,
}) => {
  const [first] = await apiPage(request, "");
  const customer = (await (
    await request.get(`/api/v1/customers/${first!.id}`, { headers: apiAuth() })
  ).json()) as { coverageContractId: string; contractHealth: string };
  const contracts = (await (
    await request.get(
      `/api/v1/contracts?customerIds=${first!.id}&statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED&limit=100`,
      { headers: apiAuth() },
    )
  ).json()) as { data: { id: string; name: string }[] };
  const coverage = contracts.data.find((c) => c.id === customer.coverageContractId)!;
  await page.goto("/customers");
  const row = table(page).locator(`tbody tr[data-row-id="${first!.id}"]`);
  await row.getByRole("button", { name: /^Why / }).click();
  await expect(page.locator("[data-health-reason]")).toContainText(
    `Its health is that of its coverage contract, ${coverage.name}.`,
  );
  // Pressing it, or clicking in the reason, did not open the row.
  await page.locator("[data-health-reason]").click();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/customers$/);
});

test("same-named customers read apart: each row shows its own e-mail under the name", async ({
  page,
  request,
}) => {
  const customers = await apiWalk<CustomerLike & { billingEmail: string }>(
    request,
    "customers",
    "",
  );
  const twins = customers.filter((c) => customers.some((o) => o.id !== c.id && o.name === c.name));
  expect(twins.length, "same-named customers in the demo data").toBeGreaterThan(1);
  const name = twins[0]!.name;
  await page.goto(`/customers?search=${encodeURIComponent(name)}`);
  for (const twin of twins.filter((c) => c.name === name)) {
    const row = table(page).locator(`tbody tr[data-row-id="${twin.id}"]`);
    await expect(row.locator("td").first()).toContainText(name);
    await expect(row.locator("td").first()).toContainText(twin.billingEmail);
  }
});
