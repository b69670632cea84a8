/**
 * A customer's statement of account from its issued invoices and its cash payments,
 * as the API lists them. Pure: the page, the CSV and the tests compute it the same
 * way.
 *
 * What the API says, and so what the statement can say:
 * - An invoice carries its currency, its total, what posted payments applied to it
 *   (`appliedAmount`, card payments and bank fees included) and the receipt date of
 *   the latest of them (`lastPaidAt`). It does not say which payment paid it, nor
 *   when each earlier part came. So the running balance, per currency, falls by what
 *   each invoice records as paid, on the date of its latest payment: exact in every
 *   currency, and exact in time when an invoice was paid at once.
 * - Payments carry no currency, and the payments list holds cash payments only (not
 *   card ones). They are listed apart, in the customer's currency when it bills in
 *   one, else said to be in a currency the API does not state, never guessed.
 * Money is summed in BigInt minor units, never across currencies.
 */
import type { CustomerRecord, InvoiceRecord, PaymentRecord } from "@/lib/api/client";
import {
  AGING_BUCKETS,
  type AgingBucketKey,
  agingBucketOf,
  currencyOrder,
} from "@/lib/insights/aggregate";
import { daysPastDue } from "@/lib/invoice-state";
import { dayMs, type StatementPeriod } from "./period";

export type StatementInvoice = Pick<
  InvoiceRecord,
  | "id"
  | "number"
  | "issuedAt"
  | "dueAt"
  | "lastPaidAt"
  | "paidAt"
  | "totalAmount"
  | "appliedAmount"
  | "pendingPaymentAmount"
>;

export type StatementPayment = Pick<
  PaymentRecord,
  "id" | "receivedDate" | "amountCents" | "appliedAmountCents" | "unappliedAmountCents" | "bankFee"
>;

export interface StatementLine {
  kind: "invoice" | "payment";
  /** YYYY-MM-DD: the issue day, or the day of the invoice's latest payment */
  date: string;
  invoiceId: string;
  number: string;
  /** the due day of an invoice line */
  dueDate: string | null;
  /** minor units; "0" on the other kind's lines */
  charge: string;
  payment: string;
  /** the running balance after this line */
  balance: string;
  /** a payment line: the invoice is paid in full (else part-paid so far) */
  paidInFull: boolean;
  /** a payment line whose invoice gives no payment date: shown on its issue day */
  undated: boolean;
}

export interface OpenItem {
  invoiceId: string;
  number: string;
  issuedDate: string;
  dueDate: string | null;
  /** whole days past due on the statement's last day (0 or less: not yet due) */
  daysPastDue: number | null;
  bucket: AgingBucketKey;
  total: string;
  /** paid by the statement's last day */
  paid: string;
  open: string;
  /** card payments awaiting funds on it today */
  pending: string;
}

export interface CurrencyStatement {
  currency: string;
  opening: string;
  charges: string;
  payments: string;
  closing: string;
  lines: StatementLine[];
  /** the invoices still owing on the last day, oldest due first: together, the closing balance */
  openItems: OpenItem[];
  aging: Record<AgingBucketKey, string>;
  /** card payments awaiting funds today on the open items (part of the closing balance) */
  pending: string;
}

export interface CashPayments {
  /** received within the period, by date */
  rows: StatementPayment[];
  /** their currency: the customer's one currency, else null (the API does not say) */
  currency: string | null;
  received: string;
  /** not applied to any invoice, of the payments received by the period's end (as they stand today) */
  unapplied: string;
}

export interface Statement {
  period: StatementPeriod;
  /** every currency the customer bills in; more than one means payments' currency is unknown */
  currencies: string[];
  statements: CurrencyStatement[];
  cash: CashPayments;
}

const day = (iso: string | null | undefined): string | null => (iso ? iso.slice(0, 10) : null);

/** When an invoice's payments count on the statement: its latest payment's day. */
function paidDay(invoice: StatementInvoice): { date: string; undated: boolean } | null {
  if (invoice.appliedAmount.value === 0) return null;
  const date = day(invoice.lastPaidAt) ?? day(invoice.paidAt);
  return date ? { date, undated: false } : { date: day(invoice.issuedAt)!, undated: true };
}

function lineOrder(a: Omit<StatementLine, "balance">, b: Omit<StatementLine, "balance">): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.kind !== b.kind) return a.kind === "invoice" ? -1 : 1;
  return a.number.localeCompare(b.number) || a.invoiceId.localeCompare(b.invoiceId);
}

function zeroAging(): Record<AgingBucketKey, bigint> {
  return Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, 0n])) as Record<
    AgingBucketKey,
    bigint
  >;
}

/** One currency's statement from its issued invoices (those issued by the period's end). */
function currencyStatement(
  currency: string,
  invoices: readonly StatementInvoice[],
  period: StatementPeriod,
): CurrencyStatement {
  const endMs = dayMs(period.to)!;
  let opening = 0n;
  let charges = 0n;
  let payments = 0n;
  const lines: Omit<StatementLine, "balance">[] = [];
  const openItems: OpenItem[] = [];
  const aging = zeroAging();
  let pending = 0n;
  for (const invoice of invoices) {
    const issued = day(invoice.issuedAt)!;
    const total = BigInt(invoice.totalAmount.value);
    const applied = BigInt(invoice.appliedAmount.value);
    const paid = paidDay(invoice);
    const paidByEnd = paid && paid.date <= period.to ? applied : 0n;
    if (issued < period.from) opening += total;
    else {
      charges += total;
      lines.push({
        kind: "invoice",
        date: issued,
        invoiceId: invoice.id,
        number: invoice.number,
        dueDate: day(invoice.dueAt),
        charge: total.toString(),
        payment: "0",
        paidInFull: false,
        undated: false,
      });
    }
    if (paid && paid.date < period.from) opening -= applied;
    else if (paid && paid.date <= period.to) {
      payments += applied;
      lines.push({
        kind: "payment",
        date: paid.date,
        invoiceId: invoice.id,
        number: invoice.number,
        dueDate: null,
        charge: "0",
        payment: applied.toString(),
        paidInFull: applied >= total,
        undated: paid.undated,
      });
    }
    const open = total - paidByEnd;
    if (open !== 0n) {
      const bucket = invoice.dueAt ? agingBucketOf(invoice.dueAt, endMs) : "current";
      aging[bucket] += open;
      pending += BigInt(invoice.pendingPaymentAmount.value);
      openItems.push({
        invoiceId: invoice.id,
        number: invoice.number,
        issuedDate: issued,
        dueDate: day(invoice.dueAt),
        daysPastDue: invoice.dueAt ? daysPastDue(invoice.dueAt, endMs) : null,
        bucket,
        total: total.toString(),
        paid: paidByEnd.toString(),
        open: open.toString(),
        pending: invoice.pendingPaymentAmount.value.toString(),
      });
    }
  }
  let balance = opening;
  const withBalance = lines.sort(lineOrder).map((line) => {
    balance += BigInt(line.charge) - BigInt(line.payment);
    return { ...line, balance: balance.toString() };
  });
  openItems.sort(
    (a, b) =>
      (a.dueDate ?? "").localeCompare(b.dueDate ?? "") ||
      a.number.localeCompare(b.number) ||
      a.invoiceId.localeCompare(b.invoiceId),
  );
  return {
    currency,
    opening: opening.toString(),
    charges: charges.toString(),
    payments: payments.toString(),
    closing: balance.toString(),
    lines: withBalance,
    openItems,
    aging: Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, aging[b.key].toString()])) as Record<
      AgingBucketKey,
      string
    >,
    pending: pending.toString(),
  };
}

/** The cash payments part: those received within the period, and what stays unapplied. */
function cashPayments(
  payments: readonly StatementPayment[],
  period: StatementPeriod,
  currency: string | null,
): CashPayments {
  let received = 0n;
  let unapplied = 0n;
  const rows: StatementPayment[] = [];
  for (const p of payments) {
    const date = day(p.receivedDate)!;
    if (date > period.to) continue;
    unapplied += BigInt(p.unappliedAmountCents) + BigInt(p.bankFee?.unappliedAmountCents ?? 0);
    if (date < period.from) continue;
    rows.push(p);
    received += BigInt(p.amountCents);
  }
  rows.sort((a, b) => a.receivedDate.localeCompare(b.receivedDate) || a.id.localeCompare(b.id));
  return { rows, currency, received: received.toString(), unapplied: unapplied.toString() };
}

/** The currencies a customer's record says it is billed in (amounts owed, contract value, to invoice). */
export function billedCurrencies(
  customer: Pick<
    CustomerRecord,
    "outstandingIssuedAmount" | "contractValueAmount" | "remainingToInvoiceAmount"
  >,
): string[] {
  return [
    ...Object.keys(customer.outstandingIssuedAmount),
    ...Object.keys(customer.contractValueAmount),
    ...Object.keys(customer.remainingToInvoiceAmount),
  ];
}

/**
 * The statement for `period` from every issued invoice of the customer and its cash
 * payments. `billedIn` adds the currencies its record names (amounts owed, contract
 * value), so a payment is put in a currency only when the customer bills in one.
 */
export function computeStatement(
  invoices: readonly StatementInvoice[],
  payments: readonly StatementPayment[],
  period: StatementPeriod,
  billedIn: Iterable<string> = [],
): Statement {
  const currencies = currencyOrder([
    ...invoices.map((i) => i.totalAmount.currencyCode),
    ...billedIn,
  ]);
  const byCurrency = new Map<string, StatementInvoice[]>();
  for (const invoice of invoices) {
    const issued = day(invoice.issuedAt);
    if (!issued || issued > period.to) continue;
    const code = invoice.totalAmount.currencyCode;
    const list = byCurrency.get(code);
    if (list) list.push(invoice);
    else byCurrency.set(code, [invoice]);
  }
  return {
    period,
    currencies,
    statements: currencyOrder(byCurrency.keys()).map((code) =>
      currencyStatement(code, byCurrency.get(code)!, period),
    ),
    cash: cashPayments(payments, period, currencies.length === 1 ? currencies[0]! : null),
  };
}
