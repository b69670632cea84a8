/**
 * The renewal value at stake on /renewals and the home page, against the demo server
 * with its pinned clock: every cell recomputed here from whole walks of the API's own
 * lists (customers, contracts, each contract's invoices), the groups' links followed,
 * the auto-renewing rows clickable and the CSV export read back. Both pages at every
 * width and in both themes, the value shown, are the layout test's (flows/layout.spec.ts).
 */

import type { ContractRecord, CustomerRecord, InvoiceRecord } from "../../lib/api/client";
import { E2E_NOW } from "../support/env";
import { apiWalk } from "../support/lists";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

const DAY = 86_400_000;
const TODAY = Math.floor(Date.parse(E2E_NOW) / DAY) * DAY;
const WINDOWS = [30, 60, 90];

type Customer = CustomerRecord;
type Contract = ContractRecord;
type Invoice = InvoiceRecord;

/** currency → group → minor units per window, and the auto-renewing customers within 90 days. */
async function expectedValue(request: APIRequestContext) {
  const customers = await apiWalk<Customer>(request, "customers", "");
  const contracts = new Map(
    (await apiWalk<Contract>(request, "contracts", "")).map((c) => [c.id, c] as const),
  );
  const sums: Record<string, Record<string, bigint[]>> = {};
  const autoRenewing: string[] = [];
  for (const c of customers) {
    const group = ["RENEWAL_DUE", "ENDING"].includes(c.contractHealth)
      ? c.contractHealth
      : c.contractHealth === "HEALTHY" && c.coverageContractAutoRenew
        ? "AUTO_RENEW"
        : null;
    if (!group || !c.coverageContractId) continue;
    const contract = contracts.get(c.coverageContractId)!;
    const end = contract.futureAmendment?.startAt ?? contract.endAt;
    const left = Math.round((Date.parse(end) - TODAY) / DAY);
    if (left < 1 || left > 90) continue;
    if (group === "AUTO_RENEW") autoRenewing.push(c.id);
    const start = contract.currentAmendmentStartAt ?? contract.startAt;
    const invoices = (
      await apiWalk<Invoice>(
        request,
        "invoices",
        `contractId=${contract.id}&statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED`,
      )
    ).filter((i) => i.status !== "VOIDED" && i.periodStartAt >= start && i.periodStartAt < end);
    if (invoices.length === 0) continue;
    const s = new Date(start);
    const e = new Date(end);
    const months =
      (e.getUTCFullYear() - s.getUTCFullYear()) * 12 +
      e.getUTCMonth() -
      s.getUTCMonth() +
      (e.getUTCDate() - s.getUTCDate()) / 30;
    const billed = invoices.reduce((sum, i) => sum + i.totalAmount.value, 0);
    const perYear = BigInt(Math.round((billed * 12) / months));
    WINDOWS.forEach((days, w) => {
      if (left > days) return;
      sums[contract.currencyCode] ??= {};
      sums[contract.currencyCode]![group] ??= [0n, 0n, 0n];
      sums[contract.currencyCode]![group]![w]! += perYear;
    });
  }
  return { sums, autoRenewing };
}

async function openRenewals(page: Page) {
  await page.goto("/renewals");
  await expect(page.getByTestId("as-of").first()).not.toContainText("Not read yet", {
    timeout: 60_000,
  });
  await expect(page.locator("#value-at-stake")).toBeVisible();
}

test("each cell of the value at stake equals the API's own lists; groups link to their customers", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const expected = await expectedValue(request);
  await openRenewals(page);
  const section = page.locator("#value-at-stake");
  const codes = Object.keys(expected.sums).sort();
  expect(codes.length).toBeGreaterThan(1);
  expect(
    (
      await section
        .locator("[data-currency]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-currency")))
    ).sort(),
  ).toEqual(codes);
  for (const code of codes) {
    const table = section.locator(`[data-currency="${code}"]`);
    for (const group of ["RENEWAL_DUE", "ENDING", "AUTO_RENEW"]) {
      const want = expected.sums[code]![group] ?? [0n, 0n, 0n];
      for (const [w, days] of WINDOWS.entries()) {
        const cell = table.locator(
          `tr[data-group="${group}"] td[data-window="${days}"] [data-value]`,
        );
        expect(await cell.getAttribute("data-value"), `${code} ${group} ${days}`).toBe(
          want[w]!.toString(),
        );
      }
    }
  }
  // The groups open what they sum: the customers list by health, the page's own rows.
  await section.getByRole("link", { name: "Ending" }).first().click();
  await expect(page).toHaveURL(/\/customers\?contractHealths=ENDING$/);
  await openRenewals(page);
  await page
    .locator("#value-at-stake")
    .getByRole("link", { name: "Auto-renewing" })
    .first()
    .click();
  await expect(page).toHaveURL(/\/renewals#auto-renewing$/);
  const autoTable = page.getByRole("region", { name: "Auto-renewing customers" });
  await expect(page.getByTestId("auto-renewing-count")).toHaveText(
    String(expected.autoRenewing.length),
  );
  const firstRow = autoTable.locator("tbody tr[data-row-id]").first();
  const id = await firstRow.getAttribute("data-row-id");
  expect(expected.autoRenewing).toContain(id);
  await firstRow.locator("td").first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/customers/${id}$`));
});

test("the home card shows the renewals view's totals within 90 days; the CSV holds each row's value", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await openRenewals(page);
  // Per currency, the 90 days' cell of each group and of the total, as /renewals shows them.
  const cells = await page
    .locator('#value-at-stake tr[data-group] td[data-window="90"] [data-value]')
    .evaluateAll((els) =>
      els.map((e) => ({
        code: e.closest("[data-currency]")!.getAttribute("data-currency")!,
        group: e.closest("tr")!.getAttribute("data-group")!,
        value: e.getAttribute("data-value")!,
      })),
    );
  expect(cells.filter((c) => c.group === "total").length).toBeGreaterThan(1);
  const href = await page.getByRole("link", { name: "Export CSV" }).first().getAttribute("href");
  const csv = await (await request.get(href!)).text();
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toContain("Value a year");
  const rowsId = await page.getByTestId("renewals-count").getAttribute("data-rows-id");
  const kept = await (
    await request.get(`/api/insights/renewals/rows?rows=${rowsId}&page=0`)
  ).json();
  expect(lines.length - 1).toBe(
    Number(
      await page
        .getByTestId("renewals-count")
        .textContent()
        .then((t) => (t ?? "").replace(/\D/g, "")),
    ),
  );
  expect(lines[1]).toContain(kept.data[0].id);

  await page.goto("/");
  const card = page.getByTestId("card-renewal-value");
  await expect(card.locator("[data-currency]").first()).toBeVisible({ timeout: 60_000 });
  // The card's total and its split by group are the renewals view's own cells.
  for (const { code, group, value } of cells) {
    const item = card.locator(`li[data-currency="${code}"]`);
    const shown =
      group === "total"
        ? item.locator("[data-amount]")
        : item.locator(`[data-group="${group}"] [data-value]`);
    await expect(shown, `${code} ${group}`).toHaveAttribute("data-value", value);
  }
  await expect(card.locator("li[data-currency]")).toHaveCount(
    cells.filter((c) => c.group === "total").length,
  );
  await card.locator('[data-group="AUTO_RENEW"]').getByRole("link").first().click();
  await expect(page).toHaveURL(/\/renewals#auto-renewing$/);
});
