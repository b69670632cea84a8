import "server-only";
import { fetchCustomer } from "@/lib/api/client";
import { ApiRequestError } from "@/lib/api/errors";
import { invoiceList } from "@/lib/lists/invoices";
import type { PartContext } from "./parts";
import { type Section, section } from "./sections";
import { monthOf, windowMonths } from "./trends-calendar";
import { createInvoiceFold, foldInvoices, type InvoiceFold } from "./trends-fold";
import {
  createPaymentFold,
  foldPayments,
  type PaymentTrends,
  summarizePayments,
} from "./trends-payments";
import { type InvoiceTrends, summarizeInvoices, type TrendsCustomer } from "./trends-summary";
import { type WalkContext, walkList } from "./walker";

/** A slowest payer's customer record now: its name, deleted (the API's 404), or not read (the key's claims). */
export type CustomerNow =
  | { kind: "found"; name: string }
  | { kind: "deleted" }
  | { kind: "not-read"; reason: string };

export interface TrendsFigures extends InvoiceTrends {
  customers: Record<string, TrendsCustomer & { now: CustomerNow }>;
  payments: Section<PaymentTrends>;
}

/** Years walked side by side (one walk each, under the view's limit and budget); older ones in the first. */
const YEARS_APART = 6;

/**
 * Every issued invoice, walked in slices of issue years at once: each slice is the
 * invoice list filtered as its Issued filter writes, so together they hold each
 * issued invoice once.
 */
export function issueYearSlices(today: number): string[] {
  const year = Number(monthOf(today).slice(0, 4));
  const bounds: { issueDateStartAt?: string; issueDateEndAt?: string }[] = [];
  for (let y = year - YEARS_APART; y <= year; y++)
    bounds.push({
      ...(y > year - YEARS_APART ? { issueDateStartAt: `${y}-01-01` } : {}),
      ...(y < year ? { issueDateEndAt: `${y}-12-31T23:59:59.999Z` } : {}),
    });
  return bounds.map((b) =>
    invoiceList.apiQuery({ statuses: ["ISSUED"], orderBy: "issuedAt:ASC", ...b }),
  );
}

async function walkInvoices(walk: WalkContext, today: number): Promise<InvoiceFold> {
  const fold = createInvoiceFold(windowMonths(today), today);
  await Promise.all(
    issueYearSlices(today).map((query) => walkList(walk, "invoices", query, fold, foldInvoices)),
  );
  return fold;
}

/** Payments received in the window, newest first, read until one older than the window. */
async function walkPayments(walk: WalkContext, fold: InvoiceFold): Promise<PaymentTrends> {
  const payments = createPaymentFold(fold.months, (id) => fold.customers.get(id)?.currency);
  await walkList(walk, "payments", "", payments, foldPayments, {
    stopWhen: (acc) => acc.pastWindow,
  });
  return summarizePayments(payments);
}

/** One customer record, taken from the page budget like a page of a list. */
async function customerNow(walk: WalkContext, id: string): Promise<CustomerNow> {
  try {
    const record = await walk.limit(async () => {
      await walk.budget.take();
      return fetchCustomer(walk.fetcher, id, walk.signal);
    });
    return { kind: "found", name: record.name };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.kind === "not-found") return { kind: "deleted" };
    if (error.kind === "unauthorized") return { kind: "not-read", reason: error.message };
    throw error;
  } finally {
    walk.progress.pages += 1;
    walk.onProgress?.({ ...walk.progress });
  }
}

/**
 * The figures of /trends: issued invoices (money by month, owed at month ends, DSO,
 * days to pay), then the window's payments (their customers' currencies come from
 * the invoices), then the current name of each customer in a slowest-payers table.
 */
export async function walkTrends(walk: WalkContext, today: number): Promise<TrendsFigures> {
  const fold = await walkInvoices(walk, today);
  const payments = await section(walkPayments(walk, fold));
  const summary = summarizeInvoices(fold);
  const ids = Object.keys(summary.customers);
  const now = await Promise.all(ids.map((id) => customerNow(walk, id)));
  const customers = Object.fromEntries(
    ids.map((id, i) => [id, { ...summary.customers[id]!, now: now[i]! }]),
  );
  return { ...summary, customers, payments };
}

export const TRENDS_PARTS = {
  trends: ({ walk, today }: PartContext): Promise<Section<TrendsFigures>> =>
    section(walkTrends(walk, today)),
};
