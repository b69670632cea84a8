import "server-only";
import type { InvoiceRecord, PaymentRecord } from "@/lib/api/client";
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
import type { PartContext, PartWalk } from "./parts";
import { type Section, section } from "./sections";
import { walkInvoicesSplit } from "./split-walk";
import { type CappedCount, COUNT_CAP, countList, type WalkContext, walkList } from "./walker";

export interface BucketFigures {
  /** invoices per currency */
  counts: Record<string, number>;
  /** outstanding (total minus POSTED payments) per currency, exact minor units */
  outstanding: CurrencySums;
}

/** What one bucket's walk found. */
export interface BucketWalk {
  figures: BucketFigures;
  /** card payments awaiting funds on the bucket's invoices */
  pending: BucketFigures;
  /** invoices whose dueAt put them in another bucket than their filter (should be 0) */
  misplaced: number;
}

export interface AgingBucket extends BucketFigures {
  key: AgingBucketKey;
  label: string;
  href: string;
  misplaced: number;
}

export interface UnappliedPayments extends CappedCount {
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

/** The parts of /receivables: one walk per aging bucket, and the unapplied payments. */
export type ReceivablesParts = Record<AgingBucketKey, BucketWalk> & {
  unapplied: Section<UnappliedPayments>;
};

/**
 * The page's figures from the parts walked so far: a bucket not yet walked is null,
 * and the totals and pending payments, which need every bucket, are null until all are.
 */
export interface ReceivablesData {
  buckets: { key: AgingBucketKey; label: string; href: string; walked: AgingBucket | null }[];
  totals: BucketFigures | null;
  /** card payments awaiting funds on those invoices: part of the outstanding, not yet applied */
  pending: BucketFigures | null;
  allHref: string;
  unapplied: Section<UnappliedPayments> | null;
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

/** The invoice list's query of one bucket, as its link filters it. */
export function bucketQuery(key: AgingBucketKey, today: number): string {
  return invoiceList.apiQuery({
    ...OUTSTANDING_FILTER,
    statuses: ["ISSUED"],
    ...agingDueRange(key, today),
  });
}

export function emptyBucketWalk(): BucketWalk {
  return { figures: emptyFigures(), pending: emptyFigures(), misplaced: 0 };
}

/** Adds one bucket's invoices to its figures (order does not matter). */
export function foldBucket(
  acc: BucketWalk,
  invoices: InvoiceRecord[],
  key: AgingBucketKey,
  today: number,
): BucketWalk {
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
}

/** One bucket's walk, over the invoice list filtered exactly as its link, in issue-date ranges. */
async function walkBucket(
  ctx: WalkContext,
  key: AgingBucketKey,
  today: number,
): Promise<BucketWalk> {
  const { acc } = await walkInvoicesSplit(
    ctx,
    bucketQuery(key, today),
    emptyBucketWalk(),
    (a, rows) => foldBucket(a, rows, key, today),
  );
  return acc;
}

const UNAPPLIED_QUERY = paymentList.apiQuery({ hasUnappliedAmount: true });
const UNAPPLIED_HREF = `/payments?${UNAPPLIED_QUERY}`;

/**
 * Unapplied payments: counted up to the cap, with the newest few kept. The list's
 * default order is newest received first: the first rows are the newest.
 */
export async function walkUnapplied(
  ctx: WalkContext,
  shown = UNAPPLIED_SHOWN,
  cap = COUNT_CAP,
): Promise<UnappliedPayments> {
  let capped = false;
  const result = await walkList(
    ctx,
    "payments",
    UNAPPLIED_QUERY,
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
    {
      stopWhen: (acc) => {
        capped = acc.count >= cap;
        return capped;
      },
    },
  );
  return { ...result, capped, href: UNAPPLIED_HREF };
}

/** The unapplied payments' count only (the home card), up to the cap. */
export async function countUnapplied(ctx: WalkContext): Promise<CappedCount & { href: string }> {
  return { ...(await countList(ctx, "payments", UNAPPLIED_QUERY)), href: UNAPPLIED_HREF };
}

function bucketPart(key: AgingBucketKey): PartWalk<BucketWalk> {
  return ({ walk, today }: PartContext) => walkBucket(walk, key, today);
}

export const RECEIVABLES_PARTS = {
  ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, bucketPart(b.key)])) as Record<
    AgingBucketKey,
    PartWalk<BucketWalk>
  >),
  unapplied: ({ walk }: PartContext): Promise<Section<UnappliedPayments>> =>
    section(walkUnapplied(walk)),
};

/** The page's figures from the parts walked so far (see ReceivablesData). */
export function receivablesData(parts: Partial<ReceivablesParts>, today: number): ReceivablesData {
  const buckets = AGING_BUCKETS.map((b) => {
    const walk = parts[b.key];
    return {
      key: b.key,
      label: b.label,
      href: bucketHref(b.key, today),
      walked: walk
        ? {
            key: b.key,
            label: b.label,
            href: bucketHref(b.key, today),
            misplaced: walk.misplaced,
            ...walk.figures,
          }
        : null,
    };
  });
  const all = AGING_BUCKETS.every((b) => parts[b.key]);
  let totals: BucketFigures | null = null;
  let pending: BucketFigures | null = null;
  if (all) {
    totals = emptyFigures();
    pending = emptyFigures();
    for (const b of AGING_BUCKETS) {
      const walk = parts[b.key]!;
      mergeSums(totals.outstanding, walk.figures.outstanding);
      mergeCounts(totals.counts, walk.figures.counts);
      mergeSums(pending.outstanding, walk.pending.outstanding);
      mergeCounts(pending.counts, walk.pending.counts);
    }
  }
  return {
    buckets,
    totals,
    pending,
    allHref: invoicesHref(OUTSTANDING_FILTER as never),
    unapplied: parts.unapplied ?? null,
  };
}

function mergeCounts(into: Record<string, number>, from: Record<string, number>) {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}
