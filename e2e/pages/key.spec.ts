/**
 * The API key page: what the key is, what it may read, and what to do when it is
 * refused; its check of the API before going live, and on an API that differs (the
 * fault-injecting upstream's divergence, which only the check's requests meet) each
 * difference named with the pages it reaches.
 */
import { axeBuilder } from "../support/axe";
import {
  DIVERGENCE_CONTROL_URL,
  demoKey,
  FAULTS_URL,
  LIMITED_KEY_URL,
  REFUSED_KEY_URL,
} from "../support/env";
import { ensureSignedIn } from "../support/session";
import { expect, type Page, test } from "../support/test";

const CLAIMS = ["invoices:read", "customers:read", "contracts:read", "payments:read"];

async function expectNoSeriousViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test("the key page: the key's business and claims, never the key; axe; the check of the API and its last result", async ({
  page,
  request,
}) => {
  const me = await (
    await request.get("/api/v1/me", { headers: { authorization: `Bearer ${demoKey()}` } })
  ).json();
  await page.goto("/key");
  const main = page.getByRole("main");
  const claims = main.getByRole("region", { name: /Claims/ }).getByRole("listitem");
  await test.step("the key's business and claims are listed, never the key itself", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "API key" })).toBeVisible();
    await expect(main).toContainText(me.apiKeyId);
    await expect(main).toContainText(me.entityName);
    await expect(main).toContainText(me.entityId);
    await expect(main).toContainText("built-in demo API");
    await expect(claims).toHaveCount(CLAIMS.length);
    for (const claim of CLAIMS) {
      const item = claims.filter({ hasText: claim });
      await expect(item).toContainText(
        me.authorizationClaims.includes(claim) ? "Can read" : "Cannot read",
      );
    }
    const html = await (await request.get("/key")).text();
    expect(html).not.toContain(demoKey());
    expect(html).toContain(me.apiKeyId);
  });

  await test.step("no serious accessibility violations", async () => {
    await expect(page.getByText("Can read").first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  // npm run check-api's check, run by the dashboard on the server: its result stays for
  // the next visit; a third run within the minute is refused and says so.
  await test.step("the check of the API runs and shows its last result", async () => {
    const panel = page.getByRole("region", { name: "Check the API before going live" });
    await expect(panel).toContainText("npm run check-api");
    const run = panel.getByRole("button", { name: "Run the check" });

    // Pressed from the keyboard, it keeps the focus while the check runs.
    await run.focus();
    await page.keyboard.press("Enter");
    const result = panel.getByTestId("api-check-result");
    await expect(result).toHaveAttribute("data-verdict", "works", { timeout: 30_000 });
    await expect(run).toBeFocused();
    await expect(result.getByRole("status")).toContainText("Everything the dashboard reads works.");
    await expect(result.getByRole("status")).toContainText("by this dashboard");
    await expect(result.getByRole("status")).toContainText("to the built-in API");
    const requests = Number(
      /(\d+) requests/.exec((await result.getByRole("status").textContent()) ?? "")?.[1],
    );
    expect(requests).toBeGreaterThan(30);

    // What works, folded: every list and the error answers, each a line of its own.
    await result.getByText(/^What works \(\d+\)$/).click();
    const works = result.getByRole("list", { name: "What works" }).getByRole("listitem");
    expect(await works.count()).toBeGreaterThan(50);
    for (const route of [
      "GET /health",
      "GET /me",
      "GET /invoices",
      "GET /customers",
      "GET /contracts",
      "GET /payments",
    ])
      await expect(works.filter({ hasText: route }).first()).toBeVisible();
    await expect(works.filter({ hasText: "hasUncoveredBalance=true" })).toContainText(
      "each as the filter keeps",
    );
    await expect(works.filter({ hasText: "a key no API issued" })).toContainText(
      "HTTP 401 UNAUTHORIZED",
    );
    await expect(result.getByRole("list", { name: "Differences" })).toHaveCount(0);

    // The last result stays: a new visit shows it with its time.
    const checkedAt = await result.locator("time").getAttribute("datetime");
    await page.goto("/key");
    const again = page.getByTestId("api-check-result");
    await expect(again.locator("time")).toHaveAttribute("datetime", checkedAt!);
    const html = await (await request.get("/key")).text();
    expect(html).toContain(checkedAt!);
    expect(html).not.toContain(demoKey());

    // Two checks a minute per client (API_CHECKS_PER_MINUTE): the third is refused and says so.
    await page.getByRole("button", { name: "Run the check" }).click();
    await expect(page.getByTestId("api-check-result").locator("time")).not.toHaveAttribute(
      "datetime",
      checkedAt!,
      {
        timeout: 30_000,
      },
    );
    const second = await page
      .getByTestId("api-check-result")
      .locator("time")
      .getAttribute("datetime");
    await page.getByRole("button", { name: "Run the check" }).click();
    await expect(
      page.getByRole("region", { name: "Check the API before going live" }).getByRole("alert"),
    ).toContainText(/Not checked: too many checks of the API; try again in \d+ s/);
    await expect(page.getByTestId("api-check-result").locator("time")).toHaveAttribute(
      "datetime",
      second!,
    );
  });

  await test.step("a claim links to its list", async () => {
    await claims.filter({ hasText: "customers:read" }).getByRole("link").click();
    await expect(page).toHaveURL(/\/customers$/);
  });
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

test("on an API that differs, the key page names each difference and the pages it reaches", async ({
  page,
  request,
}) => {
  await ensureSignedIn(page, FAULTS_URL);
  await request.post(DIVERGENCE_CONTROL_URL, { data: { divergence: "breaking" } });
  try {
    await page.goto(`${FAULTS_URL}/key`);
    await page.getByRole("button", { name: "Run the check" }).click();
    const result = page.getByTestId("api-check-result");
    await expect(result).toHaveAttribute("data-verdict", "breaks", { timeout: 30_000 });
    await expect(result.getByRole("status")).toContainText(
      /\d+ differences would make pages fail; \d+ harmless differences\./,
    );
    const differences = result.getByRole("list", { name: "Differences" }).getByRole("listitem");
    const breaking = differences.and(page.locator('[data-outcome="breaks"]'));
    const contracts = breaking.filter({ hasText: "GET /contracts" });
    for (const part of [
      "Pages affected: Contracts (/contracts): the list, Export CSV;",
      "Invoice page (/invoices/[id]): its contract's name",
      "Contract page (/contracts/[id])",
      "Customer page (/customers/[id]): its contracts table",
    ])
      await expect(contracts).toContainText(part);
    await expect(breaking.filter({ hasText: "hasUncoveredBalance=true" })).toContainText(
      "Pages affected: Invoices (/invoices): Export CSV, Uncovered filter",
    );
    await expect(breaking.filter({ hasText: "isAttributed=false" })).toContainText(
      "accepted but not applied",
    );
    await expect(breaking.filter({ hasText: "Invoice.totalAmount: missing" })).toContainText(
      "Home (/): overdue figure",
    );
    const harmless = differences.and(page.locator('[data-outcome="harmless"]'));
    await expect(
      harmless.filter({ hasText: 'Invoice.status: unknown value "PAID"' }),
    ).toContainText("Status filter");
  } finally {
    await request.post(DIVERGENCE_CONTROL_URL, { data: { divergence: "none" } });
  }
});
