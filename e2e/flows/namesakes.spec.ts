/**
 * Two customers of one name, found in the API's customers (not named here), told
 * apart where the invoices and payments lists name them: each row's name has its
 * customer's billing e-mail under it, on the table and on the phone's cards, read
 * from one ask a page of rows (`GET /api/search/namesakes`), never one per row.
 */
import { PAGE_SIZE } from "../../lib/api/client";
import { API_DOWN_URL } from "../support/env";
import { apiWalk } from "../support/lists";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";

interface Customer {
  id: string;
  name: string;
  billingEmail: string;
}
interface Named {
  customerId: string | null;
  customerName: string | null;
}

/** Every pair of customers of one name, each with the API's records of a list naming them. */
async function namesakePairs(request: APIRequestContext): Promise<[Customer, Customer][]> {
  const customers = await apiWalk<Customer>(request, "customers", "orderBy=name:ASC");
  const pairs: [Customer, Customer][] = [];
  customers.forEach((c, i) => {
    const next = customers[i + 1];
    if (next && next.name === c.name) pairs.push([c, next]);
  });
  expect(pairs.length, "two customers of one name in the demo data").toBeGreaterThan(0);
  return pairs;
}

/** A row of `region` naming `customer` with its e-mail; on the table its name links to it. */
async function expectToldApart(region: Locator, customer: Customer, table: boolean) {
  const row = region.locator("tbody tr").filter({ hasText: customer.billingEmail }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(customer.name);
  // The table's cells or the card, whichever the width shows.
  const email = row.locator("[data-billing-email]:visible").first();
  await expect(email).toContainText(customer.billingEmail);
  if (table)
    await expect(row.locator(`a[href="/customers/${customer.id}"]`).first()).toHaveText(
      customer.name,
    );
}

// The customer index is read when the server starts: until then no name has an e-mail.
test.beforeEach(async ({ request }) => {
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/search?q=a&in=customers");
        return res.ok() ? (await res.json()).customers.index.state : `HTTP ${res.status()}`;
      },
      { timeout: 60_000 },
    )
    .toBe("ready");
});

const invoicesOf = (page: Page) => page.getByRole("region", { name: "Invoices" });
const paymentsOf = (page: Page) => page.getByRole("region", { name: "Payments" });

/**
 * Scrolled down to the customer's row, most of a screen of the table at a time (a longer
 * step could pass the row between two looks: only the rows near the view are drawn).
 * The table's own box is scrolled, not the mouse wheel's target: wheel events sent in
 * quick succession stay with the scroller the first one reached, which may be the page.
 */
async function scrollToRowOf(region: Locator, customer: Customer) {
  const row = region.locator("tbody tr").filter({ hasText: customer.billingEmail }).first();
  await expect(async () => {
    if ((await row.count()) === 0) {
      await region.evaluate((el) => el.scrollBy({ top: el.clientHeight * 0.8 }));
      throw new Error(`no row of ${customer.billingEmail} drawn yet`);
    }
    // Bounded: a row drawn at one width is dropped when the rows are measured again at
    // another, and an unbounded wait for it would outlast the search.
    await row.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(row).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 150_000, intervals: [100] });
}

test("same-named customers are told apart in the invoices list at 1440 and 390 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const pairs = await namesakePairs(request);
  // A pair both of whose issued invoices bear the shared name.
  let chosen: [Customer, Customer] | null = null;
  let total = 0;
  for (const pair of pairs) {
    const query = `customerIds=${pair[0].id},${pair[1].id}&statuses=ISSUED&orderBy=issuedAt:DESC`;
    const all = await apiWalk<Named>(request, "invoices", query);
    const rows = all.slice(0, 10);
    const billed = new Set(
      rows.filter((r) => r.customerName === pair[0].name).map((r) => r.customerId),
    );
    if (billed.has(pair[0].id) && billed.has(pair[1].id)) {
      chosen = pair;
      total = all.length;
      break;
    }
  }
  expect(chosen, "a pair with issued invoices among their ten newest").toBeTruthy();
  const [a, b] = chosen!;
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/search/namesakes")) asked.push(r.url());
  });
  await page.goto(`/invoices?customerIds=${a.id},${b.id}&statuses=ISSUED`);
  // The table's cells, then the phone's cards.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectToldApart(invoicesOf(page), a, width > 640);
    await expectToldApart(invoicesOf(page), b, width > 640);
  }
  // The first page's answer came with the page; each later page is one ask, never one a row.
  const pages = Math.ceil(total / PAGE_SIZE);
  expect(asked.length).toBeLessThan(pages);
});

test("same-named customers are told apart on the payments list's later pages at 1440 and 390 px", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pairs = await namesakePairs(request);
  // The order that brings a pair's payments nearest the top (they stand side by side by name).
  let best: { pair: [Customer, Customer]; order: string; at: number } | null = null;
  for (const order of ["customerName:ASC", "customerName:DESC"]) {
    const payments = await apiWalk<Named>(request, "payments", `orderBy=${order}`);
    for (const pair of pairs) {
      const ids = pair.map((c) => c.id);
      const rows = payments.flatMap((p, i) => (ids.includes(p.customerId ?? "") ? [i] : []));
      const paid = new Set(
        payments.filter((p) => ids.includes(p.customerId ?? "")).map((p) => p.customerId),
      );
      if (paid.size < 2) continue;
      if (!best || rows[0]! < best.at) best = { pair, order, at: rows[0]! };
    }
  }
  expect(best, "a pair both of whom have payments").toBeTruthy();
  const [a, b] = best!.pair;
  await page.goto(`/payments?orderBy=${best!.order}`);
  const region = paymentsOf(page);
  await expect(region.locator("tbody tr").first()).toBeVisible();
  // The table's cells, then the phone's cards of the same rows.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const customer of [a, b]) {
      await scrollToRowOf(region, customer);
      await expectToldApart(region, customer, width > 640);
    }
  }
});

test("a customer of a name of its own shows no e-mail in the invoices list", async ({
  page,
  request,
}) => {
  const pairs = await namesakePairs(request);
  const namesakes = new Set(
    pairs.flatMap(([a, b]) => [`/customers/${a.id}`, `/customers/${b.id}`]),
  );
  await page.goto("/invoices");
  const rows = invoicesOf(page).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      href: tr.querySelector("td[data-column='customer'] a")?.getAttribute("href") ?? "",
      email: tr.querySelector("td[data-column='customer'] [data-billing-email]") !== null,
    })),
  );
  expect(shown.length).toBeGreaterThan(0);
  for (const { href, email } of shown) expect(email, href).toBe(namesakes.has(href));
});

test("GET /api/search/namesakes names what is wrong in a 400, and asks for sign-in where it is on", async ({
  request,
}) => {
  const id = "0b7c6f0e-52f6-4c3e-9d2a-6a1f0c7f1e21";
  const cases: [string, RegExp][] = [
    ["", /^ids: required/],
    ["ids=x", /^ids: each must be a uuid/],
    [`ids=${Array(101).fill(id).join(",")}`, /^ids: at most 100/],
    [`ids=${id}&q=a`, /^q: unknown parameter/],
  ];
  for (const [query, issue] of cases) {
    const res = await request.get(`/api/search/namesakes?${query}`);
    expect(res.status(), query).toBe(400);
    expect((await res.json()).issues, query).toEqual([{ message: expect.stringMatching(issue) }]);
  }
  const unknown = await request.get(`/api/search/namesakes?ids=${id}`);
  expect(unknown.status()).toBe(200);
  expect((await unknown.json()).emails).toEqual({});
  const signedOut = await request.get(`${API_DOWN_URL}/api/search/namesakes?ids=${id}`, {
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBe(401);
});
