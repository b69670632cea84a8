/**
 * The payments list in a real browser against the built-in API: the customer,
 * attributed and unapplied filters and a header order of up to three fields give the
 * rows the API returns for the URL's query; amounts show the API's cents.
 */

import { formatCents, formatDate } from "../../lib/format";
import { API_DOWN_URL, REFUSED_KEY_URL } from "../support/env";
import { escapeRegExp, expectChip, pick } from "../support/filters";
import { apiAuth, listUnderTest, orderByOf, quickViewsOf } from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

interface PaymentLike {
  id: string;
  receivedDate: string;
  customerId: string | null;
  customerName: string | null;
  amountCents: number;
  appliedAmountCents: number;
  unappliedAmountCents: number;
  parentPaymentId: string | null;
  bankFee: { amountCents: number; appliedAmountCents: number; unappliedAmountCents: number } | null;
}

const { apiPage, table } = listUnderTest<PaymentLike>({
  list: "payments",
  region: "Payments",
  idFromHref: (href) => href,
});
const _auth = apiAuth;

const header = (page: Page, name: string) =>
  table(page).getByRole("columnheader", { name: new RegExp(`^${name}`) });

/** Each column's text as the table shows it (by column id), from the API's record. */
function expectedCells(p: PaymentLike): Record<string, string> {
  const fee = (v: number | undefined) => (v === undefined ? "—" : formatCents(v));
  return {
    receivedDate: formatDate(p.receivedDate),
    customer: p.customerName ?? "Not attributed",
    amount: formatCents(p.amountCents),
    applied: formatCents(p.appliedAmountCents),
    unapplied: formatCents(p.unappliedAmountCents),
    bankFee: fee(p.bankFee?.amountCents),
    bankFeeUnapplied: fee(p.bankFee?.unappliedAmountCents),
    parentPayment: p.parentPaymentId ? p.parentPaymentId.slice(0, 8) : "—",
  };
}

/** The shown cells of the first rows, by column id (the columns that fit the width). */
async function shownRows(page: Page, count: number): Promise<Record<string, string>[]> {
  const rows = table(page).locator("tbody tr[data-index]");
  await expect(rows.first()).toBeVisible();
  const all = await rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Object.fromEntries(
        Array.from(tr.querySelectorAll<HTMLElement>("td[data-column]"))
          .filter((td) => td.offsetWidth > 0)
          // A customer another bears the name of has its e-mail under it: the name is compared.
          .map((td) => {
            const text = td.querySelector("[data-billing-email]")?.previousElementSibling;
            return [td.dataset.column ?? "", ((text ?? td).textContent ?? "").trim()];
          }),
      ),
    ),
  );
  return all.slice(0, count);
}

/** The API's cells for the columns shown. */
function pickShown(cells: Record<string, string>, shown: Record<string, string> | undefined) {
  return Object.fromEntries(Object.keys(shown ?? {}).map((column) => [column, cells[column]]));
}

async function expectRowsMatchApi(page: Page, request: APIRequestContext, query: string) {
  const expected = (await apiPage(request, query)).slice(0, 10).map(expectedCells);
  expect(expected.length, `the API has rows for ${query}`).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const shown = await shownRows(page, expected.length);
        const want = expected.map((cells) => pickShown(cells, shown[0]));
        return JSON.stringify(shown) === JSON.stringify(want) ? "match" : { shown, want };
      },
      { message: query },
    )
    .toBe("match");
  const [first] = await shownRows(page, 1);
  for (const column of ["receivedDate", "customer", "amount", "applied", "unapplied"])
    expect(Object.keys(first ?? {}), "the columns people decide on show").toContain(column);
}

test("the first page is in the server-rendered HTML, newest received first", async ({
  request,
}) => {
  const first = await apiPage(request, "");
  const html = await (await request.get("/payments")).text();
  expect(html).toContain("Sorted newest received first (the default).");
  for (const payment of first.slice(0, 10)) {
    expect(html).toContain(formatCents(payment.amountCents));
    if (payment.customerId) expect(html).toContain(`/customers/${payment.customerId}`);
  }
});

test("quick views show the API's unapplied and unattributed payments; the navigation's Payments link clears the filters", async ({
  page,
  request,
}) => {
  await page.goto("/payments");
  const { current, tab } = quickViewsOf(page, "Payment views");
  await expect(current).toHaveText("All");
  await tab("Unapplied").click();
  await expect(page).toHaveURL(/\/payments\?hasUnappliedAmount=true$/);
  await expect(current).toHaveText("Unapplied");
  await expectRowsMatchApi(page, request, "hasUnappliedAmount=true");
  for (const p of await apiPage(request, "hasUnappliedAmount=true"))
    expect(p.unappliedAmountCents + (p.bankFee?.unappliedAmountCents ?? 0)).toBeGreaterThan(0);
  await tab("Not attributed").click();
  await expect(page).toHaveURL(/\/payments\?isAttributed=false$/);
  await expect(current).toHaveText("Not attributed");
  await expectRowsMatchApi(page, request, "isAttributed=false");
  await expectChip(page, "Attributed", "Not yet attributed");
  // The list's own link in the navigation, from the list itself: back to the whole list
  // (it waited, unseen, for the table's script before: a filtered list stayed filtered).
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Payments" })
    .click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(current).toHaveText("All");
  await expectChip(page, "Attributed", null);
  await expectRowsMatchApi(page, request, "");
});

test("attributed and unapplied filters match the API, and back/forward restore them", async ({
  page,
  request,
}) => {
  await page.goto("/payments");
  await pick(page, "Attributed", "Not yet attributed");
  await expect(page).toHaveURL(/isAttributed=false/);
  await expectRowsMatchApi(page, request, "isAttributed=false");
  // An unattributed row leads to the payments still to attribute.
  await table(page).locator("tbody tr").first().locator("td").nth(2).click();
  await expect(page).toHaveURL(/\/payments\?isAttributed=false$/);

  await pick(page, "Attributed", "Attributed to a customer");
  await expectRowsMatchApi(page, request, "isAttributed=true");
  await pick(page, "Unapplied", "With an unapplied amount");
  await expect(page).toHaveURL(/hasUnappliedAmount=true/);
  await expectRowsMatchApi(page, request, "isAttributed=true&hasUnappliedAmount=true");
  await pick(page, "Unapplied", "Fully applied");
  await expectRowsMatchApi(page, request, "isAttributed=true&hasUnappliedAmount=false");
  await page.goBack();
  await expectChip(page, "Unapplied", "With an unapplied amount");
  await expectRowsMatchApi(page, request, "isAttributed=true&hasUnappliedAmount=true");
  await page.goForward();
  await expectChip(page, "Unapplied", "Fully applied");
});

test("the customer filter takes one customer, picked by name", async ({ page, request }) => {
  const [payment] = await apiPage(request, "isAttributed=true");
  const name = payment!.customerName!;
  await page.goto("/payments");
  await page.getByRole("combobox", { name: "Customer", exact: true }).fill(name.slice(0, 8));
  await page
    .getByRole("option", { name: new RegExp(`^${escapeRegExp(name)}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`customerId=${payment!.customerId}`));
  await expectRowsMatchApi(page, request, `customerId=${payment!.customerId}`);
  // A second pick replaces the first.
  const other = (await apiPage(request, "isAttributed=true")).find(
    (p) => p.customerId !== payment!.customerId,
  )!;
  await page
    .getByRole("combobox", { name: "Customer", exact: true })
    .fill(other.customerName!.slice(0, 8));
  await page
    .getByRole("option", { name: new RegExp(`^${escapeRegExp(other.customerName!)}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`customerId=${other.customerId}`));
  await expectRowsMatchApi(page, request, `customerId=${other.customerId}`);
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(1);
});

test("on a phone the cards have no headers: Sort offers their orders, and the rows follow the API", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/payments");
  const rowIds = () =>
    table(page)
      .locator("tbody tr[data-row-id]")
      .evaluateAll((trs) => trs.slice(0, 10).map((tr) => tr.getAttribute("data-row-id")));
  const apiIds = async (query: string) =>
    (await apiPage(request, query)).slice(0, 10).map((payment) => payment.id);
  // Cards: no columns to choose, no header per field.
  await expect(page.getByRole("button", { name: "Columns" })).toBeHidden();
  await expect(header(page, "Amount")).toHaveCount(0);
  const sortBy = page.getByRole("menu", { name: "Sort by" });
  await page.getByRole("button", { name: "Sort" }).click();
  // The menu says the order on screen, and takes the keyboard at once.
  await expect(sortBy.getByRole("menuitem", { name: "Received, descending" })).toBeFocused();
  await sortBy.getByRole("menuitem", { name: /^Amount/ }).click();
  await expect.poll(() => orderByOf(page)).toBe("amountCents:ASC");
  await expect(sortBy).toBeHidden();
  await expect(page.getByRole("button", { name: "Sort" })).toBeFocused();
  await expect.poll(rowIds).toEqual(await apiIds("orderBy=amountCents:ASC"));
  // Again, from the keyboard: the other way round, as a second click on a header does.
  await page.keyboard.press("Enter");
  await expect(sortBy.getByRole("menuitem", { name: "Amount, ascending" })).toBeVisible();
  // Received, Customer, Amount.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(sortBy.getByRole("menuitem", { name: "Amount, ascending" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(rowIds).toEqual(await apiIds("orderBy=amountCents:DESC"));
});

test("newest received first; shift-click from there keeps it first; a click sorts by one field, shift-click adds up to three; amounts from cents match the API", async ({
  page,
  request,
}) => {
  await page.goto("/payments");
  await expectRowsMatchApi(page, request, "");
  await expect(header(page, "Received")).toHaveAttribute("aria-sort", "descending");
  // Shift-click from the default keeps newest received first.
  await header(page, "Applied")
    .getByRole("button")
    .click({ modifiers: ["Shift"] });
  await expect.poll(() => orderByOf(page)).toBe("receivedDate:DESC,appliedAmountCents:ASC");
  await expectRowsMatchApi(page, request, "orderBy=receivedDate:DESC,appliedAmountCents:ASC");
  await page.goBack();
  await expect.poll(() => orderByOf(page)).toBeNull();
  await header(page, "Received").getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("receivedDate:ASC");
  await expectRowsMatchApi(page, request, "orderBy=receivedDate:ASC");

  await header(page, "Amount").getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("amountCents:ASC");
  await expect(header(page, "Amount")).toHaveAttribute("aria-sort", "ascending");
  await expect(header(page, "Received")).toHaveAttribute("aria-sort", "none");
  await expectRowsMatchApi(page, request, "orderBy=amountCents:ASC");
  await header(page, "Amount").getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("amountCents:DESC");
  await expectRowsMatchApi(page, request, "orderBy=amountCents:DESC");

  await header(page, "Customer")
    .getByRole("button")
    .click({ modifiers: ["Shift"] });
  await expect.poll(() => orderByOf(page)).toBe("amountCents:DESC,customerName:ASC");
  await expectRowsMatchApi(page, request, "orderBy=amountCents:DESC,customerName:ASC");
  await header(page, "Received")
    .getByRole("button")
    .click({ modifiers: ["Shift"] });
  await expect
    .poll(() => orderByOf(page))
    .toBe("amountCents:DESC,customerName:ASC,receivedDate:ASC");
  await expectRowsMatchApi(
    page,
    request,
    "orderBy=amountCents:DESC,customerName:ASC,receivedDate:ASC",
  );
  await expect(page.getByText("Sorted by amount descending, then customer name")).toBeVisible();
  // Shift-click on a sorted field flips it in place.
  await header(page, "Customer")
    .getByRole("button")
    .click({ modifiers: ["Shift"] });
  await expect
    .poll(() => orderByOf(page))
    .toBe("amountCents:DESC,customerName:DESC,receivedDate:ASC");
  await expectRowsMatchApi(
    page,
    request,
    "orderBy=amountCents:DESC,customerName:DESC,receivedDate:ASC",
  );
  // A plain click starts over with that field alone.
  await header(page, "Bank fee").getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("bankFeeAmountCents:ASC");
  await expectRowsMatchApi(page, request, "orderBy=bankFeeAmountCents:ASC");
  // Rows with a bank fee and an unapplied part show those cents too.
  await header(page, "Bank fee").getByRole("button").click();
  await expect.poll(() => orderByOf(page)).toBe("bankFeeAmountCents:DESC");
  await expectRowsMatchApi(page, request, "orderBy=bankFeeAmountCents:DESC");
  await page.goBack();
  await page.goBack();
  await expect
    .poll(() => orderByOf(page))
    .toBe("amountCents:DESC,customerName:DESC,receivedDate:ASC");
  await page.goto("/payments?orderBy=unappliedAmountCents:DESC");
  await expectRowsMatchApi(page, request, "orderBy=unappliedAmountCents:DESC");
});

test("an empty result names the filters and clears them in one click", async ({
  page,
  request,
}) => {
  const [payment] = await apiPage(request, "isAttributed=true");
  const query = `customerId=${payment!.customerId}&isAttributed=false`;
  expect(await apiPage(request, query)).toEqual([]);
  await page.goto(`/payments?${query}`);
  await expect(page.getByText("No payments match these filters.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "one customer picked" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: /^Not yet attributed$/ }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expectRowsMatchApi(page, request, "");
});

test("a refused key and an API that is down are explained, not shown as empty", async ({
  page,
}) => {
  await page.goto(`${REFUSED_KEY_URL}/payments`);
  const refused = page.getByRole("main").getByRole("alert");
  await expect(refused).toContainText("The API key was not accepted");
  await expect(refused).toContainText("INVOICING_API_KEY");
  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/payments`);
  const down = page.getByRole("main").getByRole("alert");
  await expect(down).toContainText("The API could not be reached", { timeout: 30_000 });
  await expect(down.getByRole("button", { name: "Retry" })).toBeVisible();
});
