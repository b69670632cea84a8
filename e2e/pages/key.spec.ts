/** The API key page: what the key is, what it may read, and what to do when it is refused. */
import { axeBuilder } from "../support/axe";
import { demoKey, LIMITED_KEY_URL, REFUSED_KEY_URL } from "../support/env";
import { expect, type Page, test } from "../support/test";

const CLAIMS = ["invoices:read", "customers:read", "contracts:read", "payments:read"];

async function expectNoSeriousViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test("the key's business and claims are listed, never the key itself", async ({
  page,
  request,
}) => {
  const me = await (
    await request.get("/api/v1/me", { headers: { authorization: `Bearer ${demoKey()}` } })
  ).json();
  await page.goto("/key");
  await expect(page.getByRole("heading", { level: 1, name: "API key" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText(me.apiKeyId);
  await expect(main).toContainText(me.entityName);
  await expect(main).toContainText(me.entityId);
  await expect(main).toContainText("built-in demo API");

  const claims = main.getByRole("region", { name: /Claims/ }).getByRole("listitem");
  await expect(claims).toHaveCount(CLAIMS.length);
  for (const claim of CLAIMS) {
    const item = claims.filter({ hasText: claim });
    await expect(item).toContainText(
      me.authorizationClaims.includes(claim) ? "Can read" : "Cannot read",
    );
  }
  await claims.filter({ hasText: "customers:read" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/customers$/);

  const html = await (await request.get("/key")).text();
  expect(html).not.toContain(demoKey());
  expect(html).toContain(me.apiKeyId);
});

test("a refused key is explained with how to configure one", async ({ page }) => {
  await page.goto(`${REFUSED_KEY_URL}/key`);
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("refused the dashboard's key (HTTP 401)");
  await expect(alert).toContainText("INVOICING_API_KEY");
  await expect(alert).toContainText("revoked");
  await expect(alert).toContainText("lacks a list");
  await expect(alert).toContainText("npm run sandbox -- keys create --business");
  await expect(page.getByRole("main")).toContainText("built-in demo API");
  await expectNoSeriousViolations(page);
});

test("the key page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/key");
  await expect(page.getByText("Can read").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("navigation marks the lists a limited key cannot read, and those pages explain why", async ({
  page,
}) => {
  await page.goto(`${LIMITED_KEY_URL}/invoices`);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Customers", "Contracts"]) {
    const link = nav.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toContainText("No access");
    await expect(link).toHaveAttribute("title", /lacks the (customers|contracts):read claim/);
  }
  for (const name of ["Invoices", "Payments"])
    await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).not.toContainText(
      "No access",
    );
  // The invoices list works with this key.
  await expect(
    page.getByRole("region", { name: "Invoices" }).locator("tbody tr").first(),
  ).toBeVisible();
  await page.goto(`${LIMITED_KEY_URL}/customers`);
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("The API key was not accepted");
  await expect(alert).toContainText("lacks the claim customers:read");
});
