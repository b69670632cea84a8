/**
 * Finding an invoice by its number and a customer by any words or its e-mail, on the
 * built-in API, which, as the spec's API, has no number filter (checked first): the
 * palette, the invoices list's number search, `/invoices/<number>`, the filter bar's
 * customer picker, and `GET /api/search`'s answers and refusals.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { LIMITED_KEY_URL } from "../support/env";
import { apiAuth, apiWalk } from "../support/lists";
import { holdScripts } from "../support/scripts";
import { ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

interface ApiInvoice {
  id: string;
  number: string;
  customerId: string;
  status: string;
}
interface ApiCustomer {
  id: string;
  name: string;
  billingEmail: string;
  invoiceCcEmails: string[];
}

/** An issued invoice from the API's list: the last of its first page, so not the first one walked. */
async function issuedInvoice(request: APIRequestContext): Promise<ApiInvoice> {
  const res = await request.get("/api/v1/invoices?statuses=ISSUED&limit=100", {
    headers: apiAuth(),
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: ApiInvoice[] };
  const invoice = data.at(-1);
  if (!invoice) throw new Error("no issued invoice in the demo data");
  return invoice;
}

/** Waits until the number index holds every invoice (the server builds it at start). */
async function untilIndexed(request: APIRequestContext, base = "") {
  await expect
    .poll(
      async () => {
        const res = await request.get(`${base}/api/search?q=1&in=invoices`);
        return res.ok() ? (await res.json()).invoices.index.state : `HTTP ${res.status()}`;
      },
      { timeout: 60_000 },
    )
    .toBe("ready");
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

async function openPalette(page: Page) {
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(palette(page)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/** The invoice page of `invoice`, by its id. */
async function expectInvoicePage(page: Page, invoice: ApiInvoice) {
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(invoice.number);
}

test.beforeEach(async ({ request }) => untilIndexed(request));

test("the API has no number filter; the search finds the invoice all the same", async ({
  request,
}) => {
  const invoice = await issuedInvoice(request);
  const filtered = await request.get(
    `/api/v1/invoices?number=${encodeURIComponent(invoice.number)}`,
    { headers: apiAuth() },
  );
  expect(filtered.status()).toBe(400);
  const res = await request.get(`/api/search?q=${encodeURIComponent(invoice.number)}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  const body = await res.json();
  expect(body.invoices.shown[0]).toMatchObject({
    id: invoice.id,
    number: invoice.number,
    customerId: invoice.customerId,
    status: "ISSUED",
  });
  expect(body.invoices.index.state).toBe("ready");
  expect(body.customers.counted).toBe(0);
});

test("a part of a number typed in the palette lists the invoice above customers; Enter opens it", async ({
  page,
  request,
}) => {
  const invoice = await issuedInvoice(request);
  const digits = invoice.number.slice(-6);
  await page.goto("/invoices");
  await openPalette(page);
  await palette(page).getByLabel("Search pages, saved views, invoices and customers").fill(digits);
  const option = palette(page).getByRole("option", { name: new RegExp(invoice.number) });
  await expect(option).toBeVisible();
  const headings = await palette(page).locator("header").allTextContents();
  expect(headings).toContain("Invoices");
  if (headings.includes("Customers"))
    expect(headings.indexOf("Invoices")).toBeLessThan(headings.indexOf("Customers"));
  // No page or view holds the digits: the invoice is the first option, which Enter opens.
  await expect(palette(page).getByRole("option").first()).toHaveText(new RegExp(invoice.number));
  await page.keyboard.press("Enter");
  await expect(palette(page)).toBeHidden();
  await expectInvoicePage(page, invoice);
});

test("a number typed and Enter at once, before the palette's script, opens the invoice", async ({
  page,
  request,
}) => {
  const invoice = await issuedInvoice(request);
  await page.goto("/invoices");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // The palette's script (and every later one) comes 5 s late: Enter lands in the early
  // field (long enough for a loaded machine to type the number before it comes).
  await holdScripts(page, 5_000);
  await page.keyboard.press("Control+k");
  await page.keyboard.type(invoice.number);
  await expect(palette(page)).toHaveAttribute("aria-busy", "true");
  await page.keyboard.press("Enter");
  await expectInvoicePage(page, invoice);
});

test("the invoices list's number search lists what a number finds, and opens it", async ({
  page,
  request,
}) => {
  const invoice = await issuedInvoice(request);
  await page.goto("/invoices");
  const field = page.getByRole("combobox", { name: "Invoice number" });
  await field.click();
  await field.pressSequentially(invoice.number.toLowerCase().slice(-8));
  const option = page.getByRole("option", { name: new RegExp(invoice.number) });
  await expect(option).toBeVisible();
  await option.click();
  await expectInvoicePage(page, invoice);

  // Back on the list, Enter with nothing highlighted opens the number as typed.
  await page.goBack();
  await expect(page).toHaveURL(/\/invoices$/);
  await field.fill(invoice.number);
  await expect(option).toBeVisible();
  await field.press("Enter");
  await expectInvoicePage(page, invoice);
});

test("a number typed in the list's number search and Enter at once, before its script, opens the invoice", async ({
  page,
  request,
}) => {
  const invoice = await issuedInvoice(request);
  await page.goto("/invoices");
  // The combobox's script (and every later one) comes 5 s late: Enter lands in the plain
  // field (long enough for a loaded machine to type the number before it comes).
  await holdScripts(page, 5_000);
  const field = page.getByRole("combobox", { name: "Invoice number" });
  await field.click();
  await page.keyboard.type(invoice.number);
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expectInvoicePage(page, invoice);
});

test("a number and Enter in the list's number search before any script ran opens the invoice", async ({
  browser,
  request,
  baseURL,
}) => {
  const invoice = await issuedInvoice(request);
  // No script of the page runs before Enter: the browser sends the field as a plain form.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await holdScripts(page, 30_000);
  await page.goto("/invoices", { waitUntil: "commit" });
  const field = page.getByRole("combobox", { name: "Invoice number" });
  await field.fill(invoice.number);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await field.press("Enter");
  await expectInvoicePage(page, invoice);
  await context.close();
});

test("/invoices/<number> opens the invoice; a number none has says so and where to search", async ({
  page,
  request,
}) => {
  const invoice = await issuedInvoice(request);
  await page.goto(`/invoices/${invoice.number.toLowerCase()}`);
  await expectInvoicePage(page, invoice);

  const missing = `${invoice.number.slice(0, -6)}999999`;
  const res = await page.goto(`/invoices/${missing}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoice not found");
  await expect(page.getByText(`numbered ${missing}`)).toBeVisible();
  await expect(page.getByText(/Invoice number search of the invoices list/)).toBeVisible();
});

test("the customer picker finds a customer by words in any order and by its e-mail's domain", async ({
  page,
  request,
}) => {
  const customers = await apiWalk<ApiCustomer>(request, "customers", "orderBy=name:ASC");
  // A customer of two words or more: typed last word first, the first one cut short.
  const customer = customers.find((c) => /^\S{4,}\W+\S{3,}/.test(c.name));
  if (!customer) throw new Error("no customer of two words");
  const [first, second] = customer.name.split(/[^\p{L}\p{N}']+/u);
  const typed = `${second!.toUpperCase()} ${first!.slice(0, 3)}`;
  const res = await request.get(`/api/search?in=customers&q=${encodeURIComponent(typed)}`);
  const ids = ((await res.json()).customers.shown as ApiCustomer[]).map((c) => c.id);
  expect(ids).toContain(customer.id);

  const domain = customer.billingEmail.split("@")[1]!;
  const byDomain = customers.filter((c) =>
    [c.billingEmail, ...c.invoiceCcEmails].some((address) => address.includes(domain)),
  );
  const found = await (
    await request.get(`/api/search?in=customers&q=${encodeURIComponent(domain)}`)
  ).json();
  expect(found.customers.counted).toBe(byDomain.length);

  await page.goto("/invoices");
  const picker = page.getByRole("combobox", { name: "Customers" });
  await picker.fill(typed);
  const option = page.getByRole("option", { name: new RegExp(customer.name) }).first();
  await expect(option).toBeVisible();
  await expect(option).toContainText(customer.billingEmail);
});

test("with a key that may not read customers, a number still finds its invoice; the customers' failure is said", async ({
  page,
}) => {
  await ensureSignedIn(page, LIMITED_KEY_URL);
  const api = page.request;
  const listed = await api.get(`${LIMITED_KEY_URL}/api/data/invoices?statuses=ISSUED`);
  expect(listed.status()).toBe(200);
  const invoice = ((await listed.json()) as { data: ApiInvoice[] }).data.at(-1)!;
  await untilIndexed(api, LIMITED_KEY_URL);
  const res = await api.get(
    `${LIMITED_KEY_URL}/api/search?q=${encodeURIComponent(invoice.number)}`,
  );
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.invoices.shown[0].id).toBe(invoice.id);
  expect(body.customers).toBeUndefined();
  // The API's own refusal of the missing claim, as it came (in the answer, or as the answer).
  expect(body.failed.customers.code).toBe("UNAUTHORIZED");
  expect((await api.get(`${LIMITED_KEY_URL}/api/search?q=acme&in=customers`)).status()).toBe(401);

  await page.goto(`${LIMITED_KEY_URL}/invoices`);
  await openPalette(page);
  await palette(page)
    .getByLabel("Search pages, saved views, invoices and customers")
    .fill(invoice.number);
  await expect(
    palette(page).getByRole("option", { name: new RegExp(invoice.number) }),
  ).toBeVisible();
  await expect(palette(page).getByRole("status")).toHaveText("1 invoice.");
  await expect(palette(page).getByRole("alert")).toContainText("Customers could not be searched");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
});

test("GET /api/search names what is wrong with a query in a 400", async ({ request }) => {
  const cases: [string, RegExp][] = [
    ["", /^q: required/],
    ["q=%20%20", /^q: must hold something/],
    [`q=${"7".repeat(201)}`, /^q: at most 200 characters/],
    ["q=INV%0A1", /^q: must not hold control characters/],
    ["q=1&in=payments", /^in: must be invoices or customers/],
    ["q=1&limit=5", /^limit: unknown parameter/],
    ["q=1&q=2", /^q: given more than once/],
  ];
  for (const [query, issue] of cases) {
    const res = await request.get(`/api/search?${query}`);
    expect(res.status(), query).toBe(400);
    const body = await res.json();
    expect(body.code, query).toBe("BAD_REQUEST");
    expect(body.issues, query).toEqual([{ message: expect.stringMatching(issue) }]);
  }
});
