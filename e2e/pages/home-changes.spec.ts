/**
 * "What changed since yesterday" on the home page. On the demo server (one pinned
 * day) it says there is nothing to compare yet. Two days: a server of its own walks
 * at day 1 and stops; a second one on the same data folder (a restart) at day 2
 * compares with day 1's kept snapshot. Every figure is recomputed here from the
 * API's whole lists, every link followed to a list holding what it counts, and the
 * page seen at 390 and 1440 px in both themes with axe.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CustomerRecord, InvoiceRecord, PaymentRecord } from "../../lib/api/client";
import { E2E_NOW } from "../support/env";
import { DAY, loadedCount } from "../support/insights";
import { type OwnServer, startOwnServer } from "../support/own-server";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";
import { checkEveryWidthAndTheme } from "../support/themes";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DAY2 = Math.floor(Date.parse(E2E_NOW) / DAY) * DAY;
const DAY1 = DAY2 - 3 * DAY;
const nowOn = (day: number) => new Date(day + 9.5 * 3_600_000).toISOString();
const HEALTHS = ["RENEWAL_DUE", "ENDING"];

type Customer = CustomerRecord;
type Invoice = InvoiceRecord;
type Payment = PaymentRecord;

/** Every row of a list of `base`'s built-in API, read forward with the database's demo key. */
async function walkOf<T>(
  request: APIRequestContext,
  base: string,
  key: string,
  list: string,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor = "";
  for (;;) {
    const sep = list.includes("?") ? "&" : "?";
    const res = await request.get(
      `${base}/api/v1/${list}${sep}limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(res.status(), list).toBe(200);
    const page = await res.json();
    rows.push(...page.data);
    if (!page.hasMore) return rows;
    cursor = page.nextCursor;
  }
}

/** The view walked to its end on `base` (the NDJSON stream's last line is its result). */
async function walkChanges(request: APIRequestContext, base: string) {
  const res = await request.get(`${base}/api/insights/changes`, { timeout: 120_000 });
  expect((await res.text()).trim().split("\n").at(-1)).toContain('"type":"result"');
}

async function serverOn(db: string, dir: string, day: number, port: number): Promise<OwnServer> {
  const server = await startOwnServer(
    { SANDBOX_DB: db, SANDBOX_NOW: nowOn(day), INSIGHTS_DATA_DIR: path.join(dir, "insights") },
    port,
  );
  // A loaded machine can take longer than untilListening's bound to start a server.
  for (let i = 0; i < 600 && server.child.exitCode === null; i++) {
    const up = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  server.stop();
  throw new Error(`the server did not come up:\n${server.output()}`);
}

function countsOf(invoices: Invoice[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const i of invoices)
    counts[i.totalAmount.currencyCode] = (counts[i.totalAmount.currencyCode] ?? 0) + 1;
  return counts;
}

async function shownCounts(page: Page, testId: string): Promise<Record<string, number>> {
  const rows = await page
    .getByTestId(testId)
    .locator("[data-currency][data-count]")
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute("data-currency"), Number(e.getAttribute("data-count"))]),
    );
  return Object.fromEntries(rows);
}

test("the demo's one day: first day, nothing to compare yet", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(page.getByTestId("changes-first-day")).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole("region", { name: "What changed since yesterday", exact: true }),
  ).toContainText("First day: nothing to compare yet");
});

test("two days kept across a restart: each figure equals the API's lists and opens them", async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "home-changes-"));
  const db = path.join(dir, "sandbox.sqlite");
  execFileSync(
    process.execPath,
    ["--import", "tsx", "lib/sandbox/cli.ts", "seed", "--customers", "400"],
    { env: { ...process.env, SANDBOX_DB: db, SANDBOX_NOW: E2E_NOW }, stdio: "ignore" },
  );
  const key = fs.readFileSync(`${db}.demo-key`, "utf8").trim();
  let server = await serverOn(db, dir, DAY1, PORT + 580);
  try {
    const before = await walkOf<Customer>(request, server.base, key, "customers");
    await walkChanges(request, server.base);
    server.stop();
    await server.exited;
    server = await serverOn(db, dir, DAY2, PORT + 581);
    const base = server.base;
    await walkChanges(request, base);

    const customers = await walkOf<Customer>(request, base, key, "customers");
    const invoices = (await walkOf<Invoice>(request, base, key, "invoices?statuses=ISSUED")).filter(
      (i) => i.status === "ISSUED",
    );
    const payments = (await walkOf<Payment>(request, base, key, "payments")).filter(
      (p) => Date.parse(p.receivedDate) >= DAY1,
    );
    const overdue = invoices.filter((i) => {
      const due = Date.parse(i.dueAt ?? "");
      return i.appliedAmount.value < i.totalAmount.value && due >= DAY1 && due < DAY2;
    });
    const issued = invoices.filter((i) => Date.parse(i.issuedAt ?? "") >= DAY1);
    const healthBefore = new Map(before.map((c) => [c.id, c.contractHealth]));
    const entered = Object.fromEntries(
      HEALTHS.map((h) => [
        h,
        customers.filter((c) => c.contractHealth === h && healthBefore.get(c.id) !== h),
      ]),
    );
    expect(overdue.length + issued.length + payments.length).toBeGreaterThan(0);
    expect(entered.RENEWAL_DUE!.length + entered.ENDING!.length).toBeGreaterThan(0);

    await test.step("the figures, at 390 and 1440 px in both themes, axe clean", async () => {
      const region = page.getByRole("region", {
        name: "What changed since yesterday",
        exact: true,
      });
      await checkEveryWidthAndTheme(page, {
        name: "home-changes",
        open: async () => {
          await page.goto(`${base}/`);
          await expect(page.getByTestId("changes-since")).toContainText(
            "Compared with the last figures kept on Nov 19, 2026",
          );
        },
        check: async () => {
          expect(await shownCounts(page, "changes-overdue")).toEqual(countsOf(overdue));
          expect(await shownCounts(page, "changes-issued")).toEqual(countsOf(issued));
          await expect(
            page.getByTestId("changes-payments").locator("[data-figure]").first(),
          ).toHaveAttribute("data-figure", String(payments.length));
          for (const h of HEALTHS)
            await expect(
              region.locator(`[data-health="${h}"] [data-figure]`).first(),
            ).toHaveAttribute("data-figure", String(entered[h]!.length));
        },
      });
    });

    await test.step("each link opens a list holding what it counts", async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${base}/`);
      // Each link is followed from the page and Back returns to it, in the app (one load).
      const followed = async (link: Locator, url: RegExp) => {
        await link.click();
        await expect(page).toHaveURL(url);
      };
      const back = async () => {
        await page.goBack();
        await expect(page.getByTestId("changes-since")).toBeVisible();
      };
      await followed(
        page.getByTestId("changes-overdue").getByRole("link").first(),
        /\/invoices\?.*dueDateStartAt=2026-11-19/,
      );
      if (overdue.length > 0)
        expect(await loadedCount(page, "Invoices", "invoices")).toBe(overdue.length);
      await back();
      await followed(
        page.getByTestId("changes-issued").getByRole("link").first(),
        /\/invoices\?.*issueDateStartAt=2026-11-19/,
      );
      if (issued.length > 0)
        expect(await loadedCount(page, "Invoices", "invoices")).toBe(issued.length);
      await back();
      await followed(page.getByTestId("changes-payments").getByRole("link").first(), /\/payments$/);
      for (const h of HEALTHS) {
        await back();
        await followed(
          page.locator(`[data-health="${h}"] [data-figure]`).first(),
          new RegExp(`/customers\\?contractHealths=${h}$`),
        );
      }
      const first = [...entered.RENEWAL_DUE!, ...entered.ENDING!][0]!;
      await back();
      await followed(
        page
          .getByTestId("home-changes")
          .getByRole("link", { name: first.name, exact: true })
          .first(),
        new RegExp(`/customers/${first.id}$`),
      );
    });
  } finally {
    server.stop();
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
