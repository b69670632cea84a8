import type { Page } from "@playwright/test";

/**
 * Holds back every script the page asks for from now on by `ms`: what a slow phone
 * does to the lazy parts (the palette, the comboboxes), or, set before the page
 * loads, to all of its scripts. Styles still come at once.
 */
export async function holdScripts(page: Page, ms: number): Promise<void> {
  await page.route("**/_next/static/chunks/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The page may have been closed meanwhile.
    await route.continue().catch(() => {});
  });
}
