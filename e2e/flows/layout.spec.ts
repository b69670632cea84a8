/**
 * The frame of every page at every width and in both themes: no page scrolls
 * sideways from 360 to 1440 px, nor down into blank space, no table row is taller or
 * shorter than its table counts it (41 px, or its card), the navigation folds into
 * a menu below 1024 px, every page passes axe in the light and the dark theme and
 * reports no CSP violation nor error, and the theme follows the system, is
 * remembered, and is on <html> before any script of the app runs (no flash of the
 * other theme). With E2E_SCREENSHOTS=1 (`npm run screenshots`), every page at 390 and
 * 1440 px in both themes is also written to test-results/layout-screenshots/ to be
 * looked at (not in an ordinary run: nobody looks at them there).
 */
import path from "node:path";
import { test as plainTest } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { apiAuth, quickViewsOf, rowsOffTheirHeight } from "../support/lists";
import { watchPageProblems } from "../support/page-problems";
import { AUTH_URL } from "../support/session";
import { expect, type Locator, type Page, test } from "../support/test";
import { sidewaysOverflow } from "../support/themes";

const WIDTHS = [360, 390, 768, 1280, 1440] as const;
/** Below this the navigation is a menu behind the top bar's button. */
const SIDEBAR_FROM = 1024;
const SCREENSHOTS = path.join("test-results", "layout-screenshots");
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

interface PageUnderTest {
  name: string;
  /** the address, given a record of each kind */
  path: (ids: RecordIds) => string;
  /** the level-1 heading once the page shows */
  heading: RegExp;
  /** another server (the sign-in page is only served where sign-in is on) */
  origin?: string;
  /** what must have arrived before the page is measured, beyond its heading */
  ready?: (page: Page) => Promise<void>;
}

interface RecordIds {
  invoice: string;
  customer: string;
  /** a contract's page address names its customer too */
  contract: { id: string; customerId: string };
}

const PAGES: PageUnderTest[] = [
  {
    name: "home",
    path: () => "/",
    heading: /^Invoicing$/,
    // The renewal value's card, the widest of the home page's figures.
    ready: (page) =>
      expect(page.getByTestId("card-renewal-value").locator("[data-currency]").first()).toBeVisible(
        { timeout: 60_000 },
      ),
  },
  { name: "invoices", path: () => "/invoices", heading: /^Invoices$/ },
  { name: "invoice", path: (ids) => `/invoices/${ids.invoice}`, heading: /^Invoice INV-/ },
  { name: "customers", path: () => "/customers", heading: /^Customers$/ },
  { name: "customer", path: (ids) => `/customers/${ids.customer}`, heading: /\S/ },
  { name: "contracts", path: () => "/contracts", heading: /^Contracts$/ },
  {
    name: "contract",
    path: ({ contract }) => `/contracts/${contract.id}?customerId=${contract.customerId}`,
    heading: /\S/,
  },
  { name: "payments", path: () => "/payments", heading: /^Payments$/ },
  {
    name: "renewals",
    path: () => "/renewals",
    heading: /^Renewals$/,
    // The value at stake's tables, once the view has been read.
    ready: async (page) => {
      await expect(page.getByTestId("as-of").first()).not.toContainText("Not read yet", {
        timeout: 60_000,
      });
      await expect(page.locator("#value-at-stake")).toBeVisible();
    },
  },
  { name: "receivables", path: () => "/receivables", heading: /^Receivables$/ },
  { name: "key", path: () => "/key", heading: /^API key$/ },
  { name: "views", path: () => "/views", heading: /^Saved views$/ },
  { name: "not-found", path: () => "/no-such-page", heading: /^Page not found$/ },
  { name: "sign-in", path: () => "/sign-in", heading: /^Sign in/, origin: AUTH_URL },
];

let ids: RecordIds | undefined;

async function recordIds(page: Page): Promise<RecordIds> {
  if (ids) return ids;
  const first = async (list: string, query = "") => {
    const res = await page.request.get(`/api/v1/${list}?limit=1${query}`, { headers: apiAuth() });
    expect(res.status()).toBe(200);
    return (await res.json()).data[0] as { id: string; customerId: string };
  };
  ids = {
    invoice: (await first("invoices", "&statuses=ISSUED")).id,
    customer: (await first("customers")).id,
    contract: await first("contracts", "&statuses=ACTIVE"),
  };
  return ids;
}

/** Opens a page and waits for what a person waits for: its heading, and no figure still loading. */
async function open(page: Page, target: PageUnderTest) {
  const address = target.path(await recordIds(page));
  await page.goto(target.origin ? `${target.origin}${address}` : address);
  await expect(page.getByRole("heading", { level: 1, name: target.heading })).toBeVisible();
  await target.ready?.(page);
  // Insight views stream their figures in: measure the page once they are all shown.
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 45_000 });
}

/**
 * How far the page scrolls down past the end of its content, in CSS px (0 when it ends
 * there): something placed outside the flow, out of sight (a screen reader's words in
 * a table's lower rows, placed by the page instead of their scroll box), left blank
 * space to scroll into below the page.
 */
function blankBelow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const contentEnd = Math.ceil(document.body.getBoundingClientRect().bottom + window.scrollY);
    return root.scrollHeight - Math.max(root.clientHeight, contentEnd);
  });
}

for (const target of PAGES)
  test(`${target.name}: no sideways scrolling, blank space below nor row off its height at ${WIDTHS.join(", ")} px; axe finds nothing in either theme at 1440 and 390 px`, async ({
    page,
  }) => {
    // Four axe runs (and four full-page screenshots when asked) on the longest pages.
    test.setTimeout(150_000);
    // Loaded once, in the light theme; then the system's setting turns dark, which the
    // theme follows until a person picks one (the same page, the same DOM: only its
    // colours change; the dark theme as a page first arrives in it is the no-flash
    // test's, below).
    // Nor does the page report a CSP violation, an error on the console or an uncaught one.
    const problems = await watchPageProblems(page);
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, target);
    await test.step(`no sideways scrolling, blank space below, nor row off its height, at ${WIDTHS.join(", ")} px`, async () => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect
          .poll(() => sidewaysOverflow(page), { message: `${target.name} at ${width} px` })
          .toBe(0);
        await expect
          .poll(() => blankBelow(page), { message: `${target.name} at ${width} px, below` })
          .toBeLessThanOrEqual(0);
        await expect
          .poll(() => rowsOffTheirHeight(page), { message: `${target.name} at ${width} px, rows` })
          .toEqual([]);
      }
    });
    for (const scheme of ["light", "dark"] as const)
      await test.step(`axe finds nothing in the ${scheme} theme, at 1440 and 390 px`, async () => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width: 1440, height: 900 });
        await expect(page.locator("html")).toHaveClass(
          scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        const rules = scheme === "light" ? "all" : "colours";
        await expectNoAxeViolations(page, `${target.name}, ${scheme}`, rules);
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: 900 });
          // Never the list's loading state: the checks are of the list itself.
          await expect(page.locator("[data-list-loading]")).toHaveCount(0);
          if (TAKE_SCREENSHOTS)
            await page.screenshot({
              path: path.join(SCREENSHOTS, `${target.name}-${width}-${scheme}.png`),
              fullPage: true,
            });
        }
        // The phone layout too: another arrangement, other contrasts (the menu button).
        await expectNoAxeViolations(page, `${target.name}, ${scheme}, 390 px`, rules);
      });
    expect(problems, target.name).toEqual([]);
  });

/** The lists, their quick views' names, and the words of their sort hint (shown wider than a phone). */
const LISTS = [
  {
    path: "/invoices",
    region: "Invoices",
    views: "Invoice views",
    hint: /Click the Issued header/,
  },
  {
    path: "/customers",
    region: "Customers",
    views: "Customer views",
    hint: /Click a header to sort;/,
  },
  { path: "/contracts", region: "Contracts", views: "Contract views", hint: null },
  {
    path: "/payments",
    region: "Payments",
    views: "Payment views",
    hint: /Click a header to sort by it/,
  },
] as const;

test("on a phone a list's rows start in the first screen: one row of quick views, the buttons on one line, no sort hint", async ({
  page,
}) => {
  const screen = { width: 390, height: 844 };
  await page.setViewportSize(screen);
  const invoiceViews = quickViewsOf(page, "Invoice views");
  let upcoming = "";
  for (const list of LISTS) {
    await page.goto(list.path);
    if (list.path === "/invoices")
      upcoming = (await invoiceViews.tab("Upcoming").getAttribute("href"))!;
    const rows = page.getByRole("region", { name: list.region }).locator("tbody tr[data-row-id]");
    await expect(rows.first()).toBeVisible();
    // Five rows whole in the first screen (two, when the description, two rows of quick
    // views, the totals' box and the sort hint came first); three of the invoices' cards,
    // which take three lines so the number is never cut, below the number search.
    const bottoms = await rows.evaluateAll((all) =>
      all.slice(0, 8).map((row) => row.getBoundingClientRect().bottom),
    );
    expect(
      bottoms.filter((bottom) => bottom <= screen.height).length,
      list.path,
    ).toBeGreaterThanOrEqual(list.path === "/invoices" ? 3 : 5);
    // Export, Save view and Sum this view share a line.
    const tops = await Promise.all(
      ["Export CSV", "Save view", "Sum this view"].map(async (name) =>
        Math.round((await page.getByRole("button", { name, exact: true }).boundingBox())!.y),
      ),
    );
    expect(new Set(tops).size, `${list.path}: ${tops}`).toBe(1);
    // The quick views are one row: it scrolls sideways, not the page.
    const views = page.getByRole("navigation", { name: list.views }).getByRole("list");
    const links = views.getByRole("link");
    const linkTops = await links.evaluateAll((all) =>
      all.map((link) => Math.round(link.getBoundingClientRect().top)),
    );
    expect(new Set(linkTops).size, list.path).toBe(1);
    expect(await sidewaysOverflow(page)).toBe(0);
    if (list.hint) {
      await expect(page.getByText(list.hint)).toBeHidden();
      // Wider, where headers are shown, the hint is there.
      await page.setViewportSize({ width: 1280, height: 844 });
      await expect(page.getByText(list.hint)).toBeVisible();
      await page.setViewportSize(screen);
    }
  }
  // Opened on the last quick view, the row is scrolled to show it.
  await page.goto(upcoming);
  await expect(invoiceViews.current).toHaveText("Upcoming");
  const row = page.getByRole("navigation", { name: "Invoice views" }).getByRole("list");
  expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect
    .poll(async () => {
      const [box, current] = [await row.boundingBox(), await invoiceViews.current.boundingBox()];
      return current!.x >= box!.x && current!.x + current!.width <= box!.x + box!.width + 1;
    })
    .toBe(true);
});

test("below 1024 px the navigation is a menu: it opens under the bar, Esc and a link close it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/key");
  for (const scheme of ["light", "dark"] as const) {
    // The same page in the other theme: Back from the list a link opened.
    if (scheme === "dark") await page.goBack();
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page).toHaveURL(/\/key$/);
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Customers" })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `open menu, ${scheme}`);
    if (TAKE_SCREENSHOTS)
      await page.screenshot({ path: path.join(SCREENSHOTS, `menu-390-${scheme}.png`) });

    // Tab goes from the button into the links; Esc closes and puts focus back.
    await page.keyboard.press("Tab");
    await expect(nav.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole("link", { name: "Customers" }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(nav).toBeHidden();
  }

  await page.setViewportSize({ width: SIDEBAR_FROM, height: 800 });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
});

test("axe finds nothing with the command palette open, in both themes", async ({ page }) => {
  // Opened once, in the light theme; then the system's setting turns dark, which the
  // theme follows (as for the pages above): the same open palette in both.
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/invoices");
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.type("inv");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(
      scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, `palette, ${scheme}`);
  }
});

test("axe finds nothing with a table's Columns and Sort menus open, in both themes", async ({
  page,
}) => {
  // Each menu opened once, in the light theme, then checked again as the system's
  // setting turns dark, which the theme follows (as for the pages above).
  const inBothThemes = async (what: string, open: Locator) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator("html")).toHaveClass(
        scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );
      await expect(open).toBeVisible();
      await expectNoAxeViolations(page, `${what}, ${scheme}`);
    }
  };
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/invoices");
  await page.getByRole("button", { name: "Columns" }).click();
  await inBothThemes("Columns", page.getByRole("dialog", { name: "Columns" }));
  // The phone's Sort menu on the same list, narrowed.
  await page.keyboard.press("Escape");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Sort" }).click();
  await inBothThemes("Sort", page.getByRole("menu", { name: "Sort by" }));
});

test("a page view reads that page only: the links in view are not prefetched", async ({ page }) => {
  // Every page is dynamic, without a loading boundary: a prefetch brought only the
  // route's tree and head, two requests per link in view (components/layout/link.tsx).
  const prefetches: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) prefetches.push(request.url());
  });
  for (const address of ["/", "/invoices", "/receivables"]) {
    await page.goto(address);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 45_000 });
    await page.waitForLoadState("networkidle");
  }
  // The pointer on the navigation's links, too.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Customers" })
    .hover();
  await page.waitForLoadState("networkidle");
  expect(prefetches).toEqual([]);

  // A link still navigates in the app (no page load): the window survives.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Customers" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the theme toggle is remembered across loads and wins over the system setting", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/customers");
  const html = page.locator("html");
  const theme = page.getByRole("group", { name: "Theme" });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(theme.getByRole("button", { name: "System theme" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await theme.getByRole("button", { name: "Dark theme" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(theme.getByRole("button", { name: "Dark theme" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await theme.getByRole("button", { name: "System theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);
});

test("a theme switched on a list page leaves its rows as they are: not drawn again, no loading state", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/invoices");
  const list = page.getByRole("region", { name: "Invoices" });
  await expect(list.getByRole("row").nth(1)).toBeVisible();
  // Whether the list's loading state shows at any moment from here on, and whether its
  // first row is still the element the page started with.
  await page.evaluate(() => {
    const seen = window as unknown as { listLoadingSeen?: boolean };
    seen.listLoadingSeen = false;
    new MutationObserver(() => {
      if (document.querySelector("[data-list-loading]")) seen.listLoadingSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await list.locator('tr[data-index="0"]').evaluate((tr) => {
    (tr as HTMLElement & { kept?: boolean }).kept = true;
  });

  // Both ways a theme changes: the toggle, and the system's setting under "System".
  const theme = page.getByRole("group", { name: "Theme" });
  await theme.getByRole("button", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await theme.getByRole("button", { name: "System theme" }).click();
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  expect(
    await list
      .locator('tr[data-index="0"]')
      .evaluate((tr) => (tr as HTMLElement & { kept?: boolean }).kept),
  ).toBe(true);
  expect(
    await page.evaluate(() => (window as unknown as { listLoadingSeen?: boolean }).listLoadingSeen),
  ).toBe(false);
  // And the list answers.
  await list.getByRole("row").nth(1).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
});

// Plain Playwright (no wait for hydration): the app's scripts never load here.
plainTest(
  "the theme is on <html> before any of the app's scripts runs (no flash), under the CSP",
  async ({ page }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // Only the inline theme script (with the page's nonce) may set the class: the
    // app's bundles are refused, so nothing set after the first paint can hide a flash.
    await page.route("**/_next/static/**/*.js", (route) => route.abort());
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/invoices");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await background()).toBe("rgb(11, 18, 32)");

    // A stored choice wins over the system's setting, before any script of the app.
    await page.emulateMedia({ colorScheme: "light" });
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    expect(await background()).toBe("rgb(248, 250, 252)");
    expect(refused).toEqual([]);
  },
);
