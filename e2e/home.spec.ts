import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("home page renders and links the API description", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Invoicing" })).toBeVisible();
  await page.getByRole("link", { name: "/api/v1/openapi.json" }).click();
  await expect(page).toHaveURL(/openapi\.json$/);
});

test("home page links the lists, the key page and the everyday views", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  const expected: [RegExp, string][] = [
    [/^Invoices/, "/invoices"],
    [/^Customers/, "/customers"],
    [/^Contracts/, "/contracts"],
    [/^Payments/, "/payments"],
    [/^API key/, "/key"],
    [/^Renewals to review/, "/customers?contractHealths=RENEWAL_DUE,ENDING"],
    [/^Unpaid invoices/, "/invoices?statuses=ISSUED&hasOutstandingBalance=true"],
    [/^Unapplied payments/, "/payments?hasUnappliedAmount=true"],
  ];
  for (const [name, href] of expected)
    await expect(main.getByRole("link", { name }), href).toHaveAttribute("href", href);
  await main.getByRole("link", { name: /^Renewals to review/ }).click();
  await expect(page).toHaveURL(/\/customers\?contractHealths=RENEWAL_DUE(%2C|,)ENDING$/);
  await expect(page.getByRole("button", { name: "Renewal due", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("home page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
