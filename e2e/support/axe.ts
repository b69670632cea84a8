import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, ElementContext, RunOptions } from "axe-core";

/** axe-core as @axe-core/playwright loads it: the same version, not a dependency of its own. */
const AXE_SOURCE: string = createRequire(import.meta.resolve("@axe-core/playwright"))(
  "axe-core",
).source;

export interface AxeCheck {
  /** Only these elements (a selector); may be called again to add more. */
  include(selector: string): AxeCheck;
  exclude(selector: string): AxeCheck;
  /** Only these rules. */
  withRules(rules: string | string[]): AxeCheck;
  disableRules(rules: string | string[]): AxeCheck;
  analyze(): Promise<AxeResults>;
}

/**
 * axe on the page itself, as @axe-core/playwright's AxeBuilder runs it in its legacy
 * mode (`axe.run` in the page: no frames from other origins here), with the same
 * builder calls. axe-core is put in the page once per document, not twice per run as
 * AxeBuilder does: its 560 kB script cost about as much as a run on a small page.
 * Only violations are reported in full (the passing and unsure checks name one element
 * each): the tests read nothing else, and the run takes half the time.
 */
export function axeBuilder(page: Page): AxeCheck {
  const include: string[] = [];
  const exclude: string[] = [];
  const options: RunOptions = { resultTypes: ["violations"] };
  const check: AxeCheck = {
    include: (selector) => {
      include.push(selector);
      return check;
    },
    exclude: (selector) => {
      exclude.push(selector);
      return check;
    },
    withRules: (rules) => {
      options.runOnly = { type: "rule", values: [rules].flat() };
      return check;
    },
    disableRules: (rules) => {
      options.rules = Object.fromEntries([rules].flat().map((id) => [id, { enabled: false }]));
      return check;
    },
    analyze: async () => {
      const present = await page.evaluate(() => typeof window.axe?.run === "function");
      if (!present) await page.evaluate(AXE_SOURCE);
      const context: ElementContext = include.length > 0 ? { include, exclude } : { exclude };
      // As JSON: Playwright's type of an evaluate argument recurses too deep into axe's options.
      const run = (json: string): Promise<AxeResults> => {
        const args = JSON.parse(json) as { context: ElementContext; options: RunOptions };
        return window.axe!.run(args.context, args.options);
      };
      return page.evaluate(run, JSON.stringify({ context, options }));
    },
  };
  return check;
}

declare global {
  interface Window {
    axe?: typeof import("axe-core");
  }
}

/**
 * The axe rules whose result depends on the colours. A theme changes nothing else on
 * the page (the same DOM, names, roles, order), so in the dark theme only these run:
 * the other rules would repeat the light theme's run on the same elements.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** axe on the whole page, every rule or the colours' only, its violations named. */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  rules: "all" | "colours" = "all",
) {
  const builder = axeBuilder(page);
  const results = await (rules === "colours" ? builder.withRules(COLOUR_RULES) : builder).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
    what,
  ).toEqual([]);
}
