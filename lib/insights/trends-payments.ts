/**
 * Cash payments by the month they were received, for /trends. A payment carries no
 * currency (docs/api.md, Payment): it is counted in a currency only when its customer
 * bills in one (every issued invoice of the customer in that currency); the rest are
 * counted apart, with why. Pure: the walk (trends.ts) feeds it pages.
 */
import type { PaymentRecord } from "@/lib/api/client";
import { currencyOrder } from "./aggregate";
import { monthIndexer, monthStart } from "./trends-calendar";

export type TrendsPayment = Pick<PaymentRecord, "customerId" | "receivedDate" | "amountCents">;

export interface PaymentMonth {
  /** minor units, as a decimal string */
  amount: string;
  count: number;
}

/** Why a payment is not put in a currency. */
export interface NoCurrencyReasons {
  /** attributed to no customer */
  unattributed: number;
  /** its customer bills in more than one currency */
  severalCurrencies: number;
  /** its customer has no issued invoice, so no currency */
  noIssuedInvoice: number;
}

export interface PaymentTrends {
  /** per currency, one entry per month of the window */
  byCurrency: Record<string, PaymentMonth[]>;
  /** per month: payments counted in no currency (an amount with no currency) */
  noCurrency: PaymentMonth[];
  reasons: NoCurrencyReasons;
}

interface Sum {
  amount: bigint;
  count: number;
}

export interface PaymentFold {
  indexOf: (ms: number) => number;
  start: number;
  size: number;
  /** the one currency a customer bills in; null for several; absent for none */
  currencyOf: (customerId: string) => string | null | undefined;
  byCurrency: Map<string, Sum[]>;
  noCurrency: Sum[];
  reasons: NoCurrencyReasons;
  /** a payment received before the window was read: the list is newest first, so the rest are older */
  pastWindow: boolean;
}

const emptySum = (): Sum => ({ amount: 0n, count: 0 });

export function createPaymentFold(
  months: string[],
  currencyOf: PaymentFold["currencyOf"],
): PaymentFold {
  return {
    indexOf: monthIndexer(months),
    start: monthStart(months[0]!),
    size: months.length,
    currencyOf,
    byCurrency: new Map(),
    noCurrency: Array.from({ length: months.length }, emptySum),
    reasons: { unattributed: 0, severalCurrencies: 0, noIssuedInvoice: 0 },
    pastWindow: false,
  };
}

/** Folds one page of payments, newest received first (the list's default order). */
export function foldPayments(fold: PaymentFold, payments: TrendsPayment[]): PaymentFold {
  for (const p of payments) {
    const received = Date.parse(p.receivedDate);
    if (received < fold.start) {
      fold.pastWindow = true;
      continue;
    }
    const index = fold.indexOf(received);
    if (index < 0) continue;
    const currency = p.customerId ? fold.currencyOf(p.customerId) : null;
    let sum: Sum;
    if (typeof currency === "string") {
      let months = fold.byCurrency.get(currency);
      if (!months) {
        months = Array.from({ length: fold.size }, emptySum);
        fold.byCurrency.set(currency, months);
      }
      sum = months[index]!;
    } else {
      sum = fold.noCurrency[index]!;
      if (!p.customerId) fold.reasons.unattributed += 1;
      else if (currency === null) fold.reasons.severalCurrencies += 1;
      else fold.reasons.noIssuedInvoice += 1;
    }
    sum.amount += BigInt(p.amountCents);
    sum.count += 1;
  }
  return fold;
}

const toJson = (s: Sum): PaymentMonth => ({ amount: s.amount.toString(), count: s.count });

export function summarizePayments(fold: PaymentFold): PaymentTrends {
  return {
    byCurrency: Object.fromEntries(
      currencyOrder(fold.byCurrency.keys()).map((code) => [
        code,
        fold.byCurrency.get(code)!.map(toJson),
      ]),
    ),
    noCurrency: fold.noCurrency.map(toJson),
    reasons: fold.reasons,
  };
}
