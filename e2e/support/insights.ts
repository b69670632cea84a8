/**
 * What the aggregate views' browser tests (renewals, receivables, home) share: whole
 * walks of the API's own lists, and a deliberately plain computation of the figures
 * from them, to compare with what the pages show.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { E2E_NOW } from "./env";
import { apiAuth } from "./lists";

export const DAY = 86_400_000;
export const TODAY = Math.floor(Date.parse(E2E_NOW) / DAY) * DAY;
export const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY) * DAY;
export const calendarDay = (ms: number) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
  }).format(ms);

export interface Money {
  value: number;
  currencyCode: string;
}
export interface Customer {
  id: string;
  name: string;
  contractHealth: string;
  coverageContractId: string | null;
  coverageContractEndAt: string | null;
}
export interface Contract {
  id: string;
  endAt: string;
  renewalNoticeDays: number | null;
  futureAmendment: { startAt: string } | null;
}
export interface Invoice {
  id: string;
  dueAt: string | null;
  totalAmount: Money;
  appliedAmount: Money;
  remainingAmount: Money;
  pendingPaymentAmount: Money;
}

/**
 * When each renewal customer's terms in force end (exclusive): the coverage contract's
 * next agreed terms start, else its end (docs/readings.md, Contracts). A renewal's
 * days left and the 30-day window count from here, not from the contract's end.
 */
export async function termsEnds(
  request: APIRequestContext,
  customers: Customer[],
): Promise<Map<string, string>> {
  const contracts = new Map((await walk<Contract>(request, "contracts")).map((c) => [c.id, c]));
  const ends = new Map<string, string>();
  for (const c of customers) {
    const contract = contracts.get(c.coverageContractId ?? "");
    expect(contract, `the coverage contract of ${c.id}`).toBeDefined();
    ends.set(c.id, contract!.futureAmendment?.startAt ?? contract!.endAt);
  }
  return ends;
}

/** Every row of an API list, following nextCursor (spec list rule 2). */
export async function walk<T>(request: APIRequestContext, list: string, query = ""): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const params = new URLSearchParams(query);
    params.set("limit", "100");
    if (cursor) params.set("startingAfter", cursor);
    const res = await request.get(`/api/v1/${list}?${params}`, { headers: apiAuth() });
    expect(res.status(), `${list}?${params}`).toBe(200);
    const page = await res.json();
    rows.push(...page.data);
    if (!page.hasMore) return rows;
    cursor = page.nextCursor;
  }
}

/** "$1,234.56", "CAD 1,234.56", "1,234.56 USDC" → 123456n (every currency has 2 digits). */
export function minorOf(text: string): bigint {
  const negative = text.includes("-");
  const digits = BigInt(text.replace(/[^0-9]/g, ""));
  return negative ? -digits : digits;
}

export function sumBy<T>(rows: T[], key: (r: T) => string, value: (r: T) => number) {
  const sums: Record<string, bigint> = {};
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const k = key(r);
    sums[k] = (sums[k] ?? 0n) + BigInt(value(r));
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return { sums, counts };
}

/** Waits for the view's figures (walked now, or from the shared results), every part of them. */
export async function openView(page: Page, path: string, ready: string) {
  await page.goto(path);
  // The page's own view; the home page shows the renewals view's value too, under its own name.
  const freshness = page.getByRole("region", { name: "Data freshness", exact: true });
  await expect(freshness.getByTestId("as-of")).not.toContainText("Not read yet", {
    timeout: 30_000,
  });
  await expect(page.getByTestId(ready).first()).toBeVisible();
}

export interface RenewalRowJson {
  id: string;
  daysLeft: number | null;
  withinWindow: boolean;
}

/** Every row of the renewals table as the page reads them: its kept pages, in order. */
export async function renewalRows(
  request: APIRequestContext,
  page: Page,
): Promise<RenewalRowJson[]> {
  const rowsId = await page.getByTestId("renewals-count").getAttribute("data-rows-id");
  const rows: RenewalRowJson[] = [];
  for (let n = 0; ; n++) {
    const res = await request.get(`/api/insights/renewals/rows?rows=${rowsId}&page=${n}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: RenewalRowJson[]; hasMore: boolean };
    expect(body.data.length).toBeLessThanOrEqual(100);
    rows.push(...body.data);
    if (!body.hasMore) return rows;
  }
}

/** Scrolls a list page's table until every row is loaded; returns the loaded count. */
export async function loadedCount(page: Page, region: string, noun: string): Promise<number> {
  const scroller = page.getByRole("region", { name: region, exact: true });
  // The table's own count, above it: a page may hold two tables (/renewals).
  const table = page.locator('[class~="@container/list"]', { has: scroller });
  const status = table.getByText(new RegExp(`^[\\d,]+ ${noun.replace(/s$/, "")}s? loaded`));
  await expect(scroller.locator("tbody tr").first()).toBeVisible();
  for (let i = 0; i < 60; i++) {
    if (/all loaded/.test((await status.textContent()) ?? "")) break;
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(150);
  }
  await expect(status).toContainText("all loaded");
  return Number(((await status.textContent()) ?? "").replace(/[^0-9].*$/s, "").replace(/,/g, ""));
}

/**
 * A list page's first rows are the API's first rows for the link's query: the page
 * opened at `href`, or (`open: false`) the one a click has just led to.
 */
export async function expectListMatches(
  page: Page,
  request: APIRequestContext,
  href: string,
  list: "invoices" | "customers",
  region: string,
  options: { open: boolean } = { open: true },
) {
  const query = href.split("?")[1] ?? "";
  // Without an orderBy the invoice list opens newest first (lib/lists/invoices.ts).
  const order = list === "invoices" && !query.includes("orderBy=") ? "&orderBy=issuedAt:DESC" : "";
  const res = await request.get(`/api/v1/${list}?limit=10&${query}${order}`, {
    headers: apiAuth(),
  });
  const expected = (await res.json()).data.map((r: { id: string }) => r.id);
  if (options.open) await page.goto(href);
  const links = page.getByRole("region", { name: region }).locator("tbody tr td:first-child a");
  await expect
    .poll(async () =>
      (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "")))
        .slice(0, expected.length)
        .map((h) => h.split("/").at(-1)),
    )
    .toEqual(expected);
}
