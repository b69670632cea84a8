import type { WalkContext } from "./walker";

/**
 * A view is a set of parts, each walked on its own (a home card, an aging bucket):
 * a part's figure is shown as soon as its own walks end, not when the slowest part
 * of the view ends. The parts of a view share one walk context (its limit, budget,
 * progress and abort signal): the first failure stops them all.
 */
export interface PartContext {
  walk: WalkContext;
  /** UTC midnight of the day the figures count from */
  today: number;
  /**
   * Keeps a long list (the renewals table) apart from the result, in pages the
   * browser reads one at a time, so no page's HTML and no result grow with it.
   */
  saveRows: (rows: unknown[]) => Promise<RowsRef>;
  /**
   * Values a view keeps from one walk to the next, by name, in the result store (so
   * they outlive a restart): the day-over-day snapshots of "What changed".
   */
  kept?: KeptValues;
}

/** A view's own kept values: strings by name, in the result store beside its result. */
export interface KeptValues {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

/** Where a part's rows were kept: the walk's id, how many, and the page size. */
export interface RowsRef {
  id: string;
  count: number;
  pageSize: number;
}

export type PartWalk<T> = (ctx: PartContext) => Promise<T>;
