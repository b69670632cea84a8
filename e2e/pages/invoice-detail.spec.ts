/**
 * The invoice page: every field of a real invoice as the API returns it, the lines
 * and their sum, and the 404 and error pages.
 */
import http from "node:http";
import { formatDate, formatMoney, formatPeriod, formatTimestamp, humanize } from "../../lib/format";
import { API_DOWN_URL, demoKey, REFUSED_KEY_URL } from "../support/env";
import { expectBreadcrumb } from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

const ZONE = "America/Los_Angeles";
test.use({ timezoneId: ZONE });

interface Money {
  value: number;
  currencyCode: string;
}
interface Invoice {
  id: string;
  customerId: string;
  customerName: string | null;
  contractId: string;
  number: string;
  status: string;
  notes: string | null;
  approvedByUser: {
    email: string;
    firstName: string;
    lastName: string | null;
    role: string;
  } | null;
  approvedByApiKeyId: string | null;
  approvedAt: string | null;
  issuedAt: string | null;
  dueAt: string | null;
  paymentTermsDays: number | null;
  lastPaidAt: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  periodStartAt: string;
  periodEndAt: string;
  lastSentAt: string | null;
  deliveryMethod: string | null;
  totalAmount: Money;
  appliedAmount: Money;
  pendingPaymentAmount: Money;
  remainingAmount: Money;
  lines: {
    id: string;
    description: string;
    billingStartAt: string;
    billingEndAt: string;
    amount: Money;
  }[];
  createdAt: string;
  updatedAt: string;
}

const headers = () => ({ authorization: `Bearer ${demoKey()}` });

async function findInvoice(
  request: APIRequestContext,
  query: string,
  fits: (i: Invoice) => boolean,
): Promise<Invoice> {
  const res = await request.get(`/api/v1/invoices?limit=100&${query}`, { headers: headers() });
  const page = (await res.json()).data as Invoice[];
  const found = page.find(fits) ?? page[0]!;
  const full = await request.get(`/api/v1/invoices/${found.id}`, { headers: headers() });
  expect(full.status()).toBe(200);
  return full.json();
}

/** The value shown beside a field's label. */
const field = (page: Page, label: string) =>
  page
    .getByRole("main")
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

const stamp = (iso: string | null) => (iso ? formatTimestamp(iso, ZONE) : "—");

test("every field of a paid, person-approved invoice matches the API", async ({
  page,
  request,
}) => {
  const invoice = await findInvoice(
    request,
    "statuses=ISSUED&hasAppliedPayments=true",
    (i) => i.approvedByUser !== null && i.paidAt !== null && i.notes !== null && !!i.lastSentAt,
  );
  const response = await page.goto(`/invoices/${invoice.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^${invoice.number} · Invoices`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${invoice.number}`);
  await expectBreadcrumb(page, "Invoices", invoice.number);

  // Atop the page, where it stands: the total, paid in full on the (UTC) day.
  await expect(page.getByTestId("invoice-standing")).toHaveText(
    `${formatMoney(invoice.totalAmount)} paid in full on ${formatDate(invoice.paidAt)}`,
  );
  await expect(field(page, "Number")).toHaveText(invoice.number);
  await expect(field(page, "Status")).toHaveText(humanize(invoice.status));
  await expect(field(page, "Payment")).toHaveText("Paid");
  // The customer by its name today (the name billed beside it when they differ).
  const today = await (
    await request.get(`/api/v1/customers/${invoice.customerId}`, { headers: headers() })
  ).json();
  const customer = field(page, "Customer").getByTestId("invoice-customer");
  await expect(customer).toHaveText(today.name);
  await expect(customer).toHaveAttribute("href", `/customers/${invoice.customerId}`);
  // The contract by its name, to its page.
  const contracts = await (
    await request.get(
      `/api/v1/contracts?customerIds=${invoice.customerId}&statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED&limit=100`,
      { headers: headers() },
    )
  ).json();
  const contract = field(page, "Contract").getByRole("link");
  await expect(contract).toHaveText(
    contracts.data.find((c: { id: string }) => c.id === invoice.contractId).name,
  );
  await expect(contract).toHaveAttribute(
    "href",
    `/contracts/${invoice.contractId}?customerId=${invoice.customerId}`,
  );
  await expect(field(page, "Period")).toContainText(
    formatPeriod(invoice.periodStartAt, invoice.periodEndAt),
  );
  await expect(field(page, "Payment terms")).toHaveText(`${invoice.paymentTermsDays} days`);
  await expect(field(page, "Delivery")).toHaveText(humanize(invoice.deliveryMethod!));
  await expect(field(page, "Notes")).toHaveText(invoice.notes!);
  await expect(field(page, "Invoice id")).toHaveText(invoice.id);

  await expect(field(page, "Total")).toHaveText(formatMoney(invoice.totalAmount));
  await expect(field(page, "Applied")).toHaveText(formatMoney(invoice.appliedAmount));
  await expect(field(page, "Pending card payments")).toHaveText(
    formatMoney(invoice.pendingPaymentAmount),
  );
  await expect(field(page, "Remaining")).toHaveText(formatMoney(invoice.remainingAmount));

  const user = invoice.approvedByUser!;
  await expect(field(page, "Approved by")).toContainText(user.email);
  await expect(field(page, "Approved by")).toContainText(humanize(user.role));
  if (user.firstName !== user.email)
    await expect(field(page, "Approved by")).toContainText(user.firstName);

  // Timestamps in the viewer's zone (switched after hydration), zone named.
  await expect(field(page, "Approved")).toHaveText(stamp(invoice.approvedAt));
  await expect(field(page, "Issued")).toHaveText(stamp(invoice.issuedAt));
  // A due date is the (UTC) day it falls on, as the aging buckets count it.
  await expect(field(page, "Due")).toHaveText(formatDate(invoice.dueAt));
  await expect(field(page, "Voided")).toHaveText("—");
  await expect(field(page, "Last sent")).toHaveText(stamp(invoice.lastSentAt));
  await expect(field(page, "Created")).toHaveText(stamp(invoice.createdAt));
  await expect(field(page, "Updated")).toHaveText(stamp(invoice.updatedAt));
  // Calendar dates in UTC, whatever the zone.
  await expect(field(page, "Paid")).toContainText(formatDate(invoice.paidAt));
  await expect(field(page, "Last paid")).toContainText(formatDate(invoice.lastPaidAt));

  // The lines, in the API's order, and their sum (which is the total).
  const lines = page.getByRole("table", { name: `Lines of invoice ${invoice.number}` });
  const rows = lines.locator("tbody tr");
  await expect(rows).toHaveCount(invoice.lines.length);
  for (const [i, line] of invoice.lines.entries()) {
    const cells = rows.nth(i).locator("td");
    await expect(cells.nth(0)).toHaveText(line.description);
    await expect(cells.nth(1)).toHaveText(formatPeriod(line.billingStartAt, line.billingEndAt));
    await expect(cells.nth(2)).toHaveText(formatMoney(line.amount));
  }
  const sum = invoice.lines.reduce((total, line) => total + line.amount.value, 0);
  expect(sum).toBe(invoice.totalAmount.value);
  const footer = lines.locator("tfoot tr");
  await expect(footer.locator("th")).toHaveText(
    `Sum of ${invoice.lines.length} line${invoice.lines.length === 1 ? "" : "s"}`,
  );
  await expect(footer.locator("td")).toHaveText(
    formatMoney({ value: sum, currencyCode: invoice.totalAmount.currencyCode }),
  );

  // The links lead where they say.
  await customer.click();
  await expect(page).toHaveURL(new RegExp(`/customers/${invoice.customerId}$`));
});

test("an invoice approved by an API key, and a voided one, show their own fields", async ({
  page,
  request,
}) => {
  const byKey = await findInvoice(
    request,
    "statuses=APPROVED",
    (i) => i.approvedByApiKeyId !== null,
  );
  expect(byKey.approvedByApiKeyId).not.toBeNull();
  await page.goto(`/invoices/${byKey.id}`);
  await expect(field(page, "Approved by")).toHaveText(`API key ${byKey.approvedByApiKeyId}`);
  await expect(field(page, "Payment terms")).toHaveText(
    byKey.paymentTermsDays === null ? "—" : `${byKey.paymentTermsDays} days`,
  );

  const voided = await findInvoice(request, "statuses=VOIDED", (i) => i.voidedAt !== null);
  await page.goto(`/invoices/${voided.id}`);
  await expect(field(page, "Status")).toHaveText("Voided");
  await expect(field(page, "Payment")).toHaveText("Nothing owed");
  await expect(page.getByTestId("invoice-standing")).toHaveText(
    `${formatMoney(voided.totalAmount)} voided on ${formatDate(voided.voidedAt)}: nothing is owed`,
  );
  await expect(field(page, "Voided")).toHaveText(stamp(voided.voidedAt));
  await expect(field(page, "Issued")).toHaveText("—");
  await expect(field(page, "Paid")).toHaveText("—");

  const draft = await findInvoice(request, "statuses=DRAFT", () => true);
  await page.goto(`/invoices/${draft.id}`);
  await expect(field(page, "Approved by")).toHaveText("—");
  await expect(page.getByTestId("invoice-standing")).toHaveText(
    `${formatMoney(draft.totalAmount)} not issued yet: planned to issue on ${formatDate(draft.periodStartAt)}`,
  );
  await expect(field(page, "Delivery")).toHaveText(
    draft.deliveryMethod ? humanize(draft.deliveryMethod) : "None recorded",
  );
});

test("the invoice page is server-rendered", async ({ request }) => {
  const invoice = await findInvoice(request, "statuses=ISSUED", () => true);
  const html = await (await request.get(`/invoices/${invoice.id}`)).text();
  expect(html).toContain(invoice.number);
  expect(html).toContain(invoice.lines[0]!.description.replaceAll("&", "&amp;"));
});

test("an unknown id is the invoice 404 page, with a way back", async ({ page }) => {
  const response = await page.goto("/invoices/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Invoice not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to invoices" }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

/** Sends the path byte for byte (a browser may send a malformed escape as typed). */
function rawGet(baseURL: string, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path, timeout: 10_000 }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

const STACK = /\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+|Error: /;

test("a malformed id is a 404 (or an error page), never a stack", async ({
  page,
  request,
  baseURL,
}) => {
  // One drawn in the browser; the others as the server answers them: the same status,
  // and no stack (the page's words are in every invoice page's payload, as its 404
  // boundary, so they tell nothing here).
  const response = await page.goto("/invoices/not-a-uuid");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoice not found");
  for (const id of ["12345", "%25", "..%2F..%2Fetc", "x".repeat(300)]) {
    const answer = await request.get(`/invoices/${id}`);
    expect(answer.status(), id).toBe(404);
    expect(await answer.text(), id).not.toMatch(STACK);
  }
  for (const [path, expected] of [
    ["/invoices/%", 400],
    ["/invoices/%zz", 400],
    ["/no-such-page", 404],
  ] as const) {
    const { status, body } = await rawGet(baseURL!, path);
    expect(status, path).toBe(expected);
    expect(body, path).not.toMatch(STACK);
  }
  const notFound = await request.get("/no-such-page");
  expect(notFound.status()).toBe(404);
  expect(await notFound.text()).toMatch(/<h1[^>]*>Page not found<\/h1>/);
});

test("a refused key or an API that is down shows an error state, not a stack", async ({
  page,
  request,
}) => {
  const invoice = await findInvoice(request, "statuses=ISSUED", () => true);
  await page.goto(`${REFUSED_KEY_URL}/invoices/${invoice.id}`);
  const refused = page.getByRole("main").getByRole("alert");
  await expect(refused).toContainText("The API key was not accepted");
  await expect(refused).toContainText("INVOICING_API_KEY");
  await expect(page.getByRole("main")).not.toContainText(STACK);

  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/invoices/${invoice.id}`);
  const down = page.getByRole("main").getByRole("alert");
  await expect(down).toContainText("The API could not be reached");
  await expect(down.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(STACK);
  await down.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "The API could not be reached",
  );
});

test("an invoice billed under a name the customer has since changed shows both, and leads to the customer's payments and contract", async ({
  page,
  request,
}) => {
  const customers = new Map<string, string>();
  for (let cursor: string | undefined, more = true; more; ) {
    const res = await request.get(
      `/api/v1/customers?limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
      { headers: headers() },
    );
    const body = await res.json();
    for (const c of body.data as { id: string; name: string }[]) customers.set(c.id, c.name);
    more = body.hasMore;
    cursor = body.nextCursor;
  }
  const renamed = await findInvoice(
    request,
    "statuses=ISSUED&orderBy=issuedAt:ASC",
    (i) => customers.has(i.customerId) && customers.get(i.customerId) !== i.customerName,
  );
  const now = customers.get(renamed.customerId)!;
  expect(renamed.customerName, "the demo data holds a renamed customer's invoice").not.toBe(now);

  await page.goto(`/invoices/${renamed.id}`);
  const customer = field(page, "Customer");
  await expect(customer.getByTestId("invoice-customer")).toHaveText(now);
  await expect(customer.getByTestId("billed-name")).toContainText(
    `Billed as “${renamed.customerName}”`,
  );
  await customer.getByRole("link", { name: "The customer's payments" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments\\?customerId=${renamed.customerId}$`));

  // One billed under the name the customer still has shows that name alone.
  const same = await findInvoice(
    request,
    "statuses=ISSUED&orderBy=issuedAt:DESC",
    (i) => customers.get(i.customerId) === i.customerName,
  );
  await page.goto(`/invoices/${same.id}`);
  await expect(field(page, "Customer").getByTestId("invoice-customer")).toHaveText(
    same.customerName!,
  );
  await expect(page.getByTestId("billed-name")).toHaveCount(0);
});
