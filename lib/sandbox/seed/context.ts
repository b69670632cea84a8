/**
 * What the generator's parts share: the run (its "today", its three seeded streams,
 * the inserts, the counts) and the business and customer being generated.
 */
import { en, Faker } from "@faker-js/faker";
import type Database from "better-sqlite3";
import { utcMidnight } from "../clock";
import { Prng } from "./prng";
import { type SeedRows, seedRows } from "./rows";

export interface GenerateOptions {
  customers: number;
  seed: number;
  /** UTC midnight ms */
  today: number;
  log?: (msg: string) => void;
}

export interface GenerateSummary {
  businesses: number;
  customers: number;
  contracts: number;
  invoices: number;
  payments: number;
}

export interface SeedContext {
  /** UTC midnight of "today": every date is drawn relative to it. */
  readonly today: number;
  /**
   * Amounts, dates and states. Ids (`ids`) and text (`faker`) come from streams of
   * their own, so each stream's sequence depends only on the draws of its kind.
   */
  readonly rng: Prng;
  readonly ids: Prng;
  readonly faker: Faker;
  readonly rows: SeedRows;
  readonly summary: GenerateSummary;
  readonly log: (message: string) => void;
}

export function seedContext(db: Database.Database, options: GenerateOptions): SeedContext {
  const faker = new Faker({ locale: [en] });
  faker.seed(options.seed >>> 0);
  return {
    today: utcMidnight(options.today),
    rng: new Prng(options.seed, 1),
    ids: new Prng(options.seed, 2),
    faker,
    rows: seedRows(db),
    summary: { businesses: 0, customers: 0, contracts: 0, invoices: 0, payments: 0 },
    log: options.log ?? (() => {}),
  };
}

/** The revoked key that approved some invoices by automation while it was valid. */
export interface ApprovalKey {
  id: string;
  createdAt: number;
  revokedAt: number;
}

/** The business being generated. */
export interface BusinessState {
  readonly id: string;
  readonly userIds: readonly string[];
  readonly approvalKey: ApprovalKey;
  /** Invoice numbers run per business: the last one given. */
  invoiceSeq: number;
  /** Contracts still to be entered today for a period already begun (the demo business has two). */
  backdatedIssuingLeft: number;
}

/** The customer being generated, as its invoices need it. */
export interface CustomerState {
  readonly id: string;
  readonly name: string;
  /** The name before a rename at `renamedAt`, or null when never renamed. */
  readonly oldName: string | null;
  readonly renamedAt: number;
}
