/**
 * The invoices list in a real browser against the built-in API: every filter and
 * order shows the rows the API returns for the same query.
 */

import { test as plainTest } from "@playwright/test";
import { formatDate, formatMoney, type MoneyLike } from "@/lib/format";
import { PAYMENT_STATE_LABELS, paymentStateOf } from "@/lib/invoice-state";
import { API_DOWN_URL, demoKey, E2E_NOW, REFUSED_KEY_URL } from "../support/env";
import { escapeRegExp, expectChip, openEditor, pick, toolbar } from "../support/filters";
import {
  closeMenu,
  overdueMarks,
  quickViewsOf,
  reachForList,
  toggleColumn,
} from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";

interface InvoiceLike {
  id: string;
  number: string;
  status: string;
  customerName: string | null;
  dueAt: string | null;
  totalAmount: MoneyLike;
  appliedAmount: MoneyLike;
  remainingAmount: MoneyLike;
  pendingPaymentAmount: MoneyLike;
}

/**
 * A page of the API's answer to the list's query. The list asks for newest issued
 * first when its URL names no order (lib/lists/invoices.ts), so does this.
 */
async function apiPage(request: APIRequestContext, query: string): Promise<InvoiceLike[]> {
  // Without filters the list opens on issued invoices (lib/lists/invoices.ts, opening).
  const opened = query.replace(/(^|&)orderBy=[^&]*/, "") ? [query] : ["statuses=ISSUED", query];
  if (!query.includes("orderBy=")) opened.push("orderBy=issuedAt:DESC");
  const ordered = opened.filter(Boolean).join("&");
  const res = await request.get(`/api/v1/invoices?limit=50&${ordered}`, {
    headers: { authorization: `Bearer ${demoKey()}` },
  });
  expect(res.status(), query).toBe(200);
  return (await res.json()).data;
}

const table = (page: Page) => page.getByRole("region", { name: "Invoices" });

/** The index of the first row not hidden under the table's header (its top row). */
function topRowIndex(region: Locator): Promise<number> {
  return region.evaluate((box) => {
    const head = box.querySelector("thead")?.getBoundingClientRect().bottom ?? 0;
    const top = Math.max(box.getBoundingClientRect().top, head);
    const rows = [...box.querySelectorAll<HTMLElement>("tbody tr[data-index]")];
    const first = rows.find((row) => row.getBoundingClientRect().bottom > top + 1);
    return Number(first?.dataset.index ?? -1);
  });
}
/** Our alerts (Next.js also keeps an empty route announcer with role alert). */
const alertIn = (page: Page) => page.getByRole("main").getByRole("alert");

/** Invoice numbers of the first rows shown (the first column's links). */
async function shownNumbers(page: Page, count = 10): Promise<string[]> {
  const links = table(page).locator("tbody tr td:first-child a");
  await expect(links.first()).toBeVisible();
  return (await links.allInnerTexts()).slice(0, count);
}

async function expectRowsMatchApi(page: Page, request: APIRequestContext, query: string) {
  const expected = (await apiPage(request, query)).slice(0, 10).map((i) => i.number);
  await expect
    .poll(() => shownNumbers(page, expected.length), { message: query })
    .toEqual(expected);
}

test("the first page is in the server-rendered HTML", async ({ request }) => {
  const first = await apiPage(request, "");
  const html = await (await request.get("/invoices")).text();
  for (const invoice of first.slice(0, 10)) expect(html).toContain(invoice.number);
});

test("opens newest issued first: the header flips the order, status chips filter, and Back and Forward restore them, as the API answers", async ({
  page,
  request,
}) => {
  // The Issued column shows from 1440 px (at 1280 it waits in the column chooser).
  await page.setViewportSize({ width: 1440, height: 900 });
  // A link without orderBy (as shared before) opens the new default, newest first.
  await page.goto("/invoices");
  await test.step("the Issued header flips to oldest first and back", async () => {
    const header = table(page).getByRole("columnheader", { name: /Issued/ });
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByText(/Sorted by issue date, newest first/)).toBeVisible();
    await expectRowsMatchApi(page, request, "");
    await expectRowsMatchApi(page, request, "orderBy=issuedAt:DESC");
    const newest = await apiPage(request, "orderBy=issuedAt:DESC");
    const oldest = await apiPage(request, "orderBy=issuedAt:ASC");
    expect(newest[0]!.number).not.toBe(oldest[0]!.number);
    await header.getByRole("button").click();
    await expect(page).toHaveURL(/orderBy=issuedAt%3AASC|orderBy=issuedAt:ASC/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByText(/Sorted by issue date, oldest first/)).toBeVisible();
    await expectRowsMatchApi(page, request, "orderBy=issuedAt:ASC");
    await header.getByRole("button").click();
    await expect(page).not.toHaveURL(/orderBy/);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expectRowsMatchApi(page, request, "orderBy=issuedAt:DESC");
  });
  await test.step("status chips, one and two", async () => {
    await pick(page, "Status", "Draft");
    await expect(page).toHaveURL(/statuses=DRAFT/);
    await expectChip(page, "Status", "Draft");
    await expectRowsMatchApi(page, request, "statuses=DRAFT");
    await pick(page, "Status", "Voided");
    await expectChip(page, "Status", "Draft, Voided");
    await expect(page).toHaveURL(/statuses=DRAFT%2CVOIDED|statuses=DRAFT,VOIDED/);
    await expectRowsMatchApi(page, request, "statuses=DRAFT,VOIDED");
  });
  await test.step("Back and Forward restore the filters", async () => {
    await pick(page, "Status", "Draft");
    await pick(page, "Status", "Voided");
    await pick(page, "Status", "Issued");
    await expect(page).toHaveURL(/statuses=ISSUED$/);
    await pick(page, "Outstanding", "Has an outstanding balance");
    await expect(page).toHaveURL(/hasOutstandingBalance=true/);
    await page.goBack();
    await expect(page).not.toHaveURL(/hasOutstandingBalance/);
    await expectChip(page, "Outstanding", null);
    await expectRowsMatchApi(page, request, "statuses=ISSUED");
    await page.goForward();
    await expectChip(page, "Outstanding", "Has an outstanding balance");
    await expectRowsMatchApi(page, request, "statuses=ISSUED&hasOutstandingBalance=true");
  });
});

test("boolean and date filters match the API", async ({ page, request }) => {
  await page.goto("/invoices");
  await pick(page, "Outstanding", "Has an outstanding balance");
  await expect(page).toHaveURL(/hasOutstandingBalance=true/);
  await expectRowsMatchApi(page, request, "hasOutstandingBalance=true");

  await pick(page, "Approval", "Needs approval");
  // Two choices only: the API reads needsApproval=false as no filter, the same as "Any".
  const approval = await openEditor(page, "Approval");
  await expect(approval.getByRole("radio")).toHaveCount(2);
  await expect(approval.locator("label")).toHaveText(["Any", "Needs approval"]);
  await page.keyboard.press("Escape");
  await pick(page, "Outstanding", "Any");
  await expectChip(page, "Outstanding", null);
  await expectRowsMatchApi(page, request, "needsApproval=true");

  await page.goto("/invoices?periodStartAtOrAfter=2026-12-01&periodStartBefore=2027-01-01");
  await expectChip(page, "Period starts", "Dec 1 – Dec 31, 2026");
  await expectRowsMatchApi(
    page,
    request,
    "periodStartAtOrAfter=2026-12-01&periodStartBefore=2027-01-01",
  );

  await page.goto(
    "/invoices?dueDateEndAt=2026-06-30T23:59:59.999Z&hasAppliedPayments=false&hasUncoveredBalance=true",
  );
  await expectChip(page, "Due", "until Jun 30, 2026");
  await expectRowsMatchApi(
    page,
    request,
    "dueDateEndAt=2026-06-30T23:59:59.999Z&hasAppliedPayments=false&hasUncoveredBalance=true",
  );
});

test("quick views: each tab shows the API's rows for its filters and marks itself; a filter set by hand marks none", async ({
  page,
  request,
}) => {
  // The demo's today (UTC) is 2026-11-22: overdue is due by the 21st, upcoming from the 23rd.
  expect(E2E_NOW.slice(0, 10)).toBe("2026-11-22");
  const tabs = {
    Issued: "statuses=ISSUED",
    Unpaid: "statuses=ISSUED&hasOutstandingBalance=true",
    Overdue: "statuses=ISSUED&hasOutstandingBalance=true&dueDateEndAt=2026-11-21T23:59:59.999Z",
    "Needs approval": "needsApproval=true",
    Upcoming: "issueDateStartAt=2026-11-23&orderBy=issuedAt:ASC",
  };
  // The Issued column (its header reverses the order) shows from 1440 px.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/invoices");
  const { current, tab } = quickViewsOf(page, "Invoice views");
  await expect(current).toHaveText("Issued");
  for (const [label, query] of Object.entries(tabs)) {
    await tab(label).click();
    await expect(current).toHaveText(label);
    await expectRowsMatchApi(page, request, query);
  }
  // What the two dated tabs promise, on the API's own records.
  const overdue = (await apiPage(request, tabs.Overdue)) as (InvoiceLike & { dueAt: string })[];
  expect(overdue.length).toBeGreaterThan(0);
  for (const invoice of overdue) expect(invoice.dueAt < "2026-11-22").toBe(true);
  const upcoming = (await apiPage(request, tabs.Upcoming)) as (InvoiceLike & {
    issuedAt: string | null;
    periodStartAt: string;
  })[];
  const plannedDays = upcoming.map((i) => (i.issuedAt ?? i.periodStartAt).slice(0, 10));
  expect(plannedDays[0]! >= "2026-11-23").toBe(true);
  expect(plannedDays).toEqual([...plannedDays].sort());
  // The chips say what the tab filters.
  await expectChip(page, "Issued", "from Nov 23, 2026");

  // Reversed, Upcoming is still Upcoming; a filter added by hand is a view of one's own.
  await table(page)
    .getByRole("columnheader", { name: /^Issued/ })
    .getByRole("button")
    .click();
  await expect(page).not.toHaveURL(/orderBy/);
  await expect(page).toHaveURL(/issueDateStartAt=2026-11-23/);
  await expect(current).toHaveText("Upcoming");
  await pick(page, "Status", "Draft");
  await expect(page).toHaveURL(/statuses=DRAFT/);
  await expect(current).toHaveCount(0);
  await tab("All").click();
  await expect(page).toHaveURL(
    /\/invoices\?statuses=DRAFT(,|%2C)APPROVED(,|%2C)ISSUING(,|%2C)ISSUED$/,
  );
  await expect(current).toHaveText("All");
  await expectRowsMatchApi(page, request, "statuses=DRAFT,APPROVED,ISSUING,ISSUED");
});

/** Due cells shown whose date and badge do not fit. */
function cutDueCells(page: Page): Promise<string[]> {
  return table(page)
    .locator('td[data-column="dueAt"]:visible')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 0.5)
        .map((cell) => cell.textContent ?? ""),
    );
}

test("the Overdue badge marks the invoices due before the dashboard's today, the line the Overdue view draws, drawn by the server and in the browser", async ({
  page,
  request,
}) => {
  // The dashboard's today is the built-in API's pinned day, not the machine's: the
  // days from it on, due today included, are not yet overdue however late the test runs.
  const today = Date.parse(`${E2E_NOW.slice(0, 10)}T00:00:00.000Z`);
  const around =
    "statuses=ISSUED&hasOutstandingBalance=true&dueDateStartAt=2026-11-17&dueDateEndAt=2026-11-30";
  const invoices = await apiPage(request, around);
  const expected = Object.fromEntries(
    invoices.map((invoice) => [invoice.number, Date.parse(invoice.dueAt!) < today]),
  );
  const counts = Object.values(expected);
  expect(counts.filter(Boolean).length, "due before today").toBeGreaterThan(0);
  expect(counts.filter((overdue) => !overdue).length, "due today or later").toBeGreaterThan(0);
  expect(invoices.length, "one page holds them").toBeLessThan(50);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/invoices?${around}`);
  await expect.poll(() => overdueMarks(page)).toEqual(expected);

  // Drawn in the browser: the Overdue view after the list's script has taken over.
  await reachForList(page, "Invoices");
  await quickViewsOf(page, "Invoice views").tab("Overdue").click();
  await expect(page).toHaveURL(/dueDateEndAt=/);
  const overdueView = new Set(
    (
      await apiPage(
        request,
        "statuses=ISSUED&hasOutstandingBalance=true&dueDateEndAt=2026-11-21T23:59:59.999Z",
      )
    ).map((invoice) => invoice.number),
  );
  // The rows drawn (the table draws those in view and a few more): the API's, each marked.
  await expect
    .poll(async () => {
      const marks = Object.entries(await overdueMarks(page));
      return marks.length >= 10 && marks.every(([n, marked]) => marked && overdueView.has(n));
    })
    .toBe(true);
  // The date and its badge fit their cell, at both widths the lead columns fit.
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(cellOf(page, 0, "total")).toBeVisible();
    expect(await cutDueCells(page), `at ${width} px`).toEqual([]);
  }
  await page.goBack();
  await expect.poll(() => overdueMarks(page)).toEqual(expected);

  // The invoice's page marks it the same way.
  const heading = page.getByRole("heading", { level: 1 });
  for (const invoice of [
    invoices.find((i) => expected[i.number]),
    invoices.find((i) => !expected[i.number]),
  ]) {
    await page.goto(`/invoices/${invoice!.id}`);
    await expect(heading).toHaveText(`Invoice ${invoice!.number}`);
    const header = page.locator("header").filter({ has: heading });
    if (expected[invoice!.number]) await expect(header).toContainText("Overdue");
    else await expect(header).not.toContainText("Overdue");
    // Atop it, what is still owed and when it was (or is) due.
    const pending = invoice!.pendingPaymentAmount.value
      ? `, and ${formatMoney(invoice!.pendingPaymentAmount)} that pending card payments will cover`
      : "";
    await expect(page.getByTestId("invoice-standing")).toHaveText(
      `${formatMoney(invoice!.remainingAmount)} still owed of ${formatMoney(invoice!.totalAmount)}, ${
        expected[invoice!.number] ? "was due" : "due"
      } ${formatDate(invoice!.dueAt)}${pending}`,
    );
  }
});

test("date presets and a calendar range write the API's bounds, one history entry each", async ({
  page,
  request,
}) => {
  // Presets count from the dashboard's today, the demo API's pinned day, not from the
  // browser's clock: here years off.
  await page.clock.setFixedTime(new Date("2031-03-15T12:00:00.000Z"));
  await page.goto("/invoices");
  const entries = () => page.evaluate(() => history.length);
  const before = await entries();
  let editor = await openEditor(page, "Issued");
  await editor.getByRole("button", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/issueDateStartAt=2026-10-24&issueDateEndAt=2026-11-22T23/);
  await expect(editor.getByRole("button", { name: "Last 30 days" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Escape");
  await expectChip(page, "Issued", "Last 30 days");
  await expectRowsMatchApi(
    page,
    request,
    "issueDateStartAt=2026-10-24&issueDateEndAt=2026-11-22T23:59:59.999Z",
  );
  expect(await entries()).toBe(before + 1);

  // A custom range in the calendar, which opens on the month of the range held: the
  // first day, then the last (React Aria's calendar takes the arrow keys and Enter too).
  editor = await openEditor(page, "Issued");
  await editor.getByRole("button", { name: /October 1, 2026/ }).click();
  await expect(page).toHaveURL(/issueDateStartAt=2026-10-24/);
  await editor.getByRole("button", { name: /October 15, 2026/ }).click();
  await expect(page).toHaveURL(/issueDateStartAt=2026-10-01&issueDateEndAt=2026-10-15T23/);
  expect(await entries()).toBe(before + 2);
  await page.keyboard.press("Escape");
  await expectChip(page, "Issued", "Oct 1 – Oct 15, 2026");
  await expectRowsMatchApi(
    page,
    request,
    "issueDateStartAt=2026-10-01&issueDateEndAt=2026-10-15T23:59:59.999Z",
  );
  await page.goBack();
  await expectChip(page, "Issued", "Last 30 days");
  await page.goBack();
  await expectChip(page, "Issued", null);
  await expectRowsMatchApi(page, request, "");
});

test("customer picker filters by the customers search", async ({ page, request }) => {
  const customers = await request.get("/api/v1/customers?limit=1&orderBy=name:ASC", {
    headers: { authorization: `Bearer ${demoKey()}` },
  });
  const customer = (await customers.json()).data[0];
  await page.goto("/invoices");
  await page.getByRole("combobox", { name: "Customers" }).fill(customer.name.slice(0, 6));
  await page
    .getByRole("option", { name: new RegExp(`^${escapeRegExp(customer.name)}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`customerIds=${customer.id}`));
  await expectRowsMatchApi(page, request, `customerIds=${customer.id}`);
  await expect(page.getByRole("button", { name: `Remove ${customer.name}` })).toBeVisible();
});

test("fast back and forward: every control shows what the URL holds", async ({ page, request }) => {
  // Back at once after a choice, before the router has rendered it: the controls kept
  // the choice while the URL had dropped it (the Outstanding select kept "true"). A
  // slowed processor makes the router's render come after the back.
  await page.goto("/invoices?statuses=ISSUED");
  const editor = await openEditor(page, "Outstanding");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  const yes = editor.getByRole("radio", { name: "Has an outstanding balance" });
  const any = editor.getByRole("radio", { name: "Any" });
  for (let round = 0; round < 5; round++) {
    await yes.evaluate((radio: HTMLInputElement) => {
      radio.click();
      history.back();
    });
    await expect(page).not.toHaveURL(/hasOutstandingBalance/);
    await expect(any).toBeChecked({ timeout: 5_000 });
    await expectChip(page, "Outstanding", null);
    await page.evaluate(() => history.forward());
    await expect(page).toHaveURL(/hasOutstandingBalance=true/);
    await expect(yes).toBeChecked({ timeout: 5_000 });
    await expectChip(page, "Outstanding", "Has an outstanding balance");
    await page.evaluate(() => history.back());
    await expect(any).toBeChecked({ timeout: 5_000 });
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expectRowsMatchApi(page, request, "statuses=ISSUED");
});

test("scrolling loads pages 2 and 3 with no duplicate row, keeping the DOM small; a failure to load more keeps the rows and offers retry", async ({
  page,
  request,
}) => {
  // Each page's body as it arrives, in the order they came: read when counted, so a
  // body still being read when the count shows is waited for, not missed.
  const pages: Promise<string[]>[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/api/data/invoices") && res.ok())
      pages.push(res.json().then((body) => (body.data as InvoiceLike[]).map((row) => row.id)));
  });
  await page.goto("/invoices");
  // Page 2 is fetched ahead once the table answers.
  await reachForList(page, "Invoices");
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  const region = table(page);
  for (const loaded of [150, 200]) {
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(page.getByText(new RegExp(`^${loaded} invoices loaded`))).toBeVisible();
  }
  // The first page came with the HTML; the browser fetched pages 2, 3 and 4.
  const seen = (await Promise.all(pages)).flat();
  expect(seen.length).toBe(150);
  expect(new Set(seen).size).toBe(seen.length);
  // The same ids, in order, as the API's own walk of the list's default order (newest first).
  const walk: string[] = [];
  let cursor = "";
  for (let i = 0; i < 4; i++) {
    const res = await request.get(
      `/api/v1/invoices?limit=50&statuses=ISSUED&orderBy=issuedAt:DESC${cursor ? `&startingAfter=${cursor}` : ""}`,
      {
        headers: { authorization: `Bearer ${demoKey()}` },
      },
    );
    const body = await res.json();
    walk.push(...body.data.map((r: InvoiceLike) => r.id));
    cursor = body.nextCursor;
  }
  expect(seen).toEqual(walk.slice(50));
  expect(await region.locator("tbody tr").count()).toBeLessThan(100);

  // A failure while loading more keeps the rows and offers retry.
  await page.route("**/api/data/invoices**", (route) => route.abort("connectionrefused"));
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const alert = region.getByRole("alert");
  await expect(alert).toContainText("could not reach", { timeout: 15_000 });
  await expect(alert).toContainText("The rows above stay as they were loaded.");
  await expect(page.getByText(/^200 invoices loaded/)).toBeVisible();
  await page.unroute("**/api/data/invoices**");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText(/^250 invoices loaded/)).toBeVisible();

  await test.step("the row at the top stays there as the rows turn to cards and back", async () => {
    // Row 100 at the top, whole (the rows above are spacers of the rows' height).
    await region.evaluate((el) => {
      const row = el.querySelector<HTMLElement>("tbody tr[data-index]");
      el.scrollTo({ top: 100 * (row?.offsetHeight ?? 0) });
    });
    const top = await topRowIndex(region);
    expect(top).toBe(100);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 720 });
      await expect.poll(() => topRowIndex(region), { message: `at ${width} px` }).toBe(top);
    }
  });
});

test("the table answers at once after load; the virtualizer's script loads on the first scroll and the rows stay put", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(req.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  // A slow phone's processor: the list's part hydrates well after the page around it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  const response = await page.goto("/invoices");
  // A key right after load is not lost: the highlight moves to the first row, and the
  // next page is read ahead.
  await page.keyboard.press("j");
  const region = table(page);
  await expect(region.locator('tr[aria-selected="true"]')).toHaveAttribute("data-index", "0");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  // The server's first page, its first rows in the HTML.
  expect((await response!.text()).match(/data-row-id=/g)?.length).toBe(30);
  await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(30);
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  // Left alone, the page fetches no more script.
  const atLoad = scripts.length;
  await page.waitForTimeout(1000);
  expect(scripts.length).toBe(atLoad);

  // The first scroll fetches the virtualizer; the rows already shown are the same
  // elements (not drawn again), the rows at the scrolled-to place follow in the API's
  // order, and the scroll stays where the person put it.
  const ids = (await apiPage(request, "")).map((i) => i.id);
  await region.locator('tr[data-index="5"]').evaluate((tr) => {
    (tr as HTMLElement & { kept?: boolean }).kept = true;
  });
  await region.evaluate((el) => el.scrollTo({ top: 41 * 10 }));
  await expect.poll(() => scripts.length).toBeGreaterThan(atLoad);
  await expect(region.locator(`tr[data-row-id="${ids[35]}"]`)).toHaveAttribute("data-index", "35");
  expect(
    await region
      .locator('tr[data-index="5"]')
      .evaluate((tr) => (tr as HTMLElement & { kept?: boolean }).kept),
  ).toBe(true);
  await region.evaluate((el) => el.scrollTo({ top: 41 * 40 }));
  await expect(region.locator(`tr[data-row-id="${ids[45]}"]`)).toHaveAttribute("data-index", "45");
  expect(await region.evaluate((el) => el.scrollTop)).toBeGreaterThan(41 * 39);
  await expect(region.locator('tr[aria-selected="true"]')).toHaveCount(0);
  await region.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(region.locator('tr[aria-selected="true"]')).toHaveAttribute("data-index", "0");
  // The DOM stays small however far the rows go.
  expect(await region.locator("tbody tr").count()).toBeLessThan(60);
});

test("when the virtualizer's script cannot load, the table shows every row rather than failing", async ({
  page,
}) => {
  await page.goto("/invoices");
  const region = table(page);
  await expect(region).toHaveAttribute("data-hydrated", "");
  await expect(page.getByText(/^100 invoices loaded/)).toBeVisible();
  // Every script asked for from now on fails (a deployment replaced them, the network dropped).
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await region.evaluate((el) => el.scrollTo({ top: 41 * 60 }));
  await expect(region.locator('tr[data-index="70"]')).toBeAttached();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  // No page is read ahead then (every row is drawn, whatever the scroll): Load more reads one.
  await page.waitForTimeout(500);
  await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(100);
  await region.getByRole("button", { name: "Load more" }).click();
  await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(150);
  await expect(page.getByText(/^150 invoices loaded, more below/)).toBeVisible();
});

// Plain Playwright (no wait for hydration): the app's scripts never load here.
plainTest(
  "the columns a window's width holds come with the server's HTML and its CSS, before any script",
  async ({ page }) => {
    // No script of the app runs: what shows is the server's HTML and CSS alone.
    await page.route("**/_next/static/**/*.js", (route) => route.abort());
    const issued = table(page).getByRole("columnheader", { name: /Issued/ });
    const period = table(page).getByRole("columnheader", { name: /Period/ });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/invoices", { waitUntil: "load" });
    await expect(table(page).locator("tbody tr[data-row-id]").first()).toBeVisible();
    await expect(issued).toBeVisible();
    await expect(period).toHaveCount(0);
    // Narrower, Issued waits behind the chooser; wider, Period comes out too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(issued).toHaveCount(0);
    await expect(table(page).getByRole("columnheader", { name: "Due" })).toBeVisible();
    await page.setViewportSize({ width: 2200, height: 900 });
    await expect(period).toBeVisible();
    // On a phone: cards (one header, the card's), and Sort in place of Columns.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table(page).getByRole("columnheader")).toHaveText(["Invoice"]);
    await expect(
      table(page).locator('tbody tr[data-index="0"] td[data-column="card"]'),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Sort" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Columns" })).toBeHidden();
    // Every row in the HTML fits the table's box: nothing is cut or behind a sideways scroll.
    const box = await table(page).evaluate((el) => ({
      client: el.clientWidth,
      scroll: el.scrollWidth,
    }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
  },
);

for (const width of [390, 1440])
  test(`at ${width} px nothing moves as the list loads, hydrates and reads ahead (CLS at most 0.02)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // Every layout shift from the first paint on, as Lighthouse counts them.
    await page.addInitScript(() => {
      const shifts = window as unknown as { layoutShift: number };
      shifts.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.layoutShift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const path of ["/invoices", "/customers"]) {
      await page.goto(path);
      await expect(page.getByText(/^100 \w+ loaded/)).toBeVisible();
      await page.waitForTimeout(500);
      const shifted = await page.evaluate(
        () => (window as unknown as { layoutShift: number }).layoutShift,
      );
      expect(shifted, `${path} at ${width} px`).toBeLessThanOrEqual(0.02);
    }
  });

test("an empty result names the filters and clears them in one click", async ({ page }) => {
  await page.goto("/invoices?statuses=VOIDED&hasOutstandingBalance=true");
  await expect(page.getByText("No invoices match these filters.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Status is Voided" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: /^Has an outstanding balance$/ }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
});

test("a key the API refuses is explained, not shown as an empty list", async ({ page }) => {
  await page.goto(`${REFUSED_KEY_URL}/invoices`);
  const alert = alertIn(page);
  await expect(alert).toContainText("The API key was not accepted");
  await expect(alert).toContainText("INVOICING_API_KEY");
});

test("an API that is down says so and offers retry", async ({ page }) => {
  await ensureSignedIn(page, API_DOWN_URL);
  await page.goto(`${API_DOWN_URL}/invoices`);
  const alert = alertIn(page);
  await expect(alert).toContainText("The API could not be reached", { timeout: 30_000 });
  await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();
});

test("a contract filter set by a link is shown and removable", async ({ page, request }) => {
  const contracts = await request.get("/api/v1/contracts?limit=1&statuses=ACTIVE", {
    headers: { authorization: `Bearer ${demoKey()}` },
  });
  const contract = (await contracts.json()).data[0];
  await page.goto(`/invoices?contractId=${contract.id}`);
  await expectRowsMatchApi(page, request, `contractId=${contract.id}`);
  const remove = toolbar(page).getByRole("button", { name: "Remove the contract filter" });
  await expect(remove).toBeVisible();
  await remove.click();
  await expect(page).not.toHaveURL(/contractId/);
  await expectRowsMatchApi(page, request, "");
});

/** The cell of a column in a row (cells carry their column's id). */
const cellOf = (page: Page, row: number, column: string) =>
  table(page).locator(`tbody tr[data-index="${row}"] td[data-column="${column}"]`);

test("at 1280 and 1440 px the columns people decide on show without scrolling sideways, with the API's figures", async ({
  page,
  request,
}) => {
  const [first] = await apiPage(request, "");
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/invoices");
    const region = table(page);
    await expect(region.locator("tbody tr").first()).toBeVisible();
    // The table fits its box: nothing behind a sideways scroll.
    const box = await region.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(box.scroll, `width ${width}`).toBeLessThanOrEqual(box.client);
    for (const column of ["number", "customer", "status", "total", "remaining", "dueAt"])
      await expect(cellOf(page, 0, column), `${column} at ${width}`).toBeInViewport({ ratio: 1 });
    await expect(cellOf(page, 0, "number")).toHaveText(first!.number);
    // The name; a customer another bears the name of has its e-mail under it.
    await expect(cellOf(page, 0, "customer").getByRole("link")).toHaveText(
      first!.customerName ?? "—",
    );
    await expect(cellOf(page, 0, "total")).toHaveText(formatMoney(first!.totalAmount));
    await expect(cellOf(page, 0, "remaining")).toHaveText(formatMoney(first!.remainingAmount));
    await expect(cellOf(page, 0, "dueAt")).toContainText(
      first!.dueAt ? formatDate(first!.dueAt) : "—",
    );
    // Amounts are right-aligned in tabular figures.
    const style = await cellOf(page, 0, "remaining").evaluate((td) => {
      const s = getComputedStyle(td);
      return { align: s.textAlign, numeric: s.fontVariantNumeric };
    });
    expect(style).toEqual({ align: "right", numeric: "tabular-nums" });
  }
  // Lower-priority columns wait in the chooser and come out of it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(table(page).getByRole("columnheader", { name: "Period" })).toHaveCount(0);
  await toggleColumn(page, "Period");
  await expect(page.getByRole("checkbox", { name: "Period" })).toBeChecked();
  await closeMenu(page);
  await expect(table(page).getByRole("columnheader", { name: "Period" })).toBeVisible();
  // The table now scrolls sideways; the invoice number stays in view.
  const region = table(page);
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(cellOf(page, 0, "number")).toBeInViewport({ ratio: 1 });
  await expect(cellOf(page, 0, "number")).toHaveText(first!.number);
});

/** Amount elements whose text does not fit their box, or whose cell cuts them. */
async function cutAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-amount]")]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const cell = el.closest("td");
        const cut = (box: HTMLElement) => box.scrollWidth > box.clientWidth + 0.5;
        return (
          cut(el) ||
          (cell !== null && cut(cell)) ||
          getComputedStyle(el).textOverflow === "ellipsis"
        );
      })
      .map((el) => el.textContent ?? ""),
  );
}

/** Health cells (a badge and its "Why?" button) that their cell cuts. */
async function cutHealthCells(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("td:has(button[popovertarget])")]
      .filter((cell) => cell.offsetParent !== null && cell.scrollWidth > cell.clientWidth + 0.5)
      .map((cell) => cell.textContent ?? ""),
  );
}

test("no health badge nor amount is cut at 1440, 768 and 390 px on the lists", async ({ page }) => {
  // Each list loaded once and narrowed: its health badges (customers, contracts,
  // renewals) and its amounts (invoices, customers, payments) at each width.
  for (const path of ["/customers", "/contracts", "/renewals", "/invoices", "/payments"]) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    for (const width of [1440, 768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (path !== "/invoices" && path !== "/payments") {
        await expect(page.locator("tbody tr[data-row-id]").first()).toBeVisible({
          timeout: 45_000,
        });
        await expect
          .poll(() => cutHealthCells(page), { message: `${path} at ${width}` })
          .toEqual([]);
      }
      if (path !== "/contracts" && path !== "/renewals") {
        await expect(page.locator("[data-amount]:visible").first()).toBeVisible();
        const shown = await page.locator("[data-amount]:visible").count();
        expect(shown, path).toBeGreaterThan(5);
        await expect.poll(() => cutAmounts(page), { message: `${path} at ${width}` }).toEqual([]);
      }
    }
  }
});

test("on a phone each invoice is a card with its number, customer, payment state, remaining and due day as the API has them", async ({
  page,
  request,
}) => {
  const invoices = await apiPage(request, "statuses=ISSUED");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/invoices?statuses=ISSUED");
  for (const [index, invoice] of invoices.slice(0, 3).entries()) {
    const card = cellOf(page, index, "card");
    await expect(card).toBeVisible();
    await expect(card).toContainText(invoice.number);
    await expect(card).toContainText(invoice.customerName ?? "—");
    await expect(card).toContainText(PAYMENT_STATE_LABELS[paymentStateOf(invoice)]);
    await expect(card).toContainText(formatMoney(invoice.remainingAmount));
    if (invoice.dueAt) await expect(card).toContainText(formatDate(invoice.dueAt));
  }
  // The desktop columns are not shown beside the cards.
  await expect(cellOf(page, 0, "number")).toBeHidden();
  await cellOf(page, 0, "card").click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoices[0]!.id}$`));
});
