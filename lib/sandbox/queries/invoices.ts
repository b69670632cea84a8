import type Database from "better-sqlite3";
import type { InvoiceFilters } from "@/lib/api/list-params";
import type { CurrencyCode, Invoice, InvoiceLine } from "@/lib/api/schemas";
import { iso } from "../clock";
import { type KeysetQuery, prepareCached, type SortKey } from "./keyset";

interface InvoiceRow {
  id: string;
  customer_id: string;
  customer_name: string | null;
  contract_id: string;
  currency_code: CurrencyCode;
  number: string;
  status: Invoice["status"];
  notes: string | null;
  approved_by_user_id: string | null;
  approver_email: string | null;
  approver_first_name: string | null;
  approver_last_name: string | null;
  approver_role: "ADMIN" | "MEMBER" | null;
  approved_by_api_key_id: string | null;
  approved_at: number | null;
  issued_at: number | null;
  due_at: number | null;
  payment_terms_days: number | null;
  last_paid_at: number | null;
  paid_at: number | null;
  voided_at: number | null;
  period_start_at: number;
  period_end_at: number;
  last_sent_at: number | null;
  delivery_method: Invoice["deliveryMethod"];
  total_cents: number;
  applied_cents: number;
  pending_cents: number;
  remaining_cents: number;
  created_at: number;
  updated_at: number;
}

const SELECT = `
  i.id, i.customer_id, i.contract_id, i.currency_code, i.number, i.status, i.notes,
  coalesce(CASE WHEN i.status = 'ISSUED' THEN i.issued_customer_name END,
    (SELECT c.name FROM customers c WHERE c.id = i.customer_id)) AS customer_name,
  i.approved_by_user_id, u.email AS approver_email, u.first_name AS approver_first_name,
  u.last_name AS approver_last_name, u.role AS approver_role,
  i.approved_by_api_key_id, i.approved_at, i.issued_at, i.due_at, i.payment_terms_days,
  i.last_paid_at, i.paid_at, i.voided_at, i.period_start_at, i.period_end_at, i.last_sent_at,
  i.delivery_method, i.total_cents, i.applied_cents, i.pending_cents, i.remaining_cents,
  i.created_at, i.updated_at`;

// The name by key, no join: statistics could make SQLite read every customer first, then sort.
const FROM = "invoices i LEFT JOIN users u ON u.id = i.approved_by_user_id";

export function invoiceOrder(filters: InvoiceFilters): SortKey[] {
  const term = filters.orderBy?.[0];
  // An invoice with no issuedAt sorts by periodStartAt: issue_sort is coalesce(issued_at, period_start_at).
  if (term)
    return [
      { expr: "i.issue_sort", direction: term.direction },
      { expr: "i.id", direction: "ASC" },
    ];
  return [
    { expr: "i.created_at", direction: "ASC" },
    { expr: "i.id", direction: "ASC" },
  ];
}

/** SQL conditions for `GET /invoices`, each the spec's definition of its filter. */
export function invoiceConditions(
  businessId: string,
  f: InvoiceFilters,
): { where: string[]; params: unknown[] } {
  const where = ["i.business_id = ?"];
  const params: unknown[] = [businessId];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (f.customerId) add("i.customer_id = ?", f.customerId);
  if (f.customerIds)
    add(`i.customer_id IN (${f.customerIds.map(() => "?").join(",")})`, ...f.customerIds);
  if (f.contractId) add("i.contract_id = ?", f.contractId);
  if (f.statuses) add(`i.status IN (${f.statuses.map(() => "?").join(",")})`, ...f.statuses);
  else add("i.status <> 'VOIDED'");
  if (f.needsApproval === true) add("i.needs_approval = 1 AND i.status = 'DRAFT'");
  if (f.issueDateStartAt !== undefined) add("i.issue_sort >= ?", f.issueDateStartAt);
  if (f.issueDateEndAt !== undefined) add("i.issue_sort <= ?", f.issueDateEndAt);
  if (f.dueDateStartAt !== undefined)
    add("i.status = 'ISSUED' AND i.due_at >= ?", f.dueDateStartAt);
  if (f.dueDateEndAt !== undefined) add("i.status = 'ISSUED' AND i.due_at <= ?", f.dueDateEndAt);
  if (f.periodStartAtOrAfter !== undefined) add("i.period_start_at >= ?", f.periodStartAtOrAfter);
  if (f.periodStartBefore !== undefined) add("i.period_start_at < ?", f.periodStartBefore);
  // The balance filters restrict to issued invoices whichever value is sent.
  if (f.hasOutstandingBalance !== undefined)
    add(
      `i.status = 'ISSUED' AND ${f.hasOutstandingBalance ? "" : "NOT "}(i.applied_cents < i.total_cents)`,
    );
  if (f.hasAppliedPayments !== undefined)
    add(`i.status = 'ISSUED' AND ${f.hasAppliedPayments ? "" : "NOT "}(i.applied_cents > 0)`);
  if (f.hasUncoveredBalance !== undefined)
    add(`i.status = 'ISSUED' AND ${f.hasUncoveredBalance ? "" : "NOT "}(i.remaining_cents > 0)`);
  return { where, params };
}

export function invoiceListQuery(
  businessId: string,
  filters: InvoiceFilters,
): Omit<KeysetQuery, "limit" | "cursor"> {
  return {
    select: SELECT,
    from: FROM,
    ...invoiceConditions(businessId, filters),
    order: invoiceOrder(filters),
  };
}

export function toInvoice(row: InvoiceRow, lines: InvoiceLine[] | null): Invoice {
  const money = (value: number) => ({ value, currencyCode: row.currency_code });
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    contractId: row.contract_id,
    number: row.number,
    status: row.status,
    notes: row.notes,
    approvedByUserId: row.approved_by_user_id,
    approvedByUser:
      row.approved_by_user_id && row.approver_email && row.approver_role
        ? {
            id: row.approved_by_user_id,
            email: row.approver_email,
            // The person's email stands in when the identity provider has no name.
            firstName: row.approver_first_name ?? row.approver_email,
            lastName: row.approver_last_name,
            role: row.approver_role,
          }
        : null,
    approvedByApiKeyId: row.approved_by_api_key_id,
    approvedAt: iso(row.approved_at),
    issuedAt: iso(row.issued_at),
    dueAt: iso(row.due_at),
    paymentTermsDays: row.payment_terms_days,
    lastPaidAt: iso(row.last_paid_at),
    paidAt: iso(row.paid_at),
    voidedAt: iso(row.voided_at),
    periodStartAt: iso(row.period_start_at),
    periodEndAt: iso(row.period_end_at),
    lastSentAt: iso(row.last_sent_at),
    deliveryMethod: row.delivery_method,
    totalAmount: money(row.total_cents),
    appliedAmount: money(row.applied_cents),
    pendingPaymentAmount: money(row.pending_cents),
    remainingAmount: money(row.remaining_cents),
    lines,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toInvoices(rows: unknown[]): Invoice[] {
  return (rows as InvoiceRow[]).map((row) => toInvoice(row, null));
}

export function getInvoice(db: Database.Database, businessId: string, id: string): Invoice | null {
  const row = prepareCached(
    db,
    `SELECT ${SELECT} FROM ${FROM} WHERE i.id = ? AND i.business_id = ?`,
  ).get(id, businessId) as InvoiceRow | undefined;
  if (!row) return null;
  const lines = prepareCached(
    db,
    `SELECT l.id, l.invoice_id, l.contract_billable_id, coalesce(l.description, b.description) AS description,
            l.billing_start_at, l.billing_end_at, l.amount_cents, l.created_at, l.updated_at
     FROM invoice_lines l JOIN billables b ON b.id = l.contract_billable_id
     WHERE l.invoice_id = ? ORDER BY l.billing_start_at, l.id`,
  ).all(id) as {
    id: string;
    invoice_id: string;
    contract_billable_id: string;
    description: string;
    billing_start_at: number;
    billing_end_at: number;
    amount_cents: number;
    created_at: number;
    updated_at: number;
  }[];
  return toInvoice(
    row,
    lines.map((l) => ({
      id: l.id,
      invoiceId: l.invoice_id,
      contractBillableId: l.contract_billable_id,
      description: l.description,
      billingStartAt: iso(l.billing_start_at),
      billingEndAt: iso(l.billing_end_at),
      amount: { value: l.amount_cents, currencyCode: row.currency_code },
      createdAt: iso(l.created_at),
      updatedAt: iso(l.updated_at),
    })),
  );
}
