/**
 * The totals of a list's view (issue: "Sum this view"): how many rows the view holds
 * and, per currency, the sums of the amounts that list has. Never added across
 * currencies; money summed exactly in BigInt minor units (aggregate.ts).
 *
 * Pure: the browser sums a view it has whole (one page, no more) with the same rules
 * the server's walk uses for a longer one.
 */
import type { ListName, ListRecord } from "@/lib/api/client";
import { addMinor, type CurrencySums } from "./aggregate";

export const TOTALS_LISTS = ["invoices", "customers", "contracts", "payments"] as const;

/** One amount a list's totals sum: its label and each record's [currency, minor units]. */
export interface TotalField<L extends ListName> {
  key: string;
  label: string;
  amounts: (record: ListRecord<L>) => [currency: string, minor: number][];
}

/** Payments carry no currency (docs/readings.md, Records): their sums are plain numbers. */
export const NO_CURRENCY = "";

const money = (m: { value: number; currencyCode: string }): [string, number] => [
  m.currencyCode,
  m.value,
];

export const TOTAL_FIELDS: { [L in ListName]: TotalField<L>[] } = {
  invoices: [
    { key: "total", label: "Total", amounts: (r) => [money(r.totalAmount)] },
    { key: "remaining", label: "Remaining", amounts: (r) => [money(r.remainingAmount)] },
    {
      key: "pending",
      label: "Pending card payments",
      amounts: (r) => [money(r.pendingPaymentAmount)],
    },
  ],
  customers: [
    {
      key: "outstanding",
      label: "Outstanding",
      amounts: (r) => Object.values(r.outstandingIssuedAmount).map(money),
    },
  ],
  contracts: [],
  payments: [
    { key: "amount", label: "Amount", amounts: (r) => [[NO_CURRENCY, r.amountCents]] },
    {
      key: "unapplied",
      label: "Unapplied",
      amounts: (r) => [[NO_CURRENCY, r.unappliedAmountCents]],
    },
  ],
};

/** A view's totals: its rows, and each field's sums per currency (exact decimal strings). */
export interface ViewTotals {
  count: number;
  sums: Record<string, CurrencySums>;
}

export function emptyTotals(list: ListName): ViewTotals {
  return { count: 0, sums: Object.fromEntries(TOTAL_FIELDS[list].map((f) => [f.key, {}])) };
}

/** Adds a page of rows to `totals` (in place) and returns it: a walk's reducer. */
export function addToTotals<L extends ListName>(
  list: L,
  totals: ViewTotals,
  rows: ListRecord<L>[],
): ViewTotals {
  const fields = TOTAL_FIELDS[list] as TotalField<L>[];
  for (const row of rows) {
    totals.count += 1;
    for (const field of fields) {
      totals.sums[field.key] ??= {};
      const sums = totals.sums[field.key]!;
      for (const [currency, minor] of field.amounts(row)) addMinor(sums, currency, minor);
    }
  }
  return totals;
}

/** The walked view's name: the list and its API query (the export's, so both agree). */
export function totalsViewName(list: ListName, apiQuery: string): string {
  return `totals:${list}:${apiQuery}`;
}

export function parseTotalsViewName(view: string): { list: ListName; query: string } | null {
  const match = /^totals:(invoices|customers|contracts|payments):(.*)$/s.exec(view);
  return match ? { list: match[1] as ListName, query: match[2]! } : null;
}
