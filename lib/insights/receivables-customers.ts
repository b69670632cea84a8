import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { fetchCustomer } from "@/lib/api/client";
import { type ApiErrorInfo, ApiRequestError } from "@/lib/api/errors";
import { customerList } from "@/lib/lists/customers";
import { invoiceList } from "@/lib/lists/invoices";
import {
  type AgedCurrencyTotals,
  type AgedCustomerRow,
  compareOldestMoneyFirst,
  finishRow,
  foldInvoice,
  OUTSTANDING,
  type RowFold,
  totalsPerCurrency,
} from "./aged-customers";
import { AGING_BUCKETS, type AgingBucketKey, agingBucketOf, agingDueRange } from "./aggregate";
import type { PartContext, RowsRef } from "./parts";
import { type WalkContext, walkList } from "./walker";

/** The figures of /receivables/customers; the rows themselves are kept apart, in pages. */
export interface AgedByCustomer {
  rows: RowsRef;
  totals: AgedCurrencyTotals[];
  /** distinct customers owing something */
  customers: number;
  /** of them, customers the API no longer lists (deleted) */
  deletedCustomers: number;
  /** why the current names could not be read (the key lacks customers:read), else null */
  namesRefused: ApiErrorInfo | null;
  /** invoices whose dueAt put them in another bucket than their filter (should be 0) */
  misplaced: number;
}

/** The invoice list filtered to one bucket's due dates: the same filter as its links. */
function bucketQuery(key: AgingBucketKey, today: number): string {
  return invoiceList.apiQuery({ ...OUTSTANDING, ...agingDueRange(key, today) });
}

/** Every outstanding invoice, one walk per bucket (run together), folded by customer and currency. */
async function walkDebts(walk: WalkContext, today: number) {
  const rows = new Map<string, RowFold>();
  let misplaced = 0;
  await Promise.all(
    AGING_BUCKETS.map((b) =>
      walkList(walk, "invoices", bucketQuery(b.key, today), rows, (acc, invoices) => {
        for (const invoice of invoices) {
          foldInvoice(acc, b.key, invoice);
          if (!invoice.dueAt || agingBucketOf(invoice.dueAt, today) !== b.key) misplaced += 1;
        }
        return acc;
      }),
    ),
  );
  return { rows, misplaced };
}

/** One customer by id, from the page budget like a list page; null when the API does not find it. */
async function readCustomerName(walk: WalkContext, id: string): Promise<string | null> {
  try {
    const customer = await walk.limit(async () => {
      await walk.budget.take();
      if (walk.signal.aborted) throw walk.signal.reason;
      return fetchCustomer(walk.fetcher, id, walk.signal);
    });
    return customer.name;
  } catch (error) {
    if (error instanceof ApiRequestError && error.kind === "not-found") return null;
    throw error;
  } finally {
    walk.progress.pages += 1;
    walk.onProgress?.({ ...walk.progress });
    await yieldToEventLoop();
  }
}

/**
 * The current names of the customers owing something, by id: the customers list
 * (which holds every customer not deleted) walked once. A debtor it does not hold is
 * asked for by id, which tells a customer added since the walk passed its place from
 * a deleted one (404). Null when the key may not read customers.
 */
async function currentNames(
  walk: WalkContext,
  debtors: ReadonlySet<string>,
): Promise<Map<string, string> | ApiErrorInfo> {
  const names = new Map<string, string>();
  try {
    await walkList(walk, "customers", customerList.apiQuery({}), names, (acc, customers) => {
      for (const c of customers) {
        const id = c.id.toLowerCase();
        if (debtors.has(id)) acc.set(id, c.name);
      }
      return acc;
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.kind === "unauthorized") return error.toJSON();
    throw error;
  }
  const unlisted = [...debtors].filter((id) => !names.has(id));
  const found = await Promise.all(unlisted.map((id) => readCustomerName(walk, id)));
  unlisted.forEach((id, i) => {
    const name = found[i];
    if (name !== null && name !== undefined) names.set(id, name);
  });
  return names;
}

/**
 * Aged receivables by customer: the outstanding invoices (the /receivables buckets'
 * walks), grouped by customer id and currency, named as the customers are today.
 * The rows are sorted (the oldest money first) and kept in pages.
 */
export async function computeAgedByCustomer({
  walk,
  today,
  saveRows,
}: PartContext): Promise<AgedByCustomer> {
  const debts = await walkDebts(walk, today);
  const debtors = new Set([...debts.rows.values()].map((r) => r.customerId));
  const names = await currentNames(walk, debtors);
  const known = names instanceof Map ? names : null;
  const rows: AgedCustomerRow[] = [...debts.rows.values()]
    .map((fold) => finishRow(fold, known))
    .sort(compareOldestMoneyFirst);
  const deleted = new Set(rows.filter((r) => r.deleted).map((r) => r.customerId));
  const saved = await saveRows(rows);
  return {
    rows: saved,
    totals: totalsPerCurrency(rows),
    customers: debtors.size,
    deletedCustomers: deleted.size,
    namesRefused: known ? null : (names as ApiErrorInfo),
    misplaced: debts.misplaced,
  };
}

export const RECEIVABLES_CUSTOMERS_PARTS = { "receivables-customers": computeAgedByCustomer };
