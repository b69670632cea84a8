/**
 * Playwright's `test`, with `page.goto`, `page.reload`, `page.goBack` and
 * `page.goForward` waiting, when they load an HTML page, until it has hydrated
 * (`<html data-hydrated>`, set by components/layout/hydration-mark.tsx). Without it a
 * test may change a filter before React owns the control, and React resets it, or
 * click a button before any of the page's script runs, and the click is lost: the
 * test then fails for a reason a person would not meet (Back to a list and "Save
 * view" at once lost the click under load). A history step inside the app (no new
 * document) answers no response and has nothing to wait for.
 */
import { test as base, type Page, type Response } from "@playwright/test";

export * from "@playwright/test";

async function untilHydrated(page: Page, response: Response | null): Promise<Response | null> {
  const html = response?.headers()["content-type"]?.includes("text/html");
  if (html) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const goBack = page.goBack.bind(page);
    const goForward = page.goForward.bind(page);
    page.goto = async (url, options) => untilHydrated(page, await goto(url, options));
    page.reload = async (options) => untilHydrated(page, await reload(options));
    page.goBack = async (options) => untilHydrated(page, await goBack(options));
    page.goForward = async (options) => untilHydrated(page, await goForward(options));
    await use(page);
  },
});
