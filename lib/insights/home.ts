import "server-only";
import type { CustomerRecord, InvoiceRecord } from "@/lib/api/client";
import { customerList } from "@/lib/lists/customers";
// The same views as the invoice list's quick views, so a figure's link and the tab agree.
import { DRAFTS_QUERY, overdueQuery } from "@/lib/lists/quick-views";
import { addMinor, type CurrencySums } from "./aggregate";
import type { PartContext } from "./parts";
import { countUnapplied } from "./receivables";
import { countWithinWindow, RENEWAL_HEALTHS, RENEWAL_WINDOW_DAYS, renewalRows } from "./renewals";
import { type Section, section } from "./sections";
import { countInvoicesSplit, walkInvoicesSplit } from "./split-walk";
import { type CappedCount, walkList } from "./walker";

export { RENEWAL_WINDOW_DAYS };

/** The home page's four figures: each its own part, shown as soon as its walk ends. */
export interface HomeData {
  overdue: Section<OverdueFigures>;
  renewals: Section<{ count: number; href: string }>;
  drafts: Section<CappedCount & { href: string }>;
  unapplied: Section<CappedCount & { href: string }>;
}

/**
 * Overdue invoices per currency: `outstanding` (total minus posted payments) is
 * `remaining` (what the list's Remaining column shows, still owed) plus `pending`
 * (what card payments awaiting funds will cover), shown apart.
 */
export interface OverdueFigures {
  counts: Record<string, number>;
  outstanding: CurrencySums;
  remaining: CurrencySums;
  pending: CurrencySums;
  href: string;
}

export type OverdueSums = Omit<OverdueFigures, "href">;

export function emptyOverdue(): OverdueSums {
  return { counts: {}, outstanding: {}, remaining: {}, pending: {} };
}

/** Adds overdue invoices to the sums per currency (order does not matter). */
export function foldOverdue(acc: OverdueSums, invoices: InvoiceRecord[]): OverdueSums {
  for (const i of invoices) {
    const code = i.totalAmount.currencyCode;
    acc.counts[code] = (acc.counts[code] ?? 0) + 1;
    addMinor(acc.outstanding, code, i.totalAmount.value - i.appliedAmount.value);
    addMinor(acc.remaining, code, i.remainingAmount.value);
    addMinor(acc.pending, code, i.pendingPaymentAmount.value);
  }
  return acc;
}

export const HOME_PARTS = {
  overdue: ({ walk, today }: PartContext): Promise<HomeData["overdue"]> =>
    section(
      walkInvoicesSplit(walk, overdueQuery(today), emptyOverdue(), foldOverdue).then(({ acc }) => ({
        ...acc,
        href: `/invoices?${overdueQuery(today)}`,
      })),
    ),
  renewals: ({ walk, today }: PartContext): Promise<HomeData["renewals"]> =>
    section(
      // The renewals view's own rows and window, so the figure is the count its mark shows.
      walkList(
        walk,
        "customers",
        customerList.apiQuery({ contractHealths: [...RENEWAL_HEALTHS] }),
        [] as CustomerRecord[],
        (acc, customers) => {
          acc.push(...customers);
          return acc;
        },
      )
        .then((customers) => renewalRows(walk, customers, today))
        .then((rows) => ({
          count: countWithinWindow(rows),
          href: `/renewals#within-${RENEWAL_WINDOW_DAYS}`,
        })),
    ),
  // Sizes only: counted up to the cap, the list is a click away.
  drafts: ({ walk }: PartContext): Promise<HomeData["drafts"]> =>
    section(
      countInvoicesSplit(walk, DRAFTS_QUERY).then((count) => ({
        ...count,
        href: `/invoices?${DRAFTS_QUERY}`,
      })),
    ),
  unapplied: ({ walk }: PartContext): Promise<HomeData["unapplied"]> =>
    section(countUnapplied(walk)),
};
