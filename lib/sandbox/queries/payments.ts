import type { PAYMENT_ORDER_FIELDS, PaymentFilters } from "@/lib/api/list-params";
import type { Payment } from "@/lib/api/schemas";
import { iso } from "../clock";
import type { KeysetQuery, SortKey } from "./keyset";

interface PaymentRow {
  id: string;
  type: Payment["type"];
  parent_payment_id: string | null;
  received_date: number;
  customer_id: string | null;
  customer_name: string | null;
  amount_cents: number;
  applied_cents: number;
  unapplied_cents: number;
  journal_entry_id: string | null;
  bank_fee_cents: number | null;
  fee_applied_cents: number;
  fee_unapplied_cents: number;
  created_at: number;
  updated_at: number;
}

const SELECT = `p.id, p.type, p.parent_payment_id, p.received_date, p.customer_id, cu.name AS customer_name,
  p.amount_cents, p.applied_cents, p.unapplied_cents, p.journal_entry_id, p.bank_fee_cents,
  p.fee_applied_cents, p.fee_unapplied_cents, p.created_at, p.updated_at`;

const FROM = "payments p LEFT JOIN customers cu ON cu.id = p.customer_id";

/**
 * Never NULL: an unattributed payment sorts by the empty name, one with no fee as 0
 * (docs/readings.md, Orders). The customer's name is the payment's own copy (storage/derive.ts),
 * so the order reads an index instead of joining and sorting every payment.
 */
const ORDER_KEYS: Record<(typeof PAYMENT_ORDER_FIELDS)[number], { expr: string; index: string }> = {
  receivedDate: { expr: "p.received_date", index: "payments_received" },
  customerName: { expr: "p.customer_name_sort", index: "payments_customer_name_sort" },
  amountCents: { expr: "p.amount_cents", index: "payments_amount" },
  bankFeeAmountCents: { expr: "p.fee_sort", index: "payments_fee" },
  appliedAmountCents: { expr: "p.applied_cents", index: "payments_applied" },
  unappliedAmountCents: { expr: "p.unapplied_cents", index: "payments_unapplied" },
};

export function paymentOrder(f: PaymentFilters): SortKey[] {
  const id: SortKey = { expr: "p.id", direction: "ASC" };
  if (f.orderBy)
    return [...f.orderBy.map((t) => ({ ...ORDER_KEYS[t.field], direction: t.direction })), id];
  return [{ expr: "p.received_date", direction: "DESC" }, id];
}

export function paymentListQuery(
  businessId: string,
  f: PaymentFilters,
): Omit<KeysetQuery, "limit" | "cursor"> {
  // The list returns cash payments only.
  const where = ["p.business_id = ?", "p.type = 'CASH'"];
  const params: unknown[] = [businessId];
  if (f.customerId) {
    where.push("p.customer_id = ?");
    params.push(f.customerId);
  }
  if (f.isAttributed !== undefined)
    where.push(`p.customer_id IS ${f.isAttributed ? "NOT " : ""}NULL`);
  if (f.hasUnappliedAmount !== undefined)
    where.push(
      `${f.hasUnappliedAmount ? "" : "NOT "}(p.unapplied_cents > 0 OR p.fee_unapplied_cents > 0)`,
    );
  return {
    select: SELECT,
    from: FROM,
    where,
    params,
    order: paymentOrder(f),
    // One customer's payments are few: read through the customer's index, sorted whole.
    ties: f.customerId
      ? undefined
      : {
          from: "payments p",
          where: ["p.business_id = ?", "p.type = 'CASH'"],
          params: [businessId],
        },
  };
}

export function toPayments(rows: unknown[]): Payment[] {
  return (rows as PaymentRow[]).map((row) => ({
    id: row.id,
    type: row.type,
    parentPaymentId: row.parent_payment_id,
    receivedDate: iso(row.received_date),
    customerId: row.customer_id,
    customerName: row.customer_id ? row.customer_name : null,
    amountCents: row.amount_cents,
    appliedAmountCents: row.applied_cents,
    unappliedAmountCents: row.unapplied_cents,
    journalEntryId: row.journal_entry_id,
    bankFee:
      row.bank_fee_cents === null
        ? null
        : {
            amountCents: row.bank_fee_cents,
            appliedAmountCents: row.fee_applied_cents,
            unappliedAmountCents: row.fee_unapplied_cents,
          },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}
