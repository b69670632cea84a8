import "server-only";
import { customerList } from "@/lib/lists/customers";
import { invoiceList } from "@/lib/lists/invoices";
import { addMinor, type CurrencySums, daysLeft } from "./aggregate";
import type { PartContext } from "./parts";
import { countUnapplied } from "./receivables";
import { RENEWAL_HEALTHS, RENEWAL_WINDOW_DAYS } from "./renewals";
import { type Section, section } from "./sections";
import { type CappedCount, countList, walkList } from "./walker";

export { RENEWAL_WINDOW_DAYS };

/** The home page's four figures: each its own part, shown as soon as its walk ends. */
export interface HomeData {
  overdue: Section<{ counts: Record<string, number>; outstanding: CurrencySums; href: string }>;
  renewals: Section<{ count: number; href: string }>;
  drafts: Section<CappedCount & { href: string }>;
  unapplied: Section<CappedCount & { href: string }>;
}

/** Overdue: issued, something still owed, due before today (due today is not yet overdue). */
export function overdueQuery(today: number): string {
  return invoiceList.apiQuery({
    statuses: ["ISSUED"],
    hasOutstandingBalance: true,
    dueDateEndAt: new Date(today - 1).toISOString(),
  });
}

export const DRAFTS_QUERY = invoiceList.apiQuery({ needsApproval: true });

export const HOME_PARTS = {
  overdue: ({ walk, today }: PartContext): Promise<HomeData["overdue"]> =>
    section(
      walkList(
        walk,
        "invoices",
        overdueQuery(today),
        { counts: {} as Record<string, number>, outstanding: {} as CurrencySums },
        (acc, invoices) => {
          for (const i of invoices) {
            const code = i.totalAmount.currencyCode;
            acc.counts[code] = (acc.counts[code] ?? 0) + 1;
            addMinor(acc.outstanding, code, i.totalAmount.value - i.appliedAmount.value);
          }
          return acc;
        },
      ).then((acc) => ({ ...acc, href: `/invoices?${overdueQuery(today)}` })),
    ),
  renewals: ({ walk, today }: PartContext): Promise<HomeData["renewals"]> =>
    section(
      walkList(
        walk,
        "customers",
        customerList.apiQuery({ contractHealths: [...RENEWAL_HEALTHS] }),
        0,
        (n, customers) =>
          n +
          customers.filter(
            (c) =>
              c.coverageContractEndAt !== null &&
              daysLeft(c.coverageContractEndAt, today) <= RENEWAL_WINDOW_DAYS,
          ).length,
      ).then((count) => ({ count, href: `/renewals#within-${RENEWAL_WINDOW_DAYS}` })),
    ),
  // Sizes only: counted up to the cap, the list is a click away.
  drafts: ({ walk }: PartContext): Promise<HomeData["drafts"]> =>
    section(
      countList(walk, "invoices", DRAFTS_QUERY).then((count) => ({
        ...count,
        href: `/invoices?${DRAFTS_QUERY}`,
      })),
    ),
  unapplied: ({ walk }: PartContext): Promise<HomeData["unapplied"]> =>
    section(countUnapplied(walk)),
};
