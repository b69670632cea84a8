import "server-only";
import { INVOICE_STATUSES } from "@/lib/api/enums";
import type { WalkContext } from "@/lib/insights/walker";
import type { InvoiceManifest } from "./index-store";
import { toMatch } from "./invoice-segment";
import { walkPages } from "./pages";
import { SegmentTail, type SegmentWriting } from "./segment-tail";

/** Every status, voided included (the API leaves voided invoices out unless asked). */
export const ALL_STATUSES = `statuses=${INVOICE_STATUSES.join(",")}`;
/** The statuses whose number may still change. */
export const OPEN_STATUSES = ["DRAFT", "APPROVED", "ISSUING"];

/**
 * Whether an invoice's entry is final: issued (its number is frozen) or voided (the
 * service changes it no more). A status the spec does not name is kept as read:
 * reading it again at each refresh would find it unchanged each time.
 */
export function isFinal(status: string): boolean {
  return !OPEN_STATUSES.includes(status);
}

/** The first walk saves what it read (and where it got to) this often, for viewers and for a restart. */
export const CHECKPOINT_MS = 10_000;

export function newInvoiceManifest(now: number): InvoiceManifest {
  return {
    v: 1,
    state: "building",
    startedAt: now,
    builtAt: null,
    refreshedAt: null,
    pages: 0,
    rows: 0,
    reachedCreatedAt: null,
    cursor: null,
    finals: [],
    far: [],
    farReadAt: null,
    near: [],
    nearFrom: null,
    error: null,
  };
}

export interface BuildSteps {
  w: SegmentWriting;
  walk: WalkContext;
  /** saves the manifest and makes it this instance's index (the others follow the store) */
  commit: (manifest: InvoiceManifest) => Promise<void>;
}

/**
 * The first walk of the number index: every invoice, oldest created first, each
 * issued or voided one into `finals` and each unissued one into `far` (the next
 * refresh reads again those planned soon). It goes on from `manifest.cursor`, so a
 * walk cut short (a restart, an instance gone) continues where it was last saved,
 * every CHECKPOINT_MS and at each full block: what it has read is searched
 * meanwhile, and the manifest says how far it got.
 */
export async function buildInvoices(
  steps: BuildSteps,
  start: InvoiceManifest,
): Promise<InvoiceManifest> {
  const { w, walk, commit } = steps;
  let manifest = start;
  const finals = new SegmentTail(w, manifest.finals);
  const opens = new SegmentTail(w, manifest.far);
  const save = async (more: Partial<InvoiceManifest>) => {
    manifest = { ...manifest, finals: await finals.save(), far: await opens.save(), ...more };
    await commit(manifest);
  };
  // Said at once: the search tells how far the walk has got from its first page on.
  if (manifest.pages === 0) await commit(manifest);
  let savedAt = w.now();
  for await (const page of walkPages(walk, "invoices", ALL_STATUSES, manifest.cursor)) {
    for (const row of page.rows) (isFinal(row.status) ? finals : opens).add(toMatch(row));
    manifest = {
      ...manifest,
      pages: manifest.pages + 1,
      rows: manifest.rows + page.rows.length,
      cursor: page.cursor,
      reachedCreatedAt: page.rows.at(-1)?.createdAt ?? manifest.reachedCreatedAt,
    };
    if (finals.full || opens.full || w.now() - savedAt >= CHECKPOINT_MS) {
      await save({});
      savedAt = w.now();
    }
  }
  const now = w.now();
  await save({
    state: "ready",
    builtAt: now,
    refreshedAt: now,
    // What it read as unissued is as old as the walk: the far part's reading time.
    farReadAt: manifest.startedAt,
    error: null,
  });
  return manifest;
}
