/**
 * What the tests of GET /invoices and GET /invoices/{id} share (docs/api.md,
 * "GET /invoices", "Invoice"; docs/readings.md, "Invoices", "Dates"): the whole list
 * in every status, read once per worker, and the spec's definition of every filter
 * and order over it, to compare with what the API answers, id by id and in order.
 */
import { expect } from "vitest";
import type { Contract, Customer, Invoice } from "@/lib/api/schemas";
import { expectSameIds, ids, ms } from "../../testing/compare";
import { walkForward } from "../../testing/sandbox";
import { SPEC_INVOICE_STATUSES } from "../../testing/spec-terms";

export const STATUSES = SPEC_INVOICE_STATUSES;
export const EVERY_STATUS = STATUSES.join(",");
const DEFAULT_STATUSES = new Set<string>(["DRAFT", "APPROVED", "ISSUING", "ISSUED"]);
export const DAY = 86_400_000;
export const NOW = Date.parse(process.env.SANDBOX_NOW ?? "2026-11-22T09:30:00.000Z");
export const TODAY = Math.floor(NOW / DAY) * DAY;

export const byIdAsc = (a: { id: string }, b: { id: string }) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
/** The issue-date measure of the spec: `issuedAt`, or `periodStartAt` while `issuedAt` is null. */
export const issueMeasure = (inv: Invoice) => ms(inv.issuedAt ?? inv.periodStartAt);
export const isIssued = (inv: Invoice) => inv.status === "ISSUED";
export const day = (isoTime: string) => isoTime.slice(0, 10);

export function countBy<T>(rows: T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/** Keys of `counts` from the most frequent down. */
export function mostFrequent(counts: Map<string, number>): string[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k]) => k);
}

export interface InvoiceData {
  /** Every invoice of the demo business, every status, as the list returns them by default. */
  all: Invoice[];
  /** The list with no `statuses`: the spec's default. */
  defaultList: Invoice[];
  customers: Customer[];
  contracts: Contract[];
  // Fixtures chosen from the data once it is read.
  /** The customers with the most invoices, most first. */
  customerA: string;
  customerB: string;
  customerC: string;
  /** The contract with the most VOIDED invoices. */
  contractWithVoided: string;
}

let data: InvoiceData | undefined;

async function reallyLoadInvoiceData(): Promise<InvoiceData> {
  const [all, defaultList, customers, contracts] = await Promise.all([
    walkForward<Invoice>(`/invoices?statuses=${EVERY_STATUS}`),
    walkForward<Invoice>("/invoices"),
    walkForward<Customer>("/customers"),
    walkForward<Contract>("/contracts?statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED"),
  ]);
  const perCustomer = mostFrequent(countBy(all, (inv) => inv.customerId));
  const [customerA, customerB, customerC] = perCustomer as [string, string, string];
  const voidedPerContract = countBy(
    all.filter((inv) => inv.status === "VOIDED"),
    (inv) => inv.contractId,
  );
  const contractWithVoided = mostFrequent(voidedPerContract)[0]!;
  data = {
    all,
    defaultList,
    customers,
    contracts,
    customerA,
    customerB,
    customerC,
    contractWithVoided,
  };
  return data;
}

let loaded: Promise<InvoiceData> | undefined;

/** The four whole lists and the fixtures chosen from them, walked once per worker (the data is read-only). */
export function loadInvoiceData(): Promise<InvoiceData> {
  loaded ??= reallyLoadInvoiceData();
  return loaded;
}

/** The whole list, once `loadInvoiceData()` has read it (each test file awaits it in `beforeAll`). */
function loadedInvoices(): Invoice[] {
  if (!data) throw new Error("loadInvoiceData() has not finished: await it in beforeAll");
  return data.all;
}

/** Ids of a whole list read from the API with this query. */
export async function listIds(query: string): Promise<string[]> {
  return ids(await walkForward<Invoice>(`/invoices?${query}`));
}

/**
 * The spec's definition of a filter, over the in-memory list: `statuses` (default
 * every status but VOIDED), then `keep`, in creation order, or by `issuedAt` when asked.
 */
export function expected(
  keep: (inv: Invoice) => boolean,
  options: { statuses?: readonly string[]; order?: "ASC" | "DESC" } = {},
): string[] {
  const statuses = options.statuses ? new Set(options.statuses) : DEFAULT_STATUSES;
  const rows = loadedInvoices().filter((inv) => statuses.has(inv.status) && keep(inv));
  if (options.order) {
    const sign = options.order === "ASC" ? 1 : -1;
    rows.sort((a, b) => sign * (issueMeasure(a) - issueMeasure(b)) || byIdAsc(a, b));
  }
  return ids(rows);
}

/** Requests `query` and compares with the spec's answer; the answer must be neither empty nor everything unless `allowEmpty`. */
export async function check(
  query: string,
  keep: (inv: Invoice) => boolean,
  options: { statuses?: readonly string[]; order?: "ASC" | "DESC"; allowEmpty?: boolean } = {},
) {
  const want = expected(keep, options);
  if (!options.allowEmpty)
    expect(
      want.length,
      `${query}: the demo data should make this filter select something`,
    ).toBeGreaterThan(0);
  const statusParam = options.statuses ? `statuses=${options.statuses.join(",")}&` : "";
  const orderParam = options.order ? `&orderBy=issuedAt:${options.order}` : "";
  expectSameIds(await listIds(`${statusParam}${query}${orderParam}`), want, query || "(no filter)");
  return want;
}

/** Ids of the invoices of the whole list that break `rule`. */
export function violations(rule: (inv: Invoice) => boolean): string[] {
  return loadedInvoices()
    .filter((inv) => !rule(inv))
    .map((inv) => inv.id);
}
