/**
 * What every list's browser tests need: the API's first page for a query (the
 * truth to compare with), the table and the filter bar of the page, and the
 * check that the rows shown are the API's rows.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { demoKey } from "./env";

export const apiAuth = () => ({ authorization: `Bearer ${demoKey()}` });

/** Every record of a list's query, page by page over nextCursor: the truth to compare with. */
// biome-ignore lint/suspicious/noExplicitAny: API records read loosely, as the API answers them
export async function apiWalk<T = Record<string, any>>(
  request: APIRequestContext,
  list: string,
  query: string,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const res = await request.get(
      `/api/v1/${list}?${query}&limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
      { headers: apiAuth() },
    );
    expect(res.status()).toBe(200);
    const page = await res.json();
    all.push(...page.data);
    if (!page.hasMore) return all;
    cursor = page.nextCursor;
  }
  throw new Error("the walk did not end");
}

export function listUnderTest<Row extends { id: string }>(options: {
  /** the API list, e.g. "contracts" */
  list: "invoices" | "customers" | "contracts" | "payments";
  /** the table region's accessible name */
  region: string;
  /** the record id in the href of a row's first-column link */
  idFromHref: (href: string) => string;
}) {
  async function apiPage(request: APIRequestContext, query: string): Promise<Row[]> {
    const res = await request.get(`/api/v1/${options.list}?limit=50${query ? `&${query}` : ""}`, {
      headers: apiAuth(),
    });
    expect(res.status(), query).toBe(200);
    return (await res.json()).data;
  }
  const table = (page: Page) => page.getByRole("region", { name: options.region });
  const filters = (page: Page) => page.getByRole("search", { name: "Filters" });
  const chip = (page: Page, name: string) =>
    filters(page).getByRole("button", { name, exact: true });

  /** Record ids of the first rows shown, from their first-column links. */
  async function shownIds(page: Page, count = 10): Promise<string[]> {
    const links = table(page).locator("tbody tr td:first-child a");
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    return hrefs.slice(0, count).map(options.idFromHref);
  }

  /** The first rows shown are the API's first rows for the same query, in order. */
  async function expectRowsMatchApi(page: Page, request: APIRequestContext, query: string) {
    const expected = (await apiPage(request, query)).slice(0, 10).map((r) => r.id);
    expect(expected.length, `the API has rows for ${query}`).toBeGreaterThan(0);
    await expect.poll(() => shownIds(page, expected.length), { message: query }).toEqual(expected);
  }

  return { apiPage, table, filters, chip, shownIds, expectRowsMatchApi };
}

/** The URL's orderBy, decoded. */
export function orderByOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get("orderBy");
}

/**
 * The pointer over a list's table, as a person reaching for it. Resolves once the
 * table answers (its box is marked `data-hydrated` once its script runs, and it then
 * reads its next page ahead).
 */
export async function reachForList(page: Page, name: string) {
  const region = page.getByRole("region", { name });
  await region.hover();
  await expect(region).toHaveAttribute("data-hydrated", "");
}

/**
 * Ticks or unticks a column in the table's Columns menu (opened if it is not), as a
 * person does: a click on its label (the checkbox's input is visually hidden in it).
 */
export async function toggleColumn(page: Page, column: string) {
  const menu = page.getByRole("dialog", { name: "Columns" });
  if (!(await menu.isVisible())) await page.getByRole("button", { name: "Columns" }).click();
  await menu
    .locator("label")
    .filter({ hasText: new RegExp(`^${column}$`) })
    .click();
}

/** Closes an open menu (the Columns menu, Sort) with Escape, as a person would. */
export async function closeMenu(page: Page) {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Columns" })).toBeHidden();
}

/** A list's quick views (components/data-table/quick-views.tsx): its tabs, and the one marked current. */
export function quickViewsOf(page: Page, name: string) {
  const views = page.getByRole("navigation", { name });
  return {
    current: views.locator('[aria-current="page"]'),
    tab: (label: string) => views.getByRole("link", { name: label, exact: true }),
  };
}

/** Each shown invoice's number and whether its Due cell says Overdue (spacer rows aside). */
export function overdueMarks(page: Page): Promise<Record<string, boolean>> {
  return page
    .getByRole("region", { name: "Invoices" })
    .locator("tbody tr:has(td:first-child a)")
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector("td:first-child a")?.textContent ?? "",
          /Overdue/.test(row.querySelector('td[data-column="dueAt"]')?.textContent ?? ""),
        ]),
      ),
    );
}

/** A record page's breadcrumb (components/layout/breadcrumb.tsx): a link to its list, then the record. */
export async function expectBreadcrumb(page: Page, list: string, current: string) {
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("link", { name: list, exact: true })).toHaveAttribute(
    "href",
    `/${list.toLowerCase()}`,
  );
  await expect(trail.locator('[aria-current="page"]')).toHaveText(current);
}

/**
 * The rows of the page's tables whose height is not the one their spacers and the
 * virtualizer count (41 px, or the table's card height when it shows cards): such a
 * row moves the rows below it as the table scrolls. Each as "table: index height".
 */
export function rowsOffTheirHeight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const off: string[] = [];
    for (const table of document.querySelectorAll("table")) {
      const rows = [...table.querySelectorAll<HTMLElement>("tbody tr[data-index]")];
      const card = Number.parseFloat(
        rows[0] ? getComputedStyle(rows[0]).getPropertyValue("--card-row-height") : "",
      );
      const name = table.closest("[aria-label]")?.getAttribute("aria-label") ?? "table";
      for (const row of rows) {
        const height = Math.round(row.getBoundingClientRect().height * 100) / 100;
        if (height !== 41 && height !== card) off.push(`${name}: ${row.dataset.index} ${height}`);
      }
    }
    return off;
  });
}
