/**
 * The figures of /trends folded from issued invoices, one page at a time. Pure: the
 * walk (trends.ts) feeds it pages and the tests feed it records they made.
 *
 * What each invoice can date (docs/api.md, Invoice): its issue day (invoiced), the
 * day posted payments covered its total (`paidAt`), and the day of its latest posted
 * payment (`lastPaidAt`); not the day of each earlier payment. So the amount an
 * invoice still owed at a past month end is known when nothing was paid on it by
 * then's end or later, and otherwise only bounded: at least what it owes now, at
 * most its total. Money is summed exactly (BigInt minor units), per currency.
 */
import type { InvoiceRecord } from "@/lib/api/client";
import { DAY_MS, utcDay } from "./aggregate";
import { dsoSince, monthIndexer, monthStart } from "./trends-calendar";

export type TrendsInvoice = Pick<
  InvoiceRecord,
  | "customerId"
  | "customerName"
  | "issuedAt"
  | "dueAt"
  | "paidAt"
  | "lastPaidAt"
  | "totalAmount"
  | "appliedAmount"
>;

/** One currency's figures for one month (minor units as bigint while folding). */
export interface MonthSums {
  invoiced: bigint;
  invoicedCount: number;
  collected: bigint;
  collectedCount: number;
  /** owed at the month's end (today for today's month): bounds, equal when known */
  owedLow: bigint;
  owedHigh: bigint;
  overdueLow: bigint;
  overdueHigh: bigint;
  /** invoices paid in part or whole after the month ended, whose amount owed then is unknown */
  uncertain: number;
  uncertainOverdue: number;
}

/** Whether an invoice paid in full was paid after its due day: late, on time, or no due date. */
export const ON_TIME = 0;
export const LATE = 1;
export const NO_DUE_DATE = 2;
export type Lateness = typeof ON_TIME | typeof LATE | typeof NO_DUE_DATE;

/** What the walk keeps of one customer (grouped by id, whatever name each invoice carries). */
export interface CustomerFold {
  /** the one currency of its issued invoices; null once a second appears */
  currency: string | null;
  /** the name on its latest issued invoice, and when that was issued */
  billedAs: string | null;
  billedAt: number;
  /** owed now (total minus posted payments, invoices with a balance) and invoiced in the last 90 days, per currency */
  owed: Record<string, bigint>;
  invoiced90: Record<string, bigint>;
  /** invoices paid in full within the window: packed (days, month index, lateness), see packPaid */
  paid: number[];
}

/** days × 128 + month index × 4 + lateness: one number per paid invoice (a window has 24 months < 32). */
export function packPaid(days: number, monthIndex: number, lateness: Lateness): number {
  return days * 128 + monthIndex * 4 + lateness;
}

export function unpackPaid(packed: number): {
  days: number;
  monthIndex: number;
  lateness: Lateness;
} {
  const days = Math.floor(packed / 128);
  const rest = packed - days * 128;
  return { days, monthIndex: rest >> 2, lateness: (rest & 3) as Lateness };
}

/** Days to pay of one currency in one month: count per whole day, and how many were late or had no due date. */
export interface DaysHistogram {
  byDays: Map<number, number>;
  late: number;
  noDueDate: number;
}

export interface InvoiceFold {
  months: string[];
  today: number;
  byCurrency: Map<string, MonthSums[]>;
  /** days to pay, per currency and month of `paidAt` */
  days: Map<string, DaysHistogram[]>;
  customers: Map<string, CustomerFold>;
  /** owed now and invoiced over the last 90 days, per currency (DSO) */
  owedNow: Record<string, bigint>;
  owedNowCount: Record<string, number>;
  invoiced90: Record<string, bigint>;
  invoiced90Count: Record<string, number>;
  invoicesRead: number;
  /** ms: month ends (the next month's first midnight; tomorrow's for today's month) */
  ends: number[];
  indexOf: (ms: number) => number;
}

export function emptyMonth(): MonthSums {
  return {
    invoiced: 0n,
    invoicedCount: 0,
    collected: 0n,
    collectedCount: 0,
    owedLow: 0n,
    owedHigh: 0n,
    overdueLow: 0n,
    overdueHigh: 0n,
    uncertain: 0,
    uncertainOverdue: 0,
  };
}

export function createInvoiceFold(months: string[], today: number): InvoiceFold {
  const last = months.length - 1;
  return {
    months,
    today,
    byCurrency: new Map(),
    days: new Map(),
    customers: new Map(),
    owedNow: {},
    owedNowCount: {},
    invoiced90: {},
    invoiced90Count: {},
    invoicesRead: 0,
    ends: months.map((m, i) => (i === last ? utcDay(today) + DAY_MS : monthStart(m, 1))),
    indexOf: monthIndexer(months),
  };
}

function add(sums: Record<string, bigint>, code: string, value: bigint) {
  sums[code] = (sums[code] ?? 0n) + value;
}

function monthsOf<T>(map: Map<string, T[]>, code: string, size: number, make: () => T): T[] {
  let list = map.get(code);
  if (!list) {
    list = Array.from({ length: size }, make);
    map.set(code, list);
  }
  return list;
}

/** Folds one page of issued invoices (status ISSUED; others are skipped). */
export function foldInvoices(fold: InvoiceFold, invoices: TrendsInvoice[]): InvoiceFold {
  for (const invoice of invoices) {
    if (!invoice.issuedAt) continue;
    fold.invoicesRead += 1;
    foldInvoice(fold, invoice, Date.parse(invoice.issuedAt));
  }
  return fold;
}

function foldInvoice(fold: InvoiceFold, invoice: TrendsInvoice, issued: number) {
  const code = invoice.totalAmount.currencyCode;
  const months = monthsOf(fold.byCurrency, code, fold.months.length, emptyMonth);
  const total = BigInt(invoice.totalAmount.value);
  const applied = BigInt(invoice.appliedAmount.value);
  const owedNow = total > applied ? total - applied : 0n;
  const paidAt = invoice.paidAt ? Date.parse(invoice.paidAt) : null;

  const issuedIndex = fold.indexOf(issued);
  if (issuedIndex >= 0) {
    months[issuedIndex]!.invoiced += total;
    months[issuedIndex]!.invoicedCount += 1;
  }
  // Posted payments, dated by the day they covered the total, else by the latest of them.
  const paidDay = paidAt ?? (invoice.lastPaidAt ? Date.parse(invoice.lastPaidAt) : null);
  const collectedIndex = paidDay !== null && applied !== 0n ? fold.indexOf(paidDay) : -1;
  if (collectedIndex >= 0) {
    months[collectedIndex]!.collected += applied;
    months[collectedIndex]!.collectedCount += 1;
  }
  foldMonthEnds(fold, months, invoice, { issued, paidAt, total, applied, owedNow });

  if (owedNow > 0n) {
    add(fold.owedNow, code, owedNow);
    fold.owedNowCount[code] = (fold.owedNowCount[code] ?? 0) + 1;
  }
  const recent = utcDay(issued) >= dsoSince(fold.today);
  if (recent) {
    add(fold.invoiced90, code, total);
    fold.invoiced90Count[code] = (fold.invoiced90Count[code] ?? 0) + 1;
  }
  const paidIndex = paidAt === null ? -1 : fold.indexOf(paidAt);
  const lateness: Lateness = !invoice.dueAt
    ? NO_DUE_DATE
    : paidAt !== null && utcDay(paidAt) > utcDay(Date.parse(invoice.dueAt))
      ? LATE
      : ON_TIME;
  const days = paidAt === null ? 0 : Math.round((utcDay(paidAt) - utcDay(issued)) / DAY_MS);
  if (paidIndex >= 0) foldDays(fold, code, paidIndex, days, lateness);
  foldCustomer(fold, invoice, { code, issued, owedNow, recent, total, paidIndex, days, lateness });
}

/**
 * What the invoice owed at each month end of the window after its issue: nothing
 * once paid in full; its total while nothing is applied; total minus applied once
 * its latest payment is past; between those two while a payment came later.
 */
function foldMonthEnds(
  fold: InvoiceFold,
  months: MonthSums[],
  invoice: TrendsInvoice,
  i: { issued: number; paidAt: number | null; total: bigint; applied: bigint; owedNow: bigint },
) {
  const lastPaid = invoice.lastPaidAt ? Date.parse(invoice.lastPaidAt) : null;
  const due = invoice.dueAt ? utcDay(Date.parse(invoice.dueAt)) : null;
  // Paid in full before the window's first month end: it owed nothing at any of them.
  if (i.paidAt !== null && i.paidAt < fold.ends[0]!) return;
  for (let k = 0; k < months.length; k++) {
    const end = fold.ends[k]!;
    if (i.issued >= end) continue;
    if (i.paidAt !== null && i.paidAt < end) break;
    // Known when nothing was paid, or every posted payment was received by then.
    const known = i.applied === 0n || (lastPaid !== null && lastPaid < end);
    const high = known ? i.owedNow : i.total;
    const month = months[k]!;
    month.owedLow += i.owedNow;
    month.owedHigh += high;
    if (!known) month.uncertain += 1;
    // Overdue at the end of the month's last day: due on an earlier day.
    if (due !== null && due < end - DAY_MS) {
      month.overdueLow += i.owedNow;
      month.overdueHigh += high;
      if (!known) month.uncertainOverdue += 1;
    }
  }
}

function foldDays(
  fold: InvoiceFold,
  code: string,
  index: number,
  days: number,
  lateness: Lateness,
) {
  const histograms = monthsOf(fold.days, code, fold.months.length, () => ({
    byDays: new Map<number, number>(),
    late: 0,
    noDueDate: 0,
  }));
  const h = histograms[index]!;
  h.byDays.set(days, (h.byDays.get(days) ?? 0) + 1);
  if (lateness === LATE) h.late += 1;
  if (lateness === NO_DUE_DATE) h.noDueDate += 1;
}

function foldCustomer(
  fold: InvoiceFold,
  invoice: TrendsInvoice,
  i: {
    code: string;
    issued: number;
    owedNow: bigint;
    recent: boolean;
    total: bigint;
    paidIndex: number;
    days: number;
    lateness: Lateness;
  },
) {
  let customer = fold.customers.get(invoice.customerId);
  if (!customer) {
    customer = {
      currency: i.code,
      billedAs: null,
      billedAt: -Infinity,
      owed: {},
      invoiced90: {},
      paid: [],
    };
    fold.customers.set(invoice.customerId, customer);
  }
  if (customer.currency !== i.code) customer.currency = null;
  if (i.issued >= customer.billedAt) {
    customer.billedAt = i.issued;
    customer.billedAs = invoice.customerName;
  }
  if (i.owedNow > 0n) add(customer.owed, i.code, i.owedNow);
  if (i.recent) add(customer.invoiced90, i.code, i.total);
  if (i.paidIndex >= 0) customer.paid.push(packPaid(i.days, i.paidIndex, i.lateness));
}
