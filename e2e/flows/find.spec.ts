/**
 * From a name typed to what a customer owes, with nothing typed or clicked lost (issue
 * items 3, 4 and 5): keys typed while the palette's and the picker's scripts are still
 * on their way, a customer chip named in the server's HTML, Enter on the one
 * suggestion, the customer page's invoices against the API's own answer, the palette's
 * "Unpaid invoices of", the preset tab kept with a customer, a pending card payment in
 * words, and a saved view's suggested name.
 */

import { formatMoney, type MoneyLike } from "../../lib/format";
import { axeBuilder } from "../support/axe";
import { escapeRegExp } from "../support/filters";
import { apiAuth, apiWalk, quickViewsOf, reachForList } from "../support/lists";
import { holdScripts } from "../support/scripts";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

interface Customer {
  id: string;
  name: string;
  outstandingIssuedAmount: Record<string, MoneyLike>;
}

/**
 * A customer whose name no other customer's contains (the API's name search answers
 * it alone) and who owes something: typed whole, it is the one suggestion.
 */
async function owingCustomerOfItsOwnName(request: APIRequestContext): Promise<Customer> {
  const customers = await apiWalk<Customer>(request, "customers", "");
  const names = customers.map((c) => c.name.toLowerCase());
  const found = customers.find(
    (c) =>
      Object.keys(c.outstandingIssuedAmount).length > 0 &&
      names.filter((name) => name.includes(c.name.toLowerCase())).length === 1,
  );
  expect(found, "a customer who owes, of a name of its own").toBeTruthy();
  return found!;
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
// By label: a plain field while the palette's script loads, then the palette's own.
const paletteField = (page: Page) =>
  page.getByLabel(/^Search pages, saved views(, invoices)? and customers$/);
/** The invoices list's Customers picker (components/filters/customer-picker.tsx). */
const customersPicker = (page: Page) =>
  page.locator("search[aria-label='Filters']").getByRole("combobox", { name: "Customers" });

test.describe("nothing typed or clicked is lost", () => {
  test("keys typed right after load reach the palette, which answers them", async ({
    page,
    request,
  }) => {
    const customer = await owingCustomerOfItsOwnName(request);
    await page.goto("/invoices");
    // The palette's script arrives 800 ms after Ctrl+K: typing starts at once, 60 ms a letter.
    await holdScripts(page, 800);
    await page.keyboard.press("Control+k");
    await page.keyboard.type(customer.name, { delay: 60 });
    await expect(paletteField(page)).toHaveValue(customer.name);
    const option = palette(page).getByRole("option", {
      name: new RegExp(`^${escapeRegExp(customer.name)}`),
    });
    await expect(option.first()).toBeVisible();
    // The palette's own field now, its text whole: typing on adds to it.
    await page.keyboard.press("End");
    await page.keyboard.type("zz");
    await expect(paletteField(page)).toHaveValue(`${customer.name}zz`);
  });

  test("a palette left for another field before its script came never pops up over it", async ({
    page,
  }) => {
    await page.goto("/invoices");
    await holdScripts(page, 800);
    await page.keyboard.press("Control+k");
    await expect(paletteField(page)).toBeFocused();
    // The person moves on: Tab out of it, then into the customers field.
    await page.keyboard.press("Tab");
    await expect(palette(page)).toHaveCount(0);
    await customersPicker(page).click();
    await page.keyboard.type("ab");
    // Long after the script came: still no palette, the field keeps the focus and the text.
    await page.waitForTimeout(1500);
    await expect(palette(page)).toHaveCount(0);
    await expect(customersPicker(page)).toHaveValue("ab");
    await expect(customersPicker(page)).toBeFocused();
  });

  test("a name typed and Enter at once, before the picker's script, picks the one suggestion", async ({
    page,
    request,
  }) => {
    const customer = await owingCustomerOfItsOwnName(request);
    await page.goto("/invoices");
    await holdScripts(page, 600);
    await customersPicker(page).click();
    await page.keyboard.type(customer.name, { delay: 5 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`customerIds=${customer.id}`));
    const picked = page.getByRole("list", { name: "Customers picked" });
    await expect(picked).toContainText(customer.name);
    await expect(customersPicker(page)).toHaveValue("");
  });

  test("a customer chip from a link is named in the server's HTML, before any script", async ({
    browser,
    request,
    baseURL,
  }) => {
    const customer = await owingCustomerOfItsOwnName(request);
    // The page's scripts come 30 s late (its inline ones, which put streamed parts in place, run).
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await holdScripts(page, 30_000);
    const load = { waitUntil: "commit" } as const;
    await page.goto(`/invoices?customerIds=${customer.id}&statuses=ISSUED`, load);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Customers picked" })).toContainText(customer.name);
    // A customer set by a link (the id filter) too.
    await page.goto(`/invoices?customerId=${customer.id}`, load);
    await expect(page.locator("search[aria-label='Filters']")).toContainText(
      `Customer: ${customer.name}`,
    );
    await context.close();
  });
});

test.describe("from a customer to what it owes", () => {
  test("the customer page's invoices open on issued ones newest first; Unpaid; the list link", async ({
    page,
    request,
  }) => {
    const customer = await owingCustomerOfItsOwnName(request);
    const base = `customerId=${customer.id}&orderBy=issuedAt:DESC`;
    const issued = await apiWalk<{ id: string }>(request, "invoices", `${base}&statuses=ISSUED`);
    const unpaid = await apiWalk<{ id: string }>(
      request,
      "invoices",
      `${base}&statuses=ISSUED&hasOutstandingBalance=true`,
    );
    const everything = await apiWalk<{ id: string }>(request, "invoices", base);
    // The customer has invoices beyond its unpaid ones, and drafts sorted before them all.
    expect(unpaid.length).toBeGreaterThan(0);
    const links = () =>
      page
        .getByRole("region", { name: "Invoices of this customer" })
        .locator("tbody tr td:first-child a")
        .evaluateAll((as) => as.slice(0, 10).map((a) => a.getAttribute("href")));
    const hrefs = (rows: { id: string }[]) => rows.slice(0, 10).map((r) => `/invoices/${r.id}`);

    await page.goto(`/customers/${customer.id}`);
    await expect.poll(links).toEqual(hrefs(issued));
    const choice = (label: string) =>
      page
        .getByRole("group", { name: "Invoices shown" })
        .locator("label")
        .filter({ hasText: new RegExp(`^${label}$`) });
    await reachForList(page, "Invoices of this customer");
    await choice("Unpaid").click();
    await expect(page).toHaveURL(/invoices=unpaid/);
    await expect.poll(links).toEqual(hrefs(unpaid));
    await choice("All").click();
    await expect.poll(links).toEqual(hrefs(everything));
    await choice("Unpaid").click();
    expect((await axeBuilder(page).analyze()).violations.map((v) => v.id)).toEqual([]);

    // The same view in the Invoices list, the customer chosen and the Unpaid tab marked.
    await page.getByRole("link", { name: "Open in the Invoices list" }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/invoices\\?customerIds=${customer.id}&statuses=ISSUED&hasOutstandingBalance=true`,
      ),
    );
    await expect(quickViewsOf(page, "Invoice views").current).toHaveText("Unpaid");
    await expect(page.getByRole("list", { name: "Customers picked" })).toContainText(customer.name);
    // Another tab keeps the customer, and the mark follows.
    await quickViewsOf(page, "Invoice views").tab("Overdue").click();
    await expect(page).toHaveURL(new RegExp(`customerIds=${customer.id}`));
    await expect(quickViewsOf(page, "Invoice views").current).toHaveText("Overdue");

    // From the customer's figures: one click to its unpaid invoices.
    await page.goto(`/customers/${customer.id}`);
    await page.getByRole("link", { name: "Its unpaid invoices" }).click();
    await expect(quickViewsOf(page, "Invoice views").current).toHaveText("Unpaid");
  });

  test("the palette offers the unpaid invoices of a customer found", async ({ page, request }) => {
    const customer = await owingCustomerOfItsOwnName(request);
    await page.goto("/invoices");
    await page.keyboard.press("Control+k");
    await page.keyboard.type(customer.name);
    const owed = Object.values(customer.outstandingIssuedAmount).map(formatMoney);
    const option = palette(page).getByRole("option", {
      name: `Unpaid invoices of ${customer.name}`,
    });
    await expect(option).toContainText(owed[0]!);
    await option.click();
    await expect(page).toHaveURL(
      new RegExp(`customerIds=${customer.id}&statuses=ISSUED&hasOutstandingBalance=true`),
    );
    await expect(quickViewsOf(page, "Invoice views").current).toHaveText("Unpaid");
  });
});

test.describe("states that explain themselves", () => {
  test("a card payment pending is shown as pending, with its amount, not as $0.00 owed", async ({
    page,
    request,
  }) => {
    // Issued, something not yet paid, nothing uncovered: all that is left is pending.
    const res = await request.get(
      "/api/v1/invoices?statuses=ISSUED&hasOutstandingBalance=true&hasUncoveredBalance=false&limit=1",
      { headers: apiAuth() },
    );
    const [invoice] = (await res.json()).data;
    expect(invoice, "an invoice all of whose rest is in a pending card payment").toBeTruthy();
    const pending = formatMoney(invoice.pendingPaymentAmount);
    await page.goto(`/invoices/${invoice.id}`);
    const standing = page.getByTestId("invoice-standing");
    await expect(standing).toContainText(
      `${pending} in pending card payments, awaiting their funds`,
    );
    await expect(standing).not.toContainText("$0.00");
    await expect(page.getByTestId("pending-note")).toContainText("not paid until they arrive");

    // Its row in the list says what is pending under what is owed.
    await page.goto(
      `/invoices?customerIds=${invoice.customerId}&statuses=ISSUED&hasOutstandingBalance=true&hasUncoveredBalance=false`,
    );
    const row = page
      .getByRole("region", { name: "Invoices" })
      .locator("tbody tr")
      .filter({ hasText: invoice.number });
    await expect(row.locator('td[data-column="remaining"]')).toContainText(`${pending} pending`);
  });

  test("a saved view's suggested name names its customer", async ({ page, request }) => {
    const customer = await owingCustomerOfItsOwnName(request);
    await page.goto(`/invoices?customerIds=${customer.id}&statuses=ISSUED`);
    await expect(page.getByRole("list", { name: "Customers picked" })).toContainText(customer.name);
    await page.getByRole("button", { name: "Save view" }).click();
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(
      `Invoices of ${customer.name}: Status is Issued`,
    );
  });
});
