import "server-only";
import { customerList } from "@/lib/lists/customers";
import { invoiceList } from "@/lib/lists/invoices";
import { addMinor, type CurrencySums, daysLeft } from "./aggregate";
import { walkUnapplied } from "./receivables";
import { RENEWAL_HEALTHS } from "./renewals";
import { type Section, section } from "./sections";
import { type WalkContext, walkList } from "./walker";

/** Renewals the home page counts: coverage ending within this many days, today included. */
export const RENEWAL_WINDOW_DAYS = 30;

export interface HomeData {
  overdue: Section<{ counts: Record<string, number>; outstanding: CurrencySums; href: string }>;
  renewals: Section<{ count: number; href: string }>;
  drafts: Section<{ count: number; href: string }>;
  unapplied: Section<{ count: number; href: string }>;
}

/** Overdue: issued, something still owed, due before today (due today is not yet overdue). */
export function overdueQuery(today: number): string {
  return invoiceList.apiQuery({
    statuses: ["ISSUED"],
    hasOutstandingBalance: true,
    dueDateEndAt: new Date(today - 1).toISOString(),
  });
}

export async function computeHome(ctx: WalkContext, today: number): Promise<HomeData> {
  const overdue = section(
    walkList(
      ctx,
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
  );
  const renewals = section(
    walkList(
      ctx,
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
  );
  const draftsQuery = invoiceList.apiQuery({ needsApproval: true });
  const drafts = section(
    walkList(ctx, "invoices", draftsQuery, 0, (n, rows) => n + rows.length).then((count) => ({
      count,
      href: `/invoices?${draftsQuery}`,
    })),
  );
  const unapplied = section(walkUnapplied(ctx, 0).then(({ count, href }) => ({ count, href })));
  const [o, r, d, u] = await Promise.all([overdue, renewals, drafts, unapplied]);
  return { overdue: o, renewals: r, drafts: d, unapplied: u };
}
