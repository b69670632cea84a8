import { expectChip } from "../support/filters";
import { expect, test } from "../support/test";

// The home page's figures are checked against the API in e2e/insights.spec.ts.

test("home page renders and links the API description", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Invoicing" })).toBeVisible();
  await page.getByRole("link", { name: "/api/v1/openapi.json" }).click();
  await expect(page).toHaveURL(/openapi\.json$/);
});

test("home page shows the figures at a glance and links the views and lists", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  for (const card of [
    "Overdue, per currency",
    "Renewals in the next 30 days",
    "Drafts waiting for approval",
    "Unapplied payments",
  ])
    await expect(main.getByRole("region", { name: card })).toBeVisible({ timeout: 30_000 });
  const expected: [RegExp, string][] = [
    [/^Renewals Who/, "/renewals"],
    [/^Receivables What/, "/receivables"],
    [/^Invoices/, "/invoices"],
    [/^Customers/, "/customers"],
    [/^Contracts/, "/contracts"],
    [/^Payments/, "/payments"],
    [/^API key/, "/key"],
  ];
  for (const [name, href] of expected)
    await expect(main.getByRole("link", { name }), href).toHaveAttribute("href", href);
  await main.getByRole("region", { name: "Drafts waiting for approval" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/invoices\?needsApproval=true$/);
  await expectChip(page, "Approval", "Needs approval");
});
