/**
 * Customer scenarios: each customer is generated for one, chosen so that with
 * "today" every contractHealth occurs in about the intended share. Named after the
 * health they give, in the order of the health table (docs/api.md, Contract health).
 */
import type { Prng } from "./prng";

/** Scenario and its share of the customers, in the order of the health table. */
const SCENARIO_SHARES = [
  ["RENEWAL_DUE", 11],
  ["ENDING", 9],
  ["HEALTHY", 50],
  ["UPCOMING", 8],
  ["NO_ACTIVE_CONTRACT", 11],
  ["DRAFT_ONLY", 5],
  ["NO_CONTRACTS", 6],
] as const;

export type Scenario = (typeof SCENARIO_SHARES)[number][0];

/** Ways a HEALTHY customer's contracts look, with their weights. */
export const HEALTHY_VARIANTS = [
  /** One running contract ending 100+ days out. */
  ["LONG", 35],
  /** An auto-renewing contract near its end (sometimes already renewed once). */
  ["AUTO_RENEW_SOON", 12],
  /** A running contract with an agreed cancellation 5 to 90 days out. */
  ["FUTURE_CANCEL", 10],
  /** A contract in its notice period, renewed by an agreed next one. */
  ["RENEWED", 15],
  /** A running contract whose agreed change starts in 10 to 60 days. */
  ["FUTURE_AMENDMENT", 10],
  /** A contract agreed after its start: its first invoices are backdated. */
  ["LATE_ENTERED", 8],
  /** A running contract that renews an ended one. */
  ["AFTER_EXPIRED", 10],
] as const;

export type HealthyVariant = (typeof HEALTHY_VARIANTS)[number][0];

/**
 * One scenario per customer, each in its exact share (rounded by position), in
 * shuffled order.
 */
export function scenarioDeck(rng: Prng, customers: number): Scenario[] {
  const total = SCENARIO_SHARES.reduce((sum, [, share]) => sum + share, 0);
  let cumulative = 0;
  const bounds = SCENARIO_SHARES.map(([, share]) => {
    cumulative += share;
    return cumulative / total;
  });
  const deck: Scenario[] = [];
  for (let i = 0; i < customers; i++) {
    const x = (i + 0.5) / customers;
    let s = 0;
    while (s < bounds.length - 1 && x > bounds[s]!) s++;
    deck.push(SCENARIO_SHARES[s]![0]);
  }
  return rng.shuffle(deck);
}
