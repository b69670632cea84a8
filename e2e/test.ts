/**
 * Playwright's `test`, with `page.goto` waiting until an HTML page has hydrated
 * (`<html data-hydrated>`, set by components/layout/hydration-mark.tsx). Without
 * it a test may change a filter before React owns the control, and React resets it:
 * the test then fails for a reason a person would not meet.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

type Goto = Page["goto"];

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto: Goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()["content-type"]?.includes("text/html");
      if (html) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return response;
    };
    await use(page);
  },
});
