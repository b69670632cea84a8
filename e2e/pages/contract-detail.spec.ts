/**
 * The contract page (/contracts/[id]) in a real browser against the built-in API:
 * a contract with a future amendment shows what its record says (terms, the end of
 * its terms in force, the reason for its health, its amendments) and its invoices as
 * the API lists them; contract names link there from the lists and the invoice page;
 * a missing contract is a 404 that says so, an API that is down an error with Retry.
 */

import type { APIRequestContext, Page } from "@playwright/test";
import { axeBuilder } from "../support/axe";
import { API_DOWN_URL } from "../support/env";
import { apiAuth, expectBreadcrumb } from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

interface Amendment {
  id: string;
  amendmentNumber: number;
  startAt: string;
  endAt: string;
}
interface Contract {
  id: string;
  customerId: string;
  name: string;
  lifecycleStatus: string;
  contractHealth: string;
  startAt: string;
  endAt: string;
  renewalNoticeDays: number | null;
  paymentTermsDays: number;
  futureAmendment: Amendment | null;
}
interface Invoice {
  id: string;
  number: string;
  customerId: string;
  contractId: string;
}

const DAY = 86_400_000;
const ALL_STATUSES = "statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED";
const ALL_INVOICE_STATUSES = "statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED";
const calendar = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
});
/** An exclusive end date as the page shows it: the last day covered. */
const lastDay = (iso: string) => calendar.format(Date.parse(iso) - DAY);

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: apiAuth() });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function allContracts(request: APIRequestContext): Promise<Contract[]> {
  const all: Contract[] = [];
  let cursor: string | undefined;
  do {
    const page = await api<{ data: Contract[]; hasMore: boolean; nextCursor?: string }>(
      request,
      `/contracts?limit=100&${ALL_STATUSES}${cursor ? `&startingAfter=${cursor}` : ""}`,
    );
    all.push(...page.data);
    cursor = page.hasMore ? page.nextCursor : undefined;
  } while (cursor);
  return all;
}

/** A Renewal due contract whose agreed next terms start after today: its terms in force end first. */
async function contractWithFutureAmendment(request: APIRequestContext): Promise<Contract> {
  const contracts = await allContracts(request);
  const found =
    contracts.find((c) => c.futureAmendment && c.contractHealth === "RENEWAL_DUE") ??
    contracts.find((c) => c.futureAmendment);
  expect(found, "the demo data holds a contract with a future amendment").toBeDefined();
  return found!;
}

const invoicesRegion = (page: Page) =>
  page.getByRole("region", { name: "Invoices of this contract" });

test("a contract with a future amendment: its record, terms in force, health reason and invoices match the API; axe finds nothing serious", async ({
  page,
  request,
}) => {
  const contract = await contractWithFutureAmendment(request);
  const future = contract.futureAmendment!;
  const customer = await api<{ name: string }>(request, `/customers/${contract.customerId}`);
  const invoices = await api<{ data: Invoice[] }>(
    request,
    `/invoices?contractId=${contract.id}&${ALL_INVOICE_STATUSES}&orderBy=issuedAt:DESC&limit=50`,
  );

  await page.goto(`/contracts/${contract.id}?customerId=${contract.customerId}`);
  await expect(page).toHaveTitle(new RegExp(`^${literal(contract.name)} · Contracts`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contract.name);
  await expectBreadcrumb(page, "Contracts", contract.name);
  await expect(page.getByRole("link", { name: customer.name, exact: true })).toHaveAttribute(
    "href",
    `/customers/${contract.customerId}`,
  );

  const terms = page.getByRole("region", { name: "Terms" });
  await expect(terms).toContainText(`Contract ends (last day covered)${lastDay(contract.endAt)}`);
  // The terms in force end where the agreed next terms start, before the contract's end.
  await expect(page.getByTestId("terms-in-force-end")).toHaveText(lastDay(future.startAt));
  await expect(page.getByTestId("notice-period")).toHaveText(
    contract.renewalNoticeDays ? `${contract.renewalNoticeDays} days` : "None",
  );
  await expect(terms).toContainText(`Payment terms${contract.paymentTermsDays} days`);

  const amendment = page.getByTestId("future-amendment");
  await expect(amendment).toContainText(`#${future.amendmentNumber}`);
  await expect(amendment).toContainText(future.id);
  await expect(amendment).toContainText(calendar.format(Date.parse(future.endAt) - DAY));

  const reason = page.getByTestId("health-reason");
  if (contract.contractHealth === "RENEWAL_DUE") {
    await expect(reason).toContainText(`end on ${lastDay(future.startAt)}`);
    const noticeFrom = Date.parse(future.startAt) - (contract.renewalNoticeDays ?? 0) * DAY;
    await expect(reason).toContainText(
      `renewal notice period of ${contract.renewalNoticeDays} days began on ${calendar.format(noticeFrom)}`,
    );
  }

  // Its invoices, in the API's order for the same query.
  const shown = async () =>
    invoicesRegion(page)
      .locator("tbody tr td:first-child a")
      .evaluateAll((as) => as.slice(0, 10).map((a) => a.getAttribute("href")));
  if (invoices.data.length > 0)
    await expect.poll(shown).toEqual(invoices.data.slice(0, 10).map((i) => `/invoices/${i.id}`));
  else await expect(invoicesRegion(page)).toContainText("no invoices");

  await test.step("the contract page has no serious accessibility violations", async () => {
    await expect(page.getByTestId("health-reason")).toBeVisible();
    const results = await axeBuilder(page).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});

test("without its customer in the link, the page finds it through its invoices", async ({
  page,
  request,
}) => {
  const invoice = (await api<{ data: Invoice[] }>(request, "/invoices?limit=1&statuses=ISSUED"))
    .data[0]!;
  const contract = (
    await api<{ data: Contract[] }>(
      request,
      `/contracts?customerIds=${invoice.customerId}&${ALL_STATUSES}&limit=100`,
    )
  ).data.find((c) => c.id === invoice.contractId)!;
  const res = await page.goto(`/contracts/${contract.id}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contract.name);
});

test("contract names link to the contract page from the invoice page and the contracts list", async ({
  page,
  request,
}) => {
  const invoice = (await api<{ data: Invoice[] }>(request, "/invoices?limit=1&statuses=ISSUED"))
    .data[0]!;
  const contracts = (
    await api<{ data: Contract[] }>(
      request,
      `/contracts?customerIds=${invoice.customerId}&${ALL_STATUSES}&limit=100`,
    )
  ).data;
  const contract = contracts.find((c) => c.id === invoice.contractId)!;
  await page.goto(`/invoices/${invoice.id}`);
  const link = page.getByTestId("invoice-contract");
  await expect(link).toHaveText(contract.name);
  // And its customer's payments, one click away.
  await expect(page.getByRole("link", { name: "The customer's payments" })).toHaveAttribute(
    "href",
    `/payments?customerId=${invoice.customerId}`,
  );
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`/contracts/${contract.id}\\?customerId=${invoice.customerId}$`),
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contract.name);

  const first = (await api<{ data: Contract[] }>(request, "/contracts?limit=1")).data[0]!;
  await page.goto("/contracts");
  const nameLink = page
    .getByRole("region", { name: "Contracts" })
    .getByRole("link", { name: first.name, exact: true })
    .first();
  await expect(nameLink).toHaveAttribute(
    "href",
    `/contracts/${first.id}?customerId=${first.customerId}`,
  );
  // Its invoices stay one click away.
  await expect(
    page.getByRole("link", { name: `Invoices of ${first.name}` }).first(),
  ).toHaveAttribute("href", `/invoices?contractId=${first.id}`);
});

test("an unknown or malformed id is the contract 404 page, saying so", async ({
  page,
  request,
}) => {
  const res = await page.goto("/contracts/00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Contract not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to contracts" })).toBeVisible();
  // A malformed id, as the server answers it: the same status (the page's words are in
  // every contract page's payload, as its 404 boundary, so they tell nothing here).
  const malformed = await request.get("/contracts/not-a-contract");
  expect(malformed.status()).toBe(404);
});

test("an API that is down shows what went wrong and a Retry, not a stack", async ({
  page,
  request,
}) => {
  const contract = (await api<{ data: Contract[] }>(request, "/contracts?limit=1")).data[0]!;
  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/contracts/${contract.id}?customerId=${contract.customerId}`);
  const down = page.getByRole("main").getByRole("alert");
  await expect(down).toContainText("The API could not be reached", { timeout: 30_000 });
  await expect(down.getByRole("button", { name: "Retry" })).toBeVisible();
});

test("a customer's health says why, by keyboard: the end of its terms in force and its notice period, as the API's contract has them", async ({
  page,
  request,
}) => {
  const contracts = await allContracts(request);
  // A Renewal due customer whose coverage contract's terms in force end before the contract.
  const coverage = contracts.find(
    (c) => c.contractHealth === "RENEWAL_DUE" && c.futureAmendment !== null,
  );
  expect(coverage, "a Renewal due contract with agreed next terms").toBeDefined();
  const customer = await api<{ id: string; name: string; coverageContractId: string }>(
    request,
    `/customers/${coverage!.customerId}`,
  );
  expect(customer.coverageContractId).toBe(coverage!.id);
  const termsEnd = coverage!.futureAmendment!.startAt;
  const noticeFrom = Date.parse(termsEnd) - coverage!.renewalNoticeDays! * DAY;

  await page.goto(`/customers/${customer.id}`);
  const why = page.getByRole("button", { name: "Why Renewal due?" }).first();
  await why.focus();
  await page.keyboard.press("Enter");
  const reason = page.locator("[data-health-reason]");
  await expect(reason).toBeVisible();
  await expect(reason).toContainText(coverage!.name);
  await expect(reason).toContainText(`end on ${lastDay(termsEnd)}`);
  await expect(reason).toContainText(
    `renewal notice period of ${coverage!.renewalNoticeDays} days began on ${calendar.format(noticeFrom)}`,
  );
  // Not the contract's own end, a year later.
  await expect(reason).not.toContainText(lastDay(coverage!.endAt));
  await page.keyboard.press("Escape");
  await expect(reason).toHaveCount(0);

  // The contracts list gives the same reason from the row's own record.
  await page.goto(`/contracts?customerIds=${customer.id}`);
  const row = page
    .getByRole("region", { name: "Contracts" })
    .locator(`tbody tr[data-row-id="${coverage!.id}"]`);
  await row.getByRole("button", { name: "Why Renewal due?" }).click();
  await expect(page.locator("[data-health-reason]")).toContainText(`end on ${lastDay(termsEnd)}`);
  // Pressing it did not open the row.
  await expect(page).toHaveURL(/\/contracts\?customerIds=/);
});

/** A name as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
