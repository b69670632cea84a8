/**
 * Invoices and their lines: one invoice per billing period of a contract, in the
 * state "today" gives it (drafts ahead, approved ones soon, issued ones behind,
 * backdated ones entered late), and the invoices voided when terms changed or a
 * cancellation was agreed. Returns the issued ones, for payments.ts.
 */
import { DAY_MS } from "../clock";
import type { BusinessState, CustomerState, SeedContext } from "./context";
import {
  type AmendmentPlan,
  type ContractPlan,
  FREQUENCY_MONTHS,
  finalEnd,
  finalized,
  periodStart,
} from "./contract-plans";
import { MINUTE } from "./draws";
import {
  type Approval,
  approve,
  type InvoiceState,
  invoiceState,
  liveState,
  type Period,
  type Scope,
} from "./invoice-states";
import { INVOICE_NOTES, MONTH_ABBR } from "./text";

/** An issued invoice, as its payments need it. */
export interface IssuedInvoice {
  id: string;
  total: number;
  issuedAt: number;
  createdAt: number;
  terms: number;
}

/** Writes every invoice of `contract`; returns the issued ones in period order. */
export function writeInvoices(
  ctx: SeedContext,
  business: BusinessState,
  customer: CustomerState,
  contract: ContractPlan,
): IssuedInvoice[] {
  const scope: Scope = { ctx, business, customer, contract };
  if (contract.draft) {
    writeDraftContractInvoices(scope);
    return [];
  }
  const terms = finalized(contract).sort((a, b) => a.start - b.start || a.number - b.number);
  const issued = writePeriodInvoices(scope, terms);
  writeCancelledPeriods(scope, terms);
  return issued;
}

function period(c: ContractPlan, k: number): Period {
  const mi = c.m0 + k * FREQUENCY_MONTHS[c.frequency];
  return {
    k,
    start: periodStart(c, k),
    end: periodStart(c, k + 1),
    year: c.y0 + Math.floor(mi / 12),
  };
}

/** The drafts a contract whose terms are still being written already has. */
function writeDraftContractInvoices(scope: Scope): void {
  const c = scope.contract;
  const draftTerms = c.amendments[0]!;
  for (let k = 0; k < c.draftInvoices; k++) {
    const p = period(c, k);
    const createdAt = draftTerms.createdAt + k * 7;
    const id = scope.ctx.ids.uuid();
    insertInvoice(
      scope,
      id,
      p,
      draftTerms.terms,
      createdAt,
      null,
      invoiceState({
        status: "DRAFT",
        needsApproval: !c.autoIssue,
        updatedAt: createdAt,
      }),
    );
    writeLines(scope, id, p, createdAt, createdAt);
  }
}

/**
 * One invoice per billing period up to the end of the agreed terms (or the agreed
 * cancellation), under the terms governing the period's start. An invoice made
 * under earlier terms that a modification replaced was voided (when it had been
 * approved, or sometimes anyway) or updated in place.
 */
function writePeriodInvoices(scope: Scope, terms: AmendmentPlan[]): IssuedInvoice[] {
  const { ctx, contract: c } = scope;
  const { rng, ids, today: T } = ctx;
  const issued: IssuedInvoice[] = [];
  const billingEnd = c.cancelsAt ?? finalEnd(c);
  let j = 0;
  for (let k = 0; ; k++) {
    const p = period(c, k);
    if (p.start >= billingEnd) break;
    if (c.deleted && p.start >= T) break;
    while (j + 1 < terms.length && terms[j + 1]!.start <= p.start) j++;
    const governing = terms[j]!;
    const governingAt = governing.finalizedAt!;
    let createdAt = governingAt + k * 7;
    const updatedMin = createdAt;
    const previous = j > 0 ? terms[j - 1]! : null;
    if (previous && previous.end > p.start && governing.type === "MODIFICATION") {
      const previousCreated = previous.finalizedAt! + k * 7;
      const wasApproved = !c.autoIssue && p.start - governingAt <= 40 * DAY_MS && rng.chance(0.6);
      if (wasApproved || rng.chance(0.15)) {
        writeVoided(scope, p, previous.terms, previousCreated, governingAt, wasApproved);
      } else {
        createdAt = previousCreated;
      }
    }

    const state = liveState(scope, p, createdAt, updatedMin);
    const id = ids.uuid();
    const notes = rng.chance(0.03) ? rng.pick(INVOICE_NOTES) : null;
    insertInvoice(scope, id, p, governing.terms, createdAt, notes, state);
    const total = writeLines(scope, id, p, createdAt, state.updatedAt);
    if (state.status === "ISSUED" && state.issuedAt !== null) {
      issued.push({ id, total, issuedAt: state.issuedAt, createdAt, terms: governing.terms });
    }
  }
  return issued;
}

/** Invoices planned past an agreed cancellation were voided when it was agreed (one or two). */
function writeCancelledPeriods(scope: Scope, terms: AmendmentPlan[]): void {
  const { ctx, contract: c } = scope;
  if (c.cancelsAt === null || c.cancelAgreedAt === null) return;
  const agreedAt = c.cancelAgreedAt;
  const end = finalEnd(c);
  const count = ctx.rng.chance(0.5) ? 2 : 1;
  for (let k = 0, voided = 0; voided < count; k++) {
    const p = period(c, k);
    if (p.start >= end) break;
    if (p.start < c.cancelsAt) continue;
    voided++;
    let governing = terms[0]!;
    for (const a of terms) if (a.start <= p.start) governing = a;
    const approved = !c.autoIssue && p.start - agreedAt <= 40 * DAY_MS && ctx.rng.chance(0.6);
    writeVoided(scope, p, governing.terms, governing.finalizedAt! + k * 7, agreedAt, approved);
  }
}

/**
 * An invoice voided at `voidedAt` before it was issued; an approved one was
 * approved in the 30 days before its period (when that window is not empty).
 */
function writeVoided(
  scope: Scope,
  p: Period,
  terms: number,
  createdAt: number,
  voidedAt: number,
  approved: boolean,
): void {
  const { ctx } = scope;
  let approval: Approval | null = null;
  if (approved) {
    const lo = Math.max(createdAt + 10 * MINUTE, p.start - 30 * DAY_MS);
    const hi = Math.min(voidedAt, p.start) - 10 * MINUTE;
    if (lo < hi) approval = approve(scope, lo + Math.floor(ctx.rng.float() * (hi - lo)), 0.75);
  }
  const id = ctx.ids.uuid();
  insertInvoice(
    scope,
    id,
    p,
    terms,
    createdAt,
    null,
    invoiceState({
      status: "VOIDED",
      approval,
      voidedAt,
      needsApproval: false,
      updatedAt: voidedAt,
    }),
  );
  writeLines(scope, id, p, createdAt, voidedAt);
}

/** Invoice numbers run per business: INV-<period year>-<sequence>. */
function nextInvoiceNumber(business: BusinessState, year: number): string {
  business.invoiceSeq++;
  return `INV-${year}-${String(business.invoiceSeq).padStart(6, "0")}`;
}

function insertInvoice(
  scope: Scope,
  id: string,
  p: Period,
  terms: number,
  createdAt: number,
  notes: string | null,
  state: InvoiceState,
): void {
  const { ctx, business, customer, contract: c } = scope;
  ctx.rows.invoice({
    id,
    businessId: business.id,
    customerId: customer.id,
    contractId: c.id,
    currencyCode: c.currency,
    number: nextInvoiceNumber(business, p.year),
    status: state.status,
    notes,
    issuedCustomerName: state.issuedCustomerName,
    approvedByUserId: state.approval?.userId ?? null,
    approvedByApiKeyId: state.approval?.apiKeyId ?? null,
    approvedAt: state.approval?.approvedAt ?? null,
    issuedAt: state.issuedAt,
    paymentTermsDays: terms,
    voidedAt: state.voidedAt,
    periodStartAt: p.start,
    periodEndAt: p.end,
    lastSentAt: state.lastSentAt,
    deliveryMethod: state.approval?.deliveryMethod ?? state.deliveryMethod,
    needsApproval: state.needsApproval ? 1 : 0,
    createdAt,
    updatedAt: state.updatedAt,
  });
  ctx.summary.invoices++;
}

/**
 * Lines of one invoice: one per billable (one-time ones on the first invoice only),
 * described as the billable, by the billable's current description (null), or with
 * the month; returns the invoice's total.
 */
function writeLines(
  scope: Scope,
  invoiceId: string,
  p: Period,
  createdAt: number,
  updatedAt: number,
): number {
  const { ctx, contract: c } = scope;
  const { rng, ids } = ctx;
  let total = 0;
  for (const b of c.billables) {
    if (b.oneTime && p.k !== 0) continue;
    const x = rng.float();
    let description: string | null;
    if (x < 0.3) description = null;
    else if (x < 0.9 || b.oneTime) description = b.description;
    else {
      const mi = c.m0 + p.k * FREQUENCY_MONTHS[c.frequency];
      description = `${b.description} – ${MONTH_ABBR[mi % 12]} ${c.y0 + Math.floor(mi / 12)}`;
    }
    ctx.rows.invoiceLine({
      id: ids.uuid(),
      invoiceId,
      contractBillableId: b.id,
      description,
      billingStartAt: p.start,
      billingEndAt: p.end,
      amountCents: b.cents,
      createdAt,
      updatedAt,
    });
    total += b.cents;
  }
  return total;
}
