/**
 * The filter toolbar in a real browser: axe on its open menu, its date picker, the
 * customer suggestions and the command palette in both themes; on a phone every
 * filter in a sheet; the toolbar's pieces loaded on a person's first reach for them.
 * What each filter shows is checked against the API in each list's own spec.
 */

import { axeBuilder } from "../support/axe";
import { demoKey, E2E_NOW } from "../support/env";
import { chipOf, escapeRegExp, expectChip, openEditor, toolbar } from "../support/filters";
import { holdScriptsUntilReleased } from "../support/scripts";
import { expect, type Page, test } from "../support/test";
import { screenshotToLookAt } from "../support/themes";

const THEMES = ["light", "dark"] as const;

/**
 * Serious and critical axe violations: of the whole page in the light theme; in the
 * dark one, of the open overlays (the page behind them in the dark theme is the layout
 * test's).
 */
async function seriousViolations(
  page: Page,
  theme: (typeof THEMES)[number],
  options: { disable?: string[] } = {},
): Promise<string[]> {
  let builder = axeBuilder(page);
  if (theme === "dark")
    builder = builder.include("[data-rac][role='dialog'], [role='menu'], [role='listbox']");
  if (options.disable) builder = builder.disableRules(options.disable);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * What is open passes axe in the light theme, then as the system's setting turns dark
 * (which the theme follows, the overlay staying open), then light again.
 */
async function expectAxeCleanInBothThemes(
  page: Page,
  what: string,
  options: { disable?: string[] } = {},
) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(
      theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await screenshotToLookAt(page, `${what}-${theme}`);
    expect(await seriousViolations(page, theme, options), `${what}, ${theme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("axe passes with the Add filter menu, the date picker, the suggestions and the palette open, in both themes", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date(E2E_NOW));
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/invoices?statuses=ISSUED");

  await toolbar(page).getByRole("button", { name: "Add filter" }).click();
  const menu = page.getByRole("menu", { name: "Add filter" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await expectAxeCleanInBothThemes(page, "add-filter-menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  const editor = await openEditor(page, "Due");
  await expect(editor.getByRole("grid")).toBeVisible();
  await expectAxeCleanInBothThemes(page, "date-picker");
  await page.keyboard.press("Escape");

  const status = await openEditor(page, "Status");
  await expect(status.getByRole("checkbox", { name: "Issued" })).toBeChecked();
  await expectAxeCleanInBothThemes(page, "status-editor");
  await page.keyboard.press("Escape");

  await page.getByRole("combobox", { name: "Customers" }).fill("an");
  await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
  // While its list is open, React Aria's combobox hides the rest of the page from
  // screen readers (aria-hidden), which axe's aria-hidden-focus flags as focusable;
  // focus cannot reach it meanwhile: Tab leaves the field and closes the list first,
  // and the page is shown again (checked below).
  await expectAxeCleanInBothThemes(page, "customer-suggestions", {
    disable: ["aria-hidden-focus"],
  });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("listbox")).toBeHidden();
  expect(await page.locator("[aria-hidden='true'] :is(a, button, input)").count()).toBe(0);

  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await palette.getByRole("textbox").fill("an");
  await expect(palette.getByRole("option", { name: /Customer$/ }).first()).toBeVisible();
  await expect(palette.getByRole("status")).toHaveText(/^8 of \d+\+?, keep typing\.$/);
  // The listbox scrolls without a focus of its own: the field's arrow keys move
  // through it (aria-activedescendant) and React Aria scrolls the one they reach into
  // view, which axe's check for keyboard scrolling cannot see.
  await expectAxeCleanInBothThemes(page, "palette", { disable: ["scrollable-region-focusable"] });
});

test("on a phone every filter is in a sheet, applied as chosen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/invoices");
  await expect(toolbar(page).getByRole("button", { name: "Add filter" })).toBeHidden();
  await toolbar(page)
    .getByRole("button", { name: /^Filters/ })
    .click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await sheet.locator("label").filter({ hasText: "Has an outstanding balance" }).click();
  await expect(page).toHaveURL(/hasOutstandingBalance=true/);
  // A date filter's calendar folds behind "Custom range…" (a disclosure) in the sheet.
  const due = sheet.getByRole("region", { name: "Due" });
  const custom = due.getByRole("button", { name: "Custom range…" });
  await expect(custom).toHaveAttribute("aria-expanded", "false");
  await expect(due.getByRole("grid")).toBeHidden();
  await custom.click();
  await expect(custom).toHaveAttribute("aria-expanded", "true");
  await expect(due.getByRole("grid")).toBeVisible();
  await expectAxeCleanInBothThemes(page, "filter-sheet-390");
  await sheet.getByRole("button", { name: "Done" }).click();
  await expect(sheet).toBeHidden();
  await expectChip(page, "Outstanding", "Has an outstanding balance");
  await expect(toolbar(page).getByRole("button", { name: "Filters · 1" })).toBeVisible();
  // The toolbar wraps within its box (the app shell's width at 390 px is the layout's).
  expect(await toolbar(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test("a chip's remove button clears its filter; its editor shows what the URL holds", async ({
  page,
}) => {
  await page.goto("/invoices?statuses=DRAFT,ISSUED&hasOutstandingBalance=false");
  await expectChip(page, "Status", "Draft, Issued");
  await expectChip(page, "Outstanding", "Fully paid");
  await screenshotToLookAt(page, "chips-1440");
  await chipOf(page, "Outstanding")
    .getByRole("button", { name: "Remove the Outstanding filter" })
    .click();
  await expect(page).not.toHaveURL(/hasOutstandingBalance/);
  await expectChip(page, "Outstanding", null);
  const editor = await openEditor(page, "Status");
  await expect(editor.getByRole("checkbox", { name: "Draft" })).toBeChecked();
  await expect(editor.getByRole("checkbox", { name: "Voided" })).not.toBeChecked();
});

test("removing a chip or clearing the filters from the keyboard leaves the focus on Add filter, not the page's top", async ({
  page,
}) => {
  await page.goto("/invoices?statuses=DRAFT,ISSUED&hasOutstandingBalance=false");
  await chipOf(page, "Outstanding")
    .getByRole("button", { name: "Remove the Outstanding filter" })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/hasOutstandingBalance/);
  const addFilter = toolbar(page).getByRole("button", { name: "Add filter" });
  await expect(addFilter).toBeFocused();
  await toolbar(page).getByRole("link", { name: "Clear filters" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/invoices$/);
  await expectChip(page, "Status", null);
  await expect(addFilter).toBeFocused();
});

test("the toolbar's menus load on first use, not with the page; one dismissed before its script came stays shut", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto("/invoices");
  await page.waitForLoadState("load");
  const firstLoad = scripts.length;
  expect(await page.evaluate(() => document.querySelector("[data-rac]"))).toBeNull();

  // A slow network: Esc, or a press elsewhere, while a menu's script is on its way.
  const held = await holdScriptsUntilReleased(page);
  const addFilter = toolbar(page).getByRole("button", { name: "Add filter" });
  await addFilter.click();
  await expect(addFilter).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(addFilter).toHaveAttribute("aria-expanded", "false");
  const columns = page.getByRole("button", { name: "Columns" });
  await columns.click();
  await expect(columns).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(columns).toHaveAttribute("aria-expanded", "false");
  held.release();
  await held.arrived();
  // Long enough for React to show a suspended overlay whose script has come.
  await page.waitForTimeout(500);
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await addFilter.click();
  await expect(page.getByRole("menu", { name: "Add filter" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(firstLoad);
});

test("what is typed before the page's script has run counts: the customer picker suggests, the name search filters", async ({
  page,
  request,
}) => {
  const customers = await request.get("/api/v1/customers?limit=1&orderBy=name:ASC", {
    headers: { authorization: `Bearer ${demoKey()}` },
  });
  const customer = (await customers.json()).data[0];
  const typed = customer.name.slice(0, 6);
  const hydrated = page.locator("html[data-hydrated]");

  let held = await holdScriptsUntilReleased(page);
  const invoices = page.goto("/invoices");
  const picker = page.getByRole("combobox", { name: "Customers" });
  await picker.fill(typed);
  await expect(hydrated).toHaveCount(0);
  held.release();
  await invoices;
  const suggestion = page
    .getByRole("option", { name: new RegExp(`^${escapeRegExp(customer.name)}`) })
    .first();
  await expect(suggestion).toBeVisible();
  await expect(picker).toHaveValue(typed);
  await expect(picker).toBeFocused();
  await suggestion.click();
  await expect(page).toHaveURL(new RegExp(`customerIds=${customer.id}`));

  held = await holdScriptsUntilReleased(page);
  const list = page.goto("/customers");
  const search = page.getByRole("searchbox", { name: "Name" });
  await search.fill(typed);
  await expect(hydrated).toHaveCount(0);
  held.release();
  await list;
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(typed.trim());
  await expect(search).toHaveValue(typed);
});
