/**
 * The demo data's invariants, checked on the test run's seeded database: money that
 * adds up, invoice states whose fields agree (docs/readings.md, "Invoices"), dates in
 * order, and ids in the uuid layout.
 *
 * Each check lists the offending records (at most five), so an empty list passes.
 * Totals and payments are summed here from lines and applications, not read from
 * the derived columns.
 */
import type Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, today } from "../clock";
import { testDatabase } from "../testing/sandbox";
import { FILLED_TABLES } from "./generate";
import { offenders } from "./testing/invariants";

let db: Database.Database;
let T: number;

/** Invoices with their total, POSTED and PENDING applied amounts, from lines and applications. */
const INVOICE_SUMS = `
  SELECT i.*,
    coalesce((SELECT sum(amount_cents) FROM invoice_lines l WHERE l.invoice_id = i.id), 0) AS total,
    coalesce((SELECT sum(pa.amount_cents + pa.fee_cents) FROM payment_applications pa
              JOIN payments p ON p.id = pa.payment_id
              WHERE pa.invoice_id = i.id AND p.status = 'POSTED'), 0) AS posted,
    coalesce((SELECT sum(pa.amount_cents + pa.fee_cents) FROM payment_applications pa
              JOIN payments p ON p.id = pa.payment_id
              WHERE pa.invoice_id = i.id AND p.status = 'PENDING'), 0) AS pending
  FROM invoices i`;

beforeAll(() => {
  db = testDatabase();
  T = today();
});

describe("demo data: money", () => {
  it("no invoice has more applied (POSTED and PENDING) than its total", () => {
    expect(
      offenders(
        `SELECT id, total, posted, pending FROM (${INVOICE_SUMS}) WHERE posted + pending > total`,
      ),
    ).toEqual([]);
  });

  it("no payment applies more than its amount, nor more of its bank fee than the fee", () => {
    expect(
      offenders(`SELECT p.id FROM payments p
        JOIN (SELECT payment_id, sum(amount_cents) AS applied, sum(fee_cents) AS fee
              FROM payment_applications GROUP BY payment_id) s ON s.payment_id = p.id
        WHERE s.applied > p.amount_cents OR s.fee > coalesce(p.bank_fee_cents, 0)`),
    ).toEqual([]);
  });

  it("payments apply to ISSUED invoices only", () => {
    expect(
      offenders(`SELECT pa.id FROM payment_applications pa JOIN invoices i ON i.id = pa.invoice_id
        WHERE i.status <> 'ISSUED'`),
    ).toEqual([]);
  });

  it("a payment applies to invoices of its own customer and currency; an unattributed one to none", () => {
    expect(
      offenders(`SELECT pa.id FROM payment_applications pa
        JOIN invoices i ON i.id = pa.invoice_id JOIN payments p ON p.id = pa.payment_id
        WHERE p.currency_code <> i.currency_code OR p.customer_id IS NOT i.customer_id`),
    ).toEqual([]);
    expect(
      offenders(`SELECT p.id FROM payments p WHERE p.customer_id IS NULL
        AND EXISTS (SELECT 1 FROM payment_applications a WHERE a.payment_id = p.id)`),
    ).toEqual([]);
  });

  it("lines and payments are positive; applications are not negative", () => {
    expect(offenders("SELECT id FROM invoice_lines WHERE amount_cents <= 0")).toEqual([]);
    expect(offenders("SELECT id FROM payments WHERE amount_cents <= 0")).toEqual([]);
    expect(
      offenders("SELECT id FROM payment_applications WHERE amount_cents < 0 OR fee_cents < 0"),
    ).toEqual([]);
  });

  it("a payment is received on or after the day its invoices were issued", () => {
    expect(
      offenders(`SELECT p.id FROM payment_applications pa
        JOIN invoices i ON i.id = pa.invoice_id JOIN payments p ON p.id = pa.payment_id
        WHERE p.received_date < (i.issued_at / ${DAY_MS}) * ${DAY_MS}`),
    ).toEqual([]);
  });
});

describe("demo data: invoices", () => {
  it("an invoice bills its own customer's contract, in the contract's currency (docs/readings.md, Invoices)", () => {
    expect(
      offenders(`SELECT i.id FROM invoices i JOIN contracts c ON c.id = i.contract_id
        WHERE c.currency_code <> i.currency_code OR c.customer_id <> i.customer_id
           OR c.business_id <> i.business_id`),
    ).toEqual([]);
  });

  it("needsApproval marks exactly the drafts of contracts that do not issue automatically", () => {
    expect(
      offenders(`SELECT i.id FROM invoices i JOIN contracts c ON c.id = i.contract_id
        WHERE i.needs_approval <> (i.status = 'DRAFT' AND c.auto_issue = 0)`),
    ).toEqual([]);
  });

  it("each status carries the fields the states table gives it", () => {
    const rule = (what: string, where: string) => ({
      what,
      found: offenders(`SELECT id FROM invoices WHERE ${where}`),
    });
    const rules = [
      rule(
        "ISSUED: issued, name copied, not voided",
        `status = 'ISSUED' AND
        (issued_at IS NULL OR issued_customer_name IS NULL OR voided_at IS NOT NULL)`,
      ),
      rule(
        "DRAFT, APPROVED: neither issued nor voided",
        `status IN ('DRAFT', 'APPROVED') AND
        (issued_at IS NOT NULL OR voided_at IS NOT NULL)`,
      ),
      rule(
        "DRAFT: not approved, no delivery method",
        `status = 'DRAFT' AND
        (approved_at IS NOT NULL OR delivery_method IS NOT NULL)`,
      ),
      rule(
        "APPROVED: before its period, by a person or a key, with a delivery method",
        `status = 'APPROVED' AND
        (approved_at IS NULL OR approved_at >= period_start_at OR delivery_method IS NULL
         OR (approved_by_user_id IS NULL) = (approved_by_api_key_id IS NULL))`,
      ),
      rule(
        "VOIDED: voided, never issued",
        `status = 'VOIDED' AND (voided_at IS NULL OR issued_at IS NOT NULL)`,
      ),
      rule("only VOIDED has voidedAt", `status <> 'VOIDED' AND voided_at IS NOT NULL`),
      rule(
        "ISSUING: name not yet copied",
        `status = 'ISSUING' AND issued_customer_name IS NOT NULL`,
      ),
      rule(
        "backdated: no approval, no delivery method",
        `issued_at IS NOT NULL AND created_at > issued_at
        AND (delivery_method IS NOT NULL OR approved_at IS NOT NULL)`,
      ),
      rule(
        "issued by e-mail: sent",
        `delivery_method = 'EMAIL' AND status = 'ISSUED'
        AND created_at <= issued_at AND last_sent_at IS NULL`,
      ),
      rule("approved after creation", "approved_at IS NOT NULL AND approved_at < created_at"),
      rule(
        "issued or issuing: its period has begun",
        `status IN ('ISSUED', 'ISSUING') AND period_start_at > ${T}`,
      ),
      rule(
        "still DRAFT or APPROVED once its period began: only on draft or deleted contracts",
        `status IN ('DRAFT', 'APPROVED') AND period_start_at <= ${T}
        AND contract_id NOT IN (SELECT id FROM contracts WHERE lifecycle_status IN ('DRAFT', 'DELETED'))`,
      ),
    ];
    expect(rules.filter((r) => r.found.length > 0)).toEqual([]);
  });

  it("invoices the service issued itself (autoIssue) were e-mailed and approved by no person", () => {
    expect(
      offenders(`SELECT i.id FROM invoices i JOIN contracts c ON c.id = i.contract_id
        WHERE c.auto_issue = 1 AND i.status = 'ISSUED' AND i.created_at <= i.issued_at
          AND (i.delivery_method IS NOT 'EMAIL' OR i.approved_by_user_id IS NOT NULL)`),
    ).toEqual([]);
  });

  it("a draft contract's invoices are drafts", () => {
    expect(
      offenders(`SELECT i.id FROM invoices i JOIN contracts c ON c.id = i.contract_id
        WHERE c.lifecycle_status = 'DRAFT' AND i.status <> 'DRAFT'`),
    ).toEqual([]);
  });

  it("periods run from one UTC midnight to a later one", () => {
    expect(
      offenders(`SELECT id FROM invoices WHERE period_start_at % ${DAY_MS} <> 0
        OR period_end_at % ${DAY_MS} <> 0 OR period_end_at <= period_start_at`),
    ).toEqual([]);
  });

  it("a contract has one live (not voided) invoice per period", () => {
    expect(
      offenders(`SELECT contract_id, period_start_at FROM invoices WHERE status <> 'VOIDED'
        GROUP BY 1, 2 HAVING count(*) > 1`),
    ).toEqual([]);
  });
});

describe("demo data: dates", () => {
  it("nothing happens after today, and nothing is updated before it was created", () => {
    const end = T + DAY_MS;
    const checks = {
      invoices: `max(created_at, updated_at, coalesce(issued_at, 0), coalesce(approved_at, 0),
        coalesce(last_sent_at, 0), coalesce(voided_at, 0)) > ${end} OR updated_at < created_at`,
      customers: `max(created_at, updated_at, coalesce(deleted_at, 0),
        coalesce(last_payment_follow_up_at, 0)) > ${end} OR updated_at < created_at`,
      contracts: `max(created_at, updated_at) > ${end} OR updated_at < created_at`,
      amendments: `max(created_at, updated_at, coalesce(finalized_at, 0)) > ${end}
        OR updated_at < created_at OR finalized_at < created_at`,
      payments: `max(created_at, updated_at, received_date) > ${end} OR updated_at < created_at
        OR received_date % ${DAY_MS} <> 0`,
    };
    const found = Object.entries(checks).flatMap(([table, where]) =>
      offenders(`SELECT '${table}' AS tbl, id FROM ${table} WHERE ${where}`),
    );
    expect(found).toEqual([]);
  });

  it("a customer exists before each of its contracts", () => {
    expect(
      offenders(`SELECT c.id FROM contracts c JOIN customers u ON u.id = c.customer_id
        WHERE u.created_at >= c.created_at`),
    ).toEqual([]);
  });
});

describe("demo data: ids", () => {
  it("every id is a uuid in the version 4 layout, and no two records share one", () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = [
      ...FILLED_TABLES.flatMap(
        (table) => db.prepare(`SELECT id FROM ${table}`).pluck().all() as string[],
      ),
      ...(db
        .prepare("SELECT journal_entry_id FROM payments WHERE journal_entry_id IS NOT NULL")
        .pluck()
        .all() as string[]),
    ];
    expect(ids.filter((id) => !v4.test(id)).slice(0, 5)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
