/**
 * Writing a planned contract: its row, its amendments (numbered in the order they
 * were created), its billables, then its invoices and the payments of those.
 */

import type { BusinessState, CustomerState, SeedContext } from "./context";
import { type ContractPlan, contractName, finalEnd, lifecycle } from "./contract-plans";
import { HOUR } from "./draws";
import { writeInvoices } from "./invoices";
import { writePayments } from "./payments";

export function writeContract(
  ctx: SeedContext,
  business: BusinessState,
  customer: CustomerState,
  c: ContractPlan,
): void {
  const { today: T } = ctx;
  numberAmendments(c);
  const end = finalEnd(c);
  ctx.rows.contract({
    id: c.id,
    businessId: business.id,
    customerId: customer.id,
    name: contractName(c),
    currencyCode: c.currency,
    lifecycleStatus: lifecycle(c, T),
    cancelsAt: c.cancelsAt,
    autoIssue: c.autoIssue ? 1 : 0,
    processingInvoices: c.processingStartedAt !== null ? 1 : 0,
    processingInvoicesStartedAt: c.processingStartedAt,
    autoRenew: c.autoRenew ? 1 : 0,
    autoRenewalAt: c.autoRenew && !c.draft ? end : null,
    renewalNoticeDays: c.notice,
    notes: c.notes,
    renewingContractId: c.renewingId,
    renewalContractId: c.renewalId,
    createdAt: c.createdAt,
    updatedAt: Math.min(lastChange(c), T + HOUR),
  });
  ctx.summary.contracts++;

  for (const a of c.amendments) {
    ctx.rows.amendment({
      id: a.id,
      contractId: c.id,
      amendmentNumber: a.number,
      status: a.status,
      type: a.type,
      processingInvoices: a.processing ? 1 : 0,
      startAt: a.start,
      endAt: a.end,
      paymentTermsDays: a.terms,
      finalizedAt: a.finalizedAt,
      voidedAt: a.voidedAt,
      createdAt: a.createdAt,
      updatedAt: a.voidedAt ?? a.finalizedAt ?? a.createdAt,
    });
  }
  for (const b of c.billables) {
    ctx.rows.billable({
      id: b.id,
      contractId: c.id,
      description: b.description,
      kind: b.oneTime ? "ONE_TIME" : "SUBSCRIPTION",
      frequency: b.oneTime ? null : c.frequency,
      amountCents: b.cents,
      createdAt: c.createdAt,
    });
  }

  const issued = writeInvoices(ctx, business, customer, c);
  writePayments(ctx, business, customer, c, issued);
}

/** The original is 1, later ones in the order they were created. */
function numberAmendments(c: ContractPlan): void {
  const [original, ...later] = c.amendments;
  original!.number = 1;
  later
    .sort((a, b) => a.createdAt - b.createdAt)
    .forEach((a, i) => {
      a.number = i + 2;
    });
}

/** The latest of its creation, its amendments' changes, an agreed cancellation, processing. */
function lastChange(c: ContractPlan): number {
  let updatedAt = c.createdAt;
  for (const a of c.amendments) {
    const u = a.voidedAt ?? a.finalizedAt ?? a.createdAt;
    if (u > updatedAt) updatedAt = u;
  }
  if (c.cancelAgreedAt !== null && c.cancelAgreedAt > updatedAt) updatedAt = c.cancelAgreedAt;
  if (c.processingStartedAt !== null && c.processingStartedAt > updatedAt)
    updatedAt = c.processingStartedAt;
  return updatedAt;
}
