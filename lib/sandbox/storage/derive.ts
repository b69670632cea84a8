/**
 * Derived values, computed from the underlying records by the spec's rules.
 *
 * The generator writes only facts (lines, payments and their applications,
 * amendments, lifecycle). Everything the API reports as a sum or a state is
 * computed here, in one place, so a total can never disagree with its parts:
 * - `deriveAmounts`: invoice totals / applied / pending / paid dates, payment
 *   applied parts, customer sums per currency, contract dates and counts.
 *   These depend on the records only.
 * - `deriveHealth`: terms in force, future amendment, `contractHealth` and the
 *   coverage contract. These depend on "today", so they are recomputed whenever
 *   the UTC date changes (see `ensureHealthFor`).
 */
import type Database from "better-sqlite3";
import { CONTRACT_HEALTHS, type ContractHealth } from "@/lib/api/schemas";
import { DAY_MS } from "../clock";
import { readMeta, writeMeta } from "./db";
import { MAX_SORT } from "./schema";

export const FREQUENCY_BITS = { MONTHLY: 1, QUARTERLY: 2, SEMI_ANNUAL: 4, ANNUAL: 8 } as const;

export function healthRank(health: ContractHealth): number {
  return CONTRACT_HEALTHS.indexOf(health) + 1;
}

export function healthOfRank(rank: number): ContractHealth {
  return CONTRACT_HEALTHS[rank - 1] ?? "NO_CONTRACTS";
}

/** Each payment's copy of its customer's name, the key of the customerName order ('' when none). */
const CUSTOMER_NAMES_SQL = `
    UPDATE payments SET customer_name_sort = coalesce(
      (SELECT name FROM customers WHERE customers.id = payments.customer_id), '');`;

export function deriveCustomerNames(db: Database.Database): void {
  db.exec(CUSTOMER_NAMES_SQL);
}

export function deriveAmounts(db: Database.Database): void {
  db.exec(`
    UPDATE invoices SET total_cents = t.total
    FROM (SELECT invoice_id, sum(amount_cents) AS total FROM invoice_lines GROUP BY invoice_id) AS t
    WHERE invoices.id = t.invoice_id;

    -- Only POSTED payments count in appliedAmount (bank fee included); PENDING card
    -- payments count in pendingPaymentAmount. lastPaidAt is the latest POSTED receipt.
    UPDATE invoices SET
      applied_cents = a.applied,
      pending_cents = a.pending,
      last_paid_at = a.last_paid
    FROM (
      SELECT pa.invoice_id,
        sum(CASE WHEN p.status = 'POSTED' THEN pa.amount_cents + pa.fee_cents ELSE 0 END) AS applied,
        sum(CASE WHEN p.status = 'PENDING' THEN pa.amount_cents + pa.fee_cents ELSE 0 END) AS pending,
        max(CASE WHEN p.status = 'POSTED' THEN p.received_date END) AS last_paid
      FROM payment_applications pa JOIN payments p ON p.id = pa.payment_id
      GROUP BY pa.invoice_id
    ) AS a
    WHERE invoices.id = a.invoice_id;

    -- paidAt: once POSTED payments cover the total, the receipt date of the latest of them.
    UPDATE invoices SET paid_at = CASE
      WHEN applied_cents > 0 AND applied_cents >= total_cents THEN last_paid_at END;

    UPDATE payments SET applied_cents = a.applied, fee_applied_cents = a.fee
    FROM (SELECT payment_id, sum(amount_cents) AS applied, sum(fee_cents) AS fee
          FROM payment_applications GROUP BY payment_id) AS a
    WHERE payments.id = a.payment_id;
    ${CUSTOMER_NAMES_SQL}

    UPDATE contracts SET
      start_at = d.start_at, end_at = d.end_at
    FROM (
      SELECT contract_id,
        coalesce(min(CASE WHEN status = 'FINALIZED' THEN start_at END),
                 min(CASE WHEN status = 'DRAFT' THEN start_at END)) AS start_at,
        coalesce(max(CASE WHEN status = 'FINALIZED' THEN end_at END),
                 max(CASE WHEN status = 'DRAFT' THEN end_at END)) AS end_at
      FROM amendments GROUP BY contract_id
    ) AS d
    WHERE contracts.id = d.contract_id;

    UPDATE contracts SET draft_amendment_id = (
      SELECT id FROM amendments a
      WHERE a.contract_id = contracts.id AND a.status = 'DRAFT'
      ORDER BY a.amendment_number DESC LIMIT 1);

    UPDATE contracts SET
      subscription_billable_count = b.subscriptions, one_time_billable_count = b.one_time
    FROM (SELECT contract_id,
            sum(kind = 'SUBSCRIPTION') AS subscriptions, sum(kind = 'ONE_TIME') AS one_time
          FROM billables GROUP BY contract_id) AS b
    WHERE contracts.id = b.contract_id;

    DELETE FROM customer_amounts;

    -- Owed on issued invoices (totals minus POSTED payments), deleted contracts included.
    INSERT INTO customer_amounts (customer_id, kind, currency_code, cents)
      SELECT customer_id, 'OUTSTANDING', currency_code, sum(total_cents - applied_cents)
      FROM invoices WHERE status = 'ISSUED'
      GROUP BY customer_id, currency_code HAVING sum(total_cents - applied_cents) <> 0;

    -- Every non-voided invoice on non-deleted contracts.
    INSERT INTO customer_amounts (customer_id, kind, currency_code, cents)
      SELECT i.customer_id, 'CONTRACT_VALUE', i.currency_code, sum(i.total_cents)
      FROM invoices i JOIN contracts c ON c.id = i.contract_id
      WHERE i.status <> 'VOIDED' AND c.lifecycle_status <> 'DELETED'
      GROUP BY i.customer_id, i.currency_code HAVING sum(i.total_cents) <> 0;

    -- Invoices on non-deleted contracts not yet issued.
    INSERT INTO customer_amounts (customer_id, kind, currency_code, cents)
      SELECT i.customer_id, 'REMAINING', i.currency_code, sum(i.total_cents)
      FROM invoices i JOIN contracts c ON c.id = i.contract_id
      WHERE i.status IN ('DRAFT', 'APPROVED', 'ISSUING') AND c.lifecycle_status <> 'DELETED'
      GROUP BY i.customer_id, i.currency_code HAVING sum(i.total_cents) <> 0;

    -- Sort keys: the number alone when one currency, 0 when none, last (MAX) when several.
    UPDATE customers SET contract_value_sort = 0, remaining_sort = 0, contract_count = 0,
      subscription_frequency_mask = 0;
    UPDATE customers SET contract_value_sort = s.sort_value
    FROM (SELECT customer_id, CASE WHEN count(*) > 1 THEN ${MAX_SORT} ELSE max(cents) END AS sort_value
          FROM customer_amounts WHERE kind = 'CONTRACT_VALUE' GROUP BY customer_id) AS s
    WHERE customers.id = s.customer_id;
    UPDATE customers SET remaining_sort = s.sort_value
    FROM (SELECT customer_id, CASE WHEN count(*) > 1 THEN ${MAX_SORT} ELSE max(cents) END AS sort_value
          FROM customer_amounts WHERE kind = 'REMAINING' GROUP BY customer_id) AS s
    WHERE customers.id = s.customer_id;

    UPDATE customers SET contract_count = s.n
    FROM (SELECT customer_id, count(*) AS n FROM contracts
          WHERE lifecycle_status <> 'DELETED' GROUP BY customer_id) AS s
    WHERE customers.id = s.customer_id;

    UPDATE customers SET subscription_frequency_mask = s.mask
    FROM (SELECT c.customer_id,
            max(b.frequency = 'MONTHLY') * ${FREQUENCY_BITS.MONTHLY}
            + max(b.frequency = 'QUARTERLY') * ${FREQUENCY_BITS.QUARTERLY}
            + max(b.frequency = 'SEMI_ANNUAL') * ${FREQUENCY_BITS.SEMI_ANNUAL}
            + max(b.frequency = 'ANNUAL') * ${FREQUENCY_BITS.ANNUAL} AS mask
          FROM billables b JOIN contracts c ON c.id = b.contract_id
          WHERE b.kind = 'SUBSCRIPTION' AND c.lifecycle_status <> 'DELETED'
          GROUP BY c.customer_id) AS s
    WHERE customers.id = s.customer_id;
  `);
}

interface ContractFacts {
  id: string;
  customer_id: string;
  lifecycle_status: string;
  cancels_at: number | null;
  auto_renew: number;
  renewal_notice_days: number | null;
  renewing_contract_id: string | null;
  start_at: number;
  end_at: number;
  created_at: number;
}

interface AmendmentFacts {
  id: string;
  contract_id: string;
  amendment_number: number;
  start_at: number;
  end_at: number;
  payment_terms_days: number;
}

export interface ContractHealthResult {
  health: ContractHealth;
  currentAmendment: AmendmentFacts | null;
  futureAmendment: AmendmentFacts | null;
}

const ENDING_WINDOW_MS = 30 * DAY_MS;

/**
 * The state of one contract today, by the spec's health table. `otherAgreedStarts`
 * holds the start dates of the customer's other agreed (finalized, not cancelled,
 * not deleted) contracts, for the RENEWAL_DUE condition.
 */
export function contractHealthOn(
  today: number,
  contract: ContractFacts,
  finalized: AmendmentFacts[],
  otherAgreedStarts: number[],
): ContractHealthResult {
  // Terms in force: the finalized amendment with the latest start on or before today.
  let current: AmendmentFacts | null = null;
  let future: AmendmentFacts | null = null;
  for (const a of finalized) {
    if (a.start_at <= today) {
      if (
        !current ||
        a.start_at > current.start_at ||
        (a.start_at === current.start_at && a.amendment_number > current.amendment_number)
      )
        current = a;
    } else if (!future || a.start_at < future.start_at) future = a;
  }
  const result = (health: ContractHealth) => ({
    health,
    currentAmendment: current,
    futureAmendment: future,
  });
  switch (contract.lifecycle_status) {
    case "DELETED":
      return result("NO_CONTRACTS");
    case "DRAFT":
      return result("DRAFT_ONLY");
    case "EXPIRED":
    case "CANCELLED":
      return result("NO_ACTIVE_CONTRACT");
  }
  if (finalized.length === 0) return result("DRAFT_ONLY");
  if (contract.cancels_at !== null && contract.cancels_at <= today)
    return result("NO_ACTIVE_CONTRACT");
  if (!current) return result("UPCOMING");
  const termsEnd = current.end_at;
  if (today >= termsEnd) return result(future ? "UPCOMING" : "NO_ACTIVE_CONTRACT");
  // Running.
  if (!contract.auto_renew && contract.cancels_at === null) {
    const notice = contract.renewal_notice_days ?? 0;
    if (notice > 0) {
      const inNoticePeriod = today >= termsEnd - notice * DAY_MS;
      const renewedByAnother = otherAgreedStarts.some((start) => start >= termsEnd);
      if (inNoticePeriod && !renewedByAnother) return result("RENEWAL_DUE");
    } else if (termsEnd - today <= ENDING_WINDOW_MS) {
      return result("ENDING");
    }
  }
  return result("HEALTHY");
}

/**
 * Among contracts in the customer's best state, the one its health is read from:
 * the most urgent running one (earliest end), the soonest upcoming one, the most
 * recently ended one, or the newest draft. Ties break on id.
 */
function coverageBefore(health: ContractHealth, a: ContractFacts, b: ContractFacts): boolean {
  const byId = a.id < b.id;
  switch (health) {
    case "UPCOMING":
      return a.start_at !== b.start_at ? a.start_at < b.start_at : byId;
    case "NO_ACTIVE_CONTRACT":
      return a.end_at !== b.end_at ? a.end_at > b.end_at : byId;
    case "DRAFT_ONLY":
      return a.created_at !== b.created_at ? a.created_at > b.created_at : byId;
    default:
      return a.end_at !== b.end_at ? a.end_at < b.end_at : byId;
  }
}

export function deriveHealth(db: Database.Database, today: number): void {
  const contracts = db
    .prepare(
      `SELECT id, customer_id, lifecycle_status, cancels_at, auto_renew, renewal_notice_days,
              renewing_contract_id, start_at, end_at, created_at
       FROM contracts ORDER BY customer_id`,
    )
    .all() as ContractFacts[];
  const amendments = db
    .prepare(
      `SELECT id, contract_id, amendment_number, start_at, end_at, payment_terms_days
       FROM amendments WHERE status = 'FINALIZED'`,
    )
    .all() as AmendmentFacts[];
  const finalizedByContract = new Map<string, AmendmentFacts[]>();
  for (const a of amendments) {
    const list = finalizedByContract.get(a.contract_id);
    if (list) list.push(a);
    else finalizedByContract.set(a.contract_id, [a]);
  }
  const byCustomer = new Map<string, ContractFacts[]>();
  for (const c of contracts) {
    const list = byCustomer.get(c.customer_id);
    if (list) list.push(c);
    else byCustomer.set(c.customer_id, [c]);
  }
  const draftAmendmentTerms = db
    .prepare(
      `SELECT contract_id, payment_terms_days FROM amendments WHERE status = 'DRAFT' ORDER BY amendment_number`,
    )
    .all() as { contract_id: string; payment_terms_days: number }[];
  const draftTerms = new Map(draftAmendmentTerms.map((r) => [r.contract_id, r.payment_terms_days]));

  const updateContract = db.prepare(
    `UPDATE contracts SET current_amendment_id = ?, future_amendment_id = ?, payment_terms_days = ?,
       health_rank = ? WHERE id = ?`,
  );
  const resetCustomers = db.prepare(
    `UPDATE customers SET health_rank = 7, coverage_contract_id = NULL, coverage_start_at = NULL,
       coverage_end_at = NULL, coverage_start_sort = ${MAX_SORT}, coverage_end_sort = ${MAX_SORT},
       coverage_auto_renew = 0, coverage_renewed = 0`,
  );
  const updateCustomer = db.prepare(
    `UPDATE customers SET health_rank = ?, coverage_contract_id = ?, coverage_start_at = ?,
       coverage_end_at = ?, coverage_start_sort = ?, coverage_end_sort = ?,
       coverage_auto_renew = ?, coverage_renewed = ? WHERE id = ?`,
  );

  // Immediate: the write lock is taken before anything is read, so two connections
  // (the pool's workers, other server processes) crossing midnight together run one
  // after the other, and the second finds the day done (`ensureHealthFor`).
  const recompute = db.transaction(() => {
    resetCustomers.run();
    for (const [customerId, list] of byCustomer) {
      const live = list.filter((c) => c.lifecycle_status !== "DELETED");
      const isAgreedAlive = (c: ContractFacts) =>
        c.lifecycle_status === "ACTIVE" &&
        (finalizedByContract.get(c.id)?.length ?? 0) > 0 &&
        (c.cancels_at === null || c.cancels_at > today);
      let best: { contract: ContractFacts; health: ContractHealth } | null = null;
      for (const contract of list) {
        const finalized = finalizedByContract.get(contract.id) ?? [];
        const otherAgreedStarts = live
          .filter((o) => o.id !== contract.id && isAgreedAlive(o))
          .map((o) => o.start_at);
        const result = contractHealthOn(today, contract, finalized, otherAgreedStarts);
        const terms =
          result.currentAmendment?.payment_terms_days ??
          result.futureAmendment?.payment_terms_days ??
          draftTerms.get(contract.id) ??
          null;
        updateContract.run(
          result.currentAmendment?.id ?? null,
          result.futureAmendment?.id ?? null,
          terms,
          healthRank(result.health),
          contract.id,
        );
        if (contract.lifecycle_status === "DELETED") continue;
        const rank = healthRank(result.health);
        if (
          !best ||
          rank < healthRank(best.health) ||
          (rank === healthRank(best.health) &&
            coverageBefore(result.health, contract, best.contract))
        )
          best = { contract, health: result.health };
      }
      if (!best) continue;
      const coverage = best.contract;
      const renewed = live.some(
        (o) => o.id !== coverage.id && o.renewing_contract_id === coverage.id && isAgreedAlive(o),
      );
      updateCustomer.run(
        healthRank(best.health),
        coverage.id,
        coverage.start_at,
        coverage.end_at,
        coverage.start_at,
        coverage.end_at,
        coverage.auto_renew,
        renewed ? 1 : 0,
        customerId,
      );
    }
    writeMeta(db, "health_date", String(today));
  });
  recompute.immediate();
}

/**
 * Recomputes the date-dependent values when "today" is not the day they were computed
 * for. Several connections may notice the new day at once: each takes the write lock
 * in turn and looks again, so the day is computed once.
 */
export function ensureHealthFor(db: Database.Database, today: number): void {
  if (readMeta(db, "health_date") === String(today)) return;
  db.transaction(() => {
    if (readMeta(db, "health_date") !== String(today)) deriveHealth(db, today);
  }).immediate();
}
