import "server-only";
import type { IndexStore, SegmentRef } from "./index-store";
import { InvoiceSegment, SEGMENT_SIZE, type SharedStrings } from "./invoice-segment";
import type { InvoiceMatch } from "./types";

/** What a walk of the number index shares: where blocks go, and the blocks in memory by name. */
export interface SegmentWriting {
  store: IndexStore;
  shared: SharedStrings;
  /** every block of the index in memory, by its name in the store */
  segments: Map<string, InvoiceSegment>;
  now: () => number;
  /** names of blocks written since the manifest was last saved: deleted if it never is */
  written: string[];
  /** names of blocks replaced: deleted once the manifest no longer names them */
  replaced: string[];
}

/**
 * A list of blocks that grows at its end (the issued invoices, oldest first; the
 * unissued ones of a walk): full blocks stay as written, the last one is written
 * again, under a new name, each time it is saved with more rows.
 */
export class SegmentTail {
  private readonly sealed: SegmentRef[];
  private rows: InvoiceMatch[] = [];
  private written: SegmentRef | null = null;
  private changed = false;

  constructor(
    private readonly w: SegmentWriting,
    refs: SegmentRef[],
  ) {
    this.sealed = [...refs];
    const last = this.sealed.at(-1);
    const segment = last ? w.segments.get(last.key) : undefined;
    if (last && segment && last.count < SEGMENT_SIZE) {
      this.sealed.pop();
      this.written = last;
      this.rows = segment.rows();
    }
  }

  add(match: InvoiceMatch): void {
    this.rows.push(match);
    this.changed = true;
  }

  get full(): boolean {
    return this.rows.length >= SEGMENT_SIZE;
  }

  /** Writes the rows added since the last save; the blocks as the manifest names them now. */
  async save(): Promise<SegmentRef[]> {
    while (this.changed) {
      const rows = this.rows.slice(0, SEGMENT_SIZE);
      const segment = new InvoiceSegment(this.w.shared, rows);
      const ref = await this.w.store.writeSegment(segment, this.w.now());
      this.w.written.push(ref.key);
      this.w.segments.set(ref.key, segment);
      if (this.written) {
        this.w.replaced.push(this.written.key);
        // Dropped here too: a long walk's every save would otherwise stay in memory.
        this.w.segments.delete(this.written.key);
      }
      this.written = ref;
      if (rows.length === SEGMENT_SIZE) {
        this.sealed.push(ref);
        this.written = null;
        this.rows = this.rows.slice(SEGMENT_SIZE);
        this.changed = this.rows.length > 0;
      } else this.changed = false;
    }
    return this.refs();
  }

  refs(): SegmentRef[] {
    return this.written ? [...this.sealed, this.written] : [...this.sealed];
  }
}

/**
 * Blocks written whole from rows as they come (a list read again from its start),
 * SEGMENT_SIZE rows each: only the block being filled is held as rows.
 */
export class SegmentRun {
  private readonly tail: SegmentTail;

  constructor(w: SegmentWriting) {
    this.tail = new SegmentTail(w, []);
  }

  async add(match: InvoiceMatch): Promise<void> {
    this.tail.add(match);
    if (this.tail.full) await this.tail.save();
  }

  finish(): Promise<SegmentRef[]> {
    return this.tail.save();
  }
}
