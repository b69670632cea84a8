import "server-only";
import type { InvoiceRecord } from "@/lib/api/client";
import { invoiceList } from "@/lib/lists/invoices";
import { addMinor, type CurrencySums, daysLeft } from "./aggregate";
import { type WalkContext, walkList } from "./walker";

/** The windows the value at stake is summed over: terms in force ending within 30, 60, 90 days. */
export const VALUE_WINDOWS = [30, 60, 90] as const;
export const AT_STAKE_DAYS = 90;

/** The groups the value is split by: the two renewal healths, and auto-renewing contracts. */
export const VALUE_GROUPS = ["RENEWAL_DUE", "ENDING", "AUTO_RENEW"] as const;
export type ValueGroup = (typeof VALUE_GROUPS)[number];

export const VALUE_GROUP_LABELS: Record<ValueGroup, string> = {
  RENEWAL_DUE: "Renewal due",
  ENDING: "Ending",
  AUTO_RENEW: "Auto-renewing",
};

/** What a row needs for its value: the coverage contract and its terms in force. */
export interface TermsFacts {
  contractId: string | null;
  currencyCode: string | null;
  termsStartAt: string | null;
  termsEndAt: string | null;
}

/** What the terms in force bill: in all, and a year (the row's value column). */
export interface TermsValue {
  currencyCode: string;
  /** minor units: the terms' invoices, voided ones aside, planned ones included */
  billed: number;
  /** minor units: `billed` spread over the terms' length, per 12 months */
  perYear: number;
  invoices: number;
}

/** Months from one date to another: whole calendar months, plus the days left over as a share of 30. */
export function monthsBetween(startIso: string, endIso: string): number {
  const s = new Date(startIso);
  const e = new Date(endIso);
  const months =
    (e.getUTCFullYear() - s.getUTCFullYear()) * 12 + (e.getUTCMonth() - s.getUTCMonth());
  return months + (e.getUTCDate() - s.getUTCDate()) / 30;
}

/**
 * The value of terms from the invoices of their periods: their totals summed, and
 * spread over the terms' length per year (a three-year term billing $10,800 is
 * $3,600 a year; a one-year term is what it bills). Null without invoices.
 *
 * @example termsValue("USD", [{ totalAmount: { value: 120000 } }], "2026-01-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z") // perYear 120000
 */
export function termsValue(
  currencyCode: string,
  invoices: readonly { totalAmount: { value: number } }[],
  termsStartAt: string,
  termsEndAt: string,
): TermsValue | null {
  const months = monthsBetween(termsStartAt, termsEndAt);
  if (invoices.length === 0 || months <= 0) return null;
  const billed = invoices.reduce((sum, i) => sum + i.totalAmount.value, 0);
  return {
    currencyCode,
    billed,
    perYear: Math.round((billed * 12) / months),
    invoices: invoices.length,
  };
}

/** The invoice list's query for a contract's invoices whose period starts within its terms in force. */
export function termsInvoicesQuery(contractId: string, termsStartAt: string, termsEndAt: string) {
  // Without statuses the API leaves voided invoices out: drafts planned for the terms count.
  return invoiceList.apiQuery({
    contractId,
    periodStartAtOrAfter: termsStartAt,
    periodStartBefore: termsEndAt,
  });
}

/** Customers per invoices query: 50 ids keep its URL near 2,000 characters. */
const CUSTOMERS_PER_QUERY = 50;

type Valuable<R> = R & {
  contractId: string;
  currencyCode: string;
  termsStartAt: string;
  termsEndAt: string;
};

const hasTerms = <R extends TermsFacts>(row: R): row is Valuable<R> =>
  Boolean(row.contractId && row.currencyCode && row.termsStartAt && row.termsEndAt);

/**
 * Reads each row's terms' invoices: 50 customers a walk (`customerIds`), over the
 * period starts their terms span, each invoice kept for the row of its contract when
 * its period starts within that row's terms. Rows sorted by their terms' start share
 * a walk, so its span stays near theirs: a few pages per 50 customers rather than a
 * page per contract. All walks run under the view's budget.
 */
export async function valueRows<R extends TermsFacts & { id: string }>(
  walk: WalkContext,
  rows: readonly R[],
): Promise<(R & { value: TermsValue | null })[]> {
  const valuable = rows
    .filter(hasTerms)
    .sort((a, b) => Date.parse(a.termsStartAt) - Date.parse(b.termsStartAt));
  const billed = new Map<string, Pick<InvoiceRecord, "totalAmount">[]>();
  const batches: Valuable<R>[][] = [];
  for (let i = 0; i < valuable.length; i += CUSTOMERS_PER_QUERY)
    batches.push(valuable.slice(i, i + CUSTOMERS_PER_QUERY));
  await Promise.all(
    batches.map((batch) => {
      const byContract = new Map(batch.map((row) => [row.contractId, row]));
      for (const row of batch) billed.set(row.contractId, []);
      const from = Math.min(...batch.map((r) => Date.parse(r.termsStartAt)));
      const to = Math.max(...batch.map((r) => Date.parse(r.termsEndAt)));
      const query = invoiceList.apiQuery({
        customerIds: [...new Set(batch.map((r) => r.id))],
        periodStartAtOrAfter: new Date(from).toISOString(),
        periodStartBefore: new Date(to).toISOString(),
      });
      return walkList(walk, "invoices", query, billed, (acc, page) => {
        for (const invoice of page) {
          const row = byContract.get(invoice.contractId);
          if (!row) continue;
          const start = Date.parse(invoice.periodStartAt);
          if (start < Date.parse(row.termsStartAt) || start >= Date.parse(row.termsEndAt)) continue;
          acc.get(row.contractId)!.push({ totalAmount: invoice.totalAmount });
        }
        return acc;
      });
    }),
  );
  return rows.map((row) => {
    if (!hasTerms(row)) return { ...row, value: null };
    const invoices = billed.get(row.contractId) ?? [];
    return {
      ...row,
      value: termsValue(row.currencyCode, invoices, row.termsStartAt, row.termsEndAt),
    };
  });
}

/** The value at stake: per currency and group, per window; the customers counted. */
export interface RenewalValueData {
  windows: number[];
  /** currency → group → one minor-unit sum per window (each window holds the shorter ones) */
  byCurrency: Record<string, Record<ValueGroup, string[]>>;
  /** group → customers per window, with a value or without */
  customers: Record<ValueGroup, number[]>;
  /** customers within the widest window whose terms have no invoice to value them by */
  unvalued: number;
}

export interface ValuedRow {
  health: string;
  autoRenew: boolean;
  termsEndAt: string | null;
  value: TermsValue | null;
}

export function valueGroupOf(row: Pick<ValuedRow, "health" | "autoRenew">): ValueGroup | null {
  if (row.health === "RENEWAL_DUE" || row.health === "ENDING") return row.health;
  return row.autoRenew ? "AUTO_RENEW" : null;
}

/** Sums the rows' year values per currency, group and window; currencies never added together. */
export function sumValueAtStake(rows: readonly ValuedRow[], today: number): RenewalValueData {
  const byCurrency: Record<string, Record<ValueGroup, CurrencySums[]>> = {};
  const customers = Object.fromEntries(
    VALUE_GROUPS.map((g) => [g, VALUE_WINDOWS.map(() => 0)]),
  ) as Record<ValueGroup, number[]>;
  let unvalued = 0;
  for (const row of rows) {
    const group = valueGroupOf(row);
    if (!group || !row.termsEndAt) continue;
    const left = daysLeft(row.termsEndAt, today);
    if (left < 1 || left > AT_STAKE_DAYS) continue;
    if (!row.value) unvalued += 1;
    VALUE_WINDOWS.forEach((days, w) => {
      if (left > days) return;
      customers[group][w]! += 1;
      if (!row.value) return;
      const code = row.value.currencyCode;
      byCurrency[code] ??= Object.fromEntries(
        VALUE_GROUPS.map((g) => [g, VALUE_WINDOWS.map(() => ({}))]),
      ) as Record<ValueGroup, CurrencySums[]>;
      addMinor(byCurrency[code][group][w]!, code, row.value.perYear);
    });
  }
  return {
    windows: [...VALUE_WINDOWS],
    byCurrency: Object.fromEntries(
      Object.entries(byCurrency).map(([code, groups]) => [
        code,
        Object.fromEntries(
          VALUE_GROUPS.map((g) => [g, groups[g].map((sums) => sums[code] ?? "0")]),
        ) as Record<ValueGroup, string[]>,
      ]),
    ),
    customers,
    unvalued,
  };
}
