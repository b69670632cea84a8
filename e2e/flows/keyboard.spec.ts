/**
 * Keyboard use in a real browser against the built-in API: `/` focuses the list's
 * search, j/k move a highlighted row in the API's order (loading further pages),
 * Enter opens it; the Ctrl/Cmd+K command palette jumps to pages and to customers
 * found through the API's name search.
 */
import { FIRST_ROWS } from "../../components/data-table/table-geometry";
import { axeBuilder } from "../support/axe";
import { LIMITED_KEY_URL } from "../support/env";
import { apiAuth } from "../support/lists";
import { ensureSignedIn } from "../support/session";
import { type APIRequestContext, type APIResponse, expect, type Page, test } from "../support/test";
import { screenshotToLookAt } from "../support/themes";

interface Row {
  id: string;
  name?: string;
}
interface ApiPage {
  data: Row[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** The first `count` ids of a list in the API's order, following its cursors. */
async function apiIds(
  request: APIRequestContext,
  list: string,
  query: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  while (ids.length < count) {
    const params = new URLSearchParams(query);
    params.set("limit", "50");
    if (cursor) params.set("startingAfter", cursor);
    const res: APIResponse = await request.get(`/api/v1/${list}?${params}`, { headers: apiAuth() });
    expect(res.status()).toBe(200);
    const page = (await res.json()) as ApiPage;
    ids.push(...page.data.map((r) => r.id));
    if (!page.hasMore || !page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return ids.slice(0, count);
}

const highlighted = (page: Page) => page.locator("tbody tr[aria-selected='true']");

/** The highlighted row's position, or -1 when no row is highlighted. */
async function highlightedIndex(page: Page): Promise<number> {
  const row = highlighted(page);
  if ((await row.count()) === 0) return -1;
  return Number(await row.getAttribute("data-index"));
}

/**
 * Presses `key` until the highlight reaches `target`, one row at a time (a press that
 * arrives while the next page is loading moves once it is in).
 */
async function moveTo(page: Page, target: number) {
  let at = await highlightedIndex(page);
  while (at !== target) {
    await page.keyboard.press(at < target ? "j" : "k");
    const from = at;
    // Polled every 20 ms at first rather than Playwright's 100: 130 keys, each answered in a frame.
    await expect
      .poll(() => highlightedIndex(page), { timeout: 15_000, intervals: [20, 50, 100, 250] })
      .not.toBe(from);
    at = await highlightedIndex(page);
  }
}

/** Waits until the page answers keys (hydrated): `j` highlights the first row. */
async function startRows(page: Page) {
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expect(async () => {
    await page.keyboard.press("j");
    await expect(highlighted(page)).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

test("/ focuses the name search on customers and the customer search on invoices", async ({
  page,
}) => {
  await page.goto("/customers");
  const search = page.getByRole("searchbox", { name: "Name" });
  await expect(async () => {
    await page.keyboard.press("/");
    await expect(search).toBeFocused({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  // The slash is the shortcut, not text.
  await expect(search).toHaveValue("");

  await page.goto("/invoices");
  const picker = page.getByRole("combobox", { name: "Customers" });
  await expect(async () => {
    await page.keyboard.press("/");
    await expect(picker).toBeFocused({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  // Keys typed in a field are text: no row moves.
  await page.keyboard.type("jk");
  await expect(picker).toHaveValue("jk");
  await expect(highlighted(page)).toHaveCount(0);
  // The first Esc closes the suggestions; the next leaves the field (keeping the
  // text); then j moves the rows again.
  await expect(picker).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  await expect(picker).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(picker).not.toBeFocused();
  await expect(picker).toHaveValue("jk");
  await page.keyboard.press("j");
  await expect(highlighted(page)).toHaveAttribute("data-index", "0");
});

interface NamedCustomer {
  id: string;
  name: string;
  billingEmail: string;
}

/** Customers of one name in the demo data (the API's own answers). */
async function sameNamedCustomers(request: APIRequestContext): Promise<NamedCustomer[]> {
  const all: NamedCustomer[] = [];
  for (let cursor: string | null = null, more = true; more; ) {
    const res = await request.get(
      `/api/v1/customers?limit=100&orderBy=name:ASC${cursor ? `&startingAfter=${cursor}` : ""}`,
      { headers: apiAuth() },
    );
    const body = (await res.json()) as ApiPage & { data: NamedCustomer[] };
    all.push(...body.data);
    more = body.hasMore;
    cursor = body.nextCursor;
  }
  const twin = all.find((c, i) => all.findIndex((d) => d.name === c.name) !== i);
  expect(twin, "the demo data has two customers of one name").toBeTruthy();
  return all.filter((c) => c.name === twin!.name);
}

/**
 * The invoices list, where each customer search answers 3 s late (as a loaded API
 * may), and the customers sharing a name to search for.
 */
async function invoicesWithLateCustomerSearches(page: Page, request: APIRequestContext) {
  const twins = await sameNamedCustomers(request);
  // Customers are searched through the server's index (/api/search).
  await page.route("**/api/search?**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.goto("/invoices");
  return { twins, name: twins[0]!.name };
}

/** `/` on the invoices list: the customer picker takes the focus. */
async function focusPickerWithSlash(page: Page) {
  const picker = page.getByRole("combobox", { name: "Customers" });
  await expect(async () => {
    await page.keyboard.press("/");
    await expect(picker).toBeFocused({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  return picker;
}

test("keyboard only: invoices filtered by a customer through the combobox (its suggestions tell same-named customers apart), a row opened, and Back to the same row", async ({
  page,
  request,
}) => {
  const twins = await sameNamedCustomers(request);
  const twin = twins[0];

  await page.goto("/invoices");
  const picker = await focusPickerWithSlash(page);
  await page.keyboard.type(twin!.name);
  const listbox = page.getByRole("listbox");
  const options = listbox.getByRole("option");
  await expect(options).toHaveCount(twins.length);
  // Each same-named suggestion says its billing e-mail (and health, what it owes).
  for (const c of twins) await expect(options.filter({ hasText: c.billingEmail })).toHaveCount(1);
  await expect(page.getByText(`${twins.length} customers`, { exact: true })).toBeVisible();

  // The arrow keys move through the suggestions; the input names the one in view. Its
  // name is awaited, not read at once: read in the instant after the keys, on a loaded
  // machine, it could still name the first (seen once in a full run).
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const second = options.nth(1);
  const secondId = await second.getAttribute("id");
  expect(secondId).toBeTruthy();
  await expect(picker).toHaveAttribute("aria-activedescendant", secondId!);
  const chosen = (await second.textContent()) ?? "";
  const customer = twins.find((c) => chosen.includes(c.billingEmail))!;
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`customerIds=${customer.id}`));
  await expect(listbox).toBeHidden();
  // The chip names the customer with its e-mail, so the twins read apart there too.
  const chip = page.getByRole("list", { name: "Customers picked" }).getByRole("listitem");
  await expect(chip).toContainText(customer.name);
  await expect(chip).toContainText(customer.billingEmail);
  const expected = await apiIds(
    request,
    "invoices",
    `customerIds=${customer.id}&orderBy=issuedAt:DESC`,
    5,
  );
  await expect
    .poll(async () =>
      (
        await page
          .locator("tbody tr td:first-child a")
          .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))
      )
        .slice(0, expected.length)
        .map((href) => href.replace("/invoices/", "")),
    )
    .toEqual(expected);

  // Still by keyboard: Tab on to the table (one stop), down to a row, Enter opens it,
  // and Back returns to the filtered list with that row highlighted where it was.
  const theirIds = await apiIds(
    request,
    "invoices",
    `customerIds=${customer.id}&orderBy=issuedAt:DESC`,
    50,
  );
  const target = Math.min(3, theirIds.length - 1);
  let stops = 0;
  while (!(await focused(page)).inTable) {
    await page.keyboard.press("Tab");
    expect(++stops, "Tab reaches the table").toBeLessThan(80);
  }
  for (let i = 0; i < target; i++) await page.keyboard.press("ArrowDown");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", theirIds[target]!);
  const region = page.getByRole("region", { name: "Invoices" });
  const scrollTop = await region.evaluate((el) => el.scrollTop);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/invoices/${theirIds[target]}$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`customerIds=${customer.id}`));
  await expect(chip).toContainText(customer.billingEmail);
  await expect(highlighted(page)).toHaveAttribute("data-row-id", theirIds[target]!);
  await expect(highlighted(page)).toBeInViewport();
  const back = await region.evaluate((el) => el.scrollTop);
  expect(Math.abs(back - scrollTop), `scrollTop ${back} vs ${scrollTop}`).toBeLessThanOrEqual(41);

  // More matches than shown: the list says so. Esc closes it, and so does a click outside.
  await picker.focus();
  await page.keyboard.type("a");
  await expect(page.getByText(/^8 of \d+\+?, keep typing$/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await page.keyboard.type("n");
  await expect(listbox).toBeVisible();
  // By CSS: while the list is open the rest of the page is hidden from assistive tech.
  await page.locator("h1").click();
  await expect(listbox).toBeHidden();
});

test("while the search for what is typed runs, the picker keeps the suggestions that still match, and the one the arrow keys are on", async ({
  page,
  request,
}) => {
  const { twins, name } = await invoicesWithLateCustomerSearches(page, request);
  const picker = await focusPickerWithSlash(page);
  const options = page.getByRole("listbox").getByRole("option");
  const count = page.getByText(`${twins.length} customers`, { exact: true });
  await page.keyboard.type(name.slice(0, -2));
  await expect(count).toBeVisible();
  await expect(options).toHaveCount(twins.length);

  // Typed on, then down twice before the search for the whole name answers: the same
  // suggestions stay, and the count waits for that answer.
  await page.keyboard.type(name.slice(-2));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("Searching…", { exact: true })).toBeVisible();
  await expect(options).toHaveCount(twins.length);
  const secondId = await options.nth(1).getAttribute("id");
  expect(secondId).toBeTruthy();
  await expect(picker).toHaveAttribute("aria-activedescendant", secondId!);
  // The answer came: the same customers, the same one highlighted.
  await expect(count).toBeVisible();
  await expect(options).toHaveCount(twins.length);
  await expect(picker).toHaveAttribute("aria-activedescendant", secondId!);
});
test("j/k follow the API's order of customers; Enter opens the highlighted customer", async ({
  page,
  request,
}) => {
  const ids = await apiIds(request, "customers", "", 5);
  await page.goto("/customers");
  await startRows(page);
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[0]!);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[3]!);
  await page.keyboard.press("k");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[2]!);
  // k on the first row stays there.
  await moveTo(page, 0);
  await page.keyboard.press("k");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[0]!);
  // The highlight is announced to screen readers, with the row's first cells.
  await expect(page.locator("[data-row-announcer]")).toContainText("customers row 1 of");
  // With a modifier held, j is not ours.
  await page.keyboard.press("Alt+j");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[0]!);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[2]!);
  await screenshotToLookAt(page, "highlight-customers");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/${ids[2]}$`));
});

test("j moves past the loaded rows: the next pages load and the highlight follows the API's order; Enter opens the invoice", async ({
  page,
  request,
}) => {
  // 130 keys and three pages: more than a loaded machine does in the default minute.
  test.setTimeout(120_000);
  // The invoice list's default order: newest issued first.
  const ids = await apiIds(request, "invoices", "statuses=ISSUED&orderBy=issuedAt:DESC", 130);
  expect(ids.length).toBe(130);
  await page.goto("/invoices");
  // The server's first page; the next is read ahead as the table answers.
  await expect(page.getByText(/^(50|100) invoices loaded, more below/)).toBeVisible({
    timeout: 20_000,
  });
  await startRows(page);
  await moveTo(page, 124);
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[124]!);
  await expect(highlighted(page)).toBeInViewport();
  // Only the first 100 were loaded before j went past them.
  await expect(page.getByText(/\b(15\d|1[6-9]\d|2\d\d) invoices loaded/)).toBeVisible();
  await moveTo(page, 120);
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[120]!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/invoices/${ids[120]}$`));
});

test("Enter on a payment opens its customer; on a contract, its page", async ({
  page,
  request,
}) => {
  const payments = await request.get("/api/v1/payments?limit=50&isAttributed=true", {
    headers: apiAuth(),
  });
  const firstPayment = ((await payments.json()) as { data: { customerId: string }[] }).data[0]!;
  await page.goto("/payments?isAttributed=true");
  await startRows(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/${firstPayment.customerId}$`));

  const [contractId] = await apiIds(request, "contracts", "", 1);
  await page.goto("/contracts");
  await startRows(page);
  await expect(highlighted(page)).toHaveAttribute("data-row-id", contractId!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/contracts/${contractId}\\?customerId=[0-9a-f-]+$`));
});

/** A part of a customer's name that the API's search ranks within its first 8 answers. */
async function searchTermFor(request: APIRequestContext) {
  const res = await request.get("/api/v1/customers?limit=20&orderBy=name:DESC", {
    headers: apiAuth(),
  });
  const customers = ((await res.json()) as { data: { id: string; name: string }[] }).data;
  for (const customer of customers) {
    const words = customer.name.split(/\s+/).filter((w) => w.length >= 5);
    for (const word of words) {
      const term = word.slice(1, 5).toLowerCase(); // a part, not the whole name
      const found = await request.get(
        `/api/v1/customers?search=${encodeURIComponent(term)}&limit=8&orderBy=name:ASC`,
        { headers: apiAuth() },
      );
      const names = ((await found.json()) as { data: { id: string; name: string }[] }).data;
      if (names.some((c) => c.id === customer.id)) return { customer, term, names };
    }
  }
  throw new Error("no customer name to search for");
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

/** The palette's search field. */
const paletteInput = (page: Page) =>
  palette(page).getByLabel("Search pages, saved views, invoices and customers");

/** The text of the option the palette's field names as highlighted (aria-activedescendant), or null. */
const namedOption = (page: Page) =>
  paletteInput(page).evaluate((input) => {
    const id = input.getAttribute("aria-activedescendant");
    return id ? (document.getElementById(id)?.textContent ?? `no element #${id}`) : null;
  });

async function openPalette(page: Page) {
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(palette(page)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

test("Ctrl+K finds a customer by part of its name (the API's answers) and Enter opens it", async ({
  page,
  request,
}) => {
  const { customer, term, names } = await searchTermFor(request);
  await page.goto("/invoices");
  await openPalette(page);
  const input = paletteInput(page);
  await expect(input).toBeFocused();
  await input.fill(term);
  const options = palette(page).getByRole("option");
  // Customer options end with "Customer" (page options with their path, "/customers").
  const customerOptions = options.filter({ hasText: /Customer$/ });
  await expect(customerOptions).toHaveCount(names.length);
  await expect(customerOptions).toHaveText(
    names.map((c) => new RegExp(`^${escapeRegExp(c.name)}`)),
  );
  await screenshotToLookAt(page, "palette-customers");
  // Arrow down to the customer (pages matching the words come first), then Enter.
  for (let i = 0; i < 20; i++) {
    if ((await namedOption(page))?.startsWith(customer.name)) break;
    await page.keyboard.press("ArrowDown");
  }
  expect(await namedOption(page)).toContain(customer.name);
  expect(await options.count()).toBeGreaterThan(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}$`));
  await expect(palette(page)).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(customer.name);
});

test("while the palette's search for what is typed runs, the customers last found that still match stay", async ({
  page,
  request,
}) => {
  const { twins, name } = await invoicesWithLateCustomerSearches(page, request);
  await openPalette(page);
  const customerOptions = palette(page)
    .getByRole("option")
    .filter({ hasText: /Customer$/ });
  const count = palette(page).getByText(`${twins.length} customers.`, { exact: true });
  await page.keyboard.type(name.slice(0, -2));
  await expect(count).toBeVisible();
  await expect(customerOptions).toHaveCount(twins.length);
  // Typed on: until the search for the whole name answers, the same customers stay
  // listed (the list does not empty at each key), and the count waits for it. (The
  // highlight goes back to the first option as one types.)
  await page.keyboard.type(name.slice(-2));
  // Read together: the status and the customers listed at one moment.
  const listedWhile = () =>
    palette(page).evaluate((dialog) => ({
      status: dialog.querySelector("[role=status]")?.textContent,
      customers: [...dialog.querySelectorAll("[role=option]")].filter((option) =>
        /Customer$/.test(option.textContent ?? ""),
      ).length,
    }));
  await expect
    .poll(listedWhile)
    .toEqual({ status: "Searching customers…", customers: twins.length });
  await expect(count).toBeVisible();
  await expect(customerOptions).toHaveCount(twins.length);
});

test("the palette jumps to a page by name, from the nav button too, naming the option Enter opens; Esc closes it; it says when no customer matches, and when customers cannot be searched", async ({
  page,
}) => {
  await page.goto("/");
  await test.step("the field names the option Enter opens, as one types, moves and types again", async () => {
    await openPalette(page);
    const input = paletteInput(page);
    await input.pressSequentially("o");
    await expect.poll(() => namedOption(page)).toMatch(/^Home/);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => namedOption(page)).toMatch(/^Invoices/);
    // Typed over: the field names the first match again, the one Enter opens.
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Backspace");
    await expect.poll(() => namedOption(page)).toBeNull();
    await input.pressSequentially("paym");
    await expect.poll(() => namedOption(page)).toMatch(/^Payments/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/payments$/);
    await expect(palette(page)).toBeHidden();
  });

  await test.step("from the nav button too; Esc closes it", async () => {
    await page.getByRole("button", { name: /^Jump to…/ }).click();
    await expect(palette(page)).toBeVisible();
    await paletteInput(page).fill("receivables");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/receivables$/);

    await openPalette(page);
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(/\/receivables$/);
  });

  await test.step("no customer matches", async () => {
    await openPalette(page);
    await paletteInput(page).fill("zqxjvw");
    await expect(palette(page)).toContainText("No customer named like “zqxjvw”.");
  });

  await test.step("a key without customers:read: the API's refusal is said, not shown as no match", async () => {
    await ensureSignedIn(page, LIMITED_KEY_URL);
    await page.goto(`${LIMITED_KEY_URL}/invoices`);
    await openPalette(page);
    await paletteInput(page).fill("acme");
    await expect(palette(page).getByRole("alert")).toContainText("Customers could not be searched");
  });
});

test("below 1024 px, where the navigation folds into a menu, the palette and the shortcuts help show over the page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/customers");
  // The menu is closed: the navigation, and the button that opens the palette, are hidden.
  await expect(page.getByRole("button", { name: /^Jump to…/ })).toBeHidden();
  await openPalette(page);
  const input = paletteInput(page);
  await expect(input).toBeFocused();
  // Shown, across the phone's width, in front of the page.
  const box = await palette(page).boundingBox();
  expect(box?.width).toBeGreaterThan(300);
  await expect(input).toBeInViewport();
  await input.fill("paym");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payments$/);
  await expect(palette(page)).toBeHidden();

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toBeInViewport();
  // Taller than the phone's screen: it scrolls, down to its Close button.
  const close = help.getByRole("button", { name: "Close" });
  await close.scrollIntoViewIfNeeded();
  await expect(close).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  // The page answers again: its menu opens.
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("button", { name: /^Jump to…/ })).toBeVisible();
});

test("the open palette and the shortcuts help pass axe; ? shows the shortcuts", async ({
  page,
}) => {
  await page.goto("/customers");
  await openPalette(page);
  // The palette's listbox scrolls without a focus of its own: the field's arrow keys move
  // through it (aria-activedescendant) and React Aria scrolls the option they reach into
  // view, which axe's check for keyboard scrolling cannot see.
  const serious = async (disable: string[] = []) =>
    (
      await axeBuilder(page).include("[role='dialog']").disableRules(disable).analyze()
    ).violations.filter((v) => ["serious", "critical"].includes(v.impact ?? ""));
  const paletteExceptions = ["scrollable-region-focusable"];
  // While the customers search runs, then with its answers. Its answer is held until
  // the searching state has been checked: a quick one replaced it before it was seen.
  const isSearch = (url: URL) =>
    url.pathname === "/api/data/customers" && url.searchParams.get("search") === "a";
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(isSearch, async (route) => {
    await held;
    await route.continue();
  });
  await paletteInput(page).fill("a");
  await expect(palette(page).getByRole("status")).toHaveText("Searching customers…");
  expect(await serious(paletteExceptions)).toEqual([]);
  answer();
  await expect(
    palette(page)
      .getByRole("option", { name: /Customer$/ })
      .first(),
  ).toBeVisible();
  expect(await serious(paletteExceptions)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Open the highlighted row");
  expect(await serious()).toEqual([]);
  // While a dialog is open, j does not move the rows behind it.
  await page.keyboard.press("j");
  await expect(highlighted(page)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
});

/** The element with the keyboard focus: a row's id and index, or its tag. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      rowId: el?.getAttribute("data-row-id") ?? null,
      index: el?.getAttribute("data-index") ?? null,
      tag: el?.tagName ?? "",
      inTable: Boolean(el?.closest("section[aria-label='Invoices'] tbody")),
    };
  });
}

test("a table is one tab stop; arrows and Page Down move the focus deep into the list, Enter opens the API's row there, and Back (and a reload) return to the place and the highlight", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const ids = await apiIds(request, "invoices", "statuses=ISSUED&orderBy=issuedAt:DESC", 400);
  await page.goto("/invoices");
  const region = page.getByRole("region", { name: "Invoices" });
  // The server's first page; the next is read ahead as the table answers.
  await expect(page.getByText(/^(50|100) invoices loaded, more below/)).toBeVisible({
    timeout: 20_000,
  });

  // Tab through the page until the table takes the focus: its first row, the one stop.
  let stops = 0;
  while (!(await focused(page)).inTable) {
    await page.keyboard.press("Tab");
    expect(++stops, "Tab reaches the table").toBeLessThan(80);
  }
  expect(await focused(page)).toMatchObject({ rowId: ids[0], index: "0" });
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[0]!);
  // One more Tab leaves the table: its rows and their links are not each a stop.
  await page.keyboard.press("Tab");
  expect((await focused(page)).inTable).toBe(false);
  // Shift+Tab comes back to a row (the first in view: Tab may have scrolled the table
  // to its Load more button); Home goes to the first row.
  await page.keyboard.press("Shift+Tab");
  expect((await focused(page)).inTable).toBe(true);
  await page.keyboard.press("Home");
  await expect.poll(() => focused(page)).toMatchObject({ rowId: ids[0], inTable: true });

  // Arrow keys move the focus with the highlight.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[2]!);
  await expect.poll(() => focused(page)).toMatchObject({ rowId: ids[2] });
  await page.keyboard.press("ArrowUp");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[1]!);

  // Page Down, page after page (loading the next pages), to row 300 and beyond.
  while ((await highlightedIndex(page)) < 300) {
    const from = await highlightedIndex(page);
    await page.keyboard.press("PageDown");
    await expect
      .poll(() => highlightedIndex(page), { timeout: 15_000, intervals: [50, 100, 250] })
      .toBeGreaterThan(from);
  }
  const at = await highlightedIndex(page);
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[at]!);
  await expect(highlighted(page)).toBeInViewport();
  await expect.poll(() => focused(page)).toMatchObject({ rowId: ids[at] });
  const scrollTop = await region.evaluate((el) => el.scrollTop);
  expect(scrollTop).toBeGreaterThan(41 * 250);

  // Enter opens the highlighted invoice; Back returns to the same place.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/invoices/${ids[at]}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[at]!);
  await expect(highlighted(page)).toHaveAttribute("data-index", String(at));
  await expect(highlighted(page)).toBeInViewport();
  const back = await region.evaluate((el) => el.scrollTop);
  expect(Math.abs(back - scrollTop), `scrollTop ${back} vs ${scrollTop}`).toBeLessThanOrEqual(41);
  // The keys go on from there.
  await page.keyboard.press("j");
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[at + 1]!);
  await page.keyboard.press("k");

  // A reload of the same URL: the first page from the server, then the saved rows and place.
  await page.reload();
  await expect(highlighted(page)).toHaveAttribute("data-row-id", ids[at]!, { timeout: 20_000 });
  await expect(highlighted(page)).toBeInViewport();
  const reloaded = await region.evaluate((el) => el.scrollTop);
  expect(
    Math.abs(reloaded - scrollTop),
    `scrollTop ${reloaded} vs ${scrollTop}`,
  ).toBeLessThanOrEqual(41);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/invoices/${ids[at]}$`));
});

test("text typed after / while the list is still loading is kept whole, through the list's and the combobox's arrival", async ({
  page,
}) => {
  await page.goto("/invoices");
  const picker = page.getByRole("combobox", { name: "Customers", exact: true });
  // Scripts slowed: the list answers a while after the person has started typing.
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  // `/` focuses the picker at once (the page's shortcut, once the page's own script
  // has run), before the list has loaded.
  await expect(async () => {
    await page.keyboard.press("/");
    await expect(picker).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.type("ab");
  // Typed on while the combobox takes over.
  await page.keyboard.type("cdefghijklmnopqrstuvwxyz", { delay: 25 });
  await expect(picker).toHaveAttribute("data-rac", "");
  await expect(picker).toHaveValue("abcdefghijklmnopqrstuvwxyz");
  await expect(picker).toBeFocused();
});

test("keys pressed on the table right after load each count, in order, when the virtualizer comes late", async ({
  page,
}) => {
  await page.goto("/invoices");
  // The virtualizer's script on a slow network: End's row is past the first rows, so
  // its scroll waits for it; the keys pressed meanwhile must still win when it comes.
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const rows = page.getByRole("region", { name: "Invoices" }).locator("tbody tr[data-index]");
  // No wait for the table: the keys come as soon as the page has hydrated.
  await rows.first().focus();
  await expect(rows).toHaveCount(FIRST_ROWS);
  await page.keyboard.press("End");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  // The virtualizer has come: its window (the rows in view and its overscan) replaces
  // the first rows.
  await expect(rows).not.toHaveCount(FIRST_ROWS);
  await expect(highlighted(page)).toHaveAttribute("data-index", "2");
  await expect(highlighted(page)).toBeFocused();
});
