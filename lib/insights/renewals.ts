import "server-only";
import type { CustomerRecord } from "@/lib/api/client";
import { CONTRACT_HEALTHS } from "@/lib/api/enums";
import { customerList } from "@/lib/lists/customers";
import { compareByCoverageEnd, daysLeft, nextSixMonths, timelineMonthOf } from "./aggregate";
import type { PartContext, RowsRef } from "./parts";
import { walkList } from "./walker";

/** The health states a manager acts on. */
export const RENEWAL_HEALTHS = ["RENEWAL_DUE", "ENDING"] as const;
/** Renewals counted apart on the page (and on the home page): coverage ending within this many days. */
export const RENEWAL_WINDOW_DAYS = 30;

/** The fields of a renewal row: only these are kept from each customer walked. */
export interface RenewalRow {
  id: string;
  name: string;
  health: string;
  endAt: string | null;
  daysLeft: number | null;
  autoRenew: boolean;
  renewed: boolean;
  contractValue: Record<string, { value: number; currencyCode: string }>;
  remainingToInvoice: Record<string, { value: number; currencyCode: string }>;
}

export interface TimelineMonth {
  month: string;
  /** coverage ends in the month, per health state */
  byHealth: Record<string, number>;
  total: number;
}

/**
 * The figures of /renewals. The rows themselves are kept apart (`rows`), in pages
 * the table reads as the person scrolls: the page's HTML holds the first ones only.
 */
export interface RenewalsData {
  /** customers per health state, every state listed (0 included) */
  healthCounts: { health: string; count: number; href: string }[];
  timeline: TimelineMonth[];
  renewalsHref: string;
  rows: RowsRef;
  /** rows whose coverage ends within RENEWAL_WINDOW_DAYS */
  withinWindow: number;
}

export function customersHref(healths: readonly string[]): string {
  return `/customers?${customerList.apiQuery({ contractHealths: healths as never })}`;
}

function renewalRow(c: CustomerRecord, today: number): RenewalRow {
  return {
    id: c.id,
    name: c.name,
    health: c.contractHealth,
    endAt: c.coverageContractEndAt,
    daysLeft: c.coverageContractEndAt ? daysLeft(c.coverageContractEndAt, today) : null,
    autoRenew: c.coverageContractAutoRenew,
    renewed: c.coverageContractRenewed,
    contractValue: c.contractValueAmount,
    remainingToInvoice: c.remainingToInvoiceAmount,
  };
}

interface HealthFold {
  count: number;
  rows: RenewalRow[];
  months: Record<string, number>;
}

/**
 * One walk per health state, run together: each count is exactly what the
 * customers list filtered to that state holds. The renewal states keep their rows'
 * needed fields (the API cannot order customers by coverage end, so they are sorted
 * here, then stored in pages and let go); every state adds its coverage ends to the
 * six-month timeline.
 */
export async function computeRenewals({
  walk,
  today,
  saveRows,
}: PartContext): Promise<RenewalsData> {
  const keepRows = new Set<string>(RENEWAL_HEALTHS);
  const folds = await Promise.all(
    CONTRACT_HEALTHS.map((health) =>
      walkList<"customers", HealthFold>(
        walk,
        "customers",
        customerList.apiQuery({ contractHealths: [health] }),
        { count: 0, rows: [], months: {} },
        (acc, customers) => {
          for (const c of customers) {
            acc.count += 1;
            if (keepRows.has(health)) acc.rows.push(renewalRow(c, today));
            const month = timelineMonthOf(c.coverageContractEndAt, today);
            if (month) acc.months[month] = (acc.months[month] ?? 0) + 1;
          }
          return acc;
        },
      ),
    ),
  );
  const rows = folds.flatMap((f) => f.rows).sort(compareByCoverageEnd);
  const withinWindow = rows.filter(
    (r) => r.daysLeft !== null && r.daysLeft <= RENEWAL_WINDOW_DAYS,
  ).length;
  const saved = await saveRows(rows);
  const timeline = nextSixMonths(today).map((month) => {
    const byHealth: Record<string, number> = {};
    let total = 0;
    CONTRACT_HEALTHS.forEach((health, i) => {
      const n = folds[i]!.months[month] ?? 0;
      if (n > 0) byHealth[health] = n;
      total += n;
    });
    return { month, byHealth, total };
  });
  return {
    healthCounts: CONTRACT_HEALTHS.map((health, i) => ({
      health,
      count: folds[i]!.count,
      href: customersHref([health]),
    })),
    timeline,
    renewalsHref: customersHref(RENEWAL_HEALTHS),
    rows: saved,
    withinWindow,
  };
}

export const RENEWALS_PARTS = { renewals: computeRenewals };
