/**
 * What a page reports that a person never should see happen: a Content Security
 * Policy violation, an error on the console (hydration errors land there too), or an
 * uncaught error.
 */
import type { Page } from "@playwright/test";

/** Starts recording a page's problems; call before its first load. */
export async function watchPageProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("__reportCsp", (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on("console", (msg) => {
    // A 404 page's own status is logged as a failed resource; that is not a problem.
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
      problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}
