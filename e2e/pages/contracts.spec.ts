/**
 * The contracts list in a real browser against the built-in API: status chips
 * (deleted only on request), the processing filter and the customer picker give the
 * rows the API returns for the same query; customer names are looked up by id.
 */
import { LIFECYCLE_STATUSES } from "../../lib/api/enums";
import { humanize } from "../../lib/format";
import { API_DOWN_URL, REFUSED_KEY_URL } from "../support/env";
import { escapeRegExp, expectChip, openEditor, pick } from "../support/filters";
import { apiAuth, closeMenu, listUnderTest, quickViewsOf, toggleColumn } from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

interface ContractLike {
  id: string;
  name: string;
  customerId: string;
  lifecycleStatus: string;
}

const { apiPage, table, shownIds, expectRowsMatchApi } = listUnderTest<ContractLike>({
  list: "contracts",
  region: "Contracts",
  idFromHref: (href) => href.replace(/^\/contracts\//, "").replace(/\?.*$/, ""),
});
const auth = apiAuth;

test("the first page is in the server-rendered HTML", async ({ request }) => {
  const first = await apiPage(request, "");
  const html = await (await request.get("/contracts")).text();
  for (const contract of first.slice(0, 10)) {
    // The name opens the contract's page; its Invoices link, its invoices.
    expect(html).toContain(`/contracts/${contract.id}?customerId=${contract.customerId}`);
    expect(html).toContain(`/invoices?contractId=${contract.id}`);
    expect(html).toContain(contract.name);
  }
  expect(html).toContain("Deleted contracts are hidden unless picked in Status.");
  const deleted = await apiPage(request, "statuses=DELETED");
  const deletedHtml = await (await request.get("/contracts?statuses=DELETED")).text();
  for (const contract of deleted.slice(0, 5))
    expect(deletedHtml).toContain(`/contracts/${contract.id}?customerId=${contract.customerId}`);
  expect(deletedHtml).not.toContain("Deleted contracts are hidden");
});

test("the status filter offers every status; a chip, and deleted included on request, match the API", async ({
  page,
  request,
}) => {
  await page.goto("/contracts");
  await expectRowsMatchApi(page, request, "");
  // By default no deleted contract is listed.
  expect((await apiPage(request, "")).some((c) => c.lifecycleStatus === "DELETED")).toBe(false);
  await expect(page.getByText("Deleted contracts are hidden unless picked")).toBeVisible();
  // Every status the API takes is offered, named as the rows name it (lib/lists's
  // definitions and their agreement with the API are unit tests; one pick is the
  // browser's part).
  const editor = await openEditor(page, "Status");
  await expect(editor.locator("label")).toHaveText(LIFECYCLE_STATUSES.map(humanize));
  await page.keyboard.press("Escape");
  await pick(page, "Status", "Expired");
  await expectChip(page, "Status", "Expired");
  await expect(page).toHaveURL(/statuses=EXPIRED$/);
  await expectRowsMatchApi(page, request, "statuses=EXPIRED");
  await expect(
    table(page).locator('tbody tr td[data-column="lifecycleStatus"]').first(),
  ).toHaveText("Expired");
  await pick(page, "Status", "Expired");
  await expect(page).not.toHaveURL(/statuses/);
  await pick(page, "Status", "Active");
  await pick(page, "Status", "Deleted");
  await expect(page.getByText("Deleted contracts are hidden unless picked")).toBeHidden();
  await expectRowsMatchApi(page, request, "statuses=ACTIVE,DELETED");
});

test("quick views: Active, Draft and Ended show the API's contracts of those statuses; a status changed by hand marks none; the navigation's link clears them", async ({
  page,
  request,
}) => {
  await page.goto("/contracts");
  const { current, tab } = quickViewsOf(page, "Contract views");
  await expect(current).toHaveText("All");
  for (const [label, statuses, chip] of [
    ["Active", ["ACTIVE"], "Active"],
    ["Draft", ["DRAFT"], "Draft"],
    ["Ended", ["EXPIRED", "CANCELLED"], "Expired, Cancelled"],
  ] as const) {
    const query = `statuses=${statuses.join(",")}`;
    await tab(label).click();
    await expect(page).toHaveURL(new RegExp(`/contracts\\?${query}$`));
    await expect(current).toHaveText(label);
    await expectChip(page, "Status", chip);
    await expectRowsMatchApi(page, request, query);
    const rows = await apiPage(request, query);
    expect(rows.length, `the demo has ${query} contracts`).toBeGreaterThan(0);
    for (const contract of rows) expect(statuses).toContain(contract.lifecycleStatus);
  }
  // Cancelled taken out by hand: Expired alone is the person's own view.
  await pick(page, "Status", "Cancelled");
  await expect(page).toHaveURL(/\/contracts\?statuses=EXPIRED$/);
  await expect(current).toHaveCount(0);
  await expectRowsMatchApi(page, request, "statuses=EXPIRED");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contracts" })
    .click();
  await expect(page).toHaveURL(/\/contracts$/);
  await expect(current).toHaveText("All");
  await expectChip(page, "Status", null);
  await expectRowsMatchApi(page, request, "");
});

test("the processing filter matches the API both ways, and back/forward restore it", async ({
  page,
  request,
}) => {
  await page.goto("/contracts");
  await pick(page, "Processing", "Processing invoices");
  await expect(page).toHaveURL(/processingInvoices=true/);
  await expectRowsMatchApi(page, request, "processingInvoices=true");
  await pick(page, "Processing", "Not processing invoices");
  await expect(page).toHaveURL(/processingInvoices=false/);
  await expectRowsMatchApi(page, request, "processingInvoices=false");
  await page.goBack();
  await expectChip(page, "Processing", "Processing invoices");
  await expectRowsMatchApi(page, request, "processingInvoices=true");
  await page.goBack();
  await expectChip(page, "Processing", null);
  await expectRowsMatchApi(page, request, "");
});

test("the customer picker filters by the customers search; names come from the customer", async ({
  page,
  request,
}) => {
  const first = (await apiPage(request, ""))[0]!;
  const customer = await (
    await request.get(`/api/v1/customers/${first.customerId}`, { headers: auth() })
  ).json();
  await page.goto("/contracts");
  // The contract record has no customer name: the table looks it up.
  await expect(
    table(page).locator("tbody tr").first().locator('td[data-column="customer"]'),
  ).toHaveText(customer.name);
  await page.getByRole("combobox", { name: "Customers" }).fill(customer.name.slice(0, 8));
  await page
    .getByRole("option", { name: new RegExp(`^${escapeRegExp(customer.name)}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`customerIds=${customer.id}`));
  await expectRowsMatchApi(page, request, `customerIds=${customer.id}`);
  await expect(page.getByRole("button", { name: `Remove ${customer.name}` })).toBeVisible();
  // A row opens the contract's page (a cell without a link of its own: the status).
  const [id] = await shownIds(page, 1);
  await table(page).locator('tbody tr td[data-column="lifecycleStatus"]').first().click();
  await expect(page).toHaveURL(new RegExp(`/contracts/${id}\\?customerId=${customer.id}`));
});

test("an empty result names the filters and clears them in one click", async ({
  page,
  request,
}) => {
  expect(await apiPage(request, "statuses=DELETED&processingInvoices=true")).toEqual([]);
  await page.goto("/contracts?statuses=DELETED&processingInvoices=true");
  await expect(page.getByText("No contracts match these filters.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Status is Deleted" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: /^Processing invoices$/ }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/contracts$/);
  await expectRowsMatchApi(page, request, "");
});

test("hidden columns can be shown from the column picker", async ({ page, request }) => {
  const [first] = await apiPage(request, "");
  await page.goto("/contracts");
  await expect(table(page).getByRole("columnheader", { name: "Notes" })).toHaveCount(0);
  await toggleColumn(page, "Billables");
  await expect(page.getByRole("checkbox", { name: "Billables" })).toBeChecked();
  await closeMenu(page);
  await expect(table(page).getByRole("columnheader", { name: "Billables" })).toBeVisible();
  const full = await (await request.get("/api/v1/contracts?limit=1", { headers: auth() })).json();
  const c = full.data[0];
  expect(c.id).toBe(first!.id);
  await expect(
    table(page)
      .locator("tbody tr")
      .first()
      .getByText(
        `${c.subscriptionBillableCount} subscription · ${c.oneTimeBillableCount} one-time`,
      ),
  ).toBeVisible();
  // The choice holds as the person scrolls (the rows further down have it too), and
  // the picker goes on working there.
  await table(page).evaluate((el) => el.scrollTo({ top: 41 * 35 }));
  await expect(table(page).locator('tr[data-index="40"]')).toBeVisible();
  await expect(table(page).getByRole("columnheader", { name: "Billables" })).toBeVisible();
  await page.getByRole("button", { name: "Columns" }).click();
  await expect(page.getByRole("checkbox", { name: "Billables" })).toBeChecked();
  await toggleColumn(page, "Health");
  await closeMenu(page);
  await expect(table(page).getByRole("columnheader", { name: "Health" })).toHaveCount(0);
  // (the row's card, for a narrow table, is not shown beside the columns)
  await expect(table(page).locator('tr[data-index="40"] td:visible')).toHaveCount(
    await table(page).getByRole("columnheader").count(),
  );
});

test("a refused key and an API that is down are explained, not shown as empty", async ({
  page,
}) => {
  await page.goto(`${REFUSED_KEY_URL}/contracts`);
  const refused = page.getByRole("main").getByRole("alert");
  await expect(refused).toContainText("The API key was not accepted");
  await expect(refused).toContainText("INVOICING_API_KEY");
  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/contracts`);
  const down = page.getByRole("main").getByRole("alert");
  await expect(down).toContainText("The API could not be reached", { timeout: 30_000 });
  await expect(down.getByRole("button", { name: "Retry" })).toBeVisible();
});
