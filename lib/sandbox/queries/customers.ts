import type Database from "better-sqlite3";
import type { CUSTOMER_ORDER_FIELDS, CustomerFilters } from "@/lib/api/list-params";
import type { CurrencyCode, Customer, MoneyByCurrency } from "@/lib/api/schemas";
import { iso } from "../clock";
import { foldCase } from "../fold-case";
import { FREQUENCY_BITS, healthOfRank, healthRank } from "../storage/derive";
import { type KeysetQuery, prepareCached, type SortKey } from "./keyset";

interface CustomerRow {
  id: string;
  name: string;
  billing_email: string;
  invoice_cc_emails: string;
  email_payment_follow_ups: number;
  last_payment_follow_up_at: number | null;
  note: string | null;
  invoice_note: string | null;
  contract_count: number;
  health_rank: number;
  coverage_contract_id: string | null;
  coverage_start_at: number | null;
  coverage_end_at: number | null;
  coverage_auto_renew: number;
  coverage_renewed: number;
  created_at: number;
  updated_at: number;
}

const SELECT = `c.id, c.name, c.billing_email, c.invoice_cc_emails, c.email_payment_follow_ups,
  c.last_payment_follow_up_at, c.note, c.invoice_note, c.contract_count, c.health_rank,
  c.coverage_contract_id, c.coverage_start_at, c.coverage_end_at, c.coverage_auto_renew,
  c.coverage_renewed, c.created_at, c.updated_at`;

/**
 * Sort expressions. Each is never NULL: a customer with no coverage contract, or
 * with amounts in several currencies, carries a sentinel that sorts last ascending
 * and first descending (spec), and no amounts counts as 0.
 */
const ORDER_KEYS: Record<(typeof CUSTOMER_ORDER_FIELDS)[number], { expr: string; index: string }> =
  {
    name: { expr: "c.name", index: "customers_name" },
    contractHealth: { expr: "c.health_rank", index: "customers_health" },
    coverageContractStartAt: { expr: "c.coverage_start_sort", index: "customers_coverage_start" },
    contractValueAmount: { expr: "c.contract_value_sort", index: "customers_contract_value" },
    remainingToInvoiceAmount: { expr: "c.remaining_sort", index: "customers_remaining" },
    createdAt: { expr: "c.created_at", index: "customers_created" },
  };

export function customerOrder(filters: CustomerFilters): SortKey[] {
  const id: SortKey = { expr: "c.id", direction: "ASC" };
  if (filters.orderBy) {
    return [
      ...filters.orderBy.map((t) => ({ ...ORDER_KEYS[t.field], direction: t.direction })),
      id,
    ];
  }
  // "Most need attention first" (docs/readings.md, Orders): health in table order, then the
  // coverage contract's end (nulls last), then name.
  return [
    { expr: "c.health_rank", direction: "ASC" },
    { expr: "c.coverage_end_sort", direction: "ASC" },
    { expr: "c.name", direction: "ASC" },
    id,
  ];
}

export function customerListQuery(
  businessId: string,
  f: CustomerFilters,
): Omit<KeysetQuery, "limit" | "cursor"> {
  const where = ["c.business_id = ?", "c.deleted_at IS NULL"];
  const params: unknown[] = [businessId];
  if (f.search !== undefined) {
    where.push("instr(c.name_folded, ?) > 0");
    params.push(foldCase(f.search));
  }
  if (f.subscriptionFrequency) {
    where.push("(c.subscription_frequency_mask & ?) <> 0");
    params.push(FREQUENCY_BITS[f.subscriptionFrequency]);
  }
  if (f.contractHealths) {
    where.push(`c.health_rank IN (${f.contractHealths.map(() => "?").join(",")})`);
    params.push(...f.contractHealths.map(healthRank));
  }
  return {
    select: SELECT,
    from: "customers c",
    where,
    params,
    order: customerOrder(f),
    // The default order has an index of its own (storage/schema.ts: customers_attention).
    ties: f.orderBy
      ? {
          from: "customers c",
          where: ["c.business_id = ?", "c.deleted_at IS NULL"],
          params: [businessId],
        }
      : undefined,
  };
}

type AmountKind = "OUTSTANDING" | "CONTRACT_VALUE" | "REMAINING";
type Amounts = Record<AmountKind, MoneyByCurrency>;

function loadAmounts(db: Database.Database, ids: string[]): Map<string, Amounts> {
  const result = new Map<string, Amounts>();
  for (const id of ids) result.set(id, { OUTSTANDING: {}, CONTRACT_VALUE: {}, REMAINING: {} });
  if (ids.length === 0) return result;
  const rows = prepareCached(
    db,
    `SELECT customer_id, kind, currency_code, cents FROM customer_amounts
     WHERE customer_id IN (${ids.map(() => "?").join(",")}) ORDER BY currency_code`,
  ).all(...ids) as {
    customer_id: string;
    kind: AmountKind;
    currency_code: CurrencyCode;
    cents: number;
  }[];
  for (const row of rows) {
    const amounts = result.get(row.customer_id);
    if (amounts)
      amounts[row.kind][row.currency_code] = { value: row.cents, currencyCode: row.currency_code };
  }
  return result;
}

export function toCustomers(db: Database.Database, rows: unknown[]): Customer[] {
  const list = rows as CustomerRow[];
  const amounts = loadAmounts(
    db,
    list.map((r) => r.id),
  );
  return list.map((row) => {
    const a = amounts.get(row.id)!;
    return {
      id: row.id,
      name: row.name,
      billingEmail: row.billing_email,
      invoiceCcEmails: JSON.parse(row.invoice_cc_emails) as string[],
      emailPaymentFollowUps: row.email_payment_follow_ups === 1,
      lastPaymentFollowUpAt: iso(row.last_payment_follow_up_at),
      note: row.note,
      invoiceNote: row.invoice_note,
      outstandingIssuedAmount: a.OUTSTANDING,
      contractCount: row.contract_count,
      contractValueAmount: a.CONTRACT_VALUE,
      remainingToInvoiceAmount: a.REMAINING,
      contractHealth: healthOfRank(row.health_rank),
      coverageContractId: row.coverage_contract_id,
      coverageContractStartAt: iso(row.coverage_start_at),
      coverageContractEndAt: iso(row.coverage_end_at),
      coverageContractAutoRenew: row.coverage_auto_renew === 1,
      coverageContractRenewed: row.coverage_renewed === 1,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  });
}

export function getCustomer(
  db: Database.Database,
  businessId: string,
  id: string,
): Customer | null {
  const row = prepareCached(
    db,
    `SELECT ${SELECT} FROM customers c WHERE c.id = ? AND c.business_id = ? AND c.deleted_at IS NULL`,
  ).get(id, businessId);
  return row ? toCustomers(db, [row])[0]! : null;
}
