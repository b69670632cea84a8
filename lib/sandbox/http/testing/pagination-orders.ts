/**
 * The list orders by the spec's definitions (docs/readings.md, "Orders"), to sort the
 * independent answer as a list must come: customer and payment order fields, orders
 * of several fields, and every order the spec allows when a tie-breaker's direction
 * is not shown.
 */
import { HEALTHS, ids, type Rec } from "./pagination";

export type Cmp = (a: Rec, b: Rec) => number;
export const time = (v: unknown): number => (typeof v === "string" ? Date.parse(v) : Number.NaN);
export const num = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
export const str = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const money = (r: Rec, f: string) => (r[f] as { value: number }).value;

/** Customer amounts "compare the number alone"; none → 0; several currencies → last ascending. */
export function amountSortKey(v: unknown): number {
  const entries = Object.values((v ?? {}) as Record<string, { value: number }>);
  if (entries.length === 0) return 0;
  if (entries.length > 1) return Number.POSITIVE_INFINITY;
  return entries[0]!.value;
}
export const healthRank = (v: unknown) => HEALTHS.indexOf(v as (typeof HEALTHS)[number]);

export function customerField(field: string): Cmp {
  switch (field) {
    case "name":
      return (a, b) => str(a.name as string, b.name as string);
    case "contractHealth":
      return (a, b) => num(healthRank(a.contractHealth), healthRank(b.contractHealth));
    case "coverageContractStartAt": {
      // no coverageContractStartAt: last ascending, first descending
      const k = (r: Rec) =>
        r.coverageContractStartAt === null
          ? Number.POSITIVE_INFINITY
          : time(r.coverageContractStartAt);
      return (a, b) => num(k(a), k(b));
    }
    case "contractValueAmount":
    case "remainingToInvoiceAmount":
      return (a, b) => num(amountSortKey(a[field]), amountSortKey(b[field]));
    case "createdAt":
      return (a, b) => num(time(a.createdAt), time(b.createdAt));
    default:
      throw new Error(field);
  }
}

/** customerName may be null (unattributed payment): where nulls sort is not shown, so both are tried. */
export function paymentField(field: string, nullsHigh: boolean): Cmp {
  switch (field) {
    case "receivedDate":
      return (a, b) => num(time(a.receivedDate), time(b.receivedDate));
    case "customerName":
      return (a, b) => {
        const x = a.customerName as string | null;
        const y = b.customerName as string | null;
        if (x === null || y === null) {
          if (x === y) return 0;
          return (x === null) === nullsHigh ? 1 : -1;
        }
        return str(x, y);
      };
    case "bankFeeAmountCents": {
      const k = (r: Rec) => (r.bankFee as { amountCents: number } | null)?.amountCents ?? 0;
      return (a, b) => num(k(a), k(b));
    }
    case "amountCents":
    case "appliedAmountCents":
    case "unappliedAmountCents":
      return (a, b) => num(a[field] as number, b[field] as number);
    default:
      throw new Error(field);
  }
}

export function combine(parts: { cmp: Cmp; desc: boolean }[]): Cmp {
  return (a, b) => {
    for (const { cmp, desc } of parts) {
      const c = cmp(a, b);
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  };
}

/**
 * The orders the spec allows for `records` under `cmp`: "every order is made total by
 * id as the last tie-breaker"; the tie-breaker's direction is not shown, so both.
 */
export function expectedOrders(records: Rec[], cmps: Cmp[]): string[][] {
  const out: string[][] = [];
  for (const cmp of cmps)
    for (const idDesc of [false, true]) {
      const sorted = [...records].sort((a, b) => {
        const c = cmp(a, b);
        if (c !== 0) return c;
        return idDesc ? str(b.id, a.id) : str(a.id, b.id);
      });
      out.push(ids(sorted));
    }
  return out;
}

export function expectOneOf(actual: string[], allowed: string[][], where: string) {
  if (allowed.some((o) => o.length === actual.length && o.every((id, i) => actual[i] === id)))
    return;
  const first = allowed[0]!;
  const missing = first.filter((id) => !actual.includes(id));
  const extra = actual.filter((id) => !first.includes(id));
  const at = actual.findIndex((id, i) => first[i] !== id);
  throw new Error(
    `${where}: got ${actual.length} ids, expected ${first.length}; missing ${missing.length} ${JSON.stringify(missing.slice(0, 5))}, extra ${extra.length} ${JSON.stringify(extra.slice(0, 5))}, first difference at ${at}: ${actual[at]} vs ${first[at]}`,
  );
}
