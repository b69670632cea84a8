import type Database from "better-sqlite3";
import type { ContractFilters } from "@/lib/api/list-params";
import type { Amendment, Contract } from "@/lib/api/schemas";
import { iso } from "../clock";
import { healthOfRank } from "../storage/derive";
import { type KeysetQuery, prepareCached } from "./keyset";

interface ContractRow {
  id: string;
  customer_id: string;
  name: string;
  currency_code: Contract["currencyCode"];
  start_at: number;
  end_at: number;
  cancels_at: number | null;
  payment_terms_days: number;
  lifecycle_status: Contract["lifecycleStatus"];
  auto_issue: number;
  processing_invoices: number;
  processing_invoices_started_at: number | null;
  auto_renew: number;
  notes: string | null;
  auto_renewal_at: number | null;
  renewal_notice_days: number | null;
  renewing_contract_id: string | null;
  renewal_contract_id: string | null;
  current_amendment_id: string | null;
  draft_amendment_id: string | null;
  future_amendment_id: string | null;
  current_amendment_status: Amendment["status"] | null;
  current_amendment_start_at: number | null;
  subscription_billable_count: number;
  one_time_billable_count: number;
  health_rank: number;
  created_at: number;
  updated_at: number;
}

interface AmendmentRow {
  id: string;
  contract_id: string;
  amendment_number: number;
  status: Amendment["status"];
  type: Amendment["type"];
  processing_invoices: number;
  start_at: number;
  end_at: number;
  payment_terms_days: number;
  finalized_at: number | null;
  voided_at: number | null;
  created_at: number;
  updated_at: number;
}

const SELECT = `k.id, k.customer_id, k.name, k.currency_code, k.start_at, k.end_at, k.cancels_at,
  k.payment_terms_days, k.lifecycle_status, k.auto_issue, k.processing_invoices,
  k.processing_invoices_started_at, k.auto_renew, k.notes, k.auto_renewal_at, k.renewal_notice_days,
  k.renewing_contract_id, k.renewal_contract_id, k.current_amendment_id, k.draft_amendment_id,
  k.future_amendment_id, ca.status AS current_amendment_status, ca.start_at AS current_amendment_start_at,
  k.subscription_billable_count, k.one_time_billable_count, k.health_rank, k.created_at, k.updated_at`;

const FROM = "contracts k LEFT JOIN amendments ca ON ca.id = k.current_amendment_id";

export function contractListQuery(
  businessId: string,
  f: ContractFilters,
): Omit<KeysetQuery, "limit" | "cursor"> {
  const where = ["k.business_id = ?"];
  const params: unknown[] = [businessId];
  if (f.customerIds) {
    where.push(`k.customer_id IN (${f.customerIds.map(() => "?").join(",")})`);
    params.push(...f.customerIds);
  }
  if (f.statuses) {
    where.push(`k.lifecycle_status IN (${f.statuses.map(() => "?").join(",")})`);
    params.push(...f.statuses);
  } else where.push("k.lifecycle_status <> 'DELETED'");
  if (f.processingInvoices !== undefined) {
    where.push("k.processing_invoices = ?");
    params.push(f.processingInvoices ? 1 : 0);
  }
  return {
    select: SELECT,
    from: FROM,
    where,
    params,
    // Oldest first.
    order: [
      { expr: "k.created_at", direction: "ASC" },
      { expr: "k.id", direction: "ASC" },
    ],
  };
}

function toAmendment(row: AmendmentRow): Amendment {
  return {
    id: row.id,
    contractId: row.contract_id,
    amendmentNumber: row.amendment_number,
    status: row.status,
    type: row.type,
    processingInvoices: row.processing_invoices === 1,
    startAt: iso(row.start_at),
    endAt: iso(row.end_at),
    paymentTermsDays: row.payment_terms_days,
    finalizedAt: iso(row.finalized_at),
    voidedAt: iso(row.voided_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toContracts(db: Database.Database, rows: unknown[]): Contract[] {
  const list = rows as ContractRow[];
  const futureIds = list
    .map((r) => r.future_amendment_id)
    .filter((id): id is string => id !== null);
  const futures = new Map<string, Amendment>();
  if (futureIds.length > 0) {
    const amendments = prepareCached(
      db,
      `SELECT * FROM amendments WHERE id IN (${futureIds.map(() => "?").join(",")})`,
    ).all(...futureIds) as AmendmentRow[];
    for (const a of amendments) futures.set(a.id, toAmendment(a));
  }
  return list.map((row) => {
    const contract: Contract = {
      id: row.id,
      customerId: row.customer_id,
      name: row.name,
      currencyCode: row.currency_code,
      startAt: iso(row.start_at),
      endAt: iso(row.end_at),
      paymentTermsDays: row.payment_terms_days,
      lifecycleStatus: row.lifecycle_status,
      autoIssue: row.auto_issue === 1,
      processingInvoices: row.processing_invoices === 1,
      processingInvoicesStartedAt: iso(row.processing_invoices_started_at),
      autoRenew: row.auto_renew === 1,
      notes: row.notes,
      autoRenewalAt: iso(row.auto_renewal_at),
      renewalNoticeDays: row.renewal_notice_days,
      renewingContractId: row.renewing_contract_id,
      renewalContractId: row.renewal_contract_id,
      currentAmendmentId: row.current_amendment_id,
      draftAmendmentId: row.draft_amendment_id,
      currentAmendmentStatus: row.current_amendment_status,
      currentAmendmentStartAt: iso(row.current_amendment_start_at),
      futureAmendment: row.future_amendment_id
        ? (futures.get(row.future_amendment_id) ?? null)
        : null,
      subscriptionBillableCount: row.subscription_billable_count,
      oneTimeBillableCount: row.one_time_billable_count,
      contractHealth: healthOfRank(row.health_rank),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
    // docs/readings.md, Contracts: cancelsAt is left out when there is none.
    if (row.cancels_at !== null) contract.cancelsAt = iso(row.cancels_at);
    return contract;
  });
}
