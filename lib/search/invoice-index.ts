import "server-only";
import { type InvoiceSegment, numberKey, SharedStrings } from "./invoice-segment";
import { COUNTED_MATCHES, type InvoiceMatch, SHOWN_MATCHES } from "./types";

/**
 * The number index in memory: every invoice's number with what tells it apart.
 *
 * - `finals`: issued and voided invoices, oldest created first. An issued invoice's
 *   number never changes (nor does a voided one), so these are read once.
 * - `far`: unissued invoices planned to issue after `nearFrom` as last read (the
 *   whole list of them is read again once a day).
 * - `near`: unissued invoices planned before `nearFrom`, read again at each refresh,
 *   with the unissued ones created since the far read. Where an invoice is in both,
 *   `near` is the newer reading: a far row is skipped when its invoice is planned
 *   before `nearFrom` (near holds it, or it has been issued since) or is in `near`.
 */
export interface InvoiceIndexParts {
  finals: InvoiceSegment[];
  far: InvoiceSegment[];
  near: InvoiceSegment[];
  /** where near ends and far begins (ms); -Infinity while there is no near reading */
  nearFrom: number;
}

export interface InvoiceFound {
  shown: InvoiceMatch[];
  counted: number;
  more: boolean;
}

export class InvoiceIndex {
  readonly count: number;
  private readonly nearIds: Set<string>;

  constructor(
    readonly shared: SharedStrings,
    readonly parts: InvoiceIndexParts,
  ) {
    this.nearIds = new Set(
      parts.near.flatMap((s) => Array.from({ length: s.count }, (_, row) => s.id(row))),
    );
    // Far rows that near read again are counted twice: a handful, not worth reading every id for.
    let far = 0;
    for (const segment of parts.far)
      for (const ms of segment.periodStart) if (ms >= parts.nearFrom) far++;
    this.count =
      parts.finals.reduce((n, s) => n + s.count, 0) +
      parts.near.reduce((n, s) => n + s.count, 0) +
      far;
  }

  static empty(): InvoiceIndex {
    return new InvoiceIndex(new SharedStrings(), {
      finals: [],
      far: [],
      near: [],
      nearFrom: Number.NEGATIVE_INFINITY,
    });
  }

  /** Whether a far row still stands (near holds no newer reading of its invoice). */
  private farCounts(segment: InvoiceSegment, row: number): boolean {
    return segment.periodStart[row]! >= this.parts.nearFrom && !this.nearIds.has(segment.id(row));
  }

  /**
   * The segments a search reads, each with the rows that stand: issued invoices first,
   * newest first (the numbers customers hold), then those about to be issued, then
   * those planned further out.
   */
  private searched(): [InvoiceSegment, (row: number) => boolean][] {
    const all = () => true;
    return [
      ...[...this.parts.finals].reverse().map((s) => [s, all] as [InvoiceSegment, typeof all]),
      ...this.parts.near.map((s) => [s, all] as [InvoiceSegment, typeof all]),
      ...this.parts.far.map(
        (s) => [s, (row: number) => this.farCounts(s, row)] as [InvoiceSegment, typeof all],
      ),
    ];
  }

  /** The invoice numbered exactly `number` (case and a leading "#" aside), or null. */
  exact(number: string): InvoiceMatch | null {
    const key = numberKey(number);
    if (!key || key.includes("\n")) return null;
    let found: InvoiceMatch | null = null;
    for (const [segment, stands] of this.searched()) {
      segment.scan(`\n${key}\n`, (row) => {
        if (stands(row)) found = segment.match(row);
        return found === null;
      });
      if (found) return found;
    }
    return null;
  }

  /**
   * The invoices whose number holds `text`: the number itself first, then numbers
   * ending with it (people read out the end of a number), starting with it, and
   * holding it; within each, issued ones newest first, then unissued ones. Counted up to `cap`.
   */
  find(text: string, shown = SHOWN_MATCHES, cap = COUNTED_MATCHES): InvoiceFound {
    const key = numberKey(text);
    if (!key || key.includes("\n")) return { shown: [], counted: 0, more: false };
    return this.findInOnePass(key, shown, cap) ?? findRankByRank(this.searched(), key, shown, cap);
  }

  /**
   * One scan of every number for `key`, each hit ranked where it is found: the
   * cheapest way when few numbers hold it. Null when more than `cap` do (a few
   * digits): then a scan per rank stops sooner.
   */
  private findInOnePass(key: string, shown: number, cap: number): InvoiceFound | null {
    const firsts: InvoiceMatch[][] = [[], [], [], []];
    const taken = new Set<string>();
    let counted = 0;
    for (const [segment, stands] of this.searched()) {
      segment.eachHolding(key, (rank, row) => {
        if (!stands(row)) return true;
        const id = segment.id(row);
        if (taken.has(id)) return true;
        taken.add(id);
        counted += 1;
        if (firsts[rank]!.length < shown) firsts[rank]!.push(segment.match(row));
        return counted <= cap;
      });
      if (counted > cap) return null;
    }
    return { shown: firsts.flat().slice(0, shown), counted, more: false };
  }
}

type Searched = [InvoiceSegment, (row: number) => boolean][];

/** A scan per rank (the number itself, ending, starting, holding), each stopping at `cap`. */
function findRankByRank(searched: Searched, key: string, shown: number, cap: number): InvoiceFound {
  const taken = new Set<string>();
  const matches: InvoiceMatch[] = [];
  let more = false;
  for (const needle of [`\n${key}\n`, `${key}\n`, `\n${key}`, key]) {
    for (const [segment, stands] of searched) {
      segment.scan(needle, (row) => {
        if (!stands(row)) return true;
        const id = segment.id(row);
        if (taken.has(id)) return true;
        if (matches.length === cap) {
          more = true;
          return false;
        }
        taken.add(id);
        matches.push(segment.match(row));
        return true;
      });
      if (more) break;
    }
    if (more) break;
  }
  return { shown: matches.slice(0, shown), counted: matches.length, more };
}
