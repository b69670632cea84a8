import "server-only";
import type { PaymentRecord } from "@/lib/api/client";
import { invoiceList } from "@/lib/lists/invoices";
import { paymentList } from "@/lib/lists/payments";
import {
  AGING_BUCKETS,
  type AgingBucketKey,
  addMinor,
  agingBucketOf,
  agingDueRange,
  type CurrencySums,
  mergeSums,
} from "./aggregate";
import { type Section, section } from "./sections";
import { type WalkContext, walkList } from "./walker";

export interface BucketFigures {
  /** invoices per currency */
  counts: Record<string, number>;
  /** outstanding (total minus POSTED payments) per currency, exact minor units */
  outstanding: CurrencySums;
}

export interface AgingBucket extends BucketFigures {
  key: AgingBucketKey;
  label: string;
  href: string;
  /** invoices whose dueAt put them in another bucket than their filter (should be 0) */
  misplaced: number;
}

export interface ReceivablesData {
  buckets: AgingBucket[];
  totals: BucketFigures;
  /** card payments awaiting funds on those invoices: part of the outstanding, not yet applied */
  pending: BucketFigures;
  allHref: string;
  unapplied: Section<UnappliedPayments>;
}

export interface UnappliedPayments {
  count: number;
  /** the newest ones, for the list beside the chart */
  newest: Pick<
    PaymentRecord,
    | "id"
    | "receivedDate"
    | "customerId"
    | "customerName"
    | "amountCents"
    | "unappliedAmountCents"
    | "bankFee"
  >[];
  href: string;
}

/** Unapplied payments listed beside the chart; the rest are a link away. */
export const UNAPPLIED_SHOWN = 10;

export const OUTSTANDING_FILTER = { statuses: ["ISSUED"], hasOutstandingBalance: true } as const;

export function invoicesHref(values: Parameters<typeof invoiceList.apiQuery>[0]): string {
  return `/invoices?${invoiceList.apiQuery(values)}`;
}

export function bucketHref(key: AgingBucketKey, today: number): string {
  return invoicesHref({
    ...OUTSTANDING_FILTER,
    statuses: ["ISSUED"],
    ...agingDueRange(key, today),
  });
}

export function emptyFigures(): BucketFigures {
  return { counts: {}, outstanding: {} };
}

/** One walk per bucket, each over the invoice list filtered exactly as its link. */
async function walkBucket(ctx: WalkContext, key: AgingBucketKey, today: number) {
  const query = invoiceList.apiQuery({
    ...OUTSTANDING_FILTER,
    statuses: ["ISSUED"],
    ...agingDueRange(key, today),
  });
  return walkList(
    ctx,
    "invoices",
    query,
    { figures: emptyFigures(), pending: emptyFigures(), misplaced: 0 },
    (acc, invoices) => {
      for (const invoice of invoices) {
        const code = invoice.totalAmount.currencyCode;
        acc.figures.counts[code] = (acc.figures.counts[code] ?? 0) + 1;
        addMinor(
          acc.figures.outstanding,
          code,
          invoice.totalAmount.value - invoice.appliedAmount.value,
        );
        if (invoice.pendingPaymentAmount.value > 0) {
          acc.pending.counts[code] = (acc.pending.counts[code] ?? 0) + 1;
          addMinor(acc.pending.outstanding, code, invoice.pendingPaymentAmount.value);
        }
        if (!invoice.dueAt || agingBucketOf(invoice.dueAt, today) !== key) acc.misplaced += 1;
      }
      return acc;
    },
  );
}

export async function walkUnapplied(
  ctx: WalkContext,
  shown = UNAPPLIED_SHOWN,
): Promise<UnappliedPayments> {
  // The list's default order is newest received first: the first rows are the newest.
  const query = paymentList.apiQuery({ hasUnappliedAmount: true });
  const result = await walkList(
    ctx,
    "payments",
    query,
    { count: 0, newest: [] as UnappliedPayments["newest"] },
    (acc, payments) => {
      for (const p of payments) {
        acc.count += 1;
        if (acc.newest.length < shown)
          acc.newest.push({
            id: p.id,
            receivedDate: p.receivedDate,
            customerId: p.customerId,
            customerName: p.customerName,
            amountCents: p.amountCents,
            unappliedAmountCents: p.unappliedAmountCents,
            bankFee: p.bankFee,
          });
      }
      return acc;
    },
  );
  return { ...result, href: `/payments?${query}` };
}

export async function computeReceivables(
  ctx: WalkContext,
  today: number,
): Promise<ReceivablesData> {
  const [walks, unapplied] = await Promise.all([
    Promise.all(AGING_BUCKETS.map((b) => walkBucket(ctx, b.key, today))),
    section(walkUnapplied(ctx)),
  ]);
  const totals = emptyFigures();
  const pending = emptyFigures();
  const buckets = AGING_BUCKETS.map((b, i) => {
    const walk = walks[i]!;
    mergeSums(totals.outstanding, walk.figures.outstanding);
    mergeCounts(totals.counts, walk.figures.counts);
    mergeSums(pending.outstanding, walk.pending.outstanding);
    mergeCounts(pending.counts, walk.pending.counts);
    return {
      key: b.key,
      label: b.label,
      href: bucketHref(b.key, today),
      misplaced: walk.misplaced,
      ...walk.figures,
    };
  });
  return {
    buckets,
    totals,
    pending,
    allHref: invoicesHref(OUTSTANDING_FILTER as never),
    unapplied,
  };
}

function mergeCounts(into: Record<string, number>, from: Record<string, number>) {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}
