import "server-only";
import { SITE_PAGES } from "@/components/layout/site-pages";
import { type PageRead, pageReads } from "@/lib/lists/page-reads";
import type { Affected } from "./result";
import { viewReads } from "./view-reads";

/** Pages that are not in the navigation's list. */
const OTHER_PAGES: Record<string, string> = {
  "*": "Every page",
  "/invoices/[id]": "Invoice page",
  "/customers/[id]": "Customer page",
  "/customers/[id]/statement": "Statement page",
  "/contracts/[id]": "Contract page",
};

export function pageLabel(page: string): string {
  return OTHER_PAGES[page] ?? SITE_PAGES.find((p) => p.href === page)?.label ?? page;
}

/** Every read of every page: the list, detail and key pages', and the insight views' as recorded. */
export async function allPageReads(): Promise<PageRead[]> {
  return [...pageReads(), ...(await viewReads())];
}

/**
 * What a difference touches:
 * - a route (missing, refused, answered in a wrong shape): the reads of that route a
 *   page makes on its own (`options: false` leaves out the filters, orders and
 *   searches a person picks, which fail with it anyway);
 * - a parameter, optionally one value of it (`statuses=ISSUING`, `orderBy=name:DESC`,
 *   `limit=100`): the reads that send it, and that value where their values are fixed.
 */
export interface Reach {
  route: string;
  param?: string;
  value?: string;
  options?: boolean;
}

export function readsReached(reads: readonly PageRead[], reach: Reach): PageRead[] {
  return reads.filter((read) => {
    if (read.route !== reach.route) return false;
    if (reach.param === undefined) return reach.options !== false || !read.option;
    if (!read.params.includes(reach.param)) return false;
    const fixed = read.sends?.[reach.param];
    return reach.value === undefined || fixed === undefined || fixed.includes(reach.value);
  });
}

/** The reads as pages, each with its features, in the order the reads are listed. */
export function asAffected(reads: readonly PageRead[]): Affected[] {
  const byPage = new Map<string, Affected>();
  for (const read of reads) {
    let entry = byPage.get(read.page);
    if (!entry) {
      entry = { page: read.page, label: pageLabel(read.page), features: [] };
      byPage.set(read.page, entry);
    }
    if (!entry.features.includes(read.feature)) entry.features.push(read.feature);
  }
  return [...byPage.values()];
}

export function affected(reads: readonly PageRead[], ...reaches: Reach[]): Affected[] {
  const found = new Set<PageRead>();
  for (const reach of reaches) for (const read of readsReached(reads, reach)) found.add(read);
  return asAffected(reads.filter((r) => found.has(r)));
}
