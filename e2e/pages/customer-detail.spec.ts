/**
 * One customer's page in a real browser against the built-in API: every field of
 * the record, and its invoices, contracts and payments as the API lists them for
 * that customer; amounts per currency never added; an unknown id is a 404 page.
 */

import {
  formatCents,
  formatDate,
  formatEndDate,
  formatMoney,
  formatTimestamp,
  humanize,
  type MoneyLike,
} from "../../lib/format";
import { axeBuilder } from "../support/axe";
import { API_DOWN_URL, demoKey, REFUSED_KEY_URL } from "../support/env";
import { expectBreadcrumb, reachForList } from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

// Timestamps follow the viewer's zone; calendar dates stay in UTC whatever it is.
const ZONE = "America/Los_Angeles";
test.use({ timezoneId: ZONE });

interface Customer {
  id: string;
  name: string;
  billingEmail: string;
  invoiceCcEmails: string[];
  emailPaymentFollowUps: boolean;
  lastPaymentFollowUpAt: string | null;
  note: string | null;
  invoiceNote: string | null;
  outstandingIssuedAmount: Record<string, MoneyLike>;
  contractCount: number;
  contractValueAmount: Record<string, MoneyLike>;
  remainingToInvoiceAmount: Record<string, MoneyLike>;
  contractHealth: string;
  coverageContractId: string | null;
  coverageContractStartAt: string | null;
  coverageContractEndAt: string | null;
  coverageContractAutoRenew: boolean;
  coverageContractRenewed: boolean;
  createdAt: string;
  updatedAt: string;
}

const auth = () => ({ authorization: `Bearer ${demoKey()}` });

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: auth() });
  expect(res.status(), path).toBe(200);
  return res.json();
}

/** Every customer of the demo business (a few pages). */
async function allCustomers(request: APIRequestContext): Promise<Customer[]> {
  const all: Customer[] = [];
  let cursor = "";
  do {
    const page = await api<{ data: Customer[]; hasMore: boolean; nextCursor?: string }>(
      request,
      `/customers?limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
    );
    all.push(...page.data);
    cursor = page.hasMore ? page.nextCursor! : "";
  } while (cursor);
  return all;
}

/** The customer with the most fields filled, so the field test covers them. */
function richest(customers: Customer[]): Customer {
  const score = (c: Customer) =>
    Number(c.note !== null) +
    Number(c.invoiceNote !== null) +
    Number(c.lastPaymentFollowUpAt !== null) +
    Number(c.invoiceCcEmails.length > 0) +
    Number(c.coverageContractId !== null) +
    Object.keys(c.outstandingIssuedAmount).length +
    Object.keys(c.remainingToInvoiceAmount).length;
  return [...customers].sort((a, b) => score(b) - score(a))[0]!;
}

/** The value shown under a field's label. */
const field = (page: Page, label: string) =>
  page
    .getByRole("main")
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

const money = (amounts: Record<string, MoneyLike>) =>
  Object.keys(amounts)
    .sort()
    .map((code) => formatMoney(amounts[code]!));

const region = (page: Page, title: string) =>
  page.getByRole("region", { name: `${title} of this customer` });

async function linkTargets(page: Page, title: string, count: number): Promise<string[]> {
  const links = region(page, title).locator("tbody tr td:first-child a");
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.slice(0, count);
}

test("every field of the customer record is shown as the API returns it; axe finds nothing serious", async ({
  page,
  request,
}) => {
  const customer = richest(await allCustomers(request));
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole("heading", { level: 1, name: customer.name })).toBeVisible();
  await expectBreadcrumb(page, "Customers", customer.name);
  await expect(
    page.locator("header").getByText(humanize(customer.contractHealth), { exact: true }),
  ).toBeVisible();
  // The figures first (on a phone, the cards stack in this order).
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
    "Amounts",
  );
  expect(
    (await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts()).slice(0, 4),
  ).toEqual(["Amounts", "Coverage contract", "Billing", "Notes and record"]);
  await expect(field(page, "Billing email")).toHaveText(customer.billingEmail);
  for (const email of customer.invoiceCcEmails)
    await expect(
      field(page, "Copied on emails").getByRole("listitem").filter({ hasText: email }),
    ).toBeVisible();
  await expect(field(page, "Payment follow-up emails")).toHaveText(
    customer.emailPaymentFollowUps ? "On" : "Off",
  );
  await expect(field(page, "Last follow-up")).toHaveText(
    customer.lastPaymentFollowUpAt
      ? formatTimestamp(customer.lastPaymentFollowUpAt, ZONE)
      : "Never",
  );
  await expect(field(page, "Staff note")).toHaveText(customer.note ?? "None");
  await expect(field(page, "Note printed on invoices")).toHaveText(customer.invoiceNote ?? "None");
  const amounts: [string, Record<string, MoneyLike>, string][] = [
    ["Outstanding on issued invoices", customer.outstandingIssuedAmount, "Nothing owed"],
    ["Contract value", customer.contractValueAmount, "None"],
    ["Remaining to invoice", customer.remainingToInvoiceAmount, "Nothing"],
  ];
  for (const [label, value, none] of amounts) {
    const lines = money(value);
    if (lines.length === 0) await expect(field(page, label)).toHaveText(none);
    else await expect(field(page, label).getByRole("listitem")).toHaveText(lines);
  }
  await expect(field(page, "Contracts")).toHaveText(String(customer.contractCount));
  if (customer.coverageContractId) {
    await expect(field(page, "Contract")).toContainText(customer.coverageContractId);
    const coverage = (
      await api<{ data: { id: string; name: string }[] }>(
        request,
        `/contracts?customerIds=${customer.id}&limit=100`,
      )
    ).data.find((c) => c.id === customer.coverageContractId);
    if (coverage) await expect(field(page, "Contract")).toContainText(coverage.name);
    await expect(field(page, "Start")).toHaveText(formatDate(customer.coverageContractStartAt));
    await expect(field(page, "Contract ends \\(last day covered\\)")).toHaveText(
      formatEndDate(customer.coverageContractEndAt),
    );
    await expect(field(page, "Auto-renew")).toHaveText(
      customer.coverageContractAutoRenew ? "Yes" : "No",
    );
    await expect(field(page, "Renewed")).toHaveText(
      customer.coverageContractRenewed ? "Yes" : "No",
    );
  }
  await expect(field(page, "Customer id")).toHaveText(customer.id);
  await expect(field(page, "Created")).toHaveText(formatTimestamp(customer.createdAt, ZONE));
  await expect(field(page, "Updated")).toHaveText(formatTimestamp(customer.updatedAt, ZONE));

  await test.step("the customer page has no serious accessibility violations", async () => {
    await expect(region(page, "Invoices").locator("tbody tr").first()).toBeVisible();
    const results = await axeBuilder(page).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
});

test("a customer without a coverage contract says so", async ({ page, request }) => {
  const none = (await allCustomers(request)).find((c) => c.coverageContractId === null);
  test.skip(!none, "every demo customer has a contract");
  await page.goto(`/customers/${none!.id}`);
  await expect(page.getByText("No contract: the customer has no contract in force.")).toBeVisible();
});

test("a customer owing in two currencies shows both amounts separately", async ({
  page,
  request,
}) => {
  const customer = (await allCustomers(request)).find(
    (c) => Object.keys(c.outstandingIssuedAmount).length >= 2,
  );
  expect(customer, "the demo data has a customer owing in two currencies").toBeDefined();
  await page.goto(`/customers/${customer!.id}`);
  const lines = money(customer!.outstandingIssuedAmount);
  expect(lines.length).toBeGreaterThanOrEqual(2);
  await expect(field(page, "Outstanding on issued invoices").getByRole("listitem")).toHaveText(
    lines,
  );
});

test("the three tables list the customer's invoices, contracts and payments as the API does", async ({
  page,
  request,
}) => {
  // A customer with a voided invoice, so the toggle changes the list.
  const voided = await api<{ data: { customerId: string }[] }>(
    request,
    "/invoices?statuses=VOIDED&limit=1",
  );
  const id = voided.data[0]!.customerId;
  type Row = { id: string; number?: string; amountCents?: number; receivedDate?: string };
  const list = async (path: string) => (await api<{ data: Row[] }>(request, path)).data;
  // Issued ones, newest first: the page's default (e2e/flows/find.spec.ts tests its choices).
  const invoices = await list(
    `/invoices?customerId=${id}&statuses=ISSUED&limit=50&orderBy=issuedAt:DESC`,
  );
  const contracts = await list(`/contracts?customerIds=${id}&limit=50`);
  const payments = await list(`/payments?customerId=${id}&limit=50`);

  // Rows are in the server's HTML.
  const html = await (await request.get(`/customers/${id}`)).text();
  for (const invoice of invoices.slice(0, 5)) expect(html).toContain(invoice.number!);
  for (const contract of contracts.slice(0, 5))
    expect(html).toContain(`/contracts/${contract.id}?customerId=${id}`);

  await page.goto(`/customers/${id}`);
  const n = (rows: Row[]) => Math.min(rows.length, 10);
  await expect
    .poll(() => linkTargets(page, "Invoices", n(invoices)))
    .toEqual(invoices.slice(0, 10).map((i) => `/invoices/${i.id}`));
  await expect
    .poll(() => linkTargets(page, "Contracts", n(contracts)))
    .toEqual(contracts.slice(0, 10).map((c) => `/contracts/${c.id}?customerId=${id}`));
  // The table counts what it loaded, a single contract in the singular.
  expect(contracts.length).toBeLessThan(50);
  const counted = contracts.length === 1 ? "1 contract" : `${contracts.length} contracts`;
  await expect(page.getByText(`${counted} loaded, all loaded`, { exact: true })).toBeVisible();
  if (payments.length > 0) {
    const shown = await region(page, "Payments")
      .locator("tbody tr[data-index]")
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll("td"), (td) => (td.textContent ?? "").trim()),
        ),
      );
    expect(shown.slice(0, 10).map((cells) => cells.slice(0, 2))).toEqual(
      payments.slice(0, 10).map((p) => [formatDate(p.receivedDate!), formatCents(p.amountCents!)]),
    );
  } else {
    await expect(page.getByText("No payment is attributed to this customer.")).toBeVisible();
  }

  // Voided invoices on request, under All.
  const all = await list(`/invoices?customerId=${id}&limit=50&orderBy=issuedAt:DESC`);
  const withVoided = await list(
    `/invoices?customerId=${id}&statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED&limit=50&orderBy=issuedAt:DESC`,
  );
  expect(withVoided.length).toBeGreaterThan(all.length);
  // The tables answer once reached for (a click before that is held, then given).
  await reachForList(page, "Invoices of this customer");
  await page
    .getByRole("group", { name: "Invoices shown" })
    .locator("label")
    .filter({ hasText: /^All$/ })
    .click();
  await expect(page).toHaveURL(/invoices=all/);
  await page.getByLabel("Include voided invoices").check();
  await expect(page).toHaveURL(/voided=true/);
  await expect
    .poll(() => linkTargets(page, "Invoices", n(withVoided)))
    .toEqual(withVoided.slice(0, 10).map((i) => `/invoices/${i.id}`));
  await expect(region(page, "Invoices").getByText("Voided").first()).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel("Include voided invoices")).not.toBeChecked();
  await expect
    .poll(() => linkTargets(page, "Invoices", n(all)))
    .toEqual(all.slice(0, 10).map((i) => `/invoices/${i.id}`));

  // The order is shown and flips to oldest first on the Issued header, as the API sorts.
  const issued = region(page, "Invoices").getByRole("columnheader", { name: /Issued/ });
  await expect(issued).toHaveAttribute("aria-sort", "descending");
  await expect(
    region(page, "Payments").getByRole("columnheader", { name: /Received/ }),
  ).toHaveAttribute("aria-sort", "descending");
  await issued.getByRole("button").click();
  await expect(page).toHaveURL(/invoicesOrderBy=issuedAt(%3A|:)ASC/);
  await expect(issued).toHaveAttribute("aria-sort", "ascending");
  const oldest = await list(`/invoices?customerId=${id}&limit=50&orderBy=issuedAt:ASC`);
  await expect
    .poll(() => linkTargets(page, "Invoices", n(oldest)))
    .toEqual(oldest.slice(0, 10).map((i) => `/invoices/${i.id}`));
});

test("an unknown or malformed id is a 404 page", async ({ page, request }) => {
  const response = await page.goto("/customers/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Customer not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to customers" })).toBeVisible();
  // A malformed id, as the server answers it: the same status (the page's words are in
  // every customer page's payload, as its 404 boundary, so they tell nothing here).
  const malformed = await request.get("/customers/not-a-customer");
  expect(malformed.status()).toBe(404);
});

test("a refused key and an API that is down are explained", async ({ page, request }) => {
  const [customer] = (await api<{ data: Customer[] }>(request, "/customers?limit=1")).data;
  await page.goto(`${REFUSED_KEY_URL}/customers/${customer!.id}`);
  const refused = page.getByRole("main").getByRole("alert");
  await expect(refused).toContainText("The API key was not accepted");
  await expect(refused).toContainText("INVOICING_API_KEY");
  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/customers/${customer!.id}`);
  const down = page.getByRole("main").getByRole("alert");
  await expect(down).toContainText("The API could not be reached", { timeout: 30_000 });
  await expect(down.getByRole("button", { name: "Retry" })).toBeVisible();
});

test("the customer page's summary and health reason come with its HTML; its tables answer at once, their first pages from the server", async ({
  page,
  request,
}) => {
  const customers = await allCustomers(request);
  const customer = customers.find((c) => c.coverageContractId !== null)!;
  const contracts = await api<{ data: { id: string; name: string }[] }>(
    request,
    `/contracts?customerIds=${customer.id}&statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED&limit=100`,
  );
  const coverage = contracts.data.find((c) => c.id === customer.coverageContractId)!;
  const dataReads: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/data/")) dataReads.push(req.url());
  });
  await page.goto(`/customers/${customer.id}`);
  await expect(region(page, "Invoices")).toHaveAttribute("data-hydrated", "");
  await page.waitForLoadState("networkidle");
  // The tables' first pages came with the HTML: what the browser reads is only a
  // next page, read ahead (a cursor in its query).
  const listReads = dataReads.filter((url) => !url.includes("limit=100"));
  expect(listReads.filter((url) => !url.includes("startingAfter="))).toEqual([]);
  // The coverage contract's name came with the HTML.
  await expect(field(page, "Contract")).toContainText(coverage.name);
  // (The invoices' contract names are looked up once, by the browser.)
  await page.waitForLoadState("networkidle");
  const readsAtLoad = dataReads.length;
  // The health reason opens without a read: the server wrote it (its popover's script
  // loads on the first reach for the button).
  await page.getByRole("button", { name: /^Why / }).first().click();
  await expect(page.locator("[data-health-reason]")).toContainText(
    `Its health is that of its coverage contract, ${coverage.name}.`,
  );
  await page.keyboard.press("Escape");
  await page.waitForTimeout(500);
  expect(dataReads.length).toBe(readsAtLoad);
  // A click on the tables right after load is not lost: the Unpaid choice answers.
  await page
    .getByRole("group", { name: "Invoices shown" })
    .locator("label")
    .filter({ hasText: /^Unpaid$/ })
    .click();
  await expect(page).toHaveURL(/invoices=unpaid/);
});
