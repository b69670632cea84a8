/**
 * Changes to a planned contract's terms: amendments (agreed, drafted or abandoned)
 * and agreed cancellations, each placed on the contract's billing-period boundaries.
 */
import { DAY_MS } from "../clock";
import { addMonths, alignDay } from "./calendar";
import type { SeedContext } from "./context";
import {
  type AmendmentPlan,
  boundaries,
  type ContractPlan,
  finalEnd,
  lastFinalized,
  pickTerms,
} from "./contract-plans";
import { HOUR, MINUTE, timeOn } from "./draws";

/**
 * Adds an amendment with a fresh id, not yet processing invoices. Its number is
 * given again when the contract is written, in the order of creation.
 */
function addAmendment(
  ctx: SeedContext,
  c: ContractPlan,
  terms: Omit<AmendmentPlan, "id" | "number" | "processing">,
): void {
  c.amendments.push({
    id: ctx.ids.uuid(),
    number: c.amendments.length + 1,
    ...terms,
    processing: false,
  });
}

/** A finalized MODIFICATION starting in 10–60 days that moves the contract's end 12 months later. */
export function addFutureModification(ctx: SeedContext, c: ContractPlan): boolean {
  const { rng, today: T } = ctx;
  const last = lastFinalized(c);
  const candidates = boundaries(c, T + 10 * DAY_MS, Math.min(T + 60 * DAY_MS, last.end)).filter(
    (b) => b > last.start,
  );
  if (candidates.length === 0) return false;
  const start = rng.pick(candidates);
  let finalizedAt = timeOn(rng, T - rng.int(1, 20) * DAY_MS);
  if (finalizedAt <= (last.finalizedAt ?? 0)) finalizedAt = T - rng.int(1 * HOUR, 3 * HOUR);
  const terms = pickTerms(rng);
  addAmendment(ctx, c, {
    status: "FINALIZED",
    type: "MODIFICATION",
    start,
    end: addMonths(last.end, 12),
    terms,
    createdAt: finalizedAt - rng.int(1, 6) * DAY_MS,
    finalizedAt,
    voidedAt: null,
  });
  return true;
}

/** A finalized MODIFICATION that started inside the current terms (new payment terms, maybe a longer term). */
export function addPastModification(ctx: SeedContext, c: ContractPlan, extend: boolean): boolean {
  const { rng, today: T } = ctx;
  const last = lastFinalized(c);
  const lastFinalizedAt = last.finalizedAt ?? 0;
  const candidates = boundaries(
    c,
    Math.max(last.start + DAY_MS, lastFinalizedAt + 30 * DAY_MS),
    Math.min(T - 5 * DAY_MS, last.end - DAY_MS),
  );
  if (candidates.length === 0) return false;
  const start = rng.pick(candidates);
  let finalizedAt = timeOn(rng, start - rng.int(5, 25) * DAY_MS);
  if (finalizedAt <= lastFinalizedAt + DAY_MS) finalizedAt = lastFinalizedAt + DAY_MS;
  if (finalizedAt >= start) return false;
  let terms = pickTerms(rng);
  if (terms === last.terms) terms = last.terms === 30 ? 45 : 30;
  addAmendment(ctx, c, {
    status: "FINALIZED",
    type: "MODIFICATION",
    start,
    end: extend && rng.chance(0.4) ? addMonths(last.end, 12) : last.end,
    terms,
    createdAt: finalizedAt - rng.int(1, 10) * DAY_MS,
    finalizedAt,
    voidedAt: null,
  });
  return true;
}

/** The automatic renewal that already happened: a RENEWAL amendment right after the original. */
export function addRenewalAmendment(ctx: SeedContext, c: ContractPlan, months: number): void {
  const { rng, today: T } = ctx;
  const last = lastFinalized(c);
  let finalizedAt = timeOn(rng, last.end - rng.int(1, 30) * DAY_MS);
  if (finalizedAt > T - HOUR) finalizedAt = T - rng.int(2 * HOUR, 20 * HOUR);
  addAmendment(ctx, c, {
    status: "FINALIZED",
    type: "RENEWAL",
    start: last.end,
    end: addMonths(last.end, months),
    terms: last.terms,
    createdAt: finalizedAt - rng.int(1, 60) * MINUTE,
    finalizedAt,
    voidedAt: null,
  });
}

/** Terms still being written for a running contract. */
export function addDraftAmendment(ctx: SeedContext, c: ContractPlan): void {
  const { rng, today: T } = ctx;
  const end = finalEnd(c);
  const candidates = boundaries(c, T + 15 * DAY_MS, Math.min(T + 150 * DAY_MS, end));
  const start = candidates.length > 0 ? rng.pick(candidates) : end;
  addAmendment(ctx, c, {
    status: "DRAFT",
    type: start >= end ? "RENEWAL" : "MODIFICATION",
    start,
    end: start >= end ? addMonths(end, 12) : end,
    terms: pickTerms(rng),
    createdAt: timeOn(rng, T - rng.int(1, 15) * DAY_MS),
    finalizedAt: null,
    voidedAt: null,
  });
}

/** A change that was drafted and then abandoned. */
export function addVoidedAmendment(ctx: SeedContext, c: ContractPlan): void {
  const { rng, today: T } = ctx;
  const last = lastFinalized(c);
  const from = (last.finalizedAt ?? c.createdAt) + DAY_MS;
  const to = T - 3 * DAY_MS;
  if (to <= from) return;
  const createdAt = from + Math.floor(rng.float() * (to - from));
  const voidedAt = Math.min(createdAt + rng.int(1, 20) * DAY_MS, T - HOUR);
  const start = alignDay(createdAt + rng.int(10, 40) * DAY_MS);
  addAmendment(ctx, c, {
    status: "VOIDED",
    type: "MODIFICATION",
    start,
    end: Math.max(last.end, start + DAY_MS),
    terms: pickTerms(rng),
    createdAt,
    finalizedAt: null,
    voidedAt,
  });
}

/** Agreed cancellation at a period boundary in [lo, hi]; false when none fits. */
export function setCancellation(
  ctx: SeedContext,
  c: ContractPlan,
  lo: number,
  hi: number,
): boolean {
  const { rng, today: T } = ctx;
  const last = lastFinalized(c);
  const candidates = boundaries(c, lo, Math.min(hi, last.end - DAY_MS));
  const agreedMin = (last.finalizedAt ?? c.createdAt) + DAY_MS;
  const usable = candidates.filter((b) => b - 10 * DAY_MS > agreedMin);
  if (usable.length === 0) return false;
  const cancelsAt = rng.pick(usable);
  let agreedAt = timeOn(rng, cancelsAt - rng.int(10, 60) * DAY_MS);
  if (agreedAt <= agreedMin) agreedAt = agreedMin + rng.int(1, 8) * HOUR;
  if (agreedAt > T - HOUR) agreedAt = T - rng.int(2, 20) * HOUR;
  c.cancelsAt = cancelsAt;
  c.cancelAgreedAt = agreedAt;
  return true;
}
