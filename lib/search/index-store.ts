import "server-only";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { insightsDataDir } from "@/lib/insights/config";
import { diskResultStore, type ResultStore, sharedResultStore } from "@/lib/insights/result-store";
import type { SharedStore } from "@/lib/shared-state/store";
import { InvoiceSegment, type SharedStrings } from "./invoice-segment";
import { type StoredSegment, segmentToStored, storedMatches } from "./segment-stored";

/**
 * Where the search indexes are kept, so that every instance reads what one walked and
 * a restart finds them: the insights' result store (Redis when the instances share
 * one, else files under INSIGHTS_DATA_DIR/search), in a collection of their own so
 * that the insights' results and the index never push each other out.
 *
 * Each index has a manifest naming its blocks ("blobs": segments of the number
 * index, the customers); a block is written once under a new name and the manifest
 * switched to it after, so a reader never sees half an index.
 */

/** A block of the number index as the manifest names it. */
export interface SegmentRef {
  key: string;
  count: number;
  /** when it was written: a block kept unchanged is written again before the store's age limit */
  writtenAt: number;
}

export interface InvoiceManifest {
  v: 1;
  /** `building`: the first walk has not reached the end of the list yet */
  state: "building" | "ready";
  startedAt: number;
  /** when the first walk reached the end */
  builtAt: number | null;
  /** when the index was last brought up to date (the first walk's end, then each refresh) */
  refreshedAt: number | null;
  /** pages and invoices the first walk has read */
  pages: number;
  rows: number;
  /** the creation time of the last invoice the walk read, ISO */
  reachedCreatedAt: string | null;
  /** where the next read of the list in creation order starts (API cursor), null: at its start */
  cursor: string | null;
  finals: SegmentRef[];
  far: SegmentRef[];
  farReadAt: number | null;
  near: SegmentRef[];
  /** where near ends and far begins (ms); null: no near reading yet */
  nearFrom: number | null;
  error: { message: string; at: number } | null;
  /** what the last refresh cost: API pages (by id too) and time; absent before the first */
  lastRefresh?: { pages: number; ms: number } | null;
}

export interface CustomerManifest {
  v: 1;
  key: string | null;
  count: number;
  readAt: number | null;
  error: { message: string; at: number } | null;
}

/** A block kept untouched this long is written again (the store drops what is not written for 30 days). */
export const RENEW_AFTER_MS = 7 * 86_400_000;
const KEPT_MS = 30 * 86_400_000;
/** Blocks of every source's indexes kept at most: ~30 per million invoices. */
const MOST_BLOCKS = 5_000;

/** The store of the search indexes beside the insights' results. */
export function searchResultStore(store: SharedStore): ResultStore {
  const bounds = { maxAgeMs: KEPT_MS, maxEntries: MOST_BLOCKS };
  return store.kind === "redis"
    ? sharedResultStore(store, { bounds, collection: "search-index" })
    : diskResultStore(path.join(insightsDataDir(), "search"), { bounds });
}

/** The search indexes of one API source in the store. */
export class IndexStore {
  constructor(
    readonly results: ResultStore,
    readonly source: string,
  ) {}

  private name(what: string): string {
    return `search:${this.source}:${what}`;
  }

  private async readJson<T>(what: string): Promise<T | null> {
    const text = await this.results.get(this.name(what));
    return text ? (JSON.parse(text) as T) : null;
  }

  invoiceManifest(): Promise<InvoiceManifest | null> {
    return this.readJson<InvoiceManifest>("invoices");
  }

  customerManifest(): Promise<CustomerManifest | null> {
    return this.readJson<CustomerManifest>("customers");
  }

  async writeInvoiceManifest(manifest: InvoiceManifest): Promise<void> {
    await this.results.set(this.name("invoices"), JSON.stringify(manifest));
  }

  async writeCustomerManifest(manifest: CustomerManifest): Promise<void> {
    await this.results.set(this.name("customers"), JSON.stringify(manifest));
  }

  /** Writes a block under a new name: the name. */
  async writeBlob(text: string): Promise<string> {
    const key = randomUUID();
    await this.results.set(this.name(`blob:${key}`), text);
    return key;
  }

  /** Writes a block again under its own name (its age starts again). */
  async renewBlob(key: string, text: string): Promise<void> {
    await this.results.set(this.name(`blob:${key}`), text);
  }

  /** The block, or null when it is gone (replaced since its manifest was read). */
  readBlob(key: string): Promise<string | null> {
    return this.results.get(this.name(`blob:${key}`));
  }

  async deleteBlob(key: string): Promise<void> {
    await this.results.delete(this.name(`blob:${key}`)).catch(() => {});
  }

  async writeSegment(segment: InvoiceSegment, now: number): Promise<SegmentRef> {
    const key = await this.writeBlob(JSON.stringify(segmentToStored(segment)));
    return { key, count: segment.count, writtenAt: now };
  }

  async readSegment(shared: SharedStrings, ref: SegmentRef): Promise<InvoiceSegment | null> {
    const text = await this.readBlob(ref.key);
    return text
      ? new InvoiceSegment(shared, storedMatches(JSON.parse(text) as StoredSegment))
      : null;
  }
}
