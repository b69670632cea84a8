/**
 * The built-in API's SQLite schema.
 *
 * Conventions:
 * - Times are integers: milliseconds since the epoch, UTC. Calendar dates are the
 *   same at UTC midnight. The API formats them as ISO strings on the way out.
 * - Money is an integer count of cents plus a currency code on the owning record.
 * - Columns under "derived" are never written by the generator: `derive.ts`
 *   computes them from the underlying records (lines, payment applications,
 *   amendments, "today"), so a stored sum can never disagree with its parts.
 */
export const SCHEMA_VERSION = 1;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS businesses (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,           -- 0 is the demo business
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  business_id TEXT NOT NULL REFERENCES businesses(id),
  name TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE,    -- sha256 hex of the secret; the secret itself is never stored
  claims TEXT NOT NULL,                -- JSON array of claim strings
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS api_keys_business ON api_keys(business_id, revoked_at);

CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  business_id TEXT NOT NULL REFERENCES businesses(id),
  email TEXT NOT NULL,
  first_name TEXT,                     -- null: the identity provider has no name (API shows the email)
  last_name TEXT,
  role TEXT NOT NULL                   -- ADMIN | MEMBER
) STRICT;

CREATE TABLE IF NOT EXISTS customers (
  id TEXT PRIMARY KEY,
  business_id TEXT NOT NULL REFERENCES businesses(id),
  name TEXT NOT NULL,
  name_folded TEXT NOT NULL,           -- foldCase(name), for the case-insensitive search
  billing_email TEXT NOT NULL,
  invoice_cc_emails TEXT NOT NULL,     -- JSON array of strings
  email_payment_follow_ups INTEGER NOT NULL,
  last_payment_follow_up_at INTEGER,
  note TEXT,
  invoice_note TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER,
  -- derived, date-independent (derive.ts: deriveAmounts)
  contract_count INTEGER NOT NULL DEFAULT 0,
  subscription_frequency_mask INTEGER NOT NULL DEFAULT 0, -- bit per frequency of non-deleted contracts
  contract_value_sort INTEGER NOT NULL DEFAULT 0,         -- single-currency value, 0 when none, MAX_SORT when several currencies
  remaining_sort INTEGER NOT NULL DEFAULT 0,              -- same rule for remaining to invoice
  -- derived for "today" (derive.ts: deriveHealth)
  health_rank INTEGER NOT NULL DEFAULT 7,                 -- 1 RENEWAL_DUE .. 7 NO_CONTRACTS
  coverage_contract_id TEXT,
  coverage_start_at INTEGER,
  coverage_end_at INTEGER,
  coverage_start_sort INTEGER NOT NULL DEFAULT 9007199254740991, -- MAX_SORT when null
  coverage_end_sort INTEGER NOT NULL DEFAULT 9007199254740991,   -- MAX_SORT when null
  coverage_auto_renew INTEGER NOT NULL DEFAULT 0,
  coverage_renewed INTEGER NOT NULL DEFAULT 0
) STRICT;

-- Per-currency sums of a customer (derived): kind is OUTSTANDING | CONTRACT_VALUE | REMAINING.
CREATE TABLE IF NOT EXISTS customer_amounts (
  customer_id TEXT NOT NULL REFERENCES customers(id),
  kind TEXT NOT NULL,
  currency_code TEXT NOT NULL,
  cents INTEGER NOT NULL,
  PRIMARY KEY (customer_id, kind, currency_code)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS contracts (
  id TEXT PRIMARY KEY,
  business_id TEXT NOT NULL REFERENCES businesses(id),
  customer_id TEXT NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  currency_code TEXT NOT NULL,
  lifecycle_status TEXT NOT NULL,      -- DRAFT | ACTIVE | EXPIRED | CANCELLED | DELETED
  cancels_at INTEGER,                  -- agreed cancellation date (exclusive end), null when none
  auto_issue INTEGER NOT NULL,
  processing_invoices INTEGER NOT NULL,
  processing_invoices_started_at INTEGER,
  auto_renew INTEGER NOT NULL,
  auto_renewal_at INTEGER,
  renewal_notice_days INTEGER,         -- null or 0: no renewal notice period
  notes TEXT,
  renewing_contract_id TEXT,           -- the contract this one renews
  renewal_contract_id TEXT,            -- the contract that renews this one
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- derived, date-independent
  start_at INTEGER,                    -- start of the first agreed terms (or of the draft terms)
  end_at INTEGER,                      -- exclusive end of the latest agreed terms (or of the draft terms)
  subscription_billable_count INTEGER NOT NULL DEFAULT 0,
  one_time_billable_count INTEGER NOT NULL DEFAULT 0,
  draft_amendment_id TEXT,
  -- derived for "today"
  current_amendment_id TEXT,
  future_amendment_id TEXT,
  payment_terms_days INTEGER,
  health_rank INTEGER NOT NULL DEFAULT 7
) STRICT;

-- Terms of a contract. FINALIZED amendments are agreed terms; the one in force today is
-- the finalized one with the latest start on or before today.
CREATE TABLE IF NOT EXISTS amendments (
  id TEXT PRIMARY KEY,
  contract_id TEXT NOT NULL REFERENCES contracts(id),
  amendment_number INTEGER NOT NULL,
  status TEXT NOT NULL,                -- DRAFT | FINALIZED | VOIDED
  type TEXT NOT NULL,                  -- ORIGINAL | MODIFICATION | RENEWAL
  processing_invoices INTEGER NOT NULL,
  start_at INTEGER NOT NULL,
  end_at INTEGER NOT NULL,             -- exclusive
  payment_terms_days INTEGER NOT NULL,
  finalized_at INTEGER,
  voided_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS amendments_contract ON amendments(contract_id, status, start_at);

CREATE TABLE IF NOT EXISTS billables (
  id TEXT PRIMARY KEY,
  contract_id TEXT NOT NULL REFERENCES contracts(id),
  description TEXT NOT NULL,
  kind TEXT NOT NULL,                  -- SUBSCRIPTION | ONE_TIME
  frequency TEXT,                      -- MONTHLY | QUARTERLY | SEMI_ANNUAL | ANNUAL for subscriptions
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS billables_contract ON billables(contract_id);

CREATE TABLE IF NOT EXISTS invoices (
  id TEXT PRIMARY KEY,
  business_id TEXT NOT NULL REFERENCES businesses(id),
  customer_id TEXT NOT NULL REFERENCES customers(id),
  contract_id TEXT NOT NULL REFERENCES contracts(id),
  currency_code TEXT NOT NULL,         -- the contract's currency
  number TEXT NOT NULL,
  status TEXT NOT NULL,                -- DRAFT | APPROVED | ISSUING | ISSUED | VOIDED
  notes TEXT,
  issued_customer_name TEXT,           -- copied on issue
  approved_by_user_id TEXT REFERENCES users(id),
  approved_by_api_key_id TEXT,
  approved_at INTEGER,
  issued_at INTEGER,
  payment_terms_days INTEGER,
  voided_at INTEGER,
  period_start_at INTEGER NOT NULL,
  period_end_at INTEGER NOT NULL,
  last_sent_at INTEGER,
  delivery_method TEXT,                -- EMAIL | MANUAL | null
  needs_approval INTEGER NOT NULL DEFAULT 0, -- a DRAFT waiting for a person (contract without autoIssue)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- derived from lines and payment applications
  total_cents INTEGER NOT NULL DEFAULT 0,
  applied_cents INTEGER NOT NULL DEFAULT 0,
  pending_cents INTEGER NOT NULL DEFAULT 0,
  last_paid_at INTEGER,
  paid_at INTEGER,
  -- within-row derivations
  remaining_cents INTEGER GENERATED ALWAYS AS (total_cents - applied_cents - pending_cents) VIRTUAL,
  issue_sort INTEGER GENERATED ALWAYS AS (coalesce(issued_at, period_start_at)) VIRTUAL,
  due_at INTEGER GENERATED ALWAYS AS (
    CASE WHEN issued_at IS NULL OR payment_terms_days IS NULL THEN NULL
         ELSE issued_at + payment_terms_days * 86400000 END) VIRTUAL,
  UNIQUE (business_id, number)
) STRICT;

CREATE TABLE IF NOT EXISTS invoice_lines (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  contract_billable_id TEXT NOT NULL REFERENCES billables(id),
  description TEXT,                    -- null: the billable's current description is shown
  billing_start_at INTEGER NOT NULL,
  billing_end_at INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS invoice_lines_invoice ON invoice_lines(invoice_id, billing_start_at, id);

CREATE TABLE IF NOT EXISTS payments (
  id TEXT PRIMARY KEY,
  business_id TEXT NOT NULL REFERENCES businesses(id),
  customer_id TEXT REFERENCES customers(id), -- null: not yet attributed
  type TEXT NOT NULL,                  -- CASH | CARD
  status TEXT NOT NULL,                -- POSTED | PENDING
  parent_payment_id TEXT,
  received_date INTEGER NOT NULL,      -- calendar date, UTC midnight
  currency_code TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  bank_fee_cents INTEGER,              -- null: no bank fee
  journal_entry_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- derived from applications
  applied_cents INTEGER NOT NULL DEFAULT 0,
  fee_applied_cents INTEGER NOT NULL DEFAULT 0,
  -- derived from the customer (derive.ts: deriveCustomerNames; kept by triggers): the
  -- customerName order's key, '' when not attributed, so that order reads an index
  customer_name_sort TEXT NOT NULL DEFAULT '',
  unapplied_cents INTEGER GENERATED ALWAYS AS (amount_cents - applied_cents) VIRTUAL,
  fee_unapplied_cents INTEGER GENERATED ALWAYS AS (coalesce(bank_fee_cents, 0) - fee_applied_cents) VIRTUAL,
  fee_sort INTEGER GENERATED ALWAYS AS (coalesce(bank_fee_cents, 0)) VIRTUAL
) STRICT;

-- A payment applied to an invoice: amount_cents of the payment itself plus fee_cents of its
-- bank fee. Both count in the invoice's appliedAmount when the payment is POSTED, and in its
-- pendingPaymentAmount when it is a PENDING card payment.
CREATE TABLE IF NOT EXISTS payment_applications (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments(id),
  invoice_id TEXT NOT NULL REFERENCES invoices(id),
  amount_cents INTEGER NOT NULL,
  fee_cents INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
) STRICT;
`;

/**
 * Indexes (and the triggers keeping derived copies) are created after a bulk seed
 * (building them once is far faster than maintaining them row by row). Each index
 * serves a filter or an order of the API; every order ends in `id` so keyset pages
 * are total.
 */
export const INDEX_SQL = `
-- One per order field of /customers (the default order has its own): the field, the id,
-- then the other order fields, so a page's keys are read from the index alone
-- (queries/keyset.ts reads keys first, records after).
CREATE INDEX IF NOT EXISTS customers_attention ON customers(business_id, health_rank, coverage_end_sort, name, id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS customers_name ON customers(business_id, name, id, health_rank, coverage_start_sort, contract_value_sort, remaining_sort, created_at) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS customers_created ON customers(business_id, created_at, id, name, health_rank, coverage_start_sort, contract_value_sort, remaining_sort) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS customers_coverage_start ON customers(business_id, coverage_start_sort, id, name, health_rank, contract_value_sort, remaining_sort, created_at) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS customers_contract_value ON customers(business_id, contract_value_sort, id, name, health_rank, coverage_start_sort, remaining_sort, created_at) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS customers_remaining ON customers(business_id, remaining_sort, id, name, health_rank, coverage_start_sort, contract_value_sort, created_at) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS customers_health ON customers(business_id, health_rank, id, name, coverage_start_sort, contract_value_sort, remaining_sort, created_at) WHERE deleted_at IS NULL;

CREATE INDEX IF NOT EXISTS contracts_created ON contracts(business_id, created_at, id);
CREATE INDEX IF NOT EXISTS contracts_customer ON contracts(customer_id, created_at, id);

CREATE INDEX IF NOT EXISTS invoices_created ON invoices(business_id, created_at, id);
CREATE INDEX IF NOT EXISTS invoices_issue_asc ON invoices(business_id, issue_sort, id);
CREATE INDEX IF NOT EXISTS invoices_issue_desc ON invoices(business_id, issue_sort DESC, id);
CREATE INDEX IF NOT EXISTS invoices_customer_created ON invoices(customer_id, created_at, id);
CREATE INDEX IF NOT EXISTS invoices_customer_issue ON invoices(customer_id, issue_sort, id);
CREATE INDEX IF NOT EXISTS invoices_contract_created ON invoices(contract_id, created_at, id);
CREATE INDEX IF NOT EXISTS invoices_status_created ON invoices(business_id, status, created_at, id);
CREATE INDEX IF NOT EXISTS invoices_status_issue ON invoices(business_id, status, issue_sort, id);
-- Newest first within a status: without it, "ISSUED, newest first" walks every future draft first.
CREATE INDEX IF NOT EXISTS invoices_status_issue_desc ON invoices(business_id, status, issue_sort DESC, id);
CREATE INDEX IF NOT EXISTS invoices_due ON invoices(business_id, due_at) WHERE status = 'ISSUED';
CREATE INDEX IF NOT EXISTS invoices_needs_approval ON invoices(business_id, created_at, id) WHERE needs_approval = 1;

CREATE INDEX IF NOT EXISTS payment_applications_invoice ON payment_applications(invoice_id);
CREATE INDEX IF NOT EXISTS payment_applications_payment ON payment_applications(payment_id);

CREATE INDEX IF NOT EXISTS payments_received ON payments(business_id, type, received_date DESC, id, customer_name_sort, amount_cents, fee_sort, applied_cents, unapplied_cents);
CREATE INDEX IF NOT EXISTS payments_customer ON payments(customer_id, received_date DESC, id);
CREATE INDEX IF NOT EXISTS payments_amount ON payments(business_id, type, amount_cents, id, received_date, customer_name_sort, fee_sort, applied_cents, unapplied_cents);
CREATE INDEX IF NOT EXISTS payments_customer_name ON payments(business_id, type, customer_id);
-- One per order field of /payments (received date and amount above), each also holding
-- the other order fields: a page's keys, and a segment's rows, are read from the index
-- alone, in its order or sorted (queries/keyset.ts).
CREATE INDEX IF NOT EXISTS payments_customer_name_sort ON payments(business_id, type, customer_name_sort, id, received_date, amount_cents, fee_sort, applied_cents, unapplied_cents);
CREATE INDEX IF NOT EXISTS payments_fee ON payments(business_id, type, fee_sort, id, received_date, customer_name_sort, amount_cents, applied_cents, unapplied_cents);
CREATE INDEX IF NOT EXISTS payments_applied ON payments(business_id, type, applied_cents, id, received_date, customer_name_sort, amount_cents, fee_sort, unapplied_cents);
CREATE INDEX IF NOT EXISTS payments_unapplied ON payments(business_id, type, unapplied_cents, id, received_date, customer_name_sort, amount_cents, fee_sort, applied_cents);

-- A payment's copy of its customer's name follows the name and the attribution.
CREATE TRIGGER IF NOT EXISTS customers_name_to_payments AFTER UPDATE OF name ON customers BEGIN
  UPDATE payments SET customer_name_sort = NEW.name WHERE customer_id = NEW.id;
END;
CREATE TRIGGER IF NOT EXISTS payments_customer_name_on_insert AFTER INSERT ON payments BEGIN
  UPDATE payments SET customer_name_sort = coalesce((SELECT name FROM customers WHERE id = NEW.customer_id), '')
  WHERE rowid = NEW.rowid;
END;
CREATE TRIGGER IF NOT EXISTS payments_customer_name_on_attribution AFTER UPDATE OF customer_id ON payments BEGIN
  UPDATE payments SET customer_name_sort = coalesce((SELECT name FROM customers WHERE id = NEW.customer_id), '')
  WHERE rowid = NEW.rowid;
END;
`;

/** Sentinel that sorts after every real value (spec: "sorts last ascending"). */
export const MAX_SORT = Number.MAX_SAFE_INTEGER;
