import "server-only";
import type { ContractRecord, CustomerRecord } from "@/lib/api/client";
import { CONTRACT_HEALTHS } from "@/lib/api/enums";
import { RENEWAL_WINDOW_DAYS, termsInForceEnd } from "@/lib/contracts/terms";
import { contractList } from "@/lib/lists/contracts";
import { customerList } from "@/lib/lists/customers";
import { compareByCoverageEnd, daysLeft, nextSixMonths, timelineMonthOf } from "./aggregate";
import type { PartContext, RowsRef } from "./parts";
import {
  AT_STAKE_DAYS,
  type RenewalValueData,
  sumValueAtStake,
  type TermsValue,
  valueRows,
} from "./renewal-value";
import { type WalkContext, walkList } from "./walker";

/** The health states a manager acts on. */
export const RENEWAL_HEALTHS = ["RENEWAL_DUE", "ENDING"] as const;
export { RENEWAL_WINDOW_DAYS };

/** The fields of a renewal row: only these are kept from each customer walked. */
export interface RenewalRow {
  id: string;
  name: string;
  /** tells same-named customers apart (absent from rows kept before it was added) */
  billingEmail?: string;
  health: string;
  /** the coverage contract's end (exclusive) */
  endAt: string | null;
  /**
   * the end (exclusive) of the coverage contract's terms in force, which may come a
   * year before its end (docs/readings.md, Contracts); the coverage end when the
   * contract could not be read
   */
  termsEndAt: string | null;
  /** the start of the coverage contract's terms in force (else of the contract) */
  termsStartAt: string | null;
  /** the coverage contract's currency: its invoices are all in it */
  currencyCode: string | null;
  /** what the terms in force bill, from their invoices (null until read, or with none) */
  value: TermsValue | null;
  /** days left until termsEndAt: the rows' order and the 30-day window */
  daysLeft: number | null;
  withinWindow: boolean;
  contractId: string | null;
  contractName: string | null;
  renewalNoticeDays: number | null;
  autoRenew: boolean;
  renewed: boolean;
  remainingToInvoice: Record<string, { value: number; currencyCode: string }>;
}

export interface TimelineMonth {
  month: string;
  /** coverage ends in the month, per health state */
  byHealth: Record<string, number>;
  total: number;
}

/**
 * The figures of /renewals. The rows themselves are kept apart (`rows`), in pages
 * the table reads as the person scrolls: the page's HTML holds the first ones only.
 */
export interface RenewalsData {
  /** customers per health state, every state listed (0 included) */
  healthCounts: { health: string; count: number; href: string }[];
  timeline: TimelineMonth[];
  renewalsHref: string;
  rows: RowsRef;
  /** rows whose coverage ends within RENEWAL_WINDOW_DAYS */
  withinWindow: number;
  /** the value of the terms ending within 30, 60 and 90 days, per currency and group */
  valueAtStake: RenewalValueData;
  /** auto-renewing customers whose terms in force end within AT_STAKE_DAYS, kept like `rows` */
  autoRenewRows: RowsRef;
}

export function customersHref(healths: readonly string[]): string {
  return `/customers?${customerList.apiQuery({ contractHealths: healths as never })}`;
}

function renewalRow(
  c: CustomerRecord,
  contract: ContractRecord | undefined,
  today: number,
): RenewalRow {
  const termsEndAt = contract ? termsInForceEnd(contract) : c.coverageContractEndAt;
  const left = termsEndAt ? daysLeft(termsEndAt, today) : null;
  return {
    id: c.id,
    name: c.name,
    billingEmail: c.billingEmail,
    health: c.contractHealth,
    endAt: c.coverageContractEndAt,
    termsEndAt,
    termsStartAt: contract ? (contract.currentAmendmentStartAt ?? contract.startAt) : null,
    currencyCode: contract?.currencyCode ?? null,
    value: null,
    daysLeft: left,
    withinWindow: left !== null && left <= RENEWAL_WINDOW_DAYS,
    contractId: c.coverageContractId,
    contractName: contract?.name ?? null,
    renewalNoticeDays: contract?.renewalNoticeDays ?? null,
    autoRenew: c.coverageContractAutoRenew,
    renewed: c.coverageContractRenewed,
    remainingToInvoice: c.remainingToInvoiceAmount,
  };
}

interface HealthFold {
  count: number;
  customers: CustomerRecord[];
  /** auto-renewing customers that may end within AT_STAKE_DAYS */
  autoRenew: CustomerRecord[];
  months: Record<string, number>;
}

/** Customer ids per contracts query: 50 ids keep its URL near 2,000 characters. */
const CUSTOMERS_PER_QUERY = 50;

/**
 * The coverage contracts of these customers, by id: the customer record gives the
 * contract's end, not the end of its terms in force, which only the contract's
 * record tells (its next agreed terms). Read through the contracts list filtered to
 * the customers, 50 at a time (its default statuses: a coverage contract is never
 * deleted).
 */
async function coverageContracts(
  walk: WalkContext,
  customers: CustomerRecord[],
): Promise<Map<string, ContractRecord>> {
  const wanted = new Set(customers.map((c) => c.coverageContractId).filter((id) => id !== null));
  const ids = [...new Set(customers.map((c) => c.id))];
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += CUSTOMERS_PER_QUERY)
    batches.push(ids.slice(i, i + CUSTOMERS_PER_QUERY));
  const found = new Map<string, ContractRecord>();
  await Promise.all(
    batches.map((batch) =>
      walkList(
        walk,
        "contracts",
        contractList.apiQuery({ customerIds: batch }),
        found,
        (acc, rows) => {
          for (const contract of rows) if (wanted.has(contract.id)) acc.set(contract.id, contract);
          return acc;
        },
      ),
    ),
  );
  return found;
}

/**
 * The renewal rows of customers due for renewal or ending, in the order managers
 * read them: the end of the terms in force first. The home page's figure and the
 * renewals view both count from here, so they agree.
 */
export async function renewalRows(
  walk: WalkContext,
  customers: CustomerRecord[],
  today: number,
): Promise<RenewalRow[]> {
  const contracts = await coverageContracts(walk, customers);
  return customers
    .map((c) =>
      renewalRow(c, c.coverageContractId ? contracts.get(c.coverageContractId) : undefined, today),
    )
    .sort((a, b) =>
      compareByCoverageEnd({ ...a, endAt: a.termsEndAt }, { ...b, endAt: b.termsEndAt }),
    );
}

/**
 * Customers in good health whose coverage contract renews by itself and has not
 * ended: their terms in force are read from the contract (auto-renewing contracts
 * are never Renewal due or Ending, docs/readings.md).
 */
export function autoRenewCandidates(customers: readonly CustomerRecord[], today: number) {
  return customers.filter((c) => {
    if (!c.coverageContractAutoRenew || !c.coverageContractEndAt) return false;
    return daysLeft(c.coverageContractEndAt, today) >= 1;
  });
}

/** Auto-renewing rows whose terms in force end within AT_STAKE_DAYS, in the renewals' order. */
export async function autoRenewRows(
  walk: WalkContext,
  candidates: CustomerRecord[],
  today: number,
): Promise<RenewalRow[]> {
  const rows = await renewalRows(walk, candidates, today);
  return rows.filter((r) => r.daysLeft !== null && r.daysLeft >= 1 && r.daysLeft <= AT_STAKE_DAYS);
}

/** The customers whose renewal falls within the window: the home figure and the page's mark. */
export function countWithinWindow(rows: readonly RenewalRow[]): number {
  return rows.filter((r) => r.withinWindow).length;
}

/**
 * One walk per health state, run together: each count is exactly what the
 * customers list filtered to that state holds. The renewal states keep their rows'
 * needed fields (the API cannot order customers by coverage end, so they are sorted
 * here, then stored in pages and let go); every state adds its coverage ends to the
 * six-month timeline.
 */
export async function computeRenewals({
  walk,
  today,
  saveRows,
}: PartContext): Promise<RenewalsData> {
  const keepRows = new Set<string>(RENEWAL_HEALTHS);
  const folds = await Promise.all(
    CONTRACT_HEALTHS.map((health) =>
      walkList<"customers", HealthFold>(
        walk,
        "customers",
        customerList.apiQuery({ contractHealths: [health] }),
        { count: 0, customers: [], autoRenew: [], months: {} },
        (acc, customers) => {
          if (health === "HEALTHY") acc.autoRenew.push(...autoRenewCandidates(customers, today));
          for (const c of customers) {
            acc.count += 1;
            if (keepRows.has(health)) acc.customers.push(c);
            const month = timelineMonthOf(c.coverageContractEndAt, today);
            if (month) acc.months[month] = (acc.months[month] ?? 0) + 1;
          }
          return acc;
        },
      ),
    ),
  );
  const [rows, autoRows] = await Promise.all([
    renewalRows(
      walk,
      folds.flatMap((f) => f.customers),
      today,
    ).then((found) => valueRows(walk, found)),
    autoRenewRows(
      walk,
      folds.flatMap((f) => f.autoRenew),
      today,
    ).then((found) => valueRows(walk, found)),
  ]);
  const withinWindow = countWithinWindow(rows);
  const saved = await saveRows(rows);
  const savedAutoRenew = await saveRows(autoRows);
  const timeline = nextSixMonths(today).map((month) => {
    const byHealth: Record<string, number> = {};
    let total = 0;
    CONTRACT_HEALTHS.forEach((health, i) => {
      const n = folds[i]!.months[month] ?? 0;
      if (n > 0) byHealth[health] = n;
      total += n;
    });
    return { month, byHealth, total };
  });
  return {
    healthCounts: CONTRACT_HEALTHS.map((health, i) => ({
      health,
      count: folds[i]!.count,
      href: customersHref([health]),
    })),
    timeline,
    renewalsHref: customersHref(RENEWAL_HEALTHS),
    rows: saved,
    withinWindow,
    valueAtStake: sumValueAtStake([...rows, ...autoRows], today),
    autoRenewRows: savedAutoRenew,
  };
}

export const RENEWALS_PARTS = { renewals: computeRenewals };
