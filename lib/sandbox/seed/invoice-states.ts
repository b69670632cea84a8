/**
 * The state "today" gives an invoice of a billing period: drafts ahead, approved
 * ones soon, issued ones behind, backdated ones entered late; who approved it, when,
 * and how it is delivered.
 */
import { DAY_MS, utcMidnight } from "../clock";
import type { BusinessState, CustomerState, SeedContext } from "./context";
import type { ContractPlan } from "./contract-plans";
import { HOUR, MINUTE, timeOn } from "./draws";

/** The contract whose invoices are being written, with its owners. */
export interface Scope {
  ctx: SeedContext;
  business: BusinessState;
  customer: CustomerState;
  contract: ContractPlan;
}

/** Billing period `k` of a contract. */
export interface Period {
  k: number;
  start: number;
  /** exclusive */
  end: number;
  /** the year its invoice number carries */
  year: number;
}

/** Who approved an invoice, when, and how it is to be delivered. */
export interface Approval {
  approvedAt: number;
  userId: string | null;
  apiKeyId: string | null;
  deliveryMethod: "EMAIL" | "MANUAL";
}

/** The fields of an invoice its state decides. */
export interface InvoiceState {
  status: "DRAFT" | "APPROVED" | "ISSUING" | "ISSUED" | "VOIDED";
  approval: Approval | null;
  /** EMAIL without an approval: the service issues the invoice itself (autoIssue) */
  deliveryMethod: "EMAIL" | null;
  issuedAt: number | null;
  issuedCustomerName: string | null;
  lastSentAt: number | null;
  voidedAt: number | null;
  needsApproval: boolean;
  updatedAt: number;
}

/** A state: what `fields` does not set is null (not approved, issued, sent nor voided). */
export function invoiceState(
  fields: Pick<InvoiceState, "status" | "needsApproval" | "updatedAt"> & Partial<InvoiceState>,
): InvoiceState {
  return {
    status: fields.status,
    approval: fields.approval ?? null,
    deliveryMethod: fields.deliveryMethod ?? null,
    issuedAt: fields.issuedAt ?? null,
    issuedCustomerName: fields.issuedCustomerName ?? null,
    lastSentAt: fields.lastSentAt ?? null,
    voidedAt: fields.voidedAt ?? null,
    needsApproval: fields.needsApproval,
    updatedAt: fields.updatedAt,
  };
}

/** The state "today" gives the live invoice of period `p`. */
export function liveState(
  scope: Scope,
  p: Period,
  createdAt: number,
  updatedMin: number,
): InvoiceState {
  const { ctx, contract: c } = scope;
  const { rng, today: T } = ctx;
  const updatedAt = Math.max(createdAt, updatedMin);
  if (p.start < T && (c.backdatedIssuing || createdAt > p.start))
    return backdated(scope, p, createdAt);
  if (p.start < T) return issued(scope, p, createdAt, updatedAt);
  if (p.start === T) return issuingToday(scope, p, createdAt);
  if (!c.autoIssue && p.start - T <= 45 * DAY_MS && rng.chance(0.55))
    return approvedAhead(scope, p, createdAt, updatedAt);
  return invoiceState({ status: "DRAFT", needsApproval: !c.autoIssue, updatedAt });
}

/**
 * Entered after its period began, issued with the period's date: no approval, no
 * delivery method. A contract entered today has its first one still ISSUING.
 */
function backdated(scope: Scope, p: Period, createdAt: number): InvoiceState {
  const { rng } = scope.ctx;
  const issuing = scope.contract.backdatedIssuing;
  const issuedAt = p.start + Math.min(rng.int(0, 3 * HOUR), Math.floor((createdAt - p.start) / 2));
  return invoiceState({
    status: issuing ? "ISSUING" : "ISSUED",
    issuedAt,
    issuedCustomerName: issuing ? null : nameAt(scope.customer, issuedAt),
    needsApproval: false,
    updatedAt: createdAt + rng.int(1, 120) * 1000,
  });
}

/** Issued on its period's first day, e-mailed (sometimes again later) unless sent by hand. */
function issued(scope: Scope, p: Period, createdAt: number, updatedMin: number): InvoiceState {
  const { rng, today: T } = scope.ctx;
  const issuedAt = p.start + rng.int(1 * HOUR, 7 * HOUR);
  const approval = scope.contract.autoIssue ? null : approvalBeforeIssue(scope, p, createdAt);
  let lastSentAt: number | null = null;
  if (!approval || approval.deliveryMethod === "EMAIL") {
    lastSentAt = issuedAt + rng.int(2, 90) * 1000;
    if (rng.chance(0.04)) {
      const resent = timeOn(rng, utcMidnight(issuedAt) + rng.int(3, 40) * DAY_MS);
      if (resent < T) lastSentAt = resent;
    }
  }
  return invoiceState({
    status: "ISSUED",
    approval,
    deliveryMethod: approval ? null : "EMAIL",
    issuedAt,
    issuedCustomerName: nameAt(scope.customer, issuedAt),
    lastSentAt,
    needsApproval: false,
    updatedAt: Math.max(updatedMin, (lastSentAt ?? issuedAt) + rng.int(1, 900)),
  });
}

/** Issuing started today, on the planned issue day. */
function issuingToday(scope: Scope, p: Period, createdAt: number): InvoiceState {
  const { rng, today: T } = scope.ctx;
  const approval = scope.contract.autoIssue ? null : approvalBeforeIssue(scope, p, createdAt);
  return invoiceState({
    status: "ISSUING",
    approval,
    deliveryMethod: approval ? null : "EMAIL",
    needsApproval: false,
    updatedAt: T + rng.int(1, 30) * MINUTE,
  });
}

/** Approved by now, within 30 days before its period. */
function approvedAhead(
  scope: Scope,
  p: Period,
  createdAt: number,
  updatedMin: number,
): InvoiceState {
  const { rng, today: T } = scope.ctx;
  const lo = Math.max(createdAt + 10 * MINUTE, p.start - 30 * DAY_MS);
  const hi = T - 10 * MINUTE;
  const approvedAt = lo < hi ? lo + Math.floor(rng.float() * (hi - lo)) : createdAt + MINUTE;
  const approval = approve(scope, approvedAt, 0.75);
  return invoiceState({
    status: "APPROVED",
    approval,
    needsApproval: false,
    updatedAt: Math.max(updatedMin, approvedAt),
  });
}

/** Approved in the 10 days before its period, at least half an hour before issue. */
function approvalBeforeIssue(scope: Scope, p: Period, createdAt: number): Approval {
  const lo = Math.max(createdAt + 10 * MINUTE, p.start - 10 * DAY_MS);
  const hi = p.start - 30 * MINUTE;
  const approvedAt = lo < hi ? lo + Math.floor(scope.ctx.rng.float() * (hi - lo)) : createdAt;
  return approve(scope, approvedAt, 0.8);
}

/**
 * Approved at `approvedAt` by the automation key while it was valid (a fifth of
 * those), else by one of the users; e-mailed in `emailShare` of cases.
 */
export function approve(scope: Scope, approvedAt: number, emailShare: number): Approval {
  const { rng } = scope.ctx;
  const { approvalKey, userIds } = scope.business;
  let userId: string | null = null;
  let apiKeyId: string | null = null;
  if (approvedAt > approvalKey.createdAt && approvedAt < approvalKey.revokedAt && rng.chance(0.2))
    apiKeyId = approvalKey.id;
  else userId = userIds[rng.int(0, userIds.length - 1)]!;
  return {
    approvedAt,
    userId,
    apiKeyId,
    deliveryMethod: rng.chance(emailShare) ? "EMAIL" : "MANUAL",
  };
}

/** The customer's name on an invoice issued at `at` (before a rename, the old one). */
export function nameAt(customer: CustomerState, at: number): string {
  return customer.oldName !== null && at < customer.renamedAt ? customer.oldName : customer.name;
}
