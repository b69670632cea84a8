/**
 * The folded invoices as /trends keeps them: JSON-safe (money as decimal strings of
 * minor units), per currency, with days to pay and the slowest payers worked out for
 * each range a person can choose. Pure.
 */
import type { CurrencySums } from "./aggregate";
import { currencyOrder } from "./aggregate";
import { rangeIndexes, TRENDS_RANGES, type TrendsRangeKey } from "./trends-calendar";
import {
  type CustomerFold,
  type DaysHistogram,
  type InvoiceFold,
  LATE,
  type MonthSums,
  NO_DUE_DATE,
  unpackPaid,
} from "./trends-fold";

/** One currency's month, as stored: money in minor units as decimal strings. */
export type MonthFigures = {
  [K in keyof MonthSums]: MonthSums[K] extends bigint ? string : number;
};

/** Days from issue to `paidAt` over the invoices paid in full in a range. */
export interface DaysToPay {
  paid: number;
  /** the sum of their days (the average is sumDays ÷ paid) */
  sumDays: number;
  medianDays: number | null;
  /** paid after their due day */
  late: number;
  /** with no due date (no payment terms), left out of the share paid late */
  noDueDate: number;
}

export interface SlowPayer extends DaysToPay {
  customerId: string;
}

/** Per currency: owed now, invoiced over the last 90 days, and how many invoices each. */
export interface DsoFigures {
  owed: string;
  owedCount: number;
  invoiced90: string;
  invoiced90Count: number;
}

/** What /trends keeps of a customer in a slowest-payers table. */
export interface TrendsCustomer {
  /** the name on its latest issued invoice */
  billedAs: string | null;
  owed: CurrencySums;
  invoiced90: CurrencySums;
}

export interface InvoiceTrends {
  months: string[];
  currencies: string[];
  /** per currency, one entry per month of `months` */
  series: Record<string, MonthFigures[]>;
  dso: Record<string, DsoFigures>;
  daysToPay: Record<TrendsRangeKey, { all: DaysToPay; byCurrency: Record<string, DaysToPay> }>;
  slowest: Record<TrendsRangeKey, SlowPayer[]>;
  customers: Record<string, TrendsCustomer>;
  invoicesRead: number;
}

/** Rows of a range's slowest payers: the customers with the longest average days to pay. */
export const SLOWEST_SHOWN = 50;

function sumsToStrings(sums: Record<string, bigint>): CurrencySums {
  return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v.toString()]));
}

function monthToJson(m: MonthSums): MonthFigures {
  return Object.fromEntries(
    Object.entries(m).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]),
  ) as MonthFigures;
}

/** The median of whole days counted per value (the mean of the two middle ones for an even count). */
export function medianOf(byDays: Map<number, number>): number | null {
  const total = [...byDays.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const sorted = [...byDays.entries()].sort((a, b) => a[0] - b[0]);
  const at = (rank: number) => {
    let seen = 0;
    for (const [days, count] of sorted) {
      seen += count;
      if (seen > rank) return days;
    }
    return sorted[sorted.length - 1]![0];
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.floor(total / 2))) / 2;
}

function statsOf(histograms: DaysHistogram[]): DaysToPay {
  const byDays = new Map<number, number>();
  let paid = 0;
  let sumDays = 0;
  let late = 0;
  let noDueDate = 0;
  for (const h of histograms) {
    for (const [days, count] of h.byDays) {
      byDays.set(days, (byDays.get(days) ?? 0) + count);
      paid += count;
      sumDays += days * count;
    }
    late += h.late;
    noDueDate += h.noDueDate;
  }
  return { paid, sumDays, medianDays: medianOf(byDays), late, noDueDate };
}

function customerStats(customer: CustomerFold, inRange: Set<number>): DaysToPay | null {
  const h: DaysHistogram = { byDays: new Map(), late: 0, noDueDate: 0 };
  for (const packed of customer.paid) {
    const { days, monthIndex, lateness } = unpackPaid(packed);
    if (!inRange.has(monthIndex)) continue;
    h.byDays.set(days, (h.byDays.get(days) ?? 0) + 1);
    if (lateness === LATE) h.late += 1;
    if (lateness === NO_DUE_DATE) h.noDueDate += 1;
  }
  return h.byDays.size === 0 ? null : statsOf([h]);
}

/** Slowest first: the longer average (compared exactly), then more invoices, then the id. */
export function compareSlowest(a: SlowPayer, b: SlowPayer): number {
  return (
    b.sumDays * a.paid - a.sumDays * b.paid ||
    b.paid - a.paid ||
    a.customerId.localeCompare(b.customerId)
  );
}

function slowestIn(fold: InvoiceFold, inRange: Set<number>, shown: number): SlowPayer[] {
  const rows: SlowPayer[] = [];
  for (const [customerId, customer] of fold.customers) {
    const stats = customerStats(customer, inRange);
    if (stats) rows.push({ customerId, ...stats });
  }
  return rows.sort(compareSlowest).slice(0, shown);
}

/** The fold's figures as /trends keeps them. */
export function summarizeInvoices(fold: InvoiceFold, shown = SLOWEST_SHOWN): InvoiceTrends {
  const currencies = currencyOrder(fold.byCurrency.keys());
  const series = Object.fromEntries(
    currencies.map((code) => [code, fold.byCurrency.get(code)!.map(monthToJson)]),
  );
  const dso = Object.fromEntries(
    currencies.map((code) => [
      code,
      {
        owed: (fold.owedNow[code] ?? 0n).toString(),
        owedCount: fold.owedNowCount[code] ?? 0,
        invoiced90: (fold.invoiced90[code] ?? 0n).toString(),
        invoiced90Count: fold.invoiced90Count[code] ?? 0,
      },
    ]),
  );
  const daysToPay = {} as InvoiceTrends["daysToPay"];
  const slowest = {} as InvoiceTrends["slowest"];
  const customers: Record<string, TrendsCustomer> = {};
  for (const { key } of TRENDS_RANGES) {
    const indexes = rangeIndexes(key, fold.months);
    const inRange = new Set(indexes);
    const pick = (code: string) => indexes.flatMap((i) => fold.days.get(code)?.[i] ?? []);
    daysToPay[key] = {
      all: statsOf(currencies.flatMap(pick)),
      byCurrency: Object.fromEntries(currencies.map((code) => [code, statsOf(pick(code))])),
    };
    slowest[key] = slowestIn(fold, inRange, shown);
    for (const row of slowest[key]) {
      const c = fold.customers.get(row.customerId)!;
      customers[row.customerId] = {
        billedAs: c.billedAs,
        owed: sumsToStrings(c.owed),
        invoiced90: sumsToStrings(c.invoiced90),
      };
    }
  }
  return {
    months: fold.months,
    currencies,
    series,
    dso,
    daysToPay,
    slowest,
    customers,
    invoicesRead: fold.invoicesRead,
  };
}
