/**
 * Saved views: a person saves the view in the URL under a name, finds it in the
 * navigation, opens it (the same plain URL), renames and deletes it. In the open
 * demo they live in the browser; with sign-in (the app at AUTH_URL) in the sign-in
 * database, the signed-in person's own: they survive signing out and in, and another
 * account does not see them.
 */
import { randomBytes } from "node:crypto";
import { E2E_DB } from "../support/env";
import { addAccount } from "../support/instances";
import { apiAuth, closeMenu, toggleColumn } from "../support/lists";
import { holdScriptsUntilReleased } from "../support/scripts";
import { AUTH_URL, ensureSignedIn } from "../support/session";
import { expect, type Page, test } from "../support/test";

const AUTH_DB = `${E2E_DB}-auth-app.sqlite.auth.sqlite`;
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const savedSection = (page: Page) => nav(page).getByRole("region", { name: "Saved views" });

async function saveView(page: Page, name: string) {
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Saved “${name}”` })).toBeVisible();
}

test("open demo: save a filtered view, open it from the navigation, rename and delete it", async ({
  page,
  request,
}) => {
  // The views live in this browser: the server is never asked (its answer, a 409,
  // showed as an error in every page's console), and no page logs an error.
  const askedServer: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/views")) askedServer.push(r.url());
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const query = "statuses=ISSUED&hasOutstandingBalance=true";
  const name = `Unpaid ${randomBytes(3).toString("hex")}`;
  await page.goto(`/invoices?${query}`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // Dismissed while its script is on its way, the dialog stays shut when it comes.
  const held = await holdScriptsUntilReleased(page);
  await page.getByRole("button", { name: "Save view" }).click();
  await expect.poll(held.held).toBeGreaterThan(0);
  await page.keyboard.press("Escape");
  held.release();
  await held.arrived();
  // Long enough for React to show a suspended dialog whose script has come.
  await page.waitForTimeout(500);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The dialog proposes the filters in words as a name.
  await page.getByRole("button", { name: "Save view" }).click();
  const proposed = await page.getByRole("dialog").getByLabel("Name").inputValue();
  expect(proposed).toMatch(/^Invoices: /);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await saveView(page, name);

  // Found in the navigation as the same plain URL, from any page, after a reload too.
  await page.goto("/customers");
  const link = savedSection(page).getByRole("link", { name });
  await expect(link).toHaveAttribute("href", `/invoices?${query}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?${query.replace("&", "\\&")}$`));
  const first = (
    await (
      await request.get(`/api/v1/invoices?limit=1&orderBy=issuedAt:DESC&${query}`, {
        headers: apiAuth(),
      })
    ).json()
  ).data[0];
  await expect(
    page.getByRole("region", { name: "Invoices" }).locator("tbody tr").first(),
  ).toContainText(first.number);
  await expect(savedSection(page).getByRole("link", { name })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Renamed and deleted on the saved views page.
  await savedSection(page).getByRole("link", { name: "Manage" }).click();
  await expect(page).toHaveURL(/\/views$/);
  await expect(page.getByText("kept in this browser only")).toBeVisible();
  // From the keyboard: the focus goes with each step, never to the top of the page.
  await page.getByRole("button", { name: `Rename ${name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel(`New name for ${name}`)).toBeFocused();
  await page.getByLabel(`New name for ${name}`).fill(`${name} renamed`);
  await page.keyboard.press("Enter");
  await expect(savedSection(page).getByRole("link", { name: `${name} renamed` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Rename ${name} renamed` })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("link", { name: `${name} renamed` }).first()).toBeVisible();
  const remove = page.getByRole("button", { name: `Delete ${name} renamed` });
  await remove.focus();
  await page.keyboard.press("Enter");
  // The question's safe answer first; kept, the focus is back on Delete.
  await expect(page.getByRole("button", { name: "Keep it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Yes, delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(savedSection(page).getByRole("link", { name: `${name} renamed` })).toHaveCount(0);
  await expect(page.getByText("No saved views yet.")).toBeFocused();
  await expect(page.getByRole("link", { name: `${name} renamed` })).toHaveCount(0);
  expect(askedServer).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

const invoicesTable = (page: Page) => page.getByRole("region", { name: "Invoices" });
const header = (page: Page, column: string) =>
  invoicesTable(page).locator(`thead th[data-column="${column}"]`);
const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const paletteInput = (page: Page) =>
  palette(page).getByLabel("Search pages, saved views, invoices and customers");

/** The columns chosen (Period shown, Due hidden) and the rows the API returns for the filters. */
async function expectChosenView(page: Page, apiNumbers: string[]) {
  await expect(header(page, "period")).toBeVisible();
  await expect(header(page, "dueAt")).toHaveCount(0);
  await expect(header(page, "number")).toBeVisible();
  const numbers = invoicesTable(page).locator('tbody tr td[data-column="number"]');
  await expect(numbers.first()).toBeVisible();
  expect((await numbers.allTextContents()).slice(0, apiNumbers.length)).toEqual(apiNumbers);
}

test("the chosen columns are in the URL: reload and Back keep them, a saved view keeps them, opened from the navigation and from the palette", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const filters = "statuses=ISSUED&hasOutstandingBalance=true";
  const name = `Columns ${randomBytes(3).toString("hex")}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/invoices?${filters}`);
  const truth = (
    await (
      await request.get(`/api/v1/invoices?limit=10&orderBy=issuedAt:DESC&${filters}`, {
        headers: apiAuth(),
      })
    ).json()
  ).data.map((invoice: { number: string }) => invoice.number) as string[];
  expect(truth.length).toBeGreaterThan(0);

  // Period waits behind the chooser at this width; Due shows by the list's priority.
  await expect(header(page, "period")).toBeHidden();
  await expect(header(page, "dueAt")).toBeVisible();
  await toggleColumn(page, "Period");
  await expect(page).toHaveURL(new RegExp(`/invoices\\?${filters}&columns=period$`));
  await toggleColumn(page, "Due");
  await closeMenu(page);
  const query = `${filters}&columns=-dueAt,period`;
  const viewUrl = new RegExp(`/invoices\\?${query}$`);
  await expect(page).toHaveURL(viewUrl);
  await expectChosenView(page, truth);

  // A reload (the server's HTML too) and Back from a row keep them.
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectChosenView(page, truth);
  await invoicesTable(page).locator('tbody tr td[data-column="number"] a').first().click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page).toHaveURL(viewUrl);
  await expectChosenView(page, truth);

  // Saved with the columns; the navigation's link is the same plain URL.
  await saveView(page, name);
  // Pages reached by the navigation from here, as a person moves through the app.
  await nav(page).getByRole("link", { name: "Customers" }).first().click();
  await expect(page).toHaveURL(/\/customers$/);
  const link = savedSection(page).getByRole("link", { name });
  await expect(link).toHaveAttribute("href", `/invoices?${query}`);
  await link.click();
  await expect(page).toHaveURL(viewUrl);
  await expectChosenView(page, truth);
  await page.getByRole("button", { name: "Columns" }).click();
  await expect(page.getByRole("checkbox", { name: "Period" })).toBeChecked();
  await closeMenu(page);

  // The palette: Ctrl+K, part of the name, Enter.
  await nav(page).getByRole("link", { name: "Payments" }).first().click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(palette(page)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await paletteInput(page).fill(name.slice(3).toUpperCase());
  const group = palette(page).getByRole("group", { name: "Saved views" });
  await expect(group.getByRole("option")).toHaveCount(1);
  await expect(group.getByRole("option")).toContainText(name);
  await expect(palette(page).locator("[role='option'][data-focused]")).toContainText(name);
  await page.keyboard.press("Enter");
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(viewUrl);
  await expectChosenView(page, truth);

  // Tidy: this browser's view deleted on the saved views page.
  await savedSection(page).getByRole("link", { name: "Manage" }).click();
  await expect(page).toHaveURL(/\/views$/);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});

test("the palette lists the saved views, matched by name as typed", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await page.goto("/contracts");
  await saveView(page, `Alpha ${tag}`);
  await page.goto("/payments?hasUnappliedAmount=true");
  await saveView(page, `Beta ${tag}`);
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(palette(page)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  const group = palette(page).getByRole("group", { name: "Saved views" });
  await paletteInput(page).fill(tag);
  await expect(group.getByRole("option")).toHaveText([
    new RegExp(`^Alpha ${tag}Contracts$`),
    new RegExp(`^Beta ${tag}Payments$`),
  ]);
  await paletteInput(page).fill(`beta ${tag}`);
  await expect(group.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payments\?hasUnappliedAmount=true$/);
  await page.evaluate(() => localStorage.removeItem("invoicing.savedViews"));
});

test("signed in: a saved view is the account's, survives signing out and in, and another account does not see it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Mine ${randomBytes(3).toString("hex")}`;
  await ensureSignedIn(page, AUTH_URL);
  await page.goto(`${AUTH_URL}/payments?hasUnappliedAmount=true`);
  await saveView(page, name);
  await expect(savedSection(page).getByRole("link", { name })).toBeVisible();

  // A save the server refuses (a query over the 4,000 characters a view keeps) says
  // why in the dialog, which stays open with the name typed; Cancel leaves nothing saved.
  await page.goto(`${AUTH_URL}/payments?hasUnappliedAmount=true&note=${"x".repeat(4_100)}`);
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill(`${name} long`);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "Not saved: Input validation failed: query: a view's query is at most 4,000 characters",
  );
  await expect(dialog.getByLabel("Name")).toHaveValue(`${name} long`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(savedSection(page).getByRole("link", { name: `${name} long` })).toHaveCount(0);

  // Signed out and in again: still there, read from the server (not this browser).
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.evaluate(() => localStorage.clear());
  await ensureSignedIn(page, AUTH_URL);
  await page.goto(`${AUTH_URL}/views`);
  await expect(page.getByText("kept with your account")).toBeVisible();
  // The palette lists the account's views too.
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(palette(page)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await paletteInput(page).fill(name);
  await expect(
    palette(page).getByRole("group", { name: "Saved views" }).getByRole("option"),
  ).toHaveText([`${name}Payments`]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name }).first()).toHaveAttribute(
    "href",
    "/payments?hasUnappliedAmount=true",
  );

  // Another account, made as an administrator makes one (npm run auth), sees none of it.
  const other = {
    email: `other-${randomBytes(3).toString("hex")}@e2e.test`,
    password: "another e2e password",
  };
  await addAccount({ ...other, name: "Other" }, { AUTH_DB, AUTH_DATABASE_URL: "" });
  const context = await browser.newContext();
  const second = await context.newPage();
  await second.goto(`${AUTH_URL}/sign-in?next=/views`);
  await second.getByLabel("E-mail address").fill(other.email);
  await second.getByLabel("Password").fill(other.password);
  await second.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(second).toHaveURL(/\/views$/);
  await expect(second.getByText("No saved views yet")).toBeVisible();
  // Nor can it change it by id.
  const mine = await page.request.get(`${AUTH_URL}/api/views`);
  const id = ((await mine.json()).data as { id: string; name: string }[]).find(
    (v) => v.name === name,
  )!.id;
  const refused = await second.request.delete(`${AUTH_URL}/api/views/${id}`, {
    headers: { origin: AUTH_URL },
  });
  expect(refused.status()).toBe(404);
  await context.close();

  // Tidy: the view is deleted by its owner.
  const deleted = await page.request.delete(`${AUTH_URL}/api/views/${id}`, {
    headers: { origin: AUTH_URL },
  });
  expect(deleted.status()).toBe(204);
});

test("a view from another site or with a bad query is refused, naming the problem", async ({
  page,
}) => {
  await ensureSignedIn(page, AUTH_URL);
  const foreign = await page.request.post(`${AUTH_URL}/api/views`, {
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    data: { name: "x", list: "invoices", query: "" },
  });
  expect(foreign.status()).toBe(403);
  const bad = await page.request.post(`${AUTH_URL}/api/views`, {
    headers: { origin: AUTH_URL, "content-type": "application/json" },
    data: { name: " ", list: "refunds", query: "statuses=NOPE" },
  });
  expect(bad.status()).toBe(400);
  const issues = ((await bad.json()).issues as { message: string }[]).map((i) => i.message);
  expect(issues.join("\n")).toMatch(/name/);
  expect(issues.join("\n")).toMatch(/list/);
  const badQuery = await page.request.post(`${AUTH_URL}/api/views`, {
    headers: { origin: AUTH_URL, "content-type": "application/json" },
    data: { name: "x", list: "invoices", query: "statuses=NOPE" },
  });
  expect(badQuery.status()).toBe(400);
  expect(JSON.stringify(await badQuery.json())).toMatch(/statuses/);
  // The chosen columns are part of a view, kept as the page writes them: in the list's
  // order, unknown ids left out (as the page ignores them).
  const withColumns = await page.request.post(`${AUTH_URL}/api/views`, {
    headers: { origin: AUTH_URL, "content-type": "application/json" },
    data: { name: "cols", list: "invoices", query: "statuses=ISSUED&columns=period,-dueAt,gone" },
  });
  expect(withColumns.status()).toBe(201);
  const created = (await withColumns.json()) as { id: string; query: string };
  expect(created.query).toBe("statuses=ISSUED&columns=-dueAt,period");
  const tidied = await page.request.delete(`${AUTH_URL}/api/views/${created.id}`, {
    headers: { origin: AUTH_URL },
  });
  expect(tidied.status()).toBe(204);
});
