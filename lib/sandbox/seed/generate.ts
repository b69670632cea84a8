/**
 * Deterministic demo data for the built-in Invoicing API.
 *
 * The same (customers, seed, today) always gives the same rows, byte for byte:
 * every time is relative to `today`, per-customer text comes from a seeded faker,
 * and everything else (ids, amounts, dates, states) from small seeded PRNGs.
 *
 * Only facts are written (no derived column): businesses, users, one revoked
 * approver key per business, customers, contracts with amendments and billables,
 * invoices with lines, payments with their applications. The caller runs this in a
 * transaction, then derives sums and states and builds indexes.
 *
 * Each customer gets a scenario chosen so that, with "today", every contractHealth
 * occurs in about the intended share: RENEWAL_DUE, ENDING, HEALTHY, UPCOMING,
 * NO_ACTIVE_CONTRACT, DRAFT_ONLY, NO_CONTRACTS.
 */

import { createHash } from "node:crypto";
import { en, Faker } from "@faker-js/faker";
import type Database from "better-sqlite3";
import { DAY_MS, utcMidnight } from "../clock";
import { foldCase } from "../fold-case";
import { Prng } from "./prng";
import {
  ADD_ONS,
  BILLING_PREFIXES,
  CONTRACT_NOTES,
  CUSTOMER_NOTES,
  INVOICE_NOTES,
  MONTH_ABBR,
  ONE_TIME,
  PLATFORM_FEES,
  PRODUCTS,
  SEAT_PRICES,
  TEAM_MAILBOXES,
  TLDS,
} from "./text";

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

const MINUTE = 60_000;
const HOUR = 3_600_000;

const FREQUENCIES = ["MONTHLY", "QUARTERLY", "SEMI_ANNUAL", "ANNUAL"] as const;
const FREQ_MONTHS = [1, 3, 6, 12] as const;
const FREQ_WEIGHTS = [72, 15, 6, 7];

const CURRENCIES = ["USD", "EUR", "CAD", "USDC"] as const;
const CURRENCY_WEIGHTS = [78, 10, 8, 4];
const CURRENCY_FACTOR = [1, 0.92, 1.35, 1];

const TERMS = [0, 15, 30, 45, 60];
const TERMS_WEIGHTS = [10, 15, 45, 18, 12];
const MONTHS = [12, 24, 36];
const MONTHS_WEIGHTS = [24, 34, 42];
const NOTICES: readonly (number | null)[] = [null, 0, 30, 60, 90];
const NOTICE_WEIGHTS = [25, 10, 30, 20, 15];

const CLAIMS_JSON = '["invoices:read","customers:read","contracts:read","payments:read"]';

// Customer scenarios, in the order of the health table.
const RENEWAL_DUE = 0;
const ENDING = 1;
const HEALTHY = 2;
const UPCOMING = 3;
const NO_ACTIVE = 4;
const DRAFT_ONLY = 5;
const NO_CONTRACTS = 6;
const SCENARIO_WEIGHTS = [11, 9, 50, 8, 11, 5, 6];

// HEALTHY variants
const H_LONG = 0;
const H_AUTO_RENEW_SOON = 1;
const H_FUTURE_CANCEL = 2;
const H_RENEWED = 3;
const H_FUTURE_AMENDMENT = 4;
const H_LATE_ENTERED = 5;
const H_AFTER_EXPIRED = 6;
const HEALTHY_WEIGHTS = [35, 12, 10, 15, 10, 8, 10];

/** Capacity for the issued invoices of one contract (a few dozen in practice: monthly terms of a few years). */
const MAX_ISSUED = 4096;

type AmendmentStatus = "DRAFT" | "FINALIZED" | "VOIDED";
type AmendmentType = "ORIGINAL" | "MODIFICATION" | "RENEWAL";

interface Amendment {
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
  processing: number;
}

interface Billable {
  id: string;
  description: string;
  oneTime: boolean;
  cents: number;
}

interface Contract {
  id: string;
  product: string;
  withYear: boolean;
  currency: number;
  freq: number;
  y0: number;
  m0: number;
  d0: number;
  start: number;
  amendments: Amendment[];
  billables: Billable[];
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

interface ContractOptions {
  start: number;
  months: number;
  freq?: number;
  currency?: number;
  autoRenew?: boolean;
  notice?: number | null;
  finalizedAt?: number;
  product?: string;
}

interface BusinessSpec {
  name: string;
  domain: string;
  customers: number;
}

interface User {
  id: string;
}

interface CustomerContext {
  id: string;
  name: string;
  oldName: string | null;
  renamedAt: number;
}

/** UTC year, month (0-11) and day of a UTC-midnight time. */
function ymd(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

function addMonths(ms: number, months: number): number {
  const [y, m, d] = ymd(ms);
  return Date.UTC(y, m + months, d);
}

/** The day holding `ms`, moved to the 1st of the next month when it is a 29th, 30th or 31st. */
function alignDay(ms: number): number {
  const day = utcMidnight(ms);
  const [y, m, d] = ymd(day);
  return d > 28 ? Date.UTC(y, m + 1, 1) : day;
}

/** A round-ish number near x: steps of a quarter (>= 1000) or a half of its magnitude. */
function nice(x: number): number {
  if (x < 1) return 1;
  const mag = 10 ** Math.floor(Math.log10(x));
  const step = mag >= 1000 ? mag / 4 : mag / 2;
  return Math.max(step, Math.round(x / step) * step);
}

const DOMAIN_STOP_WORDS = new Set(["and", "inc", "llc", "ltd", "group", "co", "plc", "gmbh"]);

/** "Bartell, D'Amore and Haley" -> "bartell-damore": the first one or two words of a company name. */
function domainLabel(name: string): string {
  const words = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/'/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && !DOMAIN_STOP_WORDS.has(w));
  return words.slice(0, 2).join("-") || "customer";
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "");
}

/** Tables this generator fills; their secondary indexes are rebuilt once at the end. */
export const FILLED_TABLES = [
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
];

/** Page cache while generating: the random-key (uuid) indexes of a million invoices stay in memory. */
const BULK_CACHE_BYTES = 2 * 1024 * 1024 * 1024;

export function generateDemoData(db: Database.Database, options: GenerateOptions): GenerateSummary {
  // Secondary indexes already on the filled tables are dropped and rebuilt from their own
  // definitions afterwards: one sorted build is far faster than row-by-row upkeep. All of it
  // happens inside the caller's transaction, so a failure leaves the schema as it was.
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
       AND tbl_name IN (${FILLED_TABLES.map(() => "?").join(", ")}) ORDER BY name`,
    )
    .all(...FILLED_TABLES) as { name: string; sql: string }[];
  const previousCache = Number(db.pragma("cache_size", { simple: true }));
  const pageSize = Number(db.pragma("page_size", { simple: true }));
  const cacheBytes = previousCache >= 0 ? previousCache * pageSize : -previousCache * 1024;
  if (cacheBytes < BULK_CACHE_BYTES) db.pragma(`cache_size = -${BULK_CACHE_BYTES / 1024}`);
  try {
    for (const index of indexes) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
    const summary = new Generator(db, options).run();
    for (const index of indexes) db.exec(index.sql);
    return summary;
  } finally {
    if (cacheBytes < BULK_CACHE_BYTES) db.pragma(`cache_size = ${previousCache}`);
  }
}

class Generator {
  private readonly T: number;
  private readonly rng: Prng;
  private readonly ids: Prng;
  private readonly faker: Faker;
  private readonly log: (msg: string) => void;

  private readonly insertBusiness: Database.Statement;
  private readonly insertUser: Database.Statement;
  private readonly insertKey: Database.Statement;
  private readonly insertCustomer: Database.Statement;
  private readonly insertContract: Database.Statement;
  private readonly insertAmendment: Database.Statement;
  private readonly insertBillable: Database.Statement;
  private readonly insertInvoice: Database.Statement;
  private readonly insertLine: Database.Statement;
  private readonly insertPayment: Database.Statement;
  private readonly insertApplication: Database.Statement;

  private readonly summary: GenerateSummary = {
    businesses: 0,
    customers: 0,
    contracts: 0,
    invoices: 0,
    payments: 0,
  };

  // Business in progress.
  private businessId = "";
  private users: User[] = [];
  private keyId = "";
  private keyCreatedAt = 0;
  private keyRevokedAt = 0;
  private invoiceSeq = 0;
  private backdatedIssuingLeft = 0;

  // Customer in progress.
  private customer: CustomerContext = { id: "", name: "", oldName: null, renamedAt: 0 };

  // Issued invoices of the contract in progress, for the payment pass.
  private issuedCount = 0;
  private readonly bufId: string[] = new Array<string>(MAX_ISSUED).fill("");
  private readonly bufTotal = new Float64Array(MAX_ISSUED);
  private readonly bufIssuedAt = new Float64Array(MAX_ISSUED);
  private readonly bufCreatedAt = new Float64Array(MAX_ISSUED);
  private readonly bufTerms = new Float64Array(MAX_ISSUED);

  private readonly customersOption: number;

  constructor(db: Database.Database, options: GenerateOptions) {
    this.T = utcMidnight(options.today);
    this.rng = new Prng(options.seed, 1);
    this.ids = new Prng(options.seed, 2);
    this.faker = new Faker({ locale: [en] });
    this.faker.seed(options.seed >>> 0);
    this.log = options.log ?? (() => {});
    this.customersOption = Math.max(0, Math.floor(options.customers));

    this.insertBusiness = db.prepare(
      "INSERT INTO businesses (id, name, position, created_at) VALUES (?, ?, ?, ?)",
    );
    this.insertUser = db.prepare(
      "INSERT INTO users (id, business_id, email, first_name, last_name, role) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.insertKey = db.prepare(
      `INSERT INTO api_keys (id, business_id, name, secret_hash, claims, created_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertCustomer = db.prepare(
      `INSERT INTO customers (id, business_id, name, name_folded, billing_email, invoice_cc_emails,
         email_payment_follow_ups, last_payment_follow_up_at, note, invoice_note, created_at,
         updated_at, deleted_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertContract = db.prepare(
      `INSERT INTO contracts (id, business_id, customer_id, name, currency_code, lifecycle_status,
         cancels_at, auto_issue, processing_invoices, processing_invoices_started_at, auto_renew,
         auto_renewal_at, renewal_notice_days, notes, renewing_contract_id, renewal_contract_id,
         created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertAmendment = db.prepare(
      `INSERT INTO amendments (id, contract_id, amendment_number, status, type, processing_invoices,
         start_at, end_at, payment_terms_days, finalized_at, voided_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertBillable = db.prepare(
      `INSERT INTO billables (id, contract_id, description, kind, frequency, amount_cents, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertInvoice = db.prepare(
      `INSERT INTO invoices (id, business_id, customer_id, contract_id, currency_code, number, status,
         notes, issued_customer_name, approved_by_user_id, approved_by_api_key_id, approved_at,
         issued_at, payment_terms_days, voided_at, period_start_at, period_end_at, last_sent_at,
         delivery_method, needs_approval, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertLine = db.prepare(
      `INSERT INTO invoice_lines (id, invoice_id, contract_billable_id, description, billing_start_at,
         billing_end_at, amount_cents, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertPayment = db.prepare(
      `INSERT INTO payments (id, business_id, customer_id, type, status, parent_payment_id,
         received_date, currency_code, amount_cents, bank_fee_cents, journal_entry_id, created_at,
         updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertApplication = db.prepare(
      `INSERT INTO payment_applications (id, payment_id, invoice_id, amount_cents, fee_cents, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
  }

  run(): GenerateSummary {
    const n = this.customersOption;
    const businesses: BusinessSpec[] = [
      { name: "Acme Cloud", domain: "acmecloud.com", customers: n },
      {
        name: "Northwind Analytics",
        domain: "northwind-analytics.com",
        customers: Math.max(12, Math.round(n / 10)),
      },
    ];
    businesses.forEach((spec, position) => {
      this.generateBusiness(spec, position);
    });
    return { ...this.summary };
  }

  // ---------------------------------------------------------------- draws

  private ts(day: number, fromHour = 8, toHour = 19): number {
    return day + this.rng.int(fromHour * HOUR, toHour * HOUR);
  }

  private pickFreq(): number {
    return this.rng.weighted(FREQ_WEIGHTS);
  }

  private pickTerms(): number {
    return TERMS[this.rng.weighted(TERMS_WEIGHTS)]!;
  }

  private pickMonths(): number {
    return MONTHS[this.rng.weighted(MONTHS_WEIGHTS)]!;
  }

  private pickNotice(): number | null {
    return NOTICES[this.rng.weighted(NOTICE_WEIGHTS)]!;
  }

  private logUniform(lo: number, hi: number): number {
    return Math.exp(Math.log(lo) + this.rng.float() * (Math.log(hi) - Math.log(lo)));
  }

  /** A start date whose term of `months` ends on a day in [lo, hi] (both UTC midnight). */
  private startForEnd(lo: number, hi: number, months: number): number {
    const days = Math.max(0, Math.floor((hi - lo) / DAY_MS));
    for (let attempt = 0; attempt < 40; attempt++) {
      const end = lo + this.rng.int(0, days) * DAY_MS;
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

  /** Billing-period boundaries of `c` in [lo, hi]. */
  private boundaries(c: Contract, lo: number, hi: number): number[] {
    const fm = FREQ_MONTHS[c.freq]!;
    const out: number[] = [];
    for (let k = 1; k < 400; k++) {
      const b = Date.UTC(c.y0, c.m0 + k * fm, c.d0);
      if (b > hi) break;
      if (b >= lo) out.push(b);
    }
    return out;
  }

  private finalized(c: Contract): Amendment[] {
    return c.amendments.filter((a) => a.status === "FINALIZED");
  }

  private lastFinalized(c: Contract): Amendment {
    const list = this.finalized(c);
    return list[list.length - 1]!;
  }

  private finalEnd(c: Contract): number {
    let end = c.start;
    for (const a of c.amendments) if (a.status === "FINALIZED" && a.end > end) end = a.end;
    return end;
  }

  // ---------------------------------------------------------------- business

  private generateBusiness(spec: BusinessSpec, position: number): void {
    const { rng, ids, faker, T } = this;
    this.businessId = ids.uuid();
    this.invoiceSeq = 0;
    this.backdatedIssuingLeft = position === 0 ? 2 : 0;
    const businessCreated = this.ts(T - rng.int(1000, 1200) * DAY_MS);
    this.insertBusiness.run(this.businessId, spec.name, position, businessCreated);
    this.summary.businesses++;

    // Users: an admin first; one with no name at all (the identity provider has none),
    // one with a first name only.
    this.users = [];
    const userCount = rng.int(3, 6);
    for (let u = 0; u < userCount; u++) {
      const id = ids.uuid();
      let first: string | null = faker.person.firstName();
      let last: string | null = faker.person.lastName();
      let email = `${slug(first)}.${slug(last)}@${spec.domain}`;
      if (u === 1) {
        email = `${TEAM_MAILBOXES[rng.int(0, TEAM_MAILBOXES.length - 1)]}@${spec.domain}`;
        first = null;
        last = null;
      } else if (u === 2) {
        last = null;
        email = `${slug(first)}@${spec.domain}`;
      }
      const role = u === 0 || rng.chance(0.3) ? "ADMIN" : "MEMBER";
      this.insertUser.run(id, this.businessId, email, first, last, role);
      this.users.push({ id });
    }

    // The key that approved some invoices by automation, since revoked.
    this.keyId = ids.uuid();
    this.keyCreatedAt = this.ts(T - rng.int(400, 460) * DAY_MS);
    this.keyRevokedAt = this.ts(T - rng.int(30, 45) * DAY_MS);
    const secretHash = createHash("sha256").update(ids.hex(32)).digest("hex");
    this.insertKey.run(
      this.keyId,
      this.businessId,
      "Invoice approval automation",
      secretHash,
      CLAIMS_JSON,
      this.keyCreatedAt,
      this.keyRevokedAt,
    );

    // An exact share of each scenario, in shuffled order.
    const deck: number[] = [];
    let cumulative = 0;
    const weightTotal = SCENARIO_WEIGHTS.reduce((a, b) => a + b, 0);
    const bounds = SCENARIO_WEIGHTS.map((w) => {
      cumulative += w;
      return cumulative / weightTotal;
    });
    for (let i = 0; i < spec.customers; i++) {
      const x = (i + 0.5) / spec.customers;
      let s = 0;
      while (s < bounds.length - 1 && x > bounds[s]!) s++;
      deck.push(s);
    }
    rng.shuffle(deck);

    this.log(`${spec.name}: ${spec.customers} customers`);
    const started = this.summary.invoices;
    for (let i = 0; i < deck.length; i++) {
      this.generateCustomer(deck[i]!);
      if ((i + 1) % 10000 === 0) this.log(`${spec.name}: ${i + 1} customers`);
    }
    this.log(`${spec.name}: ${this.summary.invoices - started} invoices`);
  }

  // ---------------------------------------------------------------- contracts (plans)

  private contractName(c: Contract): string {
    return c.withYear ? `${c.product} ${ymd(c.start)[0]}` : c.product;
  }

  private newContract(o: ContractOptions): Contract {
    const { rng, ids, T } = this;
    const freq = o.freq ?? this.pickFreq();
    const fm = FREQ_MONTHS[freq]!;
    const months = Math.max(fm, Math.ceil(o.months / fm) * fm);
    const [y0, m0, d0] = ymd(o.start);
    const end = Date.UTC(y0, m0 + months, d0);
    let finalizedAt = o.finalizedAt ?? this.ts(o.start - rng.int(3, 30) * DAY_MS);
    if (finalizedAt > T - HOUR) finalizedAt = T - rng.int(2 * HOUR, 30 * HOUR);
    const createdAt = finalizedAt - rng.int(1, 20) * DAY_MS - rng.int(0, 6 * HOUR);
    const currency = o.currency ?? rng.weighted(CURRENCY_WEIGHTS);
    const contract: Contract = {
      id: ids.uuid(),
      product: o.product ?? rng.pick(PRODUCTS),
      withYear: rng.chance(0.65),
      currency,
      freq,
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
          terms: this.pickTerms(),
          createdAt,
          finalizedAt,
          voidedAt: null,
          processing: 0,
        },
      ],
      billables: this.makeBillables(freq, currency),
      cancelsAt: null,
      cancelAgreedAt: null,
      autoRenew: o.autoRenew ?? rng.chance(0.3),
      notice: o.notice === undefined ? this.pickNotice() : o.notice,
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
    return contract;
  }

  private makeBillables(freq: number, currency: number): Billable[] {
    const { rng, ids } = this;
    const fm = FREQ_MONTHS[freq]!;
    const factor = CURRENCY_FACTOR[currency]!;
    const monthly = nice(this.logUniform(200, 20000));
    const count = rng.weighted([56, 31, 13]) + 1;
    const list: Billable[] = [];
    const sub = (description: string, monthlyUnits: number, exact = false): void => {
      const perMonth = exact ? monthlyUnits * factor : nice(monthlyUnits * factor);
      list.push({
        id: ids.uuid(),
        description,
        oneTime: false,
        cents: Math.max(100, Math.round(perMonth * fm * 100)),
      });
    };
    if (count === 1) {
      sub(rng.pick(PLATFORM_FEES), monthly);
    } else {
      const seatPrice = rng.pick(SEAT_PRICES);
      const platform = nice(monthly * (0.5 + 0.3 * rng.float()));
      const seats = Math.max(3, Math.round((monthly - platform) / seatPrice));
      sub(rng.pick(PLATFORM_FEES), platform);
      sub(`Seats (${seats})`, seats * seatPrice, true);
      if (count === 3) sub(rng.pick(ADD_ONS), monthly * (0.08 + 0.12 * rng.float()));
    }
    if (rng.chance(0.35)) {
      list.push({
        id: ids.uuid(),
        description: rng.pick(ONE_TIME),
        oneTime: true,
        cents: Math.round(nice(this.logUniform(500, 8000) * factor) * 100),
      });
    }
    return list;
  }

  /** A running contract (started before today) whose terms end at least `minEndDays` from today. */
  private runningContract(
    startLoDays: number,
    startHiDays: number,
    minEndDays: number,
    o: Partial<ContractOptions> = {},
  ): Contract {
    const { rng, T } = this;
    const start = alignDay(T - rng.int(startLoDays, startHiDays) * DAY_MS);
    let months = this.pickMonths();
    while (addMonths(start, months) < T + minEndDays * DAY_MS) months += 12;
    return this.newContract({ ...o, start, months });
  }

  /** A contract whose terms ended in [T - hiDaysAgo, T - loDaysAgo]. */
  private expiredContract(loDaysAgo: number, hiDaysAgo: number, currency?: number): Contract {
    const { T } = this;
    const months = this.pickMonths();
    const start = this.startForEnd(T - hiDaysAgo * DAY_MS, T - loDaysAgo * DAY_MS, months);
    return this.newContract({ start, months, autoRenew: false, currency });
  }

  /** An older contract ending where `next` starts, renewed by it (the pair links both ways). */
  private previousContract(next: Contract): Contract {
    const months = this.rng.chance(0.7) ? 12 : 24;
    const prev = this.newContract({
      start: addMonths(next.start, -months),
      months,
      currency: next.currency,
      freq: this.rng.chance(0.8) ? next.freq : undefined,
      autoRenew: false,
      product: next.product,
    });
    prev.withYear = next.withYear;
    this.link(prev, next);
    return prev;
  }

  private link(old: Contract, renewal: Contract): void {
    old.renewalId = renewal.id;
    renewal.renewingId = old.id;
  }

  private nextNumber(c: Contract): number {
    return c.amendments.length + 1;
  }

  /** A finalized MODIFICATION starting in 10–60 days that moves the contract's end 12 months later. */
  private addFutureModification(c: Contract): boolean {
    const { rng, ids, T } = this;
    const last = this.lastFinalized(c);
    const candidates = this.boundaries(
      c,
      T + 10 * DAY_MS,
      Math.min(T + 60 * DAY_MS, last.end),
    ).filter((b) => b > last.start);
    if (candidates.length === 0) return false;
    const start = rng.pick(candidates);
    let finalizedAt = this.ts(T - rng.int(1, 20) * DAY_MS);
    if (finalizedAt <= (last.finalizedAt ?? 0)) finalizedAt = T - rng.int(1 * HOUR, 3 * HOUR);
    const terms = this.pickTerms();
    c.amendments.push({
      id: ids.uuid(),
      number: this.nextNumber(c),
      status: "FINALIZED",
      type: "MODIFICATION",
      start,
      end: addMonths(last.end, 12),
      terms,
      createdAt: finalizedAt - rng.int(1, 6) * DAY_MS,
      finalizedAt,
      voidedAt: null,
      processing: 0,
    });
    return true;
  }

  /** A finalized MODIFICATION that started inside the current terms (new payment terms, maybe a longer term). */
  private addPastModification(c: Contract, extend: boolean): boolean {
    const { rng, ids, T } = this;
    const last = this.lastFinalized(c);
    const lastFinalizedAt = last.finalizedAt ?? 0;
    const candidates = this.boundaries(
      c,
      Math.max(last.start + DAY_MS, lastFinalizedAt + 30 * DAY_MS),
      Math.min(T - 5 * DAY_MS, last.end - DAY_MS),
    );
    if (candidates.length === 0) return false;
    const start = rng.pick(candidates);
    let finalizedAt = this.ts(start - rng.int(5, 25) * DAY_MS);
    if (finalizedAt <= lastFinalizedAt + DAY_MS) finalizedAt = lastFinalizedAt + DAY_MS;
    if (finalizedAt >= start) return false;
    let terms = this.pickTerms();
    if (terms === last.terms) terms = last.terms === 30 ? 45 : 30;
    c.amendments.push({
      id: ids.uuid(),
      number: this.nextNumber(c),
      status: "FINALIZED",
      type: "MODIFICATION",
      start,
      end: extend && rng.chance(0.4) ? addMonths(last.end, 12) : last.end,
      terms,
      createdAt: finalizedAt - rng.int(1, 10) * DAY_MS,
      finalizedAt,
      voidedAt: null,
      processing: 0,
    });
    return true;
  }

  /** The automatic renewal that already happened: a RENEWAL amendment right after the original. */
  private addRenewalAmendment(c: Contract, months: number): void {
    const { rng, ids, T } = this;
    const last = this.lastFinalized(c);
    let finalizedAt = this.ts(last.end - rng.int(1, 30) * DAY_MS);
    if (finalizedAt > T - HOUR) finalizedAt = T - rng.int(2 * HOUR, 20 * HOUR);
    c.amendments.push({
      id: ids.uuid(),
      number: this.nextNumber(c),
      status: "FINALIZED",
      type: "RENEWAL",
      start: last.end,
      end: addMonths(last.end, months),
      terms: last.terms,
      createdAt: finalizedAt - rng.int(1, 60) * MINUTE,
      finalizedAt,
      voidedAt: null,
      processing: 0,
    });
  }

  /** Terms still being written for a running contract. */
  private addDraftAmendment(c: Contract): void {
    const { rng, ids, T } = this;
    const end = this.finalEnd(c);
    const candidates = this.boundaries(c, T + 15 * DAY_MS, Math.min(T + 150 * DAY_MS, end));
    const start = candidates.length > 0 ? rng.pick(candidates) : end;
    c.amendments.push({
      id: ids.uuid(),
      number: this.nextNumber(c),
      status: "DRAFT",
      type: start >= end ? "RENEWAL" : "MODIFICATION",
      start,
      end: start >= end ? addMonths(end, 12) : end,
      terms: this.pickTerms(),
      createdAt: this.ts(T - rng.int(1, 15) * DAY_MS),
      finalizedAt: null,
      voidedAt: null,
      processing: 0,
    });
  }

  /** A change that was drafted and then abandoned. */
  private addVoidedAmendment(c: Contract): void {
    const { rng, ids, T } = this;
    const last = this.lastFinalized(c);
    const from = (last.finalizedAt ?? c.createdAt) + DAY_MS;
    const to = T - 3 * DAY_MS;
    if (to <= from) return;
    const createdAt = from + Math.floor(rng.float() * (to - from));
    const voidedAt = Math.min(createdAt + rng.int(1, 20) * DAY_MS, T - HOUR);
    const start = alignDay(createdAt + rng.int(10, 40) * DAY_MS);
    c.amendments.push({
      id: ids.uuid(),
      number: this.nextNumber(c),
      status: "VOIDED",
      type: "MODIFICATION",
      start,
      end: Math.max(last.end, start + DAY_MS),
      terms: this.pickTerms(),
      createdAt,
      finalizedAt: null,
      voidedAt,
      processing: 0,
    });
  }

  /** Agreed cancellation at a period boundary in [lo, hi]; false when none fits. */
  private setCancellation(c: Contract, lo: number, hi: number): boolean {
    const { rng } = this;
    const last = this.lastFinalized(c);
    const candidates = this.boundaries(c, lo, Math.min(hi, last.end - DAY_MS));
    const agreedMin = (last.finalizedAt ?? c.createdAt) + DAY_MS;
    const usable = candidates.filter((b) => b - 10 * DAY_MS > agreedMin);
    if (usable.length === 0) return false;
    const cancelsAt = rng.pick(usable);
    let agreedAt = this.ts(cancelsAt - rng.int(10, 60) * DAY_MS);
    if (agreedAt <= agreedMin) agreedAt = agreedMin + rng.int(1, 8) * HOUR;
    if (agreedAt > this.T - HOUR) agreedAt = this.T - rng.int(2, 20) * HOUR;
    c.cancelsAt = cancelsAt;
    c.cancelAgreedAt = agreedAt;
    return true;
  }

  private draftContract(): Contract {
    const { rng, T } = this;
    const start = alignDay(T + rng.int(5, 60) * DAY_MS);
    const c = this.newContract({ start, months: this.pickMonths() });
    const original = c.amendments[0]!;
    original.status = "DRAFT";
    original.finalizedAt = null;
    original.createdAt = this.ts(T - rng.int(1, 30) * DAY_MS);
    c.createdAt = original.createdAt;
    c.draft = true;
    c.autoRenew = false;
    c.draftInvoices = rng.chance(0.5) ? rng.int(1, 3) : 0;
    return c;
  }

  /** A deleted contract: an ended, running or draft one. */
  private deletedContract(): Contract {
    const { rng } = this;
    const kind = rng.weighted([45, 35, 20]);
    const c =
      kind === 0
        ? this.expiredContract(10, 300)
        : kind === 1
          ? this.runningContract(30, 500, 40)
          : this.draftContract();
    c.deleted = true;
    c.forceUnpaid = rng.chance(0.5);
    return c;
  }

  private planContracts(scenario: number): Contract[] {
    const { rng, T } = this;
    const list: Contract[] = [];
    // Whether a second contract in another currency may be added without changing the
    // customer's health: 1 a running one, 2 an ended one.
    let overlay = 0;
    let main: Contract | null = null;

    switch (scenario) {
      case RENEWAL_DUE: {
        const notice = rng.pick([30, 60, 90]);
        const months = this.pickMonths();
        const withFuture = rng.chance(0.2);
        const lo = withFuture ? 12 : 1;
        const start = this.startForEnd(T + lo * DAY_MS, T + notice * DAY_MS, months);
        main = this.newContract({ start, months, autoRenew: false, notice });
        if (!(withFuture && this.addFutureModification(main)) && rng.chance(0.2))
          this.addPastModification(main, false);
        if (rng.chance(0.3)) list.push(this.previousContract(main));
        list.push(main);
        overlay = 1;
        break;
      }
      case ENDING: {
        const notice = rng.chance(0.65) ? null : 0;
        const months = this.pickMonths();
        const withFuture = rng.chance(0.12);
        const start = this.startForEnd(T + (withFuture ? 12 : 1) * DAY_MS, T + 30 * DAY_MS, months);
        main = this.newContract({ start, months, autoRenew: false, notice });
        if (!(withFuture && this.addFutureModification(main)) && rng.chance(0.2))
          this.addPastModification(main, false);
        if (rng.chance(0.2)) list.push(this.previousContract(main));
        list.push(main);
        overlay = 1;
        break;
      }
      case HEALTHY: {
        overlay = 1;
        let variant = rng.weighted(HEALTHY_WEIGHTS);
        if (this.backdatedIssuingLeft > 0) {
          // Entered in the system a few hours ago for a period that began days ago:
          // its first invoice is issued backdated and still ISSUING.
          this.backdatedIssuingLeft--;
          const start = alignDay(T - rng.int(8, 25) * DAY_MS);
          main = this.newContract({
            start,
            months: 12,
            freq: 0,
            finalizedAt: T - rng.int(2 * HOUR, 5 * HOUR),
          });
          main.backdatedIssuing = true;
          list.push(main);
          overlay = 0;
          break;
        }
        if (variant === H_FUTURE_CANCEL) {
          main = this.runningContract(30, 600, 120, { autoRenew: false });
          if (!this.setCancellation(main, T + 5 * DAY_MS, T + 90 * DAY_MS)) variant = H_LONG;
          else {
            list.push(main);
            break;
          }
        }
        switch (variant) {
          case H_LONG: {
            main ??= this.runningContract(1, 700, 100);
            if (rng.chance(0.25)) this.addPastModification(main, true);
            list.push(main);
            break;
          }
          case H_AUTO_RENEW_SOON: {
            if (rng.chance(0.5)) {
              const start = this.startForEnd(T + DAY_MS, T + 60 * DAY_MS, 24);
              main = this.newContract({ start, months: 12, autoRenew: true });
              this.addRenewalAmendment(main, 12);
            } else {
              const months = this.pickMonths();
              const start = this.startForEnd(T + DAY_MS, T + 60 * DAY_MS, months);
              main = this.newContract({ start, months, autoRenew: true });
            }
            list.push(main);
            break;
          }
          case H_RENEWED: {
            const notice = rng.pick([30, 60, 90]);
            const months = this.pickMonths();
            const start = this.startForEnd(T + DAY_MS, T + notice * DAY_MS, months);
            main = this.newContract({ start, months, autoRenew: false, notice });
            const renewal = this.newContract({
              start: this.finalEnd(main),
              months: this.pickMonths(),
              currency: main.currency,
              freq: rng.chance(0.7) ? main.freq : undefined,
              product: main.product,
              finalizedAt: this.ts(T - rng.int(1, 25) * DAY_MS),
            });
            renewal.withYear = true;
            main.withYear = true;
            this.link(main, renewal);
            list.push(main, renewal);
            break;
          }
          case H_FUTURE_AMENDMENT: {
            main = this.runningContract(30, 600, 100, { autoRenew: false });
            this.addFutureModification(main);
            list.push(main);
            break;
          }
          case H_LATE_ENTERED: {
            const start = alignDay(T - rng.int(60, 400) * DAY_MS);
            let months = this.pickMonths();
            while (addMonths(start, months) < T + 100 * DAY_MS) months += 12;
            main = this.newContract({
              start,
              months,
              finalizedAt: this.ts(start + rng.int(5, 45) * DAY_MS),
            });
            list.push(main);
            break;
          }
          case H_AFTER_EXPIRED: {
            main = this.runningContract(10, 300, 100);
            list.push(this.previousContract(main), main);
            break;
          }
        }
        break;
      }
      case UPCOMING: {
        const start = alignDay(T + rng.int(1, 60) * DAY_MS);
        main = this.newContract({ start, months: this.pickMonths() });
        if (rng.chance(0.35)) {
          const old = this.expiredContract(1, 300, main.currency);
          if (rng.chance(0.5)) this.link(old, main);
          list.push(old);
        }
        list.push(main);
        break;
      }
      case NO_ACTIVE: {
        if (rng.chance(0.6)) {
          const endsToday = rng.chance(0.08) && ymd(T)[2] <= 28;
          main = endsToday ? this.expiredContract(0, 0) : this.expiredContract(1, 400);
          if (rng.chance(0.25)) list.push(this.previousContract(main));
        } else {
          main = this.runningContract(90, 700, 0, { autoRenew: false });
          if (!this.setCancellation(main, main.start + 20 * DAY_MS, T)) {
            main = this.expiredContract(1, 400);
          }
        }
        list.push(main);
        overlay = 2;
        break;
      }
      case DRAFT_ONLY: {
        list.push(this.draftContract());
        if (rng.chance(0.3)) list.push(this.deletedContract());
        break;
      }
      case NO_CONTRACTS: {
        if (rng.chance(0.5)) {
          const count = rng.int(1, 2);
          for (let i = 0; i < count; i++) list.push(this.deletedContract());
        }
        break;
      }
    }

    // About 8% of customers owe in two currencies at once.
    if (main && overlay > 0 && rng.chance(0.1)) {
      let currency = rng.weighted(CURRENCY_WEIGHTS);
      if (currency === main.currency) currency = (main.currency + 1 + rng.int(0, 2)) % 4;
      const second =
        overlay === 1
          ? this.runningContract(30, 500, 100, { autoRenew: true, currency })
          : this.expiredContract(5, 300, currency);
      main.forceUnpaid = true;
      second.forceUnpaid = true;
      list.push(second);
    }
    if (list.length > 0 && scenario !== NO_CONTRACTS && rng.chance(0.04)) {
      list.push(this.deletedContract());
    }

    for (const c of list) {
      if (c.draft || c.deleted) continue;
      const end = this.finalEnd(c);
      const live = end > T && (c.cancelsAt === null || c.cancelsAt > T);
      if (live && c.start <= T && rng.chance(0.05)) this.addDraftAmendment(c);
      if (rng.chance(0.03)) this.addVoidedAmendment(c);
      if (live && rng.chance(0.015)) {
        c.processingStartedAt = T - rng.int(1, 180) * MINUTE;
        this.lastFinalized(c).processing = 1;
      }
    }
    return list;
  }

  private lifecycle(c: Contract): string {
    if (c.deleted) return "DELETED";
    if (c.draft) return "DRAFT";
    if (c.cancelsAt !== null && c.cancelsAt <= this.T) return "CANCELLED";
    if (this.finalEnd(c) <= this.T) return "EXPIRED";
    return "ACTIVE";
  }

  // ---------------------------------------------------------------- customers

  private generateCustomer(scenario: number): void {
    const { rng, ids, faker, T } = this;
    const contracts = this.planContracts(scenario);

    const name = faker.company.name();
    const domain = `${domainLabel(name)}${faker.helpers.arrayElement(TLDS)}`;
    const billingEmail = `${faker.helpers.arrayElement(BILLING_PREFIXES)}@${domain}`;
    const ccCount = faker.number.int({ min: 0, max: 2 });
    const cc: string[] = [];
    for (let i = 0; i < ccCount; i++) {
      cc.push(`${slug(faker.person.firstName())}.${slug(faker.person.lastName())}@${domain}`);
    }
    const note = faker.datatype.boolean(0.2) ? faker.helpers.arrayElement(CUSTOMER_NOTES) : null;
    let invoiceNote: string | null = null;
    if (faker.datatype.boolean(0.15)) {
      invoiceNote = faker.helpers.arrayElement([
        `PO ${faker.string.numeric(10)}`,
        `VAT ID: ${faker.helpers.arrayElement(["DE", "FR", "NL", "IE"])}${faker.string.numeric(9)}`,
        "Please quote the invoice number on your remittance.",
        "Tax exempt: certificate on file.",
      ]);
    }
    const oldName = faker.datatype.boolean(0.03) ? faker.company.name() : null;

    // Created before its first contract.
    let firstContract = Number.POSITIVE_INFINITY;
    let lastContract = 0;
    for (const c of contracts) {
      if (c.createdAt < firstContract) firstContract = c.createdAt;
      if (c.createdAt > lastContract) lastContract = c.createdAt;
    }
    const createdAt =
      contracts.length > 0
        ? firstContract - rng.int(1, 60) * DAY_MS - rng.int(0, 8 * HOUR)
        : this.ts(T - rng.int(10, 900) * DAY_MS);
    let updatedAt = Math.min(createdAt + rng.int(0, 30) * DAY_MS, T - HOUR);
    let renamedAt = 0;
    if (oldName) {
      renamedAt = Math.min(
        Math.max(this.ts(T - rng.int(10, 400) * DAY_MS), createdAt + 2 * DAY_MS),
        T - HOUR,
      );
      updatedAt = Math.max(updatedAt, renamedAt);
    }
    const followUps = rng.chance(0.75) ? 1 : 0;
    let lastFollowUp: number | null = null;
    if (followUps && contracts.length > 0 && rng.chance(0.4)) {
      lastFollowUp = Math.max(this.ts(T - rng.int(1, 30) * DAY_MS), createdAt + HOUR);
      if (lastFollowUp > T) lastFollowUp = null;
      else updatedAt = Math.max(updatedAt, lastFollowUp);
    }
    let deletedAt: number | null = null;
    if (contracts.length > 0 && rng.chance(0.022)) {
      deletedAt = Math.max(
        this.ts(T - rng.int(1, 90) * DAY_MS),
        lastContract + HOUR,
        createdAt + HOUR,
      );
      if (deletedAt > T) deletedAt = T - rng.int(1, 50) * MINUTE;
      updatedAt = Math.max(updatedAt, deletedAt);
    }

    const id = ids.uuid();
    this.insertCustomer.run(
      id,
      this.businessId,
      name,
      foldCase(name),
      billingEmail,
      JSON.stringify(cc),
      followUps,
      lastFollowUp,
      note,
      invoiceNote,
      createdAt,
      updatedAt,
      deletedAt,
    );
    this.summary.customers++;
    this.customer = { id, name, oldName, renamedAt };
    for (const c of contracts) this.emitContract(c);
  }

  // ---------------------------------------------------------------- contract rows

  private emitContract(c: Contract): void {
    const { T } = this;
    const lifecycle = this.lifecycle(c);
    const end = this.finalEnd(c);

    // Amendment numbers: the original is 1, later ones in the order they were created.
    const original = c.amendments[0]!;
    const later = c.amendments.slice(1).sort((a, b) => a.createdAt - b.createdAt);
    original.number = 1;
    later.forEach((a, i) => {
      a.number = i + 2;
    });

    let updatedAt = c.createdAt;
    for (const a of c.amendments) {
      const u = a.voidedAt ?? a.finalizedAt ?? a.createdAt;
      if (u > updatedAt) updatedAt = u;
    }
    if (c.cancelAgreedAt !== null && c.cancelAgreedAt > updatedAt) updatedAt = c.cancelAgreedAt;
    if (c.processingStartedAt !== null && c.processingStartedAt > updatedAt)
      updatedAt = c.processingStartedAt;
    if (updatedAt > T + HOUR) updatedAt = T + HOUR;

    this.insertContract.run(
      c.id,
      this.businessId,
      this.customer.id,
      this.contractName(c),
      CURRENCIES[c.currency]!,
      lifecycle,
      c.cancelsAt,
      c.autoIssue ? 1 : 0,
      c.processingStartedAt !== null ? 1 : 0,
      c.processingStartedAt,
      c.autoRenew ? 1 : 0,
      c.autoRenew && !c.draft ? end : null,
      c.notice,
      c.notes,
      c.renewingId,
      c.renewalId,
      c.createdAt,
      updatedAt,
    );
    this.summary.contracts++;

    for (const a of c.amendments) {
      this.insertAmendment.run(
        a.id,
        c.id,
        a.number,
        a.status,
        a.type,
        a.processing,
        a.start,
        a.end,
        a.terms,
        a.finalizedAt,
        a.voidedAt,
        a.createdAt,
        a.voidedAt ?? a.finalizedAt ?? a.createdAt,
      );
    }
    const frequency = FREQUENCIES[c.freq]!;
    for (const b of c.billables) {
      this.insertBillable.run(
        b.id,
        c.id,
        b.description,
        b.oneTime ? "ONE_TIME" : "SUBSCRIPTION",
        b.oneTime ? null : frequency,
        b.cents,
        c.createdAt,
      );
    }

    this.issuedCount = 0;
    this.emitInvoices(c);
    this.emitPayments(c);
  }

  // ---------------------------------------------------------------- invoices

  private invoiceNumber(year: number): string {
    this.invoiceSeq++;
    return `INV-${year}-${String(this.invoiceSeq).padStart(6, "0")}`;
  }

  private approver(approvedAt: number): [string | null, string | null] {
    const { rng } = this;
    if (approvedAt > this.keyCreatedAt && approvedAt < this.keyRevokedAt && rng.chance(0.2)) {
      return [null, this.keyId];
    }
    return [this.users[rng.int(0, this.users.length - 1)]!.id, null];
  }

  /** Lines of one invoice; returns its total. */
  private emitLines(
    c: Contract,
    invoiceId: string,
    k: number,
    pStart: number,
    pEnd: number,
    createdAt: number,
    updatedAt: number,
  ): number {
    const { rng, ids } = this;
    let total = 0;
    const billables = c.billables;
    for (let i = 0; i < billables.length; i++) {
      const b = billables[i]!;
      if (b.oneTime && k !== 0) continue;
      const x = rng.float();
      let description: string | null;
      if (x < 0.3) description = null;
      else if (x < 0.9 || b.oneTime) description = b.description;
      else {
        const mi = c.m0 + k * FREQ_MONTHS[c.freq]!;
        description = `${b.description} – ${MONTH_ABBR[mi % 12]} ${c.y0 + Math.floor(mi / 12)}`;
      }
      this.insertLine.run(
        ids.uuid(),
        invoiceId,
        b.id,
        description,
        pStart,
        pEnd,
        b.cents,
        createdAt,
        updatedAt,
      );
      total += b.cents;
    }
    return total;
  }

  private emitInvoices(c: Contract): void {
    const { rng, ids, T } = this;
    const fm = FREQ_MONTHS[c.freq]!;
    const currency = CURRENCIES[c.currency]!;
    const customer = this.customer;

    if (c.draft) {
      const draft = c.amendments[0]!;
      for (let k = 0; k < c.draftInvoices; k++) {
        const pStart = Date.UTC(c.y0, c.m0 + k * fm, c.d0);
        const pEnd = Date.UTC(c.y0, c.m0 + (k + 1) * fm, c.d0);
        const createdAt = draft.createdAt + k * 7;
        const id = ids.uuid();
        const year = c.y0 + Math.floor((c.m0 + k * fm) / 12);
        this.insertInvoice.run(
          id,
          this.businessId,
          customer.id,
          c.id,
          currency,
          this.invoiceNumber(year),
          "DRAFT",
          null,
          null,
          null,
          null,
          null,
          null,
          draft.terms,
          null,
          pStart,
          pEnd,
          null,
          null,
          c.autoIssue ? 0 : 1,
          createdAt,
          createdAt,
        );
        this.summary.invoices++;
        this.emitLines(c, id, k, pStart, pEnd, createdAt, createdAt);
      }
      return;
    }

    const fin = this.finalized(c).sort((a, b) => a.start - b.start || a.number - b.number);
    const finalEnd = this.finalEnd(c);
    const billingEnd = c.cancelsAt ?? finalEnd;
    let j = 0;
    for (let k = 0; ; k++) {
      const mi = c.m0 + k * fm;
      const pStart = Date.UTC(c.y0, mi, c.d0);
      if (pStart >= billingEnd) break;
      if (c.deleted && pStart >= T) break;
      const pEnd = Date.UTC(c.y0, mi + fm, c.d0);
      const year = c.y0 + Math.floor(mi / 12);
      while (j + 1 < fin.length && fin[j + 1]!.start <= pStart) j++;
      const gov = fin[j]!;
      const govAt = gov.finalizedAt!;
      let createdAt = govAt + k * 7;
      const updatedMin = createdAt;
      const prev = j > 0 ? fin[j - 1]! : null;
      if (prev && prev.end > pStart && gov.type === "MODIFICATION") {
        // The invoice existed under the earlier terms: an approved one is voided and
        // replaced, a draft one is updated in place (sometimes voided as well).
        const prevCreated = prev.finalizedAt! + k * 7;
        const wasApproved = !c.autoIssue && pStart - govAt <= 40 * DAY_MS && rng.chance(0.6);
        if (wasApproved || rng.chance(0.15)) {
          this.emitVoided(c, k, pStart, pEnd, year, prev.terms, prevCreated, govAt, wasApproved);
        } else {
          createdAt = prevCreated;
        }
      }
      this.emitInvoice(c, k, pStart, pEnd, year, gov.terms, createdAt, updatedMin);
    }

    // Invoices planned past an agreed cancellation were voided when it was agreed.
    if (c.cancelsAt !== null && c.cancelAgreedAt !== null) {
      const agreedAt = c.cancelAgreedAt;
      const count = rng.chance(0.5) ? 2 : 1;
      for (let k = 0, voided = 0; voided < count; k++) {
        const mi = c.m0 + k * fm;
        const pStart = Date.UTC(c.y0, mi, c.d0);
        if (pStart >= finalEnd) break;
        if (pStart < c.cancelsAt) continue;
        voided++;
        let g = fin[0]!;
        for (const a of fin) if (a.start <= pStart) g = a;
        const approved = !c.autoIssue && pStart - agreedAt <= 40 * DAY_MS && rng.chance(0.6);
        this.emitVoided(
          c,
          k,
          pStart,
          Date.UTC(c.y0, mi + fm, c.d0),
          c.y0 + Math.floor(mi / 12),
          g.terms,
          g.finalizedAt! + k * 7,
          agreedAt,
          approved,
        );
      }
    }
  }

  private emitVoided(
    c: Contract,
    k: number,
    pStart: number,
    pEnd: number,
    year: number,
    terms: number,
    createdAt: number,
    voidedAt: number,
    approved: boolean,
  ): void {
    const { rng, ids } = this;
    let approvedAt: number | null = null;
    let byUser: string | null = null;
    let byKey: string | null = null;
    let delivery: string | null = null;
    if (approved) {
      const lo = Math.max(createdAt + 10 * MINUTE, pStart - 30 * DAY_MS);
      const hi = Math.min(voidedAt, pStart) - 10 * MINUTE;
      if (lo < hi) {
        approvedAt = lo + Math.floor(rng.float() * (hi - lo));
        [byUser, byKey] = this.approver(approvedAt);
        delivery = rng.chance(0.75) ? "EMAIL" : "MANUAL";
      }
    }
    const id = ids.uuid();
    this.insertInvoice.run(
      id,
      this.businessId,
      this.customer.id,
      c.id,
      CURRENCIES[c.currency]!,
      this.invoiceNumber(year),
      "VOIDED",
      null,
      null,
      byUser,
      byKey,
      approvedAt,
      null,
      terms,
      voidedAt,
      pStart,
      pEnd,
      null,
      delivery,
      0,
      createdAt,
      voidedAt,
    );
    this.summary.invoices++;
    this.emitLines(c, id, k, pStart, pEnd, createdAt, voidedAt);
  }

  private emitInvoice(
    c: Contract,
    k: number,
    pStart: number,
    pEnd: number,
    year: number,
    terms: number,
    createdAt: number,
    updatedMin: number,
  ): void {
    const { rng, ids, T } = this;
    const customer = this.customer;
    let status: string;
    let approvedAt: number | null = null;
    let byUser: string | null = null;
    let byKey: string | null = null;
    let issuedAt: number | null = null;
    let lastSentAt: number | null = null;
    let delivery: string | null = null;
    let needsApproval = 0;
    let issuedName: string | null = null;
    let updatedAt = Math.max(createdAt, updatedMin);

    if (pStart < T && (c.backdatedIssuing || createdAt > pStart)) {
      // Backdated: entered after its period began, issued with the period's date.
      status = c.backdatedIssuing ? "ISSUING" : "ISSUED";
      issuedAt = pStart + Math.min(rng.int(0, 3 * HOUR), Math.floor((createdAt - pStart) / 2));
      updatedAt = createdAt + rng.int(1, 120) * 1000;
      if (!c.backdatedIssuing) issuedName = this.nameAt(issuedAt);
    } else if (pStart < T) {
      status = "ISSUED";
      issuedAt = pStart + rng.int(1 * HOUR, 7 * HOUR);
      if (c.autoIssue) {
        delivery = "EMAIL";
      } else {
        const lo = Math.max(createdAt + 10 * MINUTE, pStart - 10 * DAY_MS);
        const hi = pStart - 30 * MINUTE;
        approvedAt = lo < hi ? lo + Math.floor(rng.float() * (hi - lo)) : createdAt;
        [byUser, byKey] = this.approver(approvedAt);
        delivery = rng.chance(0.8) ? "EMAIL" : "MANUAL";
      }
      if (delivery === "EMAIL") {
        lastSentAt = issuedAt + rng.int(2, 90) * 1000;
        if (rng.chance(0.04)) {
          const resent = this.ts(utcMidnight(issuedAt) + rng.int(3, 40) * DAY_MS);
          if (resent < T) lastSentAt = resent;
        }
      }
      updatedAt = Math.max(updatedAt, (lastSentAt ?? issuedAt) + rng.int(1, 900));
      issuedName = this.nameAt(issuedAt);
    } else if (pStart === T) {
      // Issuing started today, on the planned issue day.
      status = "ISSUING";
      if (c.autoIssue) delivery = "EMAIL";
      else {
        const lo = Math.max(createdAt + 10 * MINUTE, pStart - 10 * DAY_MS);
        const hi = pStart - 30 * MINUTE;
        approvedAt = lo < hi ? lo + Math.floor(rng.float() * (hi - lo)) : createdAt;
        [byUser, byKey] = this.approver(approvedAt);
        delivery = rng.chance(0.8) ? "EMAIL" : "MANUAL";
      }
      updatedAt = T + rng.int(1, 30) * MINUTE;
    } else if (!c.autoIssue && pStart - T <= 45 * DAY_MS && rng.chance(0.55)) {
      status = "APPROVED";
      const lo = Math.max(createdAt + 10 * MINUTE, pStart - 30 * DAY_MS);
      const hi = T - 10 * MINUTE;
      approvedAt = lo < hi ? lo + Math.floor(rng.float() * (hi - lo)) : createdAt + MINUTE;
      [byUser, byKey] = this.approver(approvedAt);
      delivery = rng.chance(0.75) ? "EMAIL" : "MANUAL";
      updatedAt = Math.max(updatedAt, approvedAt);
    } else {
      status = "DRAFT";
      needsApproval = c.autoIssue ? 0 : 1;
    }

    const id = ids.uuid();
    this.insertInvoice.run(
      id,
      this.businessId,
      customer.id,
      c.id,
      CURRENCIES[c.currency]!,
      this.invoiceNumber(year),
      status,
      rng.chance(0.03) ? rng.pick(INVOICE_NOTES) : null,
      issuedName,
      byUser,
      byKey,
      approvedAt,
      issuedAt,
      terms,
      null,
      pStart,
      pEnd,
      lastSentAt,
      delivery,
      needsApproval,
      createdAt,
      updatedAt,
    );
    this.summary.invoices++;
    const total = this.emitLines(c, id, k, pStart, pEnd, createdAt, updatedAt);
    if (status === "ISSUED" && issuedAt !== null) {
      if (this.issuedCount >= MAX_ISSUED)
        throw new Error(`more than ${MAX_ISSUED} issued invoices`);
      const n = this.issuedCount++;
      this.bufId[n] = id;
      this.bufTotal[n] = total;
      this.bufIssuedAt[n] = issuedAt;
      this.bufCreatedAt[n] = createdAt;
      this.bufTerms[n] = terms;
    }
  }

  /** The customer's name on an invoice issued at `at` (before a rename, the old one). */
  private nameAt(at: number): string {
    const c = this.customer;
    return c.oldName !== null && at < c.renamedAt ? c.oldName : c.name;
  }

  // ---------------------------------------------------------------- payments

  /** A receipt date for an invoice issued on `issueDay`, or -1 when not paid yet. */
  private receiptDay(issueDay: number, terms: number): number {
    const { rng, T } = this;
    const lastDay = T - DAY_MS;
    let day = issueDay + rng.int(0, terms + 12) * DAY_MS;
    if (day > lastDay) {
      if (issueDay > lastDay || rng.chance(0.55)) return -1;
      day = issueDay + rng.int(0, Math.floor((lastDay - issueDay) / DAY_MS)) * DAY_MS;
    }
    return day;
  }

  private payment(
    customerId: string | null,
    type: "CASH" | "CARD",
    status: "POSTED" | "PENDING",
    parentId: string | null,
    receivedDay: number,
    currency: string,
    amount: number,
    fee: number | null,
    notBefore: number,
  ): [string, number] {
    const { rng, ids, T } = this;
    const id = ids.uuid();
    let createdAt = receivedDay + rng.int(7 * HOUR, 19 * HOUR);
    if (createdAt < notBefore) createdAt = notBefore + rng.int(1, 60) * MINUTE;
    if (createdAt > T + HOUR) createdAt = T + rng.int(1, 60) * MINUTE;
    this.insertPayment.run(
      id,
      this.businessId,
      customerId,
      type,
      status,
      parentId,
      receivedDay,
      currency,
      amount,
      fee,
      status === "POSTED" ? ids.uuid() : null,
      createdAt,
      createdAt,
    );
    this.summary.payments++;
    return [id, createdAt];
  }

  private apply(
    paymentId: string,
    invoiceId: string,
    amount: number,
    fee: number,
    at: number,
  ): void {
    this.insertApplication.run(this.ids.uuid(), paymentId, invoiceId, amount, fee, at);
  }

  /** A cash payment nobody has attributed to a customer yet. */
  private unattributedPayment(): void {
    const { rng, T } = this;
    const currency = CURRENCIES[rng.weighted(CURRENCY_WEIGHTS)]!;
    const amount = Math.round(nice(this.logUniform(150, 25000))) * 100;
    this.payment(
      null,
      "CASH",
      "POSTED",
      null,
      T - rng.int(1, 120) * DAY_MS,
      currency,
      amount,
      null,
      0,
    );
  }

  private partAmount(total: number): number {
    const part = Math.round((total * (0.25 + 0.5 * this.rng.float())) / 1000) * 1000;
    return part > 0 && part < total ? part : Math.floor(total / 2);
  }

  private emitPayments(c: Contract): void {
    const { rng, T } = this;
    const n = this.issuedCount;
    if (n === 0) return;
    const customerId = this.customer.id;
    const currency = CURRENCIES[c.currency]!;
    const lastDay = T - DAY_MS;
    let lastPaymentId: string | null = null;
    const parent = (): string | null => (lastPaymentId && rng.chance(0.01) ? lastPaymentId : null);

    for (let i = 0; i < n; i++) {
      const invoiceId = this.bufId[i]!;
      const total = this.bufTotal[i]!;
      const issuedAt = this.bufIssuedAt[i]!;
      const createdAt = this.bufCreatedAt[i]!;
      const terms = this.bufTerms[i]!;
      const issueDay = utcMidnight(issuedAt);
      const notBefore = Math.max(createdAt, issuedAt);
      /** A POSTED cash payment of `amount` (plus `fee`) applying `applied` (+ `feeApplied`) to this invoice. */
      const payCash = (
        day: number,
        amount: number,
        applied = amount,
        fee: number | null = null,
        feeApplied = 0,
      ) => {
        const [pid, at] = this.payment(
          customerId,
          "CASH",
          "POSTED",
          parent(),
          day,
          currency,
          amount,
          fee,
          notBefore,
        );
        this.apply(pid, invoiceId, applied, feeApplied, at);
        lastPaymentId = pid;
      };

      if (c.forceUnpaid && i === n - 1) {
        // Left owing: unpaid, or part-paid.
        if (issueDay <= lastDay && rng.chance(0.3)) {
          const day = issueDay + rng.int(0, Math.floor((lastDay - issueDay) / DAY_MS)) * DAY_MS;
          const amount = this.partAmount(total);
          payCash(day, amount);
        }
        continue;
      }

      const x = rng.float();
      if (x < 0.72) {
        // Paid in full by cash.
        const day = this.receiptDay(issueDay, terms);
        if (day < 0) continue;
        // Sometimes one payment settles this and the next one or two invoices.
        let count = 1;
        if (rng.chance(0.06)) {
          const extra = rng.int(1, 2);
          while (count <= extra && i + count < n && !(c.forceUnpaid && i + count === n - 1)) {
            if (utcMidnight(this.bufIssuedAt[i + count]!) > lastDay) break;
            count++;
          }
        }
        if (count > 1) {
          let sum = 0;
          let latestDay = day;
          let latestCreated = notBefore;
          for (let m = 0; m < count; m++) {
            sum += this.bufTotal[i + m]!;
            const d = utcMidnight(this.bufIssuedAt[i + m]!);
            if (d > latestDay) latestDay = d;
            latestCreated = Math.max(
              latestCreated,
              this.bufCreatedAt[i + m]!,
              this.bufIssuedAt[i + m]!,
            );
          }
          const [pid, at] = this.payment(
            customerId,
            "CASH",
            "POSTED",
            parent(),
            latestDay,
            currency,
            sum,
            null,
            latestCreated,
          );
          for (let m = 0; m < count; m++)
            this.apply(pid, this.bufId[i + m]!, this.bufTotal[i + m]!, 0, at);
          lastPaymentId = pid;
          i += count - 1;
        } else {
          const y = rng.float();
          if (y < 0.13 && total > 12000) {
            // The bank kept a fee; the fee is applied too, so the invoice is covered.
            const fee = rng.int(15, 35) * 100;
            const feeApplied = rng.chance(0.9) ? fee : 0;
            payCash(day, total - fee, total - fee, fee, feeApplied);
          } else if (y < 0.18) {
            // Paid more than owed: the rest stays unapplied.
            const extra = rng.int(1, 20) * 2500;
            payCash(day, total + extra, total);
          } else {
            payCash(day, total);
          }
        }
        if (rng.chance(0.03)) this.unattributedPayment();
      } else if (x < 0.8) {
        // Part-paid.
        const day = this.receiptDay(issueDay, terms);
        if (day < 0) continue;
        const amount = this.partAmount(total);
        payCash(day, amount);
      } else if (x < 0.84) {
        // A card payment awaiting funds covers what is left (sometimes after a part payment).
        let rest = total;
        if (rng.chance(0.4) && issueDay < lastDay) {
          const day = issueDay + rng.int(0, Math.floor((lastDay - issueDay) / DAY_MS)) * DAY_MS;
          const amount = this.partAmount(total);
          payCash(day, amount);
          rest -= amount;
        }
        const day = Math.max(issueDay, T - rng.int(1, 4) * DAY_MS);
        const [pid, at] = this.payment(
          customerId,
          "CARD",
          "PENDING",
          null,
          day,
          currency,
          rest,
          null,
          notBefore,
        );
        this.apply(pid, invoiceId, rest, 0, at);
      } else if (x < 0.87) {
        // Paid in full by card.
        const day = this.receiptDay(issueDay, terms);
        if (day < 0) continue;
        const [pid, at] = this.payment(
          customerId,
          "CARD",
          "POSTED",
          null,
          day,
          currency,
          total,
          null,
          notBefore,
        );
        this.apply(pid, invoiceId, total, 0, at);
      }
      // else: unpaid
    }
  }
}
