/**
 * A customer's contracts for its scenario (scenarios.ts), then what any customer's
 * contracts may get on top: a second currency, a deleted contract, terms being
 * rewritten or abandoned, invoices being processed.
 */
import { DAY_MS } from "../clock";
import {
  addDraftAmendment,
  addFutureModification,
  addPastModification,
  addRenewalAmendment,
  addVoidedAmendment,
  setCancellation,
} from "./amendments";
import { addMonths, alignDay, ymd } from "./calendar";
import type { BusinessState, SeedContext } from "./context";
import {
  type ContractPlan,
  deletedContract,
  draftContract,
  expiredContract,
  finalEnd,
  lastFinalized,
  link,
  newContract,
  otherCurrency,
  pickMonths,
  previousContract,
  runningContract,
  startForEnd,
} from "./contract-plans";
import { HOUR, MINUTE, pickWeighted, timeOn } from "./draws";
import { HEALTHY_VARIANTS, type HealthyVariant, type Scenario } from "./scenarios";

interface Planned {
  contracts: ContractPlan[];
  /** The contract the customer's health comes from, when the scenario has one. */
  main: ContractPlan | null;
}

interface ScenarioPlan extends Planned {
  /**
   * What a second contract in another currency may be without changing the
   * customer's health: a running one, an ended one, or none at all.
   */
  secondCurrency: "RUNNING" | "ENDED" | null;
}

/** The contracts of a customer generated for `scenario`, in the order they are written. */
export function planContracts(
  ctx: SeedContext,
  business: BusinessState,
  scenario: Scenario,
): ContractPlan[] {
  const { rng } = ctx;
  const plan = SCENARIO_PLANS[scenario](ctx, business);
  const list = plan.contracts;
  const main = plan.main;

  // About 8% of customers owe in two currencies at once.
  if (main && plan.secondCurrency !== null && rng.chance(0.1)) {
    const currency = otherCurrency(rng, main.currency);
    const second =
      plan.secondCurrency === "RUNNING"
        ? runningContract(ctx, 30, 500, 100, { autoRenew: true, currency })
        : expiredContract(ctx, 5, 300, currency);
    main.forceUnpaid = true;
    second.forceUnpaid = true;
    list.push(second);
  }
  if (list.length > 0 && scenario !== "NO_CONTRACTS" && rng.chance(0.04)) {
    list.push(deletedContract(ctx));
  }
  for (const c of list) addLaterChanges(ctx, c);
  return list;
}

/** Terms being rewritten or abandoned, and invoices being processed, on agreed contracts. */
function addLaterChanges(ctx: SeedContext, c: ContractPlan): void {
  const { rng, today: T } = ctx;
  if (c.draft || c.deleted) return;
  const end = finalEnd(c);
  const live = end > T && (c.cancelsAt === null || c.cancelsAt > T);
  if (live && c.start <= T && rng.chance(0.05)) addDraftAmendment(ctx, c);
  if (rng.chance(0.03)) addVoidedAmendment(ctx, c);
  if (live && rng.chance(0.015)) {
    c.processingStartedAt = T - rng.int(1, 180) * MINUTE;
    lastFinalized(c).processing = true;
  }
}

const SCENARIO_PLANS: Record<
  Scenario,
  (ctx: SeedContext, business: BusinessState) => ScenarioPlan
> = {
  RENEWAL_DUE: (ctx) => {
    const notice = ctx.rng.pick([30, 60, 90]);
    return { ...endingWithoutRenewal(ctx, notice, 0.2, notice, 0.3), secondCurrency: "RUNNING" };
  },
  ENDING: (ctx) => {
    const notice = ctx.rng.chance(0.65) ? null : 0;
    return { ...endingWithoutRenewal(ctx, notice, 0.12, 30, 0.2), secondCurrency: "RUNNING" };
  },
  HEALTHY: (ctx, business) => {
    const variant = pickWeighted(ctx.rng, HEALTHY_VARIANTS);
    if (business.backdatedIssuingLeft > 0) {
      business.backdatedIssuingLeft--;
      const main = enteredToday(ctx);
      return { contracts: [main], main, secondCurrency: null };
    }
    return { ...HEALTHY_PLANS[variant](ctx), secondCurrency: "RUNNING" };
  },
  UPCOMING: (ctx) => {
    const { rng, today: T } = ctx;
    const start = alignDay(T + rng.int(1, 60) * DAY_MS);
    const main = newContract(ctx, { start, months: pickMonths(rng) });
    const contracts = [main];
    if (rng.chance(0.35)) {
      const old = expiredContract(ctx, 1, 300, main.currency);
      if (rng.chance(0.5)) link(old, main);
      contracts.unshift(old);
    }
    return { contracts, main, secondCurrency: null };
  },
  NO_ACTIVE_CONTRACT: (ctx) => {
    const { rng, today: T } = ctx;
    const contracts: ContractPlan[] = [];
    let main: ContractPlan;
    if (rng.chance(0.6)) {
      const endsToday = rng.chance(0.08) && ymd(T)[2] <= 28;
      main = endsToday ? expiredContract(ctx, 0, 0) : expiredContract(ctx, 1, 400);
      if (rng.chance(0.25)) contracts.push(previousContract(ctx, main));
    } else {
      main = runningContract(ctx, 90, 700, 0, { autoRenew: false });
      if (!setCancellation(ctx, main, main.start + 20 * DAY_MS, T)) {
        main = expiredContract(ctx, 1, 400);
      }
    }
    contracts.push(main);
    return { contracts, main, secondCurrency: "ENDED" };
  },
  DRAFT_ONLY: (ctx) => {
    const contracts = [draftContract(ctx)];
    if (ctx.rng.chance(0.3)) contracts.push(deletedContract(ctx));
    return { contracts, main: null, secondCurrency: null };
  },
  NO_CONTRACTS: (ctx) => {
    const contracts: ContractPlan[] = [];
    if (ctx.rng.chance(0.5)) {
      const count = ctx.rng.int(1, 2);
      for (let i = 0; i < count; i++) contracts.push(deletedContract(ctx));
    }
    return { contracts, main: null, secondCurrency: null };
  },
};

/**
 * A running contract that does not auto-renew, its terms ending within
 * `endWithinDays` (at least 12 days out when `futureChance` adds an agreed change),
 * sometimes after an older contract it renews.
 */
function endingWithoutRenewal(
  ctx: SeedContext,
  notice: number | null,
  futureChance: number,
  endWithinDays: number,
  previousChance: number,
): Planned {
  const { rng, today: T } = ctx;
  const months = pickMonths(rng);
  const withFuture = rng.chance(futureChance);
  const start = startForEnd(
    rng,
    T + (withFuture ? 12 : 1) * DAY_MS,
    T + endWithinDays * DAY_MS,
    months,
  );
  const main = newContract(ctx, { start, months, autoRenew: false, notice });
  if (!(withFuture && addFutureModification(ctx, main)) && rng.chance(0.2))
    addPastModification(ctx, main, false);
  const contracts = rng.chance(previousChance) ? [previousContract(ctx, main), main] : [main];
  return { contracts, main };
}

/**
 * Entered in the system a few hours ago for a period that began days ago: its first
 * invoice is issued backdated and still ISSUING.
 */
function enteredToday(ctx: SeedContext): ContractPlan {
  const { rng, today: T } = ctx;
  const start = alignDay(T - rng.int(8, 25) * DAY_MS);
  const main = newContract(ctx, {
    start,
    months: 12,
    frequency: "MONTHLY",
    finalizedAt: T - rng.int(2 * HOUR, 5 * HOUR),
  });
  main.backdatedIssuing = true;
  return main;
}

/** A running contract with `main` as planned so far, sometimes changed since it began. */
function longRunning(ctx: SeedContext, main: ContractPlan): Planned {
  if (ctx.rng.chance(0.25)) addPastModification(ctx, main, true);
  return { contracts: [main], main };
}

const HEALTHY_PLANS: Record<HealthyVariant, (ctx: SeedContext) => Planned> = {
  LONG: (ctx) => longRunning(ctx, runningContract(ctx, 1, 700, 100)),
  AUTO_RENEW_SOON: (ctx) => {
    const { rng, today: T } = ctx;
    let main: ContractPlan;
    if (rng.chance(0.5)) {
      const start = startForEnd(rng, T + DAY_MS, T + 60 * DAY_MS, 24);
      main = newContract(ctx, { start, months: 12, autoRenew: true });
      addRenewalAmendment(ctx, main, 12);
    } else {
      const months = pickMonths(rng);
      const start = startForEnd(rng, T + DAY_MS, T + 60 * DAY_MS, months);
      main = newContract(ctx, { start, months, autoRenew: true });
    }
    return { contracts: [main], main };
  },
  FUTURE_CANCEL: (ctx) => {
    const { today: T } = ctx;
    const main = runningContract(ctx, 30, 600, 120, { autoRenew: false });
    // No boundary fits a cancellation: it stays a long-running contract.
    if (!setCancellation(ctx, main, T + 5 * DAY_MS, T + 90 * DAY_MS)) return longRunning(ctx, main);
    return { contracts: [main], main };
  },
  RENEWED: (ctx) => {
    const { rng, today: T } = ctx;
    const notice = rng.pick([30, 60, 90]);
    const months = pickMonths(rng);
    const start = startForEnd(rng, T + DAY_MS, T + notice * DAY_MS, months);
    const main = newContract(ctx, { start, months, autoRenew: false, notice });
    const renewal = newContract(ctx, {
      start: finalEnd(main),
      months: pickMonths(rng),
      currency: main.currency,
      frequency: rng.chance(0.7) ? main.frequency : undefined,
      product: main.product,
      finalizedAt: timeOn(rng, T - rng.int(1, 25) * DAY_MS),
    });
    renewal.withYear = true;
    main.withYear = true;
    link(main, renewal);
    return { contracts: [main, renewal], main };
  },
  FUTURE_AMENDMENT: (ctx) => {
    const main = runningContract(ctx, 30, 600, 100, { autoRenew: false });
    addFutureModification(ctx, main);
    return { contracts: [main], main };
  },
  LATE_ENTERED: (ctx) => {
    const { rng, today: T } = ctx;
    const start = alignDay(T - rng.int(60, 400) * DAY_MS);
    let months = pickMonths(rng);
    while (addMonths(start, months) < T + 100 * DAY_MS) months += 12;
    const main = newContract(ctx, {
      start,
      months,
      finalizedAt: timeOn(rng, start + rng.int(5, 45) * DAY_MS),
    });
    return { contracts: [main], main };
  },
  AFTER_EXPIRED: (ctx) => {
    const main = runningContract(ctx, 10, 300, 100);
    return { contracts: [previousContract(ctx, main), main], main };
  },
};
