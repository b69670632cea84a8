/**
 * Aged receivables by customer, the pure part (no server code: the browser's table
 * builds its links from here too). One row per customer and currency: what its
 * issued invoices still owe (total minus posted payments) in each aging bucket,
 * with the card payments awaiting funds on them apart. Sums are exact (BigInt minor
 * units) and never cross currencies.
 */
import type { InvoiceRecord } from "@/lib/api/client";
import { invoiceList } from "@/lib/lists/invoices";
import { AGING_BUCKETS, type AgingBucketKey, agingDueRange, currencyOrder } from "./aggregate";

/** Amounts (minor units, decimal strings) and invoice counts of one row, per bucket. */
export type BucketAmounts = Record<AgingBucketKey, string>;
export type BucketCounts = Record<AgingBucketKey, number>;

export interface AgedFigures {
  amounts: BucketAmounts;
  counts: BucketCounts;
  /** every bucket's amount together (one currency) */
  total: string;
  count: number;
  /** card payments awaiting funds on these invoices: part of the amounts until they arrive */
  pending: string;
}

export interface AgedCustomerRow extends AgedFigures {
  /** `customerId:currency`, unique per row */
  id: string;
  customerId: string;
  /** the customer's name today; a deleted customer's as on its latest issued invoice */
  name: string;
  /** not among the API's customers (deleted); null when the names could not be read */
  deleted: boolean | null;
  currency: string;
  /** the earliest due date of its open invoices: where the oldest money is */
  oldestDueAt: string;
}

/** The totals at the foot of the table: one per currency. */
export interface AgedCurrencyTotals extends AgedFigures {
  currency: string;
  /** rows (customers owing in this currency) */
  customers: number;
}

/** What a row accumulates while its invoices are walked. */
export interface RowFold {
  customerId: string;
  currency: string;
  amounts: Record<AgingBucketKey, bigint>;
  counts: BucketCounts;
  pending: bigint;
  oldestDueAt: string;
  /** the name on its latest issued invoice, and that invoice's issue time */
  invoiceName: string | null;
  invoiceNameAt: string;
}

const zeroCounts = (): BucketCounts =>
  Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, 0])) as BucketCounts;
const zeroAmounts = (): Record<AgingBucketKey, bigint> =>
  Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, 0n])) as Record<AgingBucketKey, bigint>;

/** Folds one outstanding invoice, walked in bucket `key`, into its customer's row. */
export function foldInvoice(
  rows: Map<string, RowFold>,
  key: AgingBucketKey,
  invoice: Pick<
    InvoiceRecord,
    | "customerId"
    | "customerName"
    | "dueAt"
    | "issuedAt"
    | "totalAmount"
    | "appliedAmount"
    | "pendingPaymentAmount"
  >,
): void {
  const currency = invoice.totalAmount.currencyCode;
  const id = `${invoice.customerId.toLowerCase()}:${currency}`;
  let row = rows.get(id);
  if (!row) {
    row = {
      customerId: invoice.customerId.toLowerCase(),
      currency,
      amounts: zeroAmounts(),
      counts: zeroCounts(),
      pending: 0n,
      oldestDueAt: invoice.dueAt ?? "",
      invoiceName: null,
      invoiceNameAt: "",
    };
    rows.set(id, row);
  }
  row.amounts[key] += BigInt(invoice.totalAmount.value) - BigInt(invoice.appliedAmount.value);
  row.counts[key] += 1;
  row.pending += BigInt(invoice.pendingPaymentAmount.value);
  if (invoice.dueAt && (!row.oldestDueAt || invoice.dueAt < row.oldestDueAt))
    row.oldestDueAt = invoice.dueAt;
  const issuedAt = invoice.issuedAt ?? "";
  if (invoice.customerName !== null && issuedAt >= row.invoiceNameAt) {
    row.invoiceName = invoice.customerName;
    row.invoiceNameAt = issuedAt;
  }
}

function figuresOf(amounts: Record<AgingBucketKey, bigint>, counts: BucketCounts, pending: bigint) {
  let total = 0n;
  let count = 0;
  for (const b of AGING_BUCKETS) {
    total += amounts[b.key];
    count += counts[b.key];
  }
  return {
    amounts: Object.fromEntries(
      AGING_BUCKETS.map((b) => [b.key, amounts[b.key].toString()]),
    ) as BucketAmounts,
    counts: { ...counts },
    total: total.toString(),
    count,
    pending: pending.toString(),
  };
}

/**
 * The finished row: its current name (`names`: the API's customers by id, or null
 * when they could not be read), else the name on its latest invoice, marked deleted.
 */
export function finishRow(
  fold: RowFold,
  names: ReadonlyMap<string, string> | null,
): AgedCustomerRow {
  const current = names?.get(fold.customerId);
  return {
    id: `${fold.customerId}:${fold.currency}`,
    customerId: fold.customerId,
    name: current ?? fold.invoiceName ?? fold.customerId,
    deleted: names === null ? null : current === undefined,
    currency: fold.currency,
    oldestDueAt: fold.oldestDueAt,
    ...figuresOf(fold.amounts, fold.counts, fold.pending),
  };
}

const OLDEST_FIRST = [...AGING_BUCKETS].reverse().map((b) => b.key);

/** The oldest bucket a row has money in (its index in AGING_BUCKETS, higher is older). */
function oldestBucket(row: AgedFigures): number {
  for (let i = AGING_BUCKETS.length - 1; i >= 0; i--)
    if (row.counts[AGING_BUCKETS[i]!.key] > 0) return i;
  return -1;
}

function compareMinor(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x === y ? 0 : x > y ? -1 : 1;
}

/**
 * The oldest money first: rows owing over 90 days before rows whose oldest money is
 * 61–90 days late, and so on; within one oldest bucket, currency by currency (amounts
 * of two currencies are never compared), the largest amount in that bucket first,
 * then the next older buckets' amounts, then the name and id.
 */
export function compareOldestMoneyFirst(a: AgedCustomerRow, b: AgedCustomerRow): number {
  const byBucket = oldestBucket(b) - oldestBucket(a);
  if (byBucket !== 0) return byBucket;
  if (a.currency !== b.currency) {
    const order = currencyOrder([a.currency, b.currency]);
    return order[0] === a.currency ? -1 : 1;
  }
  for (const key of OLDEST_FIRST) {
    const byAmount = compareMinor(a.amounts[key], b.amounts[key]);
    if (byAmount !== 0) return byAmount;
  }
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** The totals per currency, in display order. */
export function totalsPerCurrency(rows: readonly AgedCustomerRow[]): AgedCurrencyTotals[] {
  const folds = new Map<
    string,
    { amounts: Record<AgingBucketKey, bigint>; counts: BucketCounts; pending: bigint; n: number }
  >();
  for (const row of rows) {
    let fold = folds.get(row.currency);
    if (!fold) {
      fold = { amounts: zeroAmounts(), counts: zeroCounts(), pending: 0n, n: 0 };
      folds.set(row.currency, fold);
    }
    for (const b of AGING_BUCKETS) {
      fold.amounts[b.key] += BigInt(row.amounts[b.key]);
      fold.counts[b.key] += row.counts[b.key];
    }
    fold.pending += BigInt(row.pending);
    fold.n += 1;
  }
  return currencyOrder(folds.keys()).map((currency) => {
    const fold = folds.get(currency)!;
    return {
      currency,
      customers: fold.n,
      ...figuresOf(fold.amounts, fold.counts, fold.pending),
    };
  });
}

/** Issued invoices with something still owed: the walks' filter and every link's. */
/** The buckets' column headers: here, not in the client table, so server components can read them. */
export const BUCKET_HEADERS: Record<AgingBucketKey, string> = {
  current: "Not yet due",
  "1-30": "1–30 days",
  "31-60": "31–60 days",
  "61-90": "61–90 days",
  "90+": "Over 90 days",
};

export const OUTSTANDING = { statuses: ["ISSUED" as const], hasOutstandingBalance: true };

/**
 * The invoice list of what a cell counts: the customer's outstanding invoices due in
 * the bucket's days (every bucket when `key` is null). The list has no currency
 * filter: a customer owing in two currencies sees both there.
 */
export function agedCellHref(
  customerId: string,
  key: AgingBucketKey | null,
  today: number,
): string {
  return `/invoices?${invoiceList.apiQuery({
    customerId,
    ...OUTSTANDING,
    ...(key ? agingDueRange(key, today) : {}),
  })}`;
}

/** The invoice list of one bucket across every customer (a foot cell). */
export function agedBucketHref(key: AgingBucketKey | null, today: number): string {
  return `/invoices?${invoiceList.apiQuery({
    ...OUTSTANDING,
    ...(key ? agingDueRange(key, today) : {}),
  })}`;
}
