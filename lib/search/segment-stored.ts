import "server-only";
import { type InvoiceSegment, idAt } from "./invoice-segment";
import type { InvoiceMatch } from "./types";

/** A segment as the store keeps it (JSON). */
export interface StoredSegment {
  numbers: string[];
  /** the ids' 16 bytes each, base64 */
  ids: string;
  parties: [string, string | null][];
  party: number[];
  words: string[];
  status: number[];
  currency: number[];
  total: number[];
  issuedAt: (number | null)[];
  periodStartAt: number[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Numbers each distinct value in the order first met: a segment's own small tables. */
function localTable<T>() {
  const seen = new Map<string, number>();
  const values: T[] = [];
  return {
    values,
    of(key: string, value: T): number {
      let index = seen.get(key);
      if (index === undefined) {
        index = values.push(value) - 1;
        seen.set(key, index);
      }
      return index;
    },
  };
}

/** A segment in the store's form: its customers, statuses and currencies in tables of its own. */
export function segmentToStored(segment: InvoiceSegment): StoredSegment {
  const rows = segment.rows();
  const parties = localTable<[string, string | null]>();
  const words = localTable<string>();
  const ids = Buffer.alloc(rows.length * 16);
  rows.forEach((r, i) => {
    Buffer.from(r.id.replaceAll("-", ""), "hex").copy(ids, i * 16);
  });
  return {
    numbers: rows.map((r) => r.number),
    ids: ids.toString("base64"),
    party: rows.map((r) =>
      parties.of(JSON.stringify([r.customerId, r.customerName]), [r.customerId, r.customerName]),
    ),
    parties: parties.values,
    status: rows.map((r) => words.of(r.status, r.status)),
    currency: rows.map((r) => words.of(r.total.currencyCode, r.total.currencyCode)),
    words: words.values,
    total: rows.map((r) => r.total.value),
    issuedAt: rows.map((r) => (r.issuedAt === null ? null : Date.parse(r.issuedAt))),
    periodStartAt: rows.map((r) => Date.parse(r.periodStartAt)),
  };
}

/** The rows of a stored segment, for a segment of this instance's shared strings. */
export function storedMatches(stored: StoredSegment): InvoiceMatch[] {
  const ids = Buffer.from(stored.ids, "base64");
  return stored.numbers.map((number, i): InvoiceMatch => {
    const [customerId, customerName] = stored.parties[stored.party[i]!]!;
    const issued = stored.issuedAt[i] ?? null;
    return {
      id: idAt(ids, i),
      number,
      customerId,
      customerName,
      status: stored.words[stored.status[i]!]!,
      total: { value: stored.total[i]!, currencyCode: stored.words[stored.currency[i]!]! },
      issuedAt: issued === null ? null : iso(issued),
      periodStartAt: iso(stored.periodStartAt[i]!),
    };
  });
}
