/**
 * Contracts as planned before they are written: terms (amendments), billables,
 * renewal links and flags, built relative to "today". Scenario plans
 * (scenario-plans.ts) combine these builders; contracts.ts writes the result.
 */
import { DAY_MS } from "../clock";
import { addMonths, alignDay, ymd } from "./calendar";
import type { SeedContext } from "./context";
import { HOUR, logUniform, nice, pickWeighted, timeOn } from "./draws";
import type { Prng } from "./prng";
import { ADD_ONS, CONTRACT_NOTES, ONE_TIME, PLATFORM_FEES, PRODUCTS, SEAT_PRICES } from "./text";

export const FREQUENCY_MONTHS = { MONTHLY: 1, QUARTERLY: 3, SEMI_ANNUAL: 6, ANNUAL: 12 } as const;
export type Frequency = keyof typeof FREQUENCY_MONTHS;
const FREQUENCY_WEIGHTS = [
  ["MONTHLY", 72],
  ["QUARTERLY", 15],
  ["SEMI_ANNUAL", 6],
  ["ANNUAL", 7],
] as const;

/** Currencies with their weights and a price factor against USD. */
const CURRENCY_TABLE = [
  ["USD", 78, 1],
  ["EUR", 10, 0.92],
  ["CAD", 8, 1.35],
  ["USDC", 4, 1],
] as const;
export type Currency = (typeof CURRENCY_TABLE)[number][0];
const CURRENCY_WEIGHTS = CURRENCY_TABLE.map(([code, weight]) => [code, weight] as const);
const CURRENCY_FACTOR = Object.fromEntries(
  CURRENCY_TABLE.map(([code, , factor]) => [code, factor]),
) as Record<Currency, number>;

export function pickCurrency(rng: Prng): Currency {
  return pickWeighted(rng, CURRENCY_WEIGHTS);
}

/** A currency other than `than`: one of the next three in the table's order. */
export function otherCurrency(rng: Prng, than: Currency): Currency {
  const picked = pickCurrency(rng);
  if (picked !== than) return picked;
  const index = CURRENCY_TABLE.findIndex(([code]) => code === than);
  return CURRENCY_TABLE[(index + 1 + rng.int(0, 2)) % CURRENCY_TABLE.length]![0];
}

const TERMS = [0, 15, 30, 45, 60];
const TERMS_WEIGHTS = [10, 15, 45, 18, 12];
const MONTHS = [12, 24, 36];
const MONTHS_WEIGHTS = [24, 34, 42];
const NOTICES: readonly (number | null)[] = [null, 0, 30, 60, 90];
const NOTICE_WEIGHTS = [25, 10, 30, 20, 15];

/** Payment terms in days. */
export function pickTerms(rng: Prng): number {
  return TERMS[rng.weighted(TERMS_WEIGHTS)]!;
}

/** A contract's length in months. */
export function pickMonths(rng: Prng): number {
  return MONTHS[rng.weighted(MONTHS_WEIGHTS)]!;
}

function pickNotice(rng: Prng): number | null {
  return NOTICES[rng.weighted(NOTICE_WEIGHTS)]!;
}

export type AmendmentStatus = "DRAFT" | "FINALIZED" | "VOIDED";
export type AmendmentType = "ORIGINAL" | "MODIFICATION" | "RENEWAL";

export interface AmendmentPlan {
  id: string;
  number: number;
  status: AmendmentStatus;
  type: AmendmentType;
  start: number;
  end: number;
  terms: number;
  createdAt: number;
  finalizedAt: number | null;
  voidedAt: number | null;
  processing: boolean;
}

export interface BillablePlan {
  id: string;
  description: string;
  oneTime: boolean;
  cents: number;
}

export interface ContractPlan {
  id: string;
  product: string;
  /** the name carries the start year */
  withYear: boolean;
  currency: Currency;
  frequency: Frequency;
  /** UTC year, month and day of the start: billing periods are counted from it */
  y0: number;
  m0: number;
  d0: number;
  start: number;
  amendments: AmendmentPlan[];
  billables: BillablePlan[];
  cancelsAt: number | null;
  cancelAgreedAt: number | null;
  autoRenew: boolean;
  notice: number | null;
  autoIssue: boolean;
  processingStartedAt: number | null;
  deleted: boolean;
  draft: boolean;
  renewingId: string | null;
  renewalId: string | null;
  notes: string | null;
  /** the latest issued invoice stays (mostly) unpaid */
  forceUnpaid: boolean;
  /** DRAFT contracts: how many draft invoices exist already */
  draftInvoices: number;
  /** a contract entered today for a period already begun: its first invoice is a backdated ISSUING one */
  backdatedIssuing: boolean;
  createdAt: number;
}

export interface ContractOptions {
  start: number;
  months: number;
  frequency?: Frequency;
  currency?: Currency;
  autoRenew?: boolean;
  notice?: number | null;
  finalizedAt?: number;
  product?: string;
}

export function contractName(c: ContractPlan): string {
  return c.withYear ? `${c.product} ${ymd(c.start)[0]}` : c.product;
}

/** Start of billing period `k` (0 is the first) of `c`. */
export function periodStart(c: ContractPlan, k: number): number {
  return Date.UTC(c.y0, c.m0 + k * FREQUENCY_MONTHS[c.frequency], c.d0);
}

/** Billing-period boundaries of `c` in [lo, hi]. */
export function boundaries(c: ContractPlan, lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let k = 1; k < 400; k++) {
    const b = periodStart(c, k);
    if (b > hi) break;
    if (b >= lo) out.push(b);
  }
  return out;
}

export function finalized(c: ContractPlan): AmendmentPlan[] {
  return c.amendments.filter((a) => a.status === "FINALIZED");
}

export function lastFinalized(c: ContractPlan): AmendmentPlan {
  const list = finalized(c);
  return list[list.length - 1]!;
}

/** The exclusive end of the agreed terms. */
export function finalEnd(c: ContractPlan): number {
  let end = c.start;
  for (const a of c.amendments) if (a.status === "FINALIZED" && a.end > end) end = a.end;
  return end;
}

export function lifecycle(c: ContractPlan, today: number): string {
  if (c.deleted) return "DELETED";
  if (c.draft) return "DRAFT";
  if (c.cancelsAt !== null && c.cancelsAt <= today) return "CANCELLED";
  if (finalEnd(c) <= today) return "EXPIRED";
  return "ACTIVE";
}

/** A start date whose term of `months` ends on a day in [lo, hi] (both UTC midnight). */
export function startForEnd(rng: Prng, lo: number, hi: number, months: number): number {
  const days = Math.max(0, Math.floor((hi - lo) / DAY_MS));
  for (let attempt = 0; attempt < 40; attempt++) {
    const end = lo + rng.int(0, days) * DAY_MS;
    const [y, m, d] = ymd(end);
    if (d <= 28) return Date.UTC(y, m - months, d);
  }
  for (let end = lo; end <= hi; end += DAY_MS) {
    const [y, m, d] = ymd(end);
    if (d <= 28) return Date.UTC(y, m - months, d);
  }
  const [y, m] = ymd(hi);
  return Date.UTC(y, m + 1 - months, 1);
}

/** An agreed contract: its original terms finalized before `start` (or at `finalizedAt`). */
export function newContract(ctx: SeedContext, o: ContractOptions): ContractPlan {
  const { rng, ids, today: T } = ctx;
  const frequency = o.frequency ?? pickWeighted(rng, FREQUENCY_WEIGHTS);
  const fm = FREQUENCY_MONTHS[frequency];
  const months = Math.max(fm, Math.ceil(o.months / fm) * fm);
  const [y0, m0, d0] = ymd(o.start);
  const end = Date.UTC(y0, m0 + months, d0);
  let finalizedAt = o.finalizedAt ?? timeOn(rng, o.start - rng.int(3, 30) * DAY_MS);
  if (finalizedAt > T - HOUR) finalizedAt = T - rng.int(2 * HOUR, 30 * HOUR);
  const createdAt = finalizedAt - rng.int(1, 20) * DAY_MS - rng.int(0, 6 * HOUR);
  const currency = o.currency ?? pickCurrency(rng);
  return {
    id: ids.uuid(),
    product: o.product ?? rng.pick(PRODUCTS),
    withYear: rng.chance(0.65),
    currency,
    frequency,
    y0,
    m0,
    d0,
    start: o.start,
    amendments: [
      {
        id: ids.uuid(),
        number: 1,
        status: "FINALIZED",
        type: "ORIGINAL",
        start: o.start,
        end,
        terms: pickTerms(rng),
        createdAt,
        finalizedAt,
        voidedAt: null,
        processing: false,
      },
    ],
    billables: billables(ctx, frequency, currency),
    cancelsAt: null,
    cancelAgreedAt: null,
    autoRenew: o.autoRenew ?? rng.chance(0.3),
    notice: o.notice === undefined ? pickNotice(rng) : o.notice,
    autoIssue: rng.chance(0.4),
    processingStartedAt: null,
    deleted: false,
    draft: false,
    renewingId: null,
    renewalId: null,
    notes: rng.chance(0.15) ? rng.pick(CONTRACT_NOTES) : null,
    forceUnpaid: false,
    draftInvoices: 0,
    backdatedIssuing: false,
    createdAt,
  };
}

/** What a contract charges: a platform fee, maybe seats and an add-on, maybe a one-time fee. */
function billables(ctx: SeedContext, frequency: Frequency, currency: Currency): BillablePlan[] {
  const { rng, ids } = ctx;
  const fm = FREQUENCY_MONTHS[frequency];
  const factor = CURRENCY_FACTOR[currency];
  const monthly = nice(logUniform(rng, 200, 20000));
  const count = rng.weighted([56, 31, 13]) + 1;
  const list: BillablePlan[] = [];
  const subscription = (description: string, monthlyUnits: number, exact = false): void => {
    const perMonth = exact ? monthlyUnits * factor : nice(monthlyUnits * factor);
    list.push({
      id: ids.uuid(),
      description,
      oneTime: false,
      cents: Math.max(100, Math.round(perMonth * fm * 100)),
    });
  };
  if (count === 1) {
    subscription(rng.pick(PLATFORM_FEES), monthly);
  } else {
    const seatPrice = rng.pick(SEAT_PRICES);
    const platform = nice(monthly * (0.5 + 0.3 * rng.float()));
    const seats = Math.max(3, Math.round((monthly - platform) / seatPrice));
    subscription(rng.pick(PLATFORM_FEES), platform);
    subscription(`Seats (${seats})`, seats * seatPrice, true);
    if (count === 3) subscription(rng.pick(ADD_ONS), monthly * (0.08 + 0.12 * rng.float()));
  }
  if (rng.chance(0.35)) {
    list.push({
      id: ids.uuid(),
      description: rng.pick(ONE_TIME),
      oneTime: true,
      cents: Math.round(nice(logUniform(rng, 500, 8000) * factor) * 100),
    });
  }
  return list;
}

/** A running contract (started before today) whose terms end at least `minEndDays` from today. */
export function runningContract(
  ctx: SeedContext,
  startLoDays: number,
  startHiDays: number,
  minEndDays: number,
  o: Partial<ContractOptions> = {},
): ContractPlan {
  const { rng, today: T } = ctx;
  const start = alignDay(T - rng.int(startLoDays, startHiDays) * DAY_MS);
  let months = pickMonths(rng);
  while (addMonths(start, months) < T + minEndDays * DAY_MS) months += 12;
  return newContract(ctx, { ...o, start, months });
}

/** A contract whose terms ended in [today - hiDaysAgo, today - loDaysAgo]. */
export function expiredContract(
  ctx: SeedContext,
  loDaysAgo: number,
  hiDaysAgo: number,
  currency?: Currency,
): ContractPlan {
  const { rng, today: T } = ctx;
  const months = pickMonths(rng);
  const start = startForEnd(rng, T - hiDaysAgo * DAY_MS, T - loDaysAgo * DAY_MS, months);
  return newContract(ctx, { start, months, autoRenew: false, currency });
}

/** An older contract ending where `next` starts, renewed by it (the pair links both ways). */
export function previousContract(ctx: SeedContext, next: ContractPlan): ContractPlan {
  const { rng } = ctx;
  const months = rng.chance(0.7) ? 12 : 24;
  const prev = newContract(ctx, {
    start: addMonths(next.start, -months),
    months,
    currency: next.currency,
    frequency: rng.chance(0.8) ? next.frequency : undefined,
    autoRenew: false,
    product: next.product,
  });
  prev.withYear = next.withYear;
  link(prev, next);
  return prev;
}

/** `renewal` renews `old`. */
export function link(old: ContractPlan, renewal: ContractPlan): void {
  old.renewalId = renewal.id;
  renewal.renewingId = old.id;
}

/** A contract whose terms are still being written, starting 5 to 60 days from today. */
export function draftContract(ctx: SeedContext): ContractPlan {
  const { rng, today: T } = ctx;
  const start = alignDay(T + rng.int(5, 60) * DAY_MS);
  const c = newContract(ctx, { start, months: pickMonths(rng) });
  const original = c.amendments[0]!;
  original.status = "DRAFT";
  original.finalizedAt = null;
  original.createdAt = timeOn(rng, T - rng.int(1, 30) * DAY_MS);
  c.createdAt = original.createdAt;
  c.draft = true;
  c.autoRenew = false;
  c.draftInvoices = rng.chance(0.5) ? rng.int(1, 3) : 0;
  return c;
}

const DELETED_KINDS = [
  ["ENDED", 45],
  ["RUNNING", 35],
  ["DRAFT", 20],
] as const;

/** A deleted contract: an ended, running or draft one. */
export function deletedContract(ctx: SeedContext): ContractPlan {
  const { rng } = ctx;
  const kind = pickWeighted(rng, DELETED_KINDS);
  const c =
    kind === "ENDED"
      ? expiredContract(ctx, 10, 300)
      : kind === "RUNNING"
        ? runningContract(ctx, 30, 500, 40)
        : draftContract(ctx);
  c.deleted = true;
  c.forceUnpaid = rng.chance(0.5);
  return c;
}
