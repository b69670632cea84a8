import { formatDate, formatMoney, humanize, type MoneyLike } from "./format";

const DAY_MS = 86_400_000;

/**
 * Whole days past due: today's UTC date minus the UTC date of `dueAt`. An invoice
 * is not past due on its due date (0), one day past due the day after (1).
 */
export function daysPastDue(dueAtIso: string, todayMs: number): number {
  return Math.floor(todayMs / DAY_MS) - Math.floor(Date.parse(dueAtIso) / DAY_MS);
}

/**
 * Whether an invoice is paid is not a status (spec): it follows from its amounts.
 */
export type PaymentState =
  | "paid"
  | "partly-paid"
  | "unpaid"
  | "pending-card"
  | "nothing-owed"
  | "not-issued";

interface InvoiceAmounts {
  status: string;
  dueAt: string | null;
  totalAmount: { value: number };
  appliedAmount: { value: number };
  pendingPaymentAmount: { value: number };
}

export function paymentStateOf(invoice: InvoiceAmounts): PaymentState {
  if (invoice.status === "VOIDED") return "nothing-owed";
  if (invoice.status !== "ISSUED") return "not-issued";
  const total = invoice.totalAmount.value;
  const applied = invoice.appliedAmount.value;
  if (total <= 0 || applied >= total) return total <= 0 && applied === 0 ? "nothing-owed" : "paid";
  if (invoice.pendingPaymentAmount.value > 0) return "pending-card";
  return applied > 0 ? "partly-paid" : "unpaid";
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: "Paid",
  "partly-paid": "Partly paid",
  unpaid: "Unpaid",
  "pending-card": "Card payment pending",
  "nothing-owed": "Nothing owed",
  "not-issued": "Not issued",
};

/**
 * Issued, something still owed, and due before today (UTC, the day holding `nowMs`):
 * due today is not yet overdue. The invoice list's Overdue view, the home page's
 * overdue figure and the receivables' days past due draw the same line.
 */
export function isOverdue(invoice: InvoiceAmounts, nowMs: number): boolean {
  const state = paymentStateOf(invoice);
  if (state === "paid" || state === "nothing-owed" || state === "not-issued") return false;
  return invoice.dueAt !== null && daysPastDue(invoice.dueAt, nowMs) > 0;
}

interface InvoiceStandingFacts extends InvoiceAmounts {
  totalAmount: MoneyLike;
  appliedAmount: MoneyLike;
  pendingPaymentAmount: MoneyLike;
  remainingAmount: MoneyLike;
  paidAt: string | null;
  voidedAt: string | null;
  periodStartAt: string;
}

/**
 * Where an invoice stands, in one line for the top of its page (the figure people act
 * on first, as Stripe's invoice page leads with the amount due): what is still owed
 * and when it is due, else what it came to and why nothing is owed on it.
 */
export function invoiceStanding(
  invoice: InvoiceStandingFacts,
  nowMs: number,
): { figure: string; words: string } {
  const total = formatMoney(invoice.totalAmount);
  switch (paymentStateOf(invoice)) {
    case "nothing-owed":
      return invoice.status === "VOIDED"
        ? {
            figure: total,
            words: `voided${invoice.voidedAt ? ` on ${formatDate(invoice.voidedAt)}` : ""}: nothing is owed`,
          }
        : { figure: total, words: "nothing is owed" };
    case "not-issued":
      if (invoice.status === "ISSUING") return { figure: total, words: "being issued" };
      if (invoice.status === "DRAFT" || invoice.status === "APPROVED")
        return {
          figure: total,
          words: `not issued yet: planned to issue on ${formatDate(invoice.periodStartAt)}`,
        };
      // A status the spec does not name (a real service may add one): shown, not guessed at.
      return { figure: total, words: `status ${humanize(invoice.status)}` };
    case "paid":
      return {
        figure: total,
        words: `paid in full${invoice.paidAt ? ` on ${formatDate(invoice.paidAt)}` : ""}`,
      };
    default: {
      const due = invoice.dueAt
        ? `, ${isOverdue(invoice, nowMs) ? "was due" : "due"} ${formatDate(invoice.dueAt)}`
        : "";
      const pending = invoice.pendingPaymentAmount.value > 0;
      // All that is left is in pending card payments: that is the figure, not "$0.00 still owed".
      if (pending && invoice.remainingAmount.value <= 0)
        return {
          figure: formatMoney(invoice.pendingPaymentAmount),
          words: `in pending card payments, awaiting their funds: all that is still owed of ${total}${due}`,
        };
      return {
        figure: formatMoney(invoice.remainingAmount),
        words: `still owed of ${total}${due}${
          pending
            ? `, and ${formatMoney(invoice.pendingPaymentAmount)} that pending card payments will cover`
            : ""
        }`,
      };
    }
  }
}

/**
 * What card payments awaiting their funds will pay of an issued invoice, as a list
 * row or card shows it beside what is still owed ("$850.00 pending"); null when none.
 */
export function pendingPaymentNote(invoice: {
  status: string;
  pendingPaymentAmount: MoneyLike;
}): string | null {
  if (invoice.status !== "ISSUED" || invoice.pendingPaymentAmount.value <= 0) return null;
  return `${formatMoney(invoice.pendingPaymentAmount)} pending`;
}
