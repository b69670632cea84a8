import "server-only";
import type { Fetcher, ListName, ListRecord } from "@/lib/api/client";
import { createWalkContext, walkList } from "@/lib/insights/walker";
import type { StatementInvoice, StatementPayment } from "./compute";
import { STATEMENT_MAX_PAGES, statementInvoicesQuery, statementPaymentsQuery } from "./queries";

/** A customer whose lists pass the statement's bound: refused whole, never shown in part. */
export class StatementTooLarge extends Error {
  constructor(
    readonly list: ListName,
    readonly rowsRead: number,
  ) {
    super(
      `This customer has more than ${rowsRead.toLocaleString("en-US")} ${list}: a statement reads them directly, up to that many, and would be incomplete.`,
    );
    this.name = "StatementTooLarge";
  }
}

export interface StatementSource {
  invoices: StatementInvoice[];
  payments: StatementPayment[];
  /** API pages read, both lists */
  pages: number;
  /** when the lists were read, ISO */
  readAt: string;
}

/** Reads a whole list up to the bound, keeping only what `slim` picks of each record. */
async function readBounded<L extends ListName, T>(
  walk: ReturnType<typeof createWalkContext>,
  list: L,
  query: string,
  slim: (record: ListRecord<L>) => T,
  maxPages: number,
): Promise<T[]> {
  let pages = 0;
  let cut = false;
  const rows = await walkList(
    walk,
    list,
    query,
    [] as T[],
    (acc, records) => {
      pages += 1;
      for (const record of records) acc.push(slim(record));
      return acc;
    },
    {
      stopWhen: () => {
        cut = pages >= maxPages;
        return cut;
      },
    },
  );
  if (cut) throw new StatementTooLarge(list, rows.length);
  return rows;
}

/**
 * One customer's issued invoices and cash payments, read directly: a few pages for
 * the largest customer, so neither shared nor kept like the insight views' walks
 * (docs/architecture.md, Statements). Both lists are read at once; a failure of
 * either fails the statement.
 */
export async function readStatementSource(
  fetcher: Fetcher,
  customerId: string,
  options: { signal?: AbortSignal; maxPages?: number } = {},
): Promise<StatementSource> {
  const { signal, maxPages = STATEMENT_MAX_PAGES } = options;
  // The first failure stops the other list's read.
  const stop = new AbortController();
  const walk = createWalkContext({
    fetcher,
    concurrency: 2,
    signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
  });
  const both = Promise.all([
    readBounded(
      walk,
      "invoices",
      statementInvoicesQuery(customerId),
      (i) => ({
        id: i.id,
        number: i.number,
        issuedAt: i.issuedAt,
        dueAt: i.dueAt,
        lastPaidAt: i.lastPaidAt,
        paidAt: i.paidAt,
        totalAmount: i.totalAmount,
        appliedAmount: i.appliedAmount,
        pendingPaymentAmount: i.pendingPaymentAmount,
      }),
      maxPages,
    ),
    readBounded(
      walk,
      "payments",
      statementPaymentsQuery(customerId),
      (p) => ({
        id: p.id,
        receivedDate: p.receivedDate,
        amountCents: p.amountCents,
        appliedAmountCents: p.appliedAmountCents,
        unappliedAmountCents: p.unappliedAmountCents,
        bankFee: p.bankFee,
      }),
      maxPages,
    ),
  ]);
  const [invoices, payments] = await both.catch((error: unknown) => {
    stop.abort(error);
    throw error;
  });
  return { invoices, payments, pages: walk.progress.pages, readAt: new Date().toISOString() };
}
