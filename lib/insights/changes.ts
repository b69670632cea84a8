import "server-only";
import { fetchCustomer } from "@/lib/api/client";
import { ApiRequestError } from "@/lib/api/errors";
import { customerList } from "@/lib/lists/customers";
import { invoiceList } from "@/lib/lists/invoices";
import { paymentList } from "@/lib/lists/payments";
import { addMinor, type CurrencySums, DAY_MS, isoDay } from "./aggregate";
import type { KeptValues, PartContext } from "./parts";
import { type Section, section } from "./sections";
import { type WalkContext, walkList } from "./walker";

/**
 * "What changed since yesterday" on the home page. Each walk keeps a small snapshot
 * of the day (the customers in Renewal due and in Ending) in the result store; the
 * figures compare today with the last snapshot of an earlier day (the base). The
 * dated figures (overdue, issued, received) are the API's own filtered lists from
 * the base's day, so each opens as a list that holds exactly what it counts.
 */

export const CHANGE_HEALTHS = ["RENEWAL_DUE", "ENDING"] as const;
export type ChangeHealth = (typeof CHANGE_HEALTHS)[number];

/** Days of snapshots kept: the base is the newest of an earlier day, so a week covers a long weekend. */
export const SNAPSHOT_DAYS_KEPT = 7;
/** Customers named per health (the rest are in the list the figure opens). */
export const NAMED_CUSTOMERS = 20;
/** Up to this many payers, each one's currency is read by id; more, and the customers list is walked once. */
export const PAYERS_READ = 100;

const INDEX = "changes:days";
const snapshotName = (day: string) => `changes:day:${day}`;

/** One day's snapshot: what the next day's walk compares with. */
export interface DaySnapshot {
  /** the UTC day, YYYY-MM-DD */
  day: string;
  /** when it was taken (the server's real clock), ISO */
  takenAt: string;
  /** customer ids per health; null when the key may not read customers */
  healths: Record<ChangeHealth, string[]> | null;
}

interface IndexEntry {
  day: string;
  takenAt: string;
}

export interface InvoicesSince {
  counts: Record<string, number>;
  /** per currency, minor units: the invoices' Remaining (overdue) or totals (issued) */
  amounts: CurrencySums;
  href: string;
}

export interface PaymentsSince {
  count: number;
  /** payments whose customer bills in one currency, in it */
  byCurrency: Record<string, { count: number; amount: string }>;
  /** payments put in no currency (never summed: a payment carries none) */
  noCurrency: number;
  href: string;
}

export interface EnteredHealth {
  count: number;
  /** the first NAMED_CUSTOMERS by name */
  customers: { id: string; name: string }[];
  href: string;
}

export interface ChangesData {
  /** the UTC day of these figures, YYYY-MM-DD */
  today: string;
  /** the snapshot compared with; null on the first day (nothing to compare yet) */
  base: IndexEntry | null;
  /** the day the dated figures count from (the base's day), YYYY-MM-DD */
  from: string;
  overdue: Section<InvoicesSince>;
  issued: Section<InvoicesSince>;
  payments: Section<PaymentsSince>;
  /** null: the base could not read customers, so nothing to compare */
  entered: Section<Record<ChangeHealth, EnteredHealth> | null>;
}

const isoAt = (ms: number) => new Date(ms).toISOString();

/** Issued invoices still owed whose due date is on or after `from` and before today: overdue now, not at the base. */
export function becameOverdueQuery(from: number, today: number): string {
  return invoiceList.apiQuery({
    statuses: ["ISSUED"],
    hasOutstandingBalance: true,
    dueDateStartAt: isoAt(from),
    dueDateEndAt: isoAt(today - 1),
  });
}

/** Invoices issued on or after `from`. */
export function issuedSinceQuery(from: number): string {
  return invoiceList.apiQuery({ statuses: ["ISSUED"], issueDateStartAt: isoDay(from) });
}

/** The customers list of one health. */
export function healthQuery(health: ChangeHealth): string {
  return customerList.apiQuery({ contractHealths: [health] });
}

/** The payments list, newest received first (the API's default): those since `from` are its first rows. */
export const PAYMENTS_QUERY = paymentList.apiQuery({});

function walkInvoicesSince(walk: WalkContext, query: string, amount: "remaining" | "total") {
  return walkList(
    walk,
    "invoices",
    query,
    { counts: {} as Record<string, number>, amounts: {} as CurrencySums },
    (acc, invoices) => {
      for (const i of invoices) {
        const code = i.totalAmount.currencyCode;
        acc.counts[code] = (acc.counts[code] ?? 0) + 1;
        addMinor(
          acc.amounts,
          code,
          amount === "remaining" ? i.remainingAmount.value : i.totalAmount.value,
        );
      }
      return acc;
    },
  ).then((acc) => ({ ...acc, href: `/invoices?${query}` }));
}

/** The one currency a customer bills in (its contracts' invoices), null for several or none. */
async function currencyOf(walk: WalkContext, id: string): Promise<string | null> {
  try {
    const customer = await walk.limit(async () => {
      await walk.budget.take();
      return fetchCustomer(walk.fetcher, id, walk.signal);
    });
    const codes = Object.keys(customer.contractValueAmount);
    return codes.length === 1 ? codes[0]! : null;
  } catch (error) {
    // A deleted customer, or a key that may not read customers: counted without a currency.
    if (error instanceof ApiRequestError && (error.status === 404 || error.kind === "unauthorized"))
      return null;
    throw error;
  }
}

/** The one currency each payer bills in: read by id when few, else from the whole customers list. */
async function payerCurrencies(
  walk: WalkContext,
  payers: Set<string>,
  byIdUpTo: number,
): Promise<Map<string, string | null>> {
  const currencies = new Map<string, string | null>();
  if (payers.size <= byIdUpTo) {
    await Promise.all(
      [...payers].map(async (id) => currencies.set(id, await currencyOf(walk, id))),
    );
    return currencies;
  }
  return walkList(walk, "customers", "", currencies, (acc, customers) => {
    for (const c of customers) {
      if (!payers.has(c.id)) continue;
      const codes = Object.keys(c.contractValueAmount);
      acc.set(c.id, codes.length === 1 ? codes[0]! : null);
    }
    return acc;
  });
}

/** Payments received on or after `from`: the list's first rows, read until an older one. */
async function walkPaymentsSince(
  walk: WalkContext,
  from: number,
  byIdUpTo: number,
): Promise<PaymentsSince> {
  const found = await walkList(
    walk,
    "payments",
    PAYMENTS_QUERY,
    { rows: [] as { customerId: string | null; amountCents: number }[], older: false },
    (acc, payments) => {
      for (const p of payments) {
        if (Date.parse(p.receivedDate) < from) acc.older = true;
        else acc.rows.push({ customerId: p.customerId, amountCents: p.amountCents });
      }
      return acc;
    },
    { stopWhen: (acc) => acc.older },
  );
  const payers = new Set(found.rows.flatMap((p) => (p.customerId ? [p.customerId] : [])));
  const currencies = await payerCurrencies(walk, payers, byIdUpTo);
  const byCurrency: PaymentsSince["byCurrency"] = {};
  let noCurrency = 0;
  for (const p of found.rows) {
    const code = p.customerId ? currencies.get(p.customerId) : null;
    if (!code) {
      noCurrency += 1;
      continue;
    }
    byCurrency[code] ??= { count: 0, amount: "0" };
    const sum = byCurrency[code];
    sum.count += 1;
    sum.amount = (BigInt(sum.amount) + BigInt(p.amountCents)).toString();
  }
  return { count: found.rows.length, byCurrency, noCurrency, href: `/payments` };
}

type HealthCustomers = Record<ChangeHealth, { id: string; name: string }[]>;

async function walkHealths(walk: WalkContext): Promise<HealthCustomers> {
  const entries = await Promise.all(
    CHANGE_HEALTHS.map(async (health) => {
      const customers = await walkList(
        walk,
        "customers",
        healthQuery(health),
        [] as { id: string; name: string }[],
        (acc, rows) => {
          for (const c of rows) acc.push({ id: c.id, name: c.name });
          return acc;
        },
      );
      return [health, customers] as const;
    }),
  );
  return Object.fromEntries(entries) as HealthCustomers;
}

/** Customers in each health today that were not in it at the base. */
export function enteredSince(
  now: HealthCustomers,
  base: Record<ChangeHealth, string[]>,
): Record<ChangeHealth, EnteredHealth> {
  const entered = {} as Record<ChangeHealth, EnteredHealth>;
  for (const health of CHANGE_HEALTHS) {
    const before = new Set(base[health]);
    const fresh = now[health]
      .filter((c) => !before.has(c.id))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    entered[health] = {
      count: fresh.length,
      customers: fresh.slice(0, NAMED_CUSTOMERS),
      href: `/customers?${healthQuery(health)}`,
    };
  }
  return entered;
}

async function readJson<T>(kept: KeptValues | undefined, name: string): Promise<T | null> {
  const text = await kept?.get(name);
  return text ? (JSON.parse(text) as T) : null;
}

/** The newest snapshot of a day before `today`, with its entry; null when none is kept. */
async function readBase(
  kept: KeptValues | undefined,
  today: string,
): Promise<{ entry: IndexEntry; snapshot: DaySnapshot } | null> {
  const index = (await readJson<IndexEntry[]>(kept, INDEX)) ?? [];
  const entry = index.filter((e) => e.day < today).at(-1);
  if (!entry) return null;
  const snapshot = await readJson<DaySnapshot>(kept, snapshotName(entry.day));
  return snapshot ? { entry, snapshot } : null;
}

/** Keeps today's snapshot (the last walk of a day is that day's) and drops days past the kept ones. */
async function keepSnapshot(kept: KeptValues | undefined, snapshot: DaySnapshot): Promise<void> {
  if (!kept) return;
  await kept.set(snapshotName(snapshot.day), JSON.stringify(snapshot));
  const index = ((await readJson<IndexEntry[]>(kept, INDEX)) ?? []).filter(
    (e) => e.day !== snapshot.day,
  );
  index.push({ day: snapshot.day, takenAt: snapshot.takenAt });
  index.sort((a, b) => a.day.localeCompare(b.day));
  const dropped = index.splice(0, Math.max(0, index.length - SNAPSHOT_DAYS_KEPT));
  await kept.set(INDEX, JSON.stringify(index));
  for (const e of dropped) await kept.delete(snapshotName(e.day));
}

/**
 * The part: today's lists walked, compared with the base, today's snapshot kept.
 * On the first day the dated figures count from yesterday but are not shown.
 */
export async function walkChanges(
  { walk, today, kept }: PartContext,
  {
    now = Date.now,
    payersReadById = PAYERS_READ,
  }: { now?: () => number; payersReadById?: number } = {},
): Promise<ChangesData> {
  const day = isoDay(today);
  const base = await readBase(kept, day);
  const from = base ? Date.parse(base.entry.day) : today - DAY_MS;
  const [overdue, issued, payments, healths] = await Promise.all([
    section(walkInvoicesSince(walk, becameOverdueQuery(from, today), "remaining")),
    section(walkInvoicesSince(walk, issuedSinceQuery(from), "total")),
    section(walkPaymentsSince(walk, from, payersReadById)),
    section(walkHealths(walk)),
  ]);
  await keepSnapshot(kept, {
    day,
    takenAt: new Date(now()).toISOString(),
    healths: healths.ok ? healthIds(healths.data) : null,
  });
  const baseHealths = base?.snapshot.healths ?? null;
  const entered: ChangesData["entered"] = !healths.ok
    ? healths
    : { ok: true, data: baseHealths && enteredSince(healths.data, baseHealths) };
  return {
    today: day,
    base: base?.entry ?? null,
    from: isoDay(from),
    overdue,
    issued,
    payments,
    entered,
  };
}

function healthIds(customers: HealthCustomers): Record<ChangeHealth, string[]> {
  return {
    RENEWAL_DUE: customers.RENEWAL_DUE.map((c) => c.id),
    ENDING: customers.ENDING.map((c) => c.id),
  };
}

export const CHANGES_PARTS = {
  changes: (ctx: PartContext): Promise<ChangesData> => walkChanges(ctx),
};
