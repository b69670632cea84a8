import "server-only";
import type { InvoiceRecord } from "@/lib/api/client";
import type { InvoiceMatch } from "./types";

/**
 * A block of the number index: up to SEGMENT_SIZE invoices in columns (numbers in one
 * string, ids as 16 bytes each, amounts and dates in typed arrays), about 85 bytes an
 * invoice where objects would take several hundred, and searched with the engine's
 * own string search over the joined numbers. Written once; a change makes a new one.
 * Written here rather than taken from a search library: those keep an inverted index
 * of terms, which finds words, not part of a number, at many times this memory.
 */

/** Invoices per segment: the unit written to the store and loaded by the other instances. */
export const SEGMENT_SIZE = 50_000;

/** A customer as invoices name it (an issued invoice keeps the name it was issued to). */
export interface Party {
  customerId: string;
  customerName: string | null;
}

/**
 * The strings many invoices share (their customer and name, status, currency), held
 * once for the whole index: each segment keeps small numbers pointing here.
 */
export class SharedStrings {
  private readonly parties = new Map<string, number>();
  readonly partyList: Party[] = [];
  private readonly words = new Map<string, number>();
  readonly wordList: string[] = [];

  party(customerId: string, customerName: string | null): number {
    const key = `${customerId}\n${customerName === null ? "\u0000" : customerName}`;
    let index = this.parties.get(key);
    if (index === undefined) {
      index = this.partyList.push({ customerId, customerName }) - 1;
      this.parties.set(key, index);
    }
    return index;
  }

  word(value: string): number {
    let index = this.words.get(value);
    if (index === undefined) {
      index = this.wordList.push(value) - 1;
      this.words.set(value, index);
    }
    return index;
  }
}

/** How a typed number compares: trimmed, a leading "#" dropped, upper-cased. */
export function numberKey(text: string): string {
  return text.trim().replace(/^#\s*/, "").toUpperCase();
}

/** An invoice as the index keeps it. */
export function toMatch(invoice: InvoiceRecord): InvoiceMatch {
  return {
    id: invoice.id.toLowerCase(),
    number: invoice.number,
    customerId: invoice.customerId.toLowerCase(),
    customerName: invoice.customerName,
    status: invoice.status,
    total: { value: invoice.totalAmount.value, currencyCode: invoice.totalAmount.currencyCode },
    issuedAt: invoice.issuedAt,
    periodStartAt: invoice.periodStartAt,
  };
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");

/** The id whose 16 bytes are the `row`th of `ids`, written as a uuid. */
export function idAt(ids: Buffer, row: number): string {
  const hex = ids.toString("hex", row * 16, row * 16 + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const iso = (ms: number) => new Date(ms).toISOString();

/** The place in `keys` of the key that holds position `at` (`starts`: where each key starts). */
function slotAt(starts: Uint32Array, count: number, at: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** How the key around position `at` of `keys` holds `key`: 0 it is the key, 1 ends it, 2 starts it, 3 inside. */
function rankAt(keys: string, key: string, at: number) {
  const start = keys.lastIndexOf("\n", at) + 1;
  const end = keys.indexOf("\n", at + key.length);
  const rank =
    end - start === key.length
      ? 0
      : keys.endsWith(key, end)
        ? 1
        : keys.startsWith(key, start)
          ? 2
          : 3;
  return { rank, start, end };
}

export class InvoiceSegment {
  readonly count: number;
  /**
   * "\n" + each upper-cased number + "\n", newest row first: a match's place says its
   * row, and a forward search (the engine's fast one) meets the newest first
   */
  private readonly keys: string;
  /** where each key starts in `keys`, in the order of `keys` (the last row's first) */
  private readonly starts: Uint32Array;
  /** the numbers as written, where one differs from its key (lower-case letters) */
  private readonly written: Map<number, string>;
  private readonly ids: Buffer;
  private readonly party: Uint32Array;
  private readonly status: Uint16Array;
  private readonly currency: Uint16Array;
  private readonly total: Float64Array;
  private readonly issued: Float64Array;
  readonly periodStart: Float64Array;

  constructor(
    private readonly shared: SharedStrings,
    matches: InvoiceMatch[],
  ) {
    const n = matches.length;
    this.count = n;
    this.starts = new Uint32Array(n);
    this.written = new Map();
    this.ids = Buffer.alloc(n * 16);
    this.party = new Uint32Array(n);
    this.status = new Uint16Array(n);
    this.currency = new Uint16Array(n);
    this.total = new Float64Array(n);
    this.issued = new Float64Array(n);
    this.periodStart = new Float64Array(n);
    const keys: string[] = [];
    matches.forEach((m, i) => {
      const key = numberKey(m.number).replaceAll("\n", " ");
      if (key !== m.number) this.written.set(i, m.number);
      keys.push(key);
      uuidBytes(m.id).copy(this.ids, i * 16);
      this.party[i] = shared.party(m.customerId, m.customerName);
      this.status[i] = shared.word(m.status);
      this.currency[i] = shared.word(m.total.currencyCode);
      this.total[i] = m.total.value;
      this.issued[i] = m.issuedAt === null ? Number.NaN : Date.parse(m.issuedAt);
      this.periodStart[i] = Date.parse(m.periodStartAt);
    });
    keys.reverse();
    let at = 1;
    keys.forEach((key, slot) => {
      this.starts[slot] = at;
      at += key.length + 1;
    });
    this.keys = `\n${keys.join("\n")}\n`;
  }

  id(row: number): string {
    return idAt(this.ids, row);
  }

  match(row: number): InvoiceMatch {
    const party = this.shared.partyList[this.party[row]!]!;
    const issued = this.issued[row]!;
    const start = this.starts[this.count - 1 - row]!;
    return {
      id: this.id(row),
      number: this.written.get(row) ?? this.keys.slice(start, this.keys.indexOf("\n", start)),
      customerId: party.customerId,
      customerName: party.customerName,
      status: this.shared.wordList[this.status[row]!]!,
      total: {
        value: this.total[row]!,
        currencyCode: this.shared.wordList[this.currency[row]!]!,
      },
      issuedAt: Number.isNaN(issued) ? null : iso(issued),
      periodStartAt: iso(this.periodStart[row]!),
    };
  }

  /** Every row, oldest first (a refresh carries some rows on into the next segment). */
  rows(): InvoiceMatch[] {
    return Array.from({ length: this.count }, (_, row) => this.match(row));
  }

  /**
   * Each key holding `key` (which has no "\n"), newest first, with how it holds it: 0
   * the number itself, 1 ending with it, 2 starting with it, 3 holding it. `visit`
   * gets the rank and the key's row, and returns whether to go on.
   */
  eachHolding(key: string, visit: (rank: number, row: number) => boolean): void {
    let from = 0;
    for (;;) {
      const at = this.keys.indexOf(key, from);
      if (at < 0) return;
      const { rank, start, end } = rankAt(this.keys, key, at);
      if (!visit(rank, this.count - 1 - slotAt(this.starts, this.count, start))) return;
      from = end + 1;
    }
  }

  /**
   * The rows whose key holds `needle` (a key, with "\n" at the end that must end
   * the number, at the start that must start it), newest first: `take` is called
   * with each until it returns false.
   */
  scan(needle: string, take: (row: number) => boolean): void {
    const lead = needle.startsWith("\n") ? 1 : 0;
    let from = 0;
    for (;;) {
      const at = this.keys.indexOf(needle, from);
      if (at < 0) return;
      const slot = slotAt(this.starts, this.count, at + lead);
      if (!take(this.count - 1 - slot) || slot === this.count - 1) return;
      // From the next key's leading "\n": a row is found once, however often it holds the needle.
      from = this.starts[slot + 1]! - 1;
    }
  }
}
