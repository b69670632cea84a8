import "server-only";
import { CHANGES_PARTS } from "./changes";
import { HOME_PARTS } from "./home";
import type { PartContext } from "./parts";
import { RECEIVABLES_PARTS } from "./receivables";
import { RECEIVABLES_CUSTOMERS_PARTS } from "./receivables-customers";
import { RENEWALS_PARTS } from "./renewals";
import { TRENDS_PARTS } from "./trends";
import { addToTotals, emptyTotals, parseTotalsViewName, type ViewTotals } from "./view-totals";
import { walkList } from "./walker";

/** The views and their parts (each part walked on its own, see parts.ts). */
export const VIEWS = {
  renewals: RENEWALS_PARTS,
  receivables: RECEIVABLES_PARTS,
  "receivables-customers": RECEIVABLES_CUSTOMERS_PARTS,
  home: HOME_PARTS,
  trends: TRENDS_PARTS,
  changes: CHANGES_PARTS,
} satisfies Record<string, Record<string, (ctx: PartContext) => Promise<unknown>>>;

export type ViewName = keyof typeof VIEWS;

/** What each part of view V gives once walked. */
export type ViewParts<V extends ViewName> = {
  [P in keyof (typeof VIEWS)[V]]: (typeof VIEWS)[V][P] extends (
    ctx: PartContext,
  ) => Promise<infer T>
    ? T
    : never;
};

export const VIEW_NAMES = Object.keys(VIEWS) as ViewName[];

/** The views that keep long lists apart from their figures, in pages (`/api/insights/{view}/rows`). */
export const VIEWS_WITH_ROWS: readonly ViewName[] = ["renewals", "receivables-customers"];

export function isViewName(value: string): value is ViewName {
  return Object.hasOwn(VIEWS, value);
}

export function partNames(view: ViewName): string[] {
  return Object.keys(VIEWS[view]);
}

/**
 * What the shared walks walk: a named view, or a list view's totals
 * (`totals:{list}:{API query}`, view-totals.ts), walked on request and cached like
 * the others but never refreshed in the background.
 */
export type WalkedView = ViewName | `totals:${string}`;

type Parts = Record<string, (ctx: PartContext) => Promise<unknown>>;

/** The parts of a walked view, or null when the name is neither kind. */
export function partsOfView(view: string): Parts | null {
  if (isViewName(view)) return VIEWS[view] as Parts;
  const totals = parseTotalsViewName(view);
  if (!totals) return null;
  const { list, query } = totals;
  return {
    totals: ({ walk }): Promise<ViewTotals> =>
      walkList(walk, list, query, emptyTotals(list), (acc, rows) => addToTotals(list, acc, rows)),
  };
}
