import "server-only";
import { HOME_PARTS } from "./home";
import type { PartContext } from "./parts";
import { RECEIVABLES_PARTS } from "./receivables";
import { RENEWALS_PARTS } from "./renewals";

/** The views and their parts (each part walked on its own, see parts.ts). */
export const VIEWS = {
  renewals: RENEWALS_PARTS,
  receivables: RECEIVABLES_PARTS,
  home: HOME_PARTS,
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

export function isViewName(value: string): value is ViewName {
  return Object.hasOwn(VIEWS, value);
}

export function partNames(view: ViewName): string[] {
  return Object.keys(VIEWS[view]);
}
