import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";
const SCREENSHOTS = path.join("test-results", "screenshots");

export type Scheme = "light" | "dark";

interface EveryWidthAndTheme {
  /** names the screenshots and the failures */
  name: string;
  /** opens the page and waits until what is checked has arrived */
  open: () => Promise<void>;
  widths?: readonly number[];
  /** the page's own checks at each width and theme, before axe */
  check?: (width: number, scheme: Scheme) => Promise<void>;
}

/** How far the page reaches past the viewport's right edge, in CSS px (0 when it fits). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * One load of a page, checked at each width in both themes: nothing reaches past the
 * right edge, the page's own checks, and axe. The page is loaded in the light theme;
 * then the system's setting turns dark, which the theme follows until a person picks
 * one (the same DOM: only its colours change; a page first arriving dark is the
 * layout test's). So every axe rule runs in the light theme and the colours' in the
 * dark. With E2E_SCREENSHOTS=1 each width and theme is also written to
 * test-results/screenshots/ to be looked at.
 */
export async function checkEveryWidthAndTheme(page: Page, options: EveryWidthAndTheme) {
  const { name, open, widths = [1440, 390], check } = options;
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: widths[0]!, height: 900 });
  await open();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(
      scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    for (const width of widths) {
      const what = `${name} at ${width} px, ${scheme}`;
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => sidewaysOverflow(page), { message: what }).toBeLessThanOrEqual(0);
      await check?.(width, scheme);
      await expectNoAxeViolations(page, what, scheme === "light" ? "all" : "colours");
      await screenshotToLookAt(page, `${name}-${width}-${scheme}`, { fullPage: true });
    }
  }
}

/**
 * A picture of the page or of one part, to be looked at: written to
 * test-results/screenshots/<name>.png only with E2E_SCREENSHOTS=1 (a full page costs
 * the browser up to a core-second, for a picture an ordinary run never shows anyone).
 */
export async function screenshotToLookAt(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  if (!TAKE_SCREENSHOTS) return;
  const file = path.join(SCREENSHOTS, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path: file, fullPage: options.fullPage });
  else await target.screenshot({ path: file });
}
