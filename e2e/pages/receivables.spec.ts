/**
 * The receivables view against the demo server with its pinned clock: every bucket and
 * figure recomputed from whole walks of the API's own lists (e2e/support/insights.ts),
 * every link followed to the list whose rows are counted; and its walk's stream.
 */
import { FAULTS_URL } from "../support/env";
import {
  DAY,
  dayOf,
  expectListMatches,
  type Invoice,
  loadedCount,
  minorOf,
  openView,
  sumBy,
  TODAY,
  walk,
} from "../support/insights";
import { ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

test("receivables: aging buckets per currency, totals, pending card payments and unapplied cash match the API", async ({
  page,
  request,
}) => {
  const open = await walk<Invoice>(
    request,
    "invoices",
    "statuses=ISSUED&hasOutstandingBalance=true",
  );
  await openView(page, "/receivables", "unapplied-count");
  const bucketOf = (i: Invoice) => {
    const late = (TODAY - dayOf(i.dueAt!)) / DAY;
    if (late <= 0) return "current";
    if (late <= 30) return "1-30";
    if (late <= 60) return "31-60";
    if (late <= 90) return "61-90";
    return "90+";
  };
  const table = page.getByRole("table", { name: "Aging of outstanding invoices" });
  for (const bucket of ["current", "1-30", "31-60", "61-90", "90+", "total"]) {
    const inBucket = bucket === "total" ? open : open.filter((i) => bucketOf(i) === bucket);
    const { sums, counts } = sumBy(
      inBucket,
      (i) => i.totalAmount.currencyCode,
      (i) => i.totalAmount.value - i.appliedAmount.value,
    );
    for (const code of ["USD", "CAD", "EUR", "USDC"]) {
      const cell = table.locator(`tr[data-bucket="${bucket}"] td[data-currency="${code}"]`);
      expect(
        minorOf((await cell.locator("[data-amount]").textContent()) ?? ""),
        `${bucket} ${code}`,
      ).toBe(sums[code] ?? 0n);
      await expect(cell.locator("[data-count]")).toHaveAttribute(
        "data-count",
        String(counts[code] ?? 0),
      );
    }
  }

  // Pending card payments, apart.
  const pending = sumBy(
    open.filter((i) => i.pendingPaymentAmount.value > 0),
    (i) => i.pendingPaymentAmount.currencyCode,
    (i) => i.pendingPaymentAmount.value,
  );
  expect(Object.keys(pending.counts).length).toBeGreaterThan(0);
  for (const [code, sum] of Object.entries(pending.sums)) {
    const item = page.locator(`[data-pending="${code}"]`);
    expect(minorOf((await item.locator("[data-amount]").textContent()) ?? "")).toBe(sum);
    await expect(item.locator("[data-count]")).toHaveAttribute(
      "data-count",
      String(pending.counts[code]),
    );
  }

  // Unapplied cash payments: the count and the newest ones.
  const unapplied = await walk<{ id: string }>(request, "payments", "hasUnappliedAmount=true");
  const count = page.getByTestId("unapplied-count");
  await expect(count).toHaveText(`${unapplied.length.toLocaleString("en-US")} payments`);
  await expect(count).toHaveAttribute("data-figure", String(unapplied.length));
  const shown = await page
    .locator("li[data-payment-id]")
    .evaluateAll((lis) => lis.map((li) => li.getAttribute("data-payment-id")));
  expect(shown).toEqual(unapplied.slice(0, shown.length).map((p) => p.id));

  // A bucket's link lists exactly its invoices (all currencies: the list has no currency filter).
  const row = table.locator('tr[data-bucket="61-90"]');
  const href = (await row.getByRole("link").getAttribute("href"))!;
  expect(href).toBe(
    "/invoices?statuses=ISSUED&dueDateStartAt=2026-08-24&dueDateEndAt=2026-09-22T23:59:59.999Z&hasOutstandingBalance=true",
  );
  const expected6190 = open
    .filter((i) => bucketOf(i) === "61-90")
    .map((i) => i.id)
    .sort();
  const viaLink = await walk<Invoice>(request, "invoices", href.split("?")[1]);
  expect(viaLink.map((i) => i.id).sort()).toEqual(expected6190);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/dueDateStartAt=2026-08-24/);
  expect(await loadedCount(page, "Invoices", "invoices")).toBe(expected6190.length);
  // Each bucket's link followed from the page, and Back to it (one load of the page).
  for (const bucket of ["current", "1-30", "90+"]) {
    await page.goBack();
    await expect(page).toHaveURL(/\/receivables$/);
    const link = page
      .getByRole("table", { name: "Aging of outstanding invoices" })
      .locator(`tr[data-bucket="${bucket}"]`)
      .getByRole("link");
    const bucketHref = (await link.getAttribute("href"))!;
    const ids = (await walk<Invoice>(request, "invoices", bucketHref.split("?")[1])).map(
      (i) => i.id,
    );
    expect(ids.sort(), bucket).toEqual(
      open
        .filter((i) => bucketOf(i) === bucket)
        .map((i) => i.id)
        .sort(),
    );
    await link.click();
    await expectListMatches(page, request, bucketHref, "invoices", "Invoices", { open: false });
  }

  await page.goBack();
  await page.getByTestId("unapplied-count").click();
  await expect(page).toHaveURL(/\/payments\?hasUnappliedAmount=true$/);
  expect(await loadedCount(page, "Payments", "payments")).toBe(unapplied.length);
});

test("a walk streams its progress as it goes and each part as it is read, then the result", async ({
  page,
}) => {
  // The fault-injecting app reads its API at 2 pages a second: the walk takes seconds.
  await ensureSignedIn(page, FAULTS_URL);
  const started = Date.now();
  const stream = await page.request.get(`${FAULTS_URL}/api/insights/receivables`);
  expect(stream.headers()["content-type"]).toContain("application/x-ndjson");
  expect(stream.headers()["cache-control"]).toContain("no-transform");
  const events = (await stream.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(Date.now() - started).toBeGreaterThan(2_000);
  const progress = events.filter((e) => e.type === "progress").map((e) => e.pages);
  expect(progress.length).toBeGreaterThan(3);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  const parts = events.filter((e) => e.type === "part").map((e) => e.name);
  expect([...parts].sort()).toEqual(["1-30", "31-60", "61-90", "90+", "current", "unapplied"]);
  const result = events.at(-1);
  expect(result.type).toBe("result");
  expect(result.pages).toBeGreaterThanOrEqual(progress.at(-1));
  // A real API is read against the real clock: today's UTC midnight.
  expect(Date.parse(result.today) % DAY).toBe(0);
});
