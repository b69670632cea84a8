/**
 * The key page's check of the API before going live (npm run check-api's check,
 * run by the dashboard on the server): a person runs it and reads its result,
 * which stays for the next visit; a third run within the minute is refused and
 * says so, keeping the result. On an API that differs (the fault-injecting
 * upstream's divergence, which only the check's requests meet), each difference is
 * named with the pages it reaches.
 */
import { DIVERGENCE_CONTROL_URL, demoKey, FAULTS_URL } from "../support/env";
import { ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

test("the key page runs the check of the API and shows its last result", async ({
  page,
  request,
}) => {
  await page.goto("/key");
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
