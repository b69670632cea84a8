/**
 * Payments and their applications to a contract's issued invoices: most paid in
 * full by cash (sometimes with a bank fee, an overpayment, or one payment for two
 * or three invoices), some part-paid, some covered by a card payment awaiting
 * funds, some paid by card, the rest unpaid; now and then a cash payment nobody
 * has attributed yet.
 */
import { DAY_MS, utcMidnight } from "../clock";
import type { BusinessState, CustomerState, SeedContext } from "./context";
import { type ContractPlan, type Currency, pickCurrency } from "./contract-plans";
import { HOUR, logUniform, MINUTE, nice } from "./draws";
import type { IssuedInvoice } from "./invoices";
import type { PaymentRow } from "./rows";

/** What happens to an issued invoice, by the share of invoices (cumulative bounds). */
const OUTCOMES = [
  ["PAID_IN_CASH", 0.72],
  ["PART_PAID", 0.8],
  ["PENDING_CARD", 0.84],
  ["PAID_BY_CARD", 0.87],
] as const;
type Outcome = (typeof OUTCOMES)[number][0] | "UNPAID";

function outcomeOf(x: number): Outcome {
  for (const [outcome, bound] of OUTCOMES) if (x < bound) return outcome;
  return "UNPAID";
}

/** The customer and contract whose invoices are being paid. */
interface Payer {
  ctx: SeedContext;
  business: BusinessState;
  customerId: string;
  currency: Currency;
  /** The last payment written, which a later one now and then names as its parent. */
  lastPaymentId: string | null;
}

/** A payment's own facts; writePayment adds its ids and times. */
type NewPayment = Omit<
  PaymentRow,
  "id" | "businessId" | "journalEntryId" | "createdAt" | "updatedAt"
>;

export function writePayments(
  ctx: SeedContext,
  business: BusinessState,
  customer: CustomerState,
  c: ContractPlan,
  issued: readonly IssuedInvoice[],
): void {
  const { rng, today: T } = ctx;
  const n = issued.length;
  if (n === 0) return;
  const payer: Payer = {
    ctx,
    business,
    customerId: customer.id,
    currency: c.currency,
    lastPaymentId: null,
  };
  const lastDay = T - DAY_MS;
  /** The last invoice of a contract left owing on purpose. */
  const leftOwing = (i: number) => c.forceUnpaid && i === n - 1;

  for (let i = 0; i < n; i++) {
    const invoice = issued[i]!;
    const issueDay = utcMidnight(invoice.issuedAt);

    if (leftOwing(i)) {
      // Unpaid, or part-paid.
      if (issueDay <= lastDay && rng.chance(0.3)) {
        const day = issueDay + rng.int(0, Math.floor((lastDay - issueDay) / DAY_MS)) * DAY_MS;
        payCash(payer, invoice, day, partAmount(ctx, invoice.total));
      }
      continue;
    }

    switch (outcomeOf(rng.float())) {
      case "PAID_IN_CASH":
        i += payInCash(payer, issued, i, leftOwing) - 1;
        break;
      case "PART_PAID": {
        const day = receiptDay(ctx, issueDay, invoice.terms);
        if (day < 0) continue;
        payCash(payer, invoice, day, partAmount(ctx, invoice.total));
        break;
      }
      case "PENDING_CARD": {
        // A card payment awaiting funds covers what is left (sometimes after a part payment).
        let rest = invoice.total;
        if (rng.chance(0.4) && issueDay < lastDay) {
          const day = issueDay + rng.int(0, Math.floor((lastDay - issueDay) / DAY_MS)) * DAY_MS;
          const amount = partAmount(ctx, invoice.total);
          payCash(payer, invoice, day, amount);
          rest -= amount;
        }
        const day = Math.max(issueDay, T - rng.int(1, 4) * DAY_MS);
        payByCard(payer, invoice, "PENDING", day, rest);
        break;
      }
      case "PAID_BY_CARD": {
        const day = receiptDay(ctx, issueDay, invoice.terms);
        if (day < 0) continue;
        payByCard(payer, invoice, "POSTED", day, invoice.total);
        break;
      }
      case "UNPAID":
        break;
    }
  }
}

/**
 * Invoice `i` paid in full by cash, if it is by now; sometimes one payment settles
 * the next one or two invoices as well. Returns how many invoices it settled.
 */
function payInCash(
  payer: Payer,
  issued: readonly IssuedInvoice[],
  i: number,
  leftOwing: (i: number) => boolean,
): number {
  const { ctx } = payer;
  const { rng } = ctx;
  const invoice = issued[i]!;
  const lastDay = ctx.today - DAY_MS;
  const day = receiptDay(ctx, utcMidnight(invoice.issuedAt), invoice.terms);
  if (day < 0) return 1;
  let count = 1;
  if (rng.chance(0.06)) {
    const extra = rng.int(1, 2);
    while (count <= extra && i + count < issued.length && !leftOwing(i + count)) {
      if (utcMidnight(issued[i + count]!.issuedAt) > lastDay) break;
      count++;
    }
  }
  if (count > 1) {
    payTogether(
      payer,
      issued.slice(i, i + count),
      day,
      Math.max(invoice.createdAt, invoice.issuedAt),
    );
  } else {
    payInFull(payer, invoice, day);
  }
  if (rng.chance(0.03)) unattributedPayment(ctx, payer.business);
  return count;
}

/** Paid in full by cash: now and then the bank kept a fee, or the customer paid more than owed. */
function payInFull(payer: Payer, invoice: IssuedInvoice, day: number): void {
  const { rng } = payer.ctx;
  const total = invoice.total;
  const y = rng.float();
  if (y < 0.13 && total > 12000) {
    // The bank kept a fee; the fee is applied too (mostly), so the invoice is covered.
    const fee = rng.int(15, 35) * 100;
    const feeApplied = rng.chance(0.9) ? fee : 0;
    payCash(payer, invoice, day, total - fee, total - fee, fee, feeApplied);
  } else if (y < 0.18) {
    // Paid more than owed: the rest stays unapplied.
    const extra = rng.int(1, 20) * 2500;
    payCash(payer, invoice, day, total + extra, total);
  } else {
    payCash(payer, invoice, day, total);
  }
}

/** One cash payment for several invoices, received when the latest of them was issued or later. */
function payTogether(
  payer: Payer,
  invoices: readonly IssuedInvoice[],
  day: number,
  notBefore: number,
): void {
  let sum = 0;
  let latestDay = day;
  let latestCreated = notBefore;
  for (const invoice of invoices) {
    sum += invoice.total;
    const d = utcMidnight(invoice.issuedAt);
    if (d > latestDay) latestDay = d;
    latestCreated = Math.max(latestCreated, invoice.createdAt, invoice.issuedAt);
  }
  const [paymentId, at] = payerPayment(
    payer,
    "CASH",
    "POSTED",
    latestDay,
    sum,
    null,
    latestCreated,
  );
  for (const invoice of invoices) apply(payer.ctx, paymentId, invoice.id, invoice.total, 0, at);
  payer.lastPaymentId = paymentId;
}

/** A POSTED cash payment of `amount` (plus `fee`) applying `applied` (+ `feeApplied`) to `invoice`. */
function payCash(
  payer: Payer,
  invoice: IssuedInvoice,
  day: number,
  amount: number,
  applied = amount,
  fee: number | null = null,
  feeApplied = 0,
): void {
  const [paymentId, at] = payerPayment(
    payer,
    "CASH",
    "POSTED",
    day,
    amount,
    fee,
    notBefore(invoice),
  );
  apply(payer.ctx, paymentId, invoice.id, applied, feeApplied, at);
  payer.lastPaymentId = paymentId;
}

/** A card payment of `amount` applied to `invoice`: POSTED, or PENDING while funds are on their way. */
function payByCard(
  payer: Payer,
  invoice: IssuedInvoice,
  status: "POSTED" | "PENDING",
  day: number,
  amount: number,
): void {
  const [paymentId, at] = payerPayment(
    payer,
    "CARD",
    status,
    day,
    amount,
    null,
    notBefore(invoice),
  );
  apply(payer.ctx, paymentId, invoice.id, amount, 0, at);
}

/** A payment is created no earlier than the invoice it pays was created and issued. */
const notBefore = (invoice: IssuedInvoice) => Math.max(invoice.createdAt, invoice.issuedAt);

/** Writes one of the payer's payments; a cash one names the previous one as its parent now and then. */
function payerPayment(
  payer: Payer,
  type: "CASH" | "CARD",
  status: "POSTED" | "PENDING",
  day: number,
  amountCents: number,
  bankFeeCents: number | null,
  createdNotBefore: number,
): [string, number] {
  const row: NewPayment = {
    customerId: payer.customerId,
    type,
    status,
    parentPaymentId: type === "CASH" ? parentPayment(payer) : null,
    receivedDate: day,
    currencyCode: payer.currency,
    amountCents,
    bankFeeCents,
  };
  return writePayment(payer.ctx, payer.business, row, createdNotBefore);
}

/** One cash payment in a hundred names the previous one as its parent. */
function parentPayment(payer: Payer): string | null {
  return payer.lastPaymentId && payer.ctx.rng.chance(0.01) ? payer.lastPaymentId : null;
}

/** A receipt date for an invoice issued on `issueDay`, or -1 when not paid yet. */
function receiptDay(ctx: SeedContext, issueDay: number, terms: number): number {
  const { rng, today: T } = ctx;
  const lastDay = T - DAY_MS;
  let day = issueDay + rng.int(0, terms + 12) * DAY_MS;
  if (day > lastDay) {
    if (issueDay > lastDay || rng.chance(0.55)) return -1;
    day = issueDay + rng.int(0, Math.floor((lastDay - issueDay) / DAY_MS)) * DAY_MS;
  }
  return day;
}

/** A round part of `total`, a quarter to three quarters of it. */
function partAmount(ctx: SeedContext, total: number): number {
  const part = Math.round((total * (0.25 + 0.5 * ctx.rng.float())) / 1000) * 1000;
  return part > 0 && part < total ? part : Math.floor(total / 2);
}

/** Writes a payment created on its receipt day (not before `notBefore`, not after today); returns its id and creation time. */
function writePayment(
  ctx: SeedContext,
  business: BusinessState,
  payment: NewPayment,
  notBefore: number,
): [string, number] {
  const { rng, ids, today: T } = ctx;
  const id = ids.uuid();
  let createdAt = payment.receivedDate + rng.int(7 * HOUR, 19 * HOUR);
  if (createdAt < notBefore) createdAt = notBefore + rng.int(1, 60) * MINUTE;
  if (createdAt > T + HOUR) createdAt = T + rng.int(1, 60) * MINUTE;
  ctx.rows.payment({
    ...payment,
    id,
    businessId: business.id,
    journalEntryId: payment.status === "POSTED" ? ids.uuid() : null,
    createdAt,
    updatedAt: createdAt,
  });
  ctx.summary.payments++;
  return [id, createdAt];
}

function apply(
  ctx: SeedContext,
  paymentId: string,
  invoiceId: string,
  amountCents: number,
  feeCents: number,
  createdAt: number,
): void {
  ctx.rows.paymentApplication({
    id: ctx.ids.uuid(),
    paymentId,
    invoiceId,
    amountCents,
    feeCents,
    createdAt,
  });
}

/** A cash payment nobody has attributed to a customer yet. */
function unattributedPayment(ctx: SeedContext, business: BusinessState): void {
  const { rng, today: T } = ctx;
  const currencyCode = pickCurrency(rng);
  const amountCents = Math.round(nice(logUniform(rng, 150, 25000))) * 100;
  writePayment(
    ctx,
    business,
    {
      customerId: null,
      type: "CASH",
      status: "POSTED",
      parentPaymentId: null,
      receivedDate: T - rng.int(1, 120) * DAY_MS,
      currencyCode,
      amountCents,
      bankFeeCents: null,
    },
    0,
  );
}
