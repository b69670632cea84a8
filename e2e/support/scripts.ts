import type { Page, Request } from "@playwright/test";

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

/**
 * Holds back every script the page asks for from now on until `release()`: a slow
 * network, HTML first, or a lazy part's script still on its way. `held()` counts the
 * scripts asked for meanwhile; `arrived()` waits until each has come.
 */
export async function holdScriptsUntilReleased(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: Request[] = [];
  await page.route("**/_next/static/**/*.js", async (route) => {
    held.push(route.request());
    await released;
    await route.continue().catch(() => {});
  });
  return {
    release: () => release(),
    held: () => held.length,
    arrived: async () => {
      await Promise.all(held.map(async (request) => (await request.response())?.finished()));
    },
  };
}
