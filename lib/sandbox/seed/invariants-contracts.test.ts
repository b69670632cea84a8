/**
 * The demo data's contracts, checked on the test run's seeded database: their
 * amendments and agreed terms, and every contract's lifecycle and health as the
 * health table gives them (docs/api.md, "Contract health"; docs/readings.md,
 * "Health"), computed here from the amendments rather than read from derive.ts.
 *
 * Each check lists the offending records (at most five), so an empty list passes.
 */
import type Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_HEALTHS } from "@/lib/api/enums";
import { DAY_MS, today } from "../clock";
import { testDatabase } from "../testing/sandbox";
import { offenders } from "./testing/invariants";

let db: Database.Database;
let T: number;

beforeAll(() => {
  db = testDatabase();
  T = today();
});

describe("demo data: contracts", () => {
  it("every contract has one ORIGINAL amendment, numbered 1, and distinct numbers", () => {
    expect(
      offenders(`SELECT c.id FROM contracts c WHERE NOT EXISTS (SELECT 1 FROM amendments a
          WHERE a.contract_id = c.id AND a.amendment_number = 1 AND a.type = 'ORIGINAL')
        OR EXISTS (SELECT 1 FROM amendments a WHERE a.contract_id = c.id
          AND a.amendment_number > 1 AND a.type = 'ORIGINAL')
        OR (SELECT count(DISTINCT amendment_number) FROM amendments a WHERE a.contract_id = c.id)
          <> (SELECT count(*) FROM amendments a WHERE a.contract_id = c.id)`),
    ).toEqual([]);
  });

  it("a contract's subscriptions bill at one frequency", () => {
    expect(
      offenders(`SELECT contract_id FROM billables WHERE kind = 'SUBSCRIPTION'
        GROUP BY 1 HAVING count(DISTINCT frequency) > 1`),
    ).toEqual([]);
  });

  it("agreed terms follow one another without a gap, each starting later and ending no earlier", () => {
    const broken = finalizedByContract()
      .filter(([, terms]) =>
        terms.some((cur, i) => {
          const prev = terms[i - 1];
          return (
            prev !== undefined &&
            (cur.start_at > prev.end_at ||
              cur.end_at < prev.end_at ||
              cur.start_at <= prev.start_at)
          );
        }),
      )
      .map(([id]) => id);
    expect(broken).toEqual([]);
  });

  it("lifecycleStatus follows from the agreed terms and the cancellation date", () => {
    const terms = new Map(finalizedByContract());
    const wrong = contracts()
      .filter((c) => c.lifecycle_status !== "DELETED")
      .filter((c) => c.lifecycle_status !== expectedLifecycle(c, terms.get(c.id) ?? []))
      .map((c) => c.id);
    expect(wrong).toEqual([]);
  });

  it("every contract's contractHealth, and every customer's, is the health table's (computed here)", () => {
    const terms = new Map(finalizedByContract());
    const all = contracts();
    const startOf = new Map(all.map((c) => [c.id, terms.get(c.id)?.[0]?.start_at ?? Number.NaN]));
    const byCustomer = groupBy(
      all.filter((c) => c.lifecycle_status !== "DELETED"),
      (c) => c.customer_id,
    );
    const contractsWrong: string[] = [];
    const customersWrong: string[] = [];
    const customers = db
      .prepare("SELECT id, health_rank FROM customers WHERE deleted_at IS NULL")
      .all() as {
      id: string;
      health_rank: number;
    }[];
    for (const customer of customers) {
      const live = byCustomer.get(customer.id) ?? [];
      let best = CONTRACT_HEALTHS.indexOf("NO_CONTRACTS") + 1;
      for (const c of live) {
        const rank = healthRank(c, live, terms.get(c.id) ?? [], startOf);
        if (rank !== c.health_rank) contractsWrong.push(c.id);
        best = Math.min(best, rank);
      }
      if (best !== customer.health_rank) customersWrong.push(customer.id);
    }
    expect(contractsWrong.slice(0, 5)).toEqual([]);
    expect(customersWrong.slice(0, 5)).toEqual([]);
  });
});

// ---- contracts and their agreed terms, read once per test ---------------------------

interface ContractFacts {
  id: string;
  customer_id: string;
  lifecycle_status: string;
  cancels_at: number | null;
  auto_renew: number;
  renewal_notice_days: number | null;
  health_rank: number;
}

interface Terms {
  contract_id: string;
  start_at: number;
  end_at: number;
}

function contracts(): ContractFacts[] {
  return db
    .prepare(
      `SELECT id, customer_id, lifecycle_status, cancels_at, auto_renew, renewal_notice_days, health_rank
       FROM contracts`,
    )
    .all() as ContractFacts[];
}

/** Each contract's FINALIZED amendments, by start then number. */
function finalizedByContract(): [string, Terms[]][] {
  const rows = db
    .prepare(
      `SELECT contract_id, start_at, end_at FROM amendments WHERE status = 'FINALIZED'
       ORDER BY contract_id, start_at, amendment_number`,
    )
    .all() as Terms[];
  return [...groupBy(rows, (r) => r.contract_id)];
}

// Map.groupBy arrives with Node.js 21; the project runs on 20.
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function expectedLifecycle(c: ContractFacts, terms: Terms[]): string {
  const end = terms.reduce((latest, t) => Math.max(latest, t.end_at), 0);
  if (terms.length === 0) return "DRAFT";
  if (c.cancels_at !== null && c.cancels_at <= T) return "CANCELLED";
  if (end <= T) return "EXPIRED";
  return "ACTIVE";
}

/**
 * The health table, rank 1 (RENEWAL_DUE) to 6 (DRAFT_ONLY), from the contract's
 * agreed terms: the terms in force are the last agreed ones started by today.
 */
function healthRank(
  c: ContractFacts,
  customerContracts: ContractFacts[],
  terms: Terms[],
  startOf: Map<string, number>,
): number {
  const rank = (health: (typeof CONTRACT_HEALTHS)[number]) => CONTRACT_HEALTHS.indexOf(health) + 1;
  if (c.lifecycle_status === "DRAFT") return rank("DRAFT_ONLY");
  if (c.lifecycle_status === "EXPIRED" || c.lifecycle_status === "CANCELLED")
    return rank("NO_ACTIVE_CONTRACT");
  const inForce = terms.filter((t) => t.start_at <= T).at(-1);
  if (!inForce) return rank("UPCOMING");
  // Terms in force that ended while the contract is ACTIVE: a gap, never a health.
  if (T >= inForce.end_at) return Number.NaN;
  if (!c.auto_renew && c.cancels_at === null) {
    const notice = c.renewal_notice_days ?? 0;
    if (notice > 0) {
      const renewed = customerContracts.some(
        (o) =>
          o.id !== c.id &&
          o.lifecycle_status === "ACTIVE" &&
          (o.cancels_at === null || o.cancels_at > T) &&
          (startOf.get(o.id) ?? 0) >= inForce.end_at,
      );
      if (T >= inForce.end_at - notice * DAY_MS && !renewed) return rank("RENEWAL_DUE");
    } else if (inForce.end_at - T <= 30 * DAY_MS) return rank("ENDING");
  }
  return rank("HEALTHY");
}
