/**
 * Generates demo data into a temporary database and reports counts, timing and
 * checks of the model rules.
 *
 *   npx tsx lib/sandbox/seed/try-generate.ts [customers=300] [--seed N] [--today YYYY-MM-DD]
 *     [--determinism] [--keep] [--no-checks] [--cache-mb N]
 *
 * --determinism generates a second time and compares every row; --no-checks stops after
 * timing; --cache-mb sets the connection's page cache before generating.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { today as clockToday, DAY_MS, utcMidnight } from "../clock";
import { INDEX_SQL, SCHEMA_SQL } from "../storage/schema";
import { FILLED_TABLES, generateDemoData } from "./generate";

const args = process.argv.slice(2);
function flag(name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
const customers = Number(args.find((a) => /^\d+$/.test(a)) ?? 300);
const seed = Number(flag("--seed") ?? 20261122);
const todayArg = flag("--today");
const T = todayArg ? utcMidnight(Date.parse(todayArg)) : clockToday();

const HEALTHS = [
  "RENEWAL_DUE",
  "ENDING",
  "HEALTHY",
  "UPCOMING",
  "NO_ACTIVE_CONTRACT",
  "DRAFT_ONLY",
  "NO_CONTRACTS",
];

function generateInto(file: string): { db: Database.Database; seconds: number } {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const cacheMb = flag("--cache-mb");
  if (cacheMb) db.pragma(`cache_size = -${Number(cacheMb) * 1024}`);
  db.exec(SCHEMA_SQL);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const summary = db.transaction(() =>
    generateDemoData(db, {
      customers,
      seed,
      today: T,
      log: (m) => console.error(`  [generate] ${m}`),
    }),
  )();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  console.log(`summary: ${JSON.stringify(summary)}`);
  console.log(
    `cpu: user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s`,
  );
  return { db, seconds };
}

function table(db: Database.Database, title: string, sql: string): void {
  const rows = db.prepare(sql).all() as Record<string, unknown>[];
  console.log(`\n${title}`);
  for (const row of rows) console.log(`  ${Object.values(row).join("  ")}`);
}

function scalar(db: Database.Database, sql: string): number {
  return Number(db.prepare(sql).pluck().get() ?? 0);
}

const problems: string[] = [];
function expectZero(db: Database.Database, what: string, sql: string): void {
  const n = scalar(db, sql);
  if (n !== 0) problems.push(`${what}: ${n}`);
}

function dumpHash(db: Database.Database): string {
  const hash = createHash("sha256");
  const tables = FILLED_TABLES;
  for (const t of tables) {
    for (const row of db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).iterate()) {
      hash.update(JSON.stringify(row));
    }
  }
  return hash.digest("hex");
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-try-"));
const file = path.join(dir, "sandbox.sqlite");
console.log(
  `customers ${customers}, seed ${seed}, today ${new Date(T).toISOString().slice(0, 10)}`,
);
const { db, seconds } = generateInto(file);
console.log(`generated in ${seconds.toFixed(2)} s`);
const firstHash = args.includes("--determinism") ? dumpHash(db) : "";

for (const t of [
  "businesses",
  "users",
  "api_keys",
  "customers",
  "contracts",
  "amendments",
  "billables",
  "invoices",
  "invoice_lines",
  "payments",
  "payment_applications",
]) {
  console.log(`  ${t.padEnd(22)} ${scalar(db, `SELECT count(*) FROM ${t}`)}`);
}

// Totals and payment sums the way the API derives them (in temp tables, leaving the data alone).
const checkStarted = performance.now();
if (args.includes("--no-checks")) {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
db.exec(INDEX_SQL);
db.exec(`
  CREATE TEMP TABLE inv AS
    SELECT i.id, i.business_id, i.customer_id, i.contract_id, i.currency_code, i.status,
           i.issued_at, i.payment_terms_days, i.created_at,
           coalesce((SELECT sum(amount_cents) FROM invoice_lines l WHERE l.invoice_id = i.id), 0) AS total,
           0 AS posted, 0 AS pending
    FROM invoices i;
  CREATE INDEX temp.inv_id ON inv(id);
  CREATE TEMP TABLE app AS
    SELECT pa.invoice_id,
      sum(CASE WHEN p.status = 'POSTED' THEN pa.amount_cents + pa.fee_cents ELSE 0 END) AS posted,
      sum(CASE WHEN p.status = 'PENDING' THEN pa.amount_cents + pa.fee_cents ELSE 0 END) AS pending
    FROM payment_applications pa JOIN payments p ON p.id = pa.payment_id GROUP BY pa.invoice_id;
  UPDATE inv SET posted = a.posted, pending = a.pending FROM app a WHERE a.invoice_id = inv.id;
`);

table(
  db,
  "invoices per business and status",
  `SELECT b.position, i.status, count(*) FROM invoices i JOIN businesses b ON b.id = i.business_id
   GROUP BY 1, 2 ORDER BY 1, 2`,
);
table(
  db,
  "contracts per business and lifecycle",
  `SELECT b.position, c.lifecycle_status, count(*) FROM contracts c JOIN businesses b ON b.id = c.business_id
   GROUP BY 1, 2 ORDER BY 1, 2`,
);
table(
  db,
  "contracts per currency",
  "SELECT currency_code, count(*) FROM contracts GROUP BY 1 ORDER BY 2 DESC",
);
table(
  db,
  "billable frequencies",
  "SELECT kind, frequency, count(*) FROM billables GROUP BY 1, 2 ORDER BY 1, 2",
);
table(
  db,
  "amendments per status and type",
  "SELECT status, type, count(*) FROM amendments GROUP BY 1, 2 ORDER BY 1, 2",
);
table(
  db,
  "payments per type and status (attributed?)",
  `SELECT type, status, customer_id IS NOT NULL AS attributed, count(*) FROM payments
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
);
table(
  db,
  "issued invoices by payment state",
  `SELECT CASE
     WHEN posted >= total THEN 'paid'
     WHEN pending > 0 THEN 'pending card'
     WHEN posted > 0 THEN 'part-paid'
     WHEN issued_at + payment_terms_days * ${DAY_MS} < ${T} THEN 'unpaid overdue'
     ELSE 'unpaid not due' END AS state, count(*),
     printf('%.1f%%', 100.0 * count(*) / (SELECT count(*) FROM inv WHERE status = 'ISSUED'))
   FROM inv WHERE status = 'ISSUED' GROUP BY 1 ORDER BY 2 DESC`,
);
table(
  db,
  "other facts",
  `SELECT 'backdated issued/issuing', count(*) FROM invoices WHERE issued_at IS NOT NULL AND created_at > issued_at
   UNION ALL SELECT 'issuing today (period starts today)', count(*) FROM invoices WHERE status = 'ISSUING' AND period_start_at = ${T}
   UNION ALL SELECT 'approved by key', count(*) FROM invoices WHERE approved_by_api_key_id IS NOT NULL
   UNION ALL SELECT 'needs approval', count(*) FROM invoices WHERE needs_approval = 1
   UNION ALL SELECT 'renamed-customer invoices', count(*) FROM invoices i JOIN customers c ON c.id = i.customer_id WHERE i.issued_customer_name <> c.name
   UNION ALL SELECT 'cash payments with bank fee', count(*) FROM payments WHERE bank_fee_cents IS NOT NULL
   UNION ALL SELECT 'payments with unapplied amount', count(*) FROM payments p WHERE p.amount_cents > (SELECT coalesce(sum(amount_cents), 0) FROM payment_applications a WHERE a.payment_id = p.id)
   UNION ALL SELECT 'payments with unapplied fee', count(*) FROM payments p WHERE coalesce(p.bank_fee_cents, 0) > (SELECT coalesce(sum(fee_cents), 0) FROM payment_applications a WHERE a.payment_id = p.id)
   UNION ALL SELECT 'payments on 2+ invoices', count(*) FROM (SELECT payment_id FROM payment_applications GROUP BY 1 HAVING count(*) > 1)
   UNION ALL SELECT 'payments with parent', count(*) FROM payments WHERE parent_payment_id IS NOT NULL
   UNION ALL SELECT 'deleted customers', count(*) FROM customers WHERE deleted_at IS NOT NULL
   UNION ALL SELECT 'customers owing in 2+ currencies', count(*) FROM (SELECT customer_id FROM inv WHERE status = 'ISSUED' AND total > posted GROUP BY 1 HAVING count(DISTINCT currency_code) > 1)
   UNION ALL SELECT 'contracts processing invoices', count(*) FROM contracts WHERE processing_invoices = 1
   UNION ALL SELECT 'contracts auto-issue', count(*) FROM contracts WHERE auto_issue = 1
   UNION ALL SELECT 'contracts with future cancellation', count(*) FROM contracts WHERE cancels_at > ${T}
   UNION ALL SELECT 'renewal pairs', count(*) FROM contracts WHERE renewing_contract_id IS NOT NULL
   UNION ALL SELECT 'avg lines per invoice', round(1.0 * (SELECT count(*) FROM invoice_lines) / count(*), 2) FROM invoices
   UNION ALL SELECT 'avg invoices per customer', round(1.0 * (SELECT count(*) FROM invoices) / count(*), 1) FROM customers`,
);

// ---- rules
expectZero(db, "over-applied invoices", "SELECT count(*) FROM inv WHERE posted + pending > total");
expectZero(
  db,
  "over-applied payments",
  `SELECT count(*) FROM payments p JOIN (SELECT payment_id, sum(amount_cents) a, sum(fee_cents) f
     FROM payment_applications GROUP BY 1) s ON s.payment_id = p.id
   WHERE s.a > p.amount_cents OR s.f > coalesce(p.bank_fee_cents, 0)`,
);
expectZero(
  db,
  "applications to non-issued invoices",
  "SELECT count(*) FROM payment_applications pa JOIN invoices i ON i.id = pa.invoice_id WHERE i.status <> 'ISSUED'",
);
expectZero(
  db,
  "applications across currency or customer",
  `SELECT count(*) FROM payment_applications pa JOIN invoices i ON i.id = pa.invoice_id
   JOIN payments p ON p.id = pa.payment_id
   WHERE p.currency_code <> i.currency_code OR p.customer_id IS NOT i.customer_id`,
);
expectZero(
  db,
  "unattributed payments with applications",
  "SELECT count(*) FROM payments p WHERE customer_id IS NULL AND EXISTS (SELECT 1 FROM payment_applications a WHERE a.payment_id = p.id)",
);
expectZero(
  db,
  "non-positive amounts",
  "SELECT (SELECT count(*) FROM invoice_lines WHERE amount_cents <= 0) + (SELECT count(*) FROM payments WHERE amount_cents <= 0) + (SELECT count(*) FROM payment_applications WHERE amount_cents < 0 OR fee_cents < 0)",
);
expectZero(
  db,
  "invoice/contract mismatch",
  `SELECT count(*) FROM invoices i JOIN contracts c ON c.id = i.contract_id
   WHERE c.currency_code <> i.currency_code OR c.customer_id <> i.customer_id OR c.business_id <> i.business_id`,
);
expectZero(
  db,
  "needs_approval wrong",
  `SELECT count(*) FROM invoices i JOIN contracts c ON c.id = i.contract_id
   WHERE i.needs_approval <> (i.status = 'DRAFT' AND c.auto_issue = 0)`,
);
expectZero(
  db,
  "status fields wrong",
  `SELECT count(*) FROM invoices WHERE
     (status = 'ISSUED' AND (issued_at IS NULL OR issued_customer_name IS NULL OR voided_at IS NOT NULL))
     OR (status IN ('DRAFT', 'APPROVED') AND (issued_at IS NOT NULL OR voided_at IS NOT NULL))
     OR (status = 'DRAFT' AND (approved_at IS NOT NULL OR delivery_method IS NOT NULL))
     OR (status = 'APPROVED' AND (approved_at IS NULL OR approved_at >= period_start_at OR delivery_method IS NULL
         OR (approved_by_user_id IS NULL) = (approved_by_api_key_id IS NULL)))
     OR (status = 'VOIDED' AND (voided_at IS NULL OR issued_at IS NOT NULL))
     OR (status <> 'VOIDED' AND voided_at IS NOT NULL)
     OR (status = 'ISSUING' AND issued_customer_name IS NOT NULL)
     OR (issued_at IS NOT NULL AND created_at > issued_at AND (delivery_method IS NOT NULL OR approved_at IS NOT NULL))
     OR (delivery_method = 'EMAIL' AND status = 'ISSUED' AND created_at <= issued_at AND last_sent_at IS NULL)
     OR (approved_at IS NOT NULL AND approved_at < created_at)
     OR (status IN ('ISSUED', 'ISSUING') AND period_start_at > ${T})
     OR (status IN ('DRAFT', 'APPROVED') AND period_start_at <= ${T}
         AND contract_id NOT IN (SELECT id FROM contracts WHERE lifecycle_status = 'DRAFT' OR lifecycle_status = 'DELETED'))`,
);
expectZero(
  db,
  "auto-issue issued invoices not EMAIL / with a user",
  `SELECT count(*) FROM invoices i JOIN contracts c ON c.id = i.contract_id
   WHERE c.auto_issue = 1 AND i.status = 'ISSUED' AND i.created_at <= i.issued_at
     AND (i.delivery_method IS NOT 'EMAIL' OR i.approved_by_user_id IS NOT NULL)`,
);
expectZero(
  db,
  "invoices of DRAFT contracts not DRAFT",
  `SELECT count(*) FROM invoices i JOIN contracts c ON c.id = i.contract_id
   WHERE c.lifecycle_status = 'DRAFT' AND i.status <> 'DRAFT'`,
);
expectZero(
  db,
  "periods not at UTC midnight or empty",
  `SELECT count(*) FROM invoices WHERE period_start_at % ${DAY_MS} <> 0 OR period_end_at % ${DAY_MS} <> 0
     OR period_end_at <= period_start_at`,
);
expectZero(
  db,
  "duplicate live periods",
  `SELECT count(*) FROM (SELECT contract_id, period_start_at FROM invoices WHERE status <> 'VOIDED'
     GROUP BY 1, 2 HAVING count(*) > 1)`,
);
expectZero(
  db,
  "timestamps in the future or updated < created",
  `SELECT (SELECT count(*) FROM invoices WHERE max(created_at, updated_at, coalesce(issued_at, 0), coalesce(approved_at, 0), coalesce(last_sent_at, 0), coalesce(voided_at, 0)) > ${T + DAY_MS} OR updated_at < created_at)
        + (SELECT count(*) FROM customers WHERE max(created_at, updated_at, coalesce(deleted_at, 0), coalesce(last_payment_follow_up_at, 0)) > ${T + DAY_MS} OR updated_at < created_at)
        + (SELECT count(*) FROM contracts WHERE max(created_at, updated_at) > ${T + DAY_MS} OR updated_at < created_at)
        + (SELECT count(*) FROM amendments WHERE max(created_at, updated_at, coalesce(finalized_at, 0)) > ${T + DAY_MS} OR updated_at < created_at OR finalized_at < created_at)
        + (SELECT count(*) FROM payments WHERE max(created_at, updated_at, received_date) > ${T + DAY_MS} OR updated_at < created_at OR received_date % ${DAY_MS} <> 0)`,
);
expectZero(
  db,
  "customers created after a contract",
  "SELECT count(*) FROM contracts c JOIN customers u ON u.id = c.customer_id WHERE u.created_at >= c.created_at",
);
expectZero(
  db,
  "payments received before issue",
  `SELECT count(*) FROM payment_applications pa JOIN invoices i ON i.id = pa.invoice_id
   JOIN payments p ON p.id = pa.payment_id WHERE p.received_date < (i.issued_at / ${DAY_MS}) * ${DAY_MS}`,
);
expectZero(
  db,
  "contracts without amendments / original numbering",
  `SELECT count(*) FROM contracts c WHERE NOT EXISTS (SELECT 1 FROM amendments a WHERE a.contract_id = c.id AND a.amendment_number = 1 AND a.type = 'ORIGINAL')
     OR EXISTS (SELECT 1 FROM amendments a WHERE a.contract_id = c.id AND a.amendment_number > 1 AND a.type = 'ORIGINAL')
     OR (SELECT count(DISTINCT amendment_number) FROM amendments a WHERE a.contract_id = c.id) <> (SELECT count(*) FROM amendments a WHERE a.contract_id = c.id)`,
);
expectZero(
  db,
  "contract subscription billables with mixed frequencies",
  "SELECT count(*) FROM (SELECT contract_id FROM billables WHERE kind = 'SUBSCRIPTION' GROUP BY 1 HAVING count(DISTINCT frequency) > 1)",
);

// Ids: uuid layout and globally unique.
const idRe = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const seen = new Set<string>();
let badIds = 0;
let dupIds = 0;
for (const t of [
  "businesses",
  "users",
  "api_keys",
  "customers",
  "contracts",
  "amendments",
  "billables",
  "invoices",
  "invoice_lines",
  "payments",
  "payment_applications",
]) {
  for (const id of db.prepare(`SELECT id FROM ${t}`).pluck().iterate() as Iterable<string>) {
    if (!idRe.test(id)) badIds++;
    if (seen.has(id)) dupIds++;
    else seen.add(id);
  }
}
for (const id of db
  .prepare("SELECT journal_entry_id FROM payments WHERE journal_entry_id IS NOT NULL")
  .pluck()
  .iterate() as Iterable<string>) {
  if (!idRe.test(id)) badIds++;
  if (seen.has(id)) dupIds++;
  else seen.add(id);
}
if (badIds) problems.push(`ids not in uuid v4 layout: ${badIds}`);
if (dupIds) problems.push(`duplicate ids: ${dupIds}`);

// ---- lifecycle and health, computed independently from the spec's rules
interface C {
  id: string;
  customer_id: string;
  business: number;
  lifecycle_status: string;
  cancels_at: number | null;
  auto_renew: number;
  renewal_notice_days: number | null;
  customer_deleted: number;
}
interface A {
  contract_id: string;
  amendment_number: number;
  status: string;
  start_at: number;
  end_at: number;
}
const contracts = db
  .prepare(
    `SELECT c.id, c.customer_id, b.position AS business, c.lifecycle_status, c.cancels_at, c.auto_renew,
            c.renewal_notice_days, u.deleted_at IS NOT NULL AS customer_deleted
     FROM contracts c JOIN businesses b ON b.id = c.business_id JOIN customers u ON u.id = c.customer_id`,
  )
  .all() as C[];
const amendments = db
  .prepare(
    "SELECT contract_id, amendment_number, status, start_at, end_at FROM amendments ORDER BY start_at, amendment_number",
  )
  .all() as A[];
const byContract = new Map<string, A[]>();
for (const a of amendments) {
  const list = byContract.get(a.contract_id) ?? [];
  list.push(a);
  byContract.set(a.contract_id, list);
}
let lifecycleWrong = 0;
let notContiguous = 0;
const contractRank = new Map<string, number>();
const startOf = new Map<string, number>();
for (const c of contracts) {
  const fin = (byContract.get(c.id) ?? []).filter((a) => a.status === "FINALIZED");
  for (let i = 1; i < fin.length; i++) {
    const prev = fin[i - 1]!;
    const cur = fin[i]!;
    if (cur.start_at > prev.end_at || cur.end_at < prev.end_at || cur.start_at <= prev.start_at)
      notContiguous++;
  }
  const end = fin.reduce((m, a) => Math.max(m, a.end_at), 0);
  startOf.set(c.id, fin[0]?.start_at ?? Number.NaN);
  let expected: string;
  if (fin.length === 0) expected = "DRAFT";
  else if (c.cancels_at !== null && c.cancels_at <= T) expected = "CANCELLED";
  else if (end <= T) expected = "EXPIRED";
  else expected = "ACTIVE";
  if (c.lifecycle_status !== "DELETED" && c.lifecycle_status !== expected) lifecycleWrong++;
}
if (lifecycleWrong) problems.push(`lifecycle inconsistent with amendments: ${lifecycleWrong}`);
if (notContiguous) problems.push(`finalized amendments not contiguous: ${notContiguous}`);

const byCustomer = new Map<string, C[]>();
for (const c of contracts) {
  const list = byCustomer.get(c.customer_id) ?? [];
  list.push(c);
  byCustomer.set(c.customer_id, list);
}
function rankOf(c: C, others: C[]): number {
  if (c.lifecycle_status === "DRAFT") return 6;
  if (c.lifecycle_status === "EXPIRED" || c.lifecycle_status === "CANCELLED") return 5;
  const fin = (byContract.get(c.id) ?? []).filter((a) => a.status === "FINALIZED");
  let current: A | null = null;
  for (const a of fin) if (a.start_at <= T) current = a;
  if (!current) return 4;
  if (T >= current.end_at) {
    problems.push(`gap in terms of ${c.id}`);
    return 4;
  }
  if (!c.auto_renew && c.cancels_at === null) {
    const notice = c.renewal_notice_days ?? 0;
    if (notice > 0) {
      const renewed = others.some(
        (o) =>
          o.id !== c.id &&
          o.lifecycle_status === "ACTIVE" &&
          (o.cancels_at === null || o.cancels_at > T) &&
          (startOf.get(o.id) ?? 0) >= current.end_at,
      );
      if (T >= current.end_at - notice * DAY_MS && !renewed) return 1;
    } else if (current.end_at - T <= 30 * DAY_MS) return 2;
  }
  return 3;
}
const customerRows = db
  .prepare(
    "SELECT u.id, b.position AS business, u.deleted_at IS NOT NULL AS deleted FROM customers u JOIN businesses b ON b.id = u.business_id",
  )
  .all() as { id: string; business: number; deleted: number }[];
const healthCounts = new Map<string, number>();
for (const u of customerRows) {
  if (u.deleted) continue;
  const live = (byCustomer.get(u.id) ?? []).filter((c) => c.lifecycle_status !== "DELETED");
  let rank = 7;
  for (const c of live) {
    const r = rankOf(c, live);
    contractRank.set(c.id, r);
    rank = Math.min(rank, r);
  }
  const key = `${u.business} ${HEALTHS[rank - 1]}`;
  healthCounts.set(key, (healthCounts.get(key) ?? 0) + 1);
}
console.log("\ncustomer contractHealth (non-deleted customers, computed here from the spec)");
for (const business of [0, 1]) {
  const total = customerRows.filter((u) => u.business === business && !u.deleted).length;
  for (const h of HEALTHS) {
    const n = healthCounts.get(`${business} ${h}`) ?? 0;
    console.log(
      `  ${business}  ${h.padEnd(20)} ${String(n).padStart(6)}  ${((100 * n) / Math.max(1, total)).toFixed(1)}%`,
    );
  }
}

// Cross-check against the project's derivation when it is importable.
try {
  const derive = await import("../storage/derive");
  const t0 = performance.now();
  derive.deriveAmounts(db);
  derive.deriveHealth(db, T);
  table(
    db,
    `derive.ts says (derived in ${((performance.now() - t0) / 1000).toFixed(1)} s): business, health rank, customers`,
    `SELECT b.position, u.health_rank, count(*) FROM customers u JOIN businesses b ON b.id = u.business_id
     WHERE u.deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const mismatches = db
    .prepare("SELECT id, health_rank FROM contracts WHERE lifecycle_status <> 'DELETED'")
    .all() as { id: string; health_rank: number }[];
  let differ = 0;
  for (const row of mismatches) {
    const mine = contractRank.get(row.id);
    if (mine !== undefined && mine !== row.health_rank) differ++;
  }
  console.log(`  contracts whose health differs from derive.ts: ${differ}`);
} catch (error) {
  console.log(`\n(derive.ts not usable here: ${(error as Error).message.split("\n")[0]})`);
}
console.log(`\nchecks took ${((performance.now() - checkStarted) / 1000).toFixed(1)} s`);

if (args.includes("--determinism")) {
  const first = firstHash;
  db.close();
  const again = generateInto(path.join(dir, "again.sqlite"));
  const second = dumpHash(again.db);
  again.db.close();
  console.log(
    `determinism: ${first === second ? "identical" : "DIFFERENT"} (${first.slice(0, 16)})`,
  );
  if (first !== second) problems.push("two runs differ");
} else {
  db.close();
}

if (!args.includes("--keep")) fs.rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${file}`);

console.log(`\ngenerated in ${seconds.toFixed(2)} s`);
if (problems.length > 0) {
  console.log(`PROBLEMS:\n  ${problems.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("all checks passed");
}
