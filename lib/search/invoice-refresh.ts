import "server-only";
import { asApiError } from "@/lib/api/errors";
import type { InvoiceManifest, SegmentRef } from "./index-store";
import { ALL_STATUSES, type BuildSteps, isFinal, OPEN_STATUSES } from "./invoice-build";
import { type InvoiceSegment, toMatch } from "./invoice-segment";
import { readInvoice, walkPages } from "./pages";
import { SegmentRun, SegmentTail, type SegmentWriting } from "./segment-tail";
import type { InvoiceMatch } from "./types";

const DAY_MS = 86_400_000;

/** The API refused the cursor kept from the last walk (it may not keep cursors for ever). */
export class CursorRefused extends Error {
  constructor() {
    super("The API refused the cursor kept from the last walk.");
    this.name = "CursorRefused";
  }
}
/** Unissued invoices planned within this many days (and all planned earlier) are read at each refresh. */
export const NEAR_DAYS = 32;
/** The rest of the unissued ones are read again once a day. */
export const FAR_EVERY_MS = DAY_MS;

const open = `statuses=${OPEN_STATUSES.join(",")}`;
const iso = (ms: number) => new Date(ms).toISOString();

export interface RefreshSteps extends BuildSteps {
  /** UTC midnight of today */
  today: number;
}

/** What a refresh read: the new issued invoices, and each unissued invoice by id. */
interface Readings {
  finals: SegmentTail;
  /** ids of the invoices added to `finals` by this refresh */
  finalIds: Set<string>;
  /** unissued invoices created since the last read, by id */
  tailOpens: Map<string, InvoiceMatch>;
  /** unissued invoices planned before `nearFrom`, read now, by id */
  near: Map<string, InvoiceMatch>;
  /** ids of the unissued invoices planned from `nearFrom` on, read now (a day's far reading) */
  farIds: Set<string> | null;
}

/**
 * Brings the number index up to date cheaply: an issued invoice's number never
 * changes, so only these are read again.
 *
 * 1. New invoices: the list in creation order (the API's default), from the cursor
 *    the last walk stopped at (the API lets a cursor be kept; it has no filter on the
 *    creation date, and a filter on the issue date would miss an invoice issued
 *    backdated).
 * 2. Once a day, the unissued invoices planned from NEAR_DAYS ahead on.
 * 3. Each time, the unissued invoices planned before that: those about to be issued.
 * 4. An unissued invoice read before that is in neither reading now has been issued
 *    or voided (or moved): it is read by id, and kept as it is now.
 */
export async function refreshInvoices(
  steps: RefreshSteps,
  start: InvoiceManifest,
): Promise<InvoiceManifest> {
  const { w, walk } = steps;
  const now = w.now();
  const pagesBefore = walk.progress.pages;
  const nearFrom = steps.today + NEAR_DAYS * DAY_MS;
  const farDue = start.farReadAt === null || now - start.farReadAt >= FAR_EVERY_MS;
  const finals = new SegmentTail(w, start.finals);
  const finalIds = new Set<string>();
  const tailOpens = new Map<string, InvoiceMatch>();
  let cursor = start.cursor;
  try {
    for await (const page of walkPages(walk, "invoices", ALL_STATUSES, cursor)) {
      for (const match of page.rows.map(toMatch))
        if (isFinal(match.status)) {
          finals.add(match);
          finalIds.add(match.id);
        } else tailOpens.set(match.id, match);
      cursor = page.cursor;
    }
  } catch (error) {
    if (cursor === start.cursor && cursor && asApiError(error).kind === "bad-request")
      throw new CursorRefused();
    throw error;
  }
  const far = farDue ? await readFar(steps, nearFrom) : null;
  const near = new Map<string, InvoiceMatch>();
  const nearQuery = `${open}&periodStartBefore=${iso(nearFrom)}`;
  for await (const page of walkPages(walk, "invoices", nearQuery))
    for (const match of page.rows.map(toMatch)) near.set(match.id, match);
  const readings: Readings = { finals, finalIds, tailOpens, near, farIds: far?.ids ?? null };
  await readLeavers(steps, start, nearFrom, readings);
  const nearRefs = await writeNear(w, start, nearFrom, readings);
  w.replaced.push(...start.near.map((r) => r.key));
  if (far) w.replaced.push(...start.far.map((r) => r.key));
  const manifest: InvoiceManifest = {
    ...start,
    cursor,
    finals: await finals.save(),
    far: far?.refs ?? start.far,
    farReadAt: far ? now : start.farReadAt,
    near: nearRefs,
    nearFrom,
    refreshedAt: w.now(),
    error: null,
    lastRefresh: { pages: walk.progress.pages - pagesBefore, ms: w.now() - now },
  };
  await steps.commit(manifest);
  return manifest;
}

/** The unissued invoices planned from `nearFrom` on, written as new far blocks. */
async function readFar(steps: RefreshSteps, nearFrom: number) {
  const run = new SegmentRun(steps.w);
  const ids = new Set<string>();
  const query = `${open}&periodStartAtOrAfter=${iso(nearFrom)}`;
  for await (const page of walkPages(steps.walk, "invoices", query))
    for (const match of page.rows.map(toMatch)) {
      ids.add(match.id);
      await run.add(match);
    }
  return { refs: await run.finish(), ids };
}

const segmentsOf = (w: SegmentWriting, refs: SegmentRef[]): InvoiceSegment[] =>
  refs.map((ref) => {
    const segment = w.segments.get(ref.key);
    if (!segment) throw new Error(`the number index's block ${ref.key} is not loaded`);
    return segment;
  });

/**
 * The unissued invoices known before this refresh whose reading now should include
 * them, but does not: planned before `nearFrom` (and, on a far day, after) and
 * neither read again nor found issued among the new ones. Each is read by id.
 */
async function readLeavers(
  steps: RefreshSteps,
  start: InvoiceManifest,
  nearFrom: number,
  r: Readings,
) {
  const { w } = steps;
  const oldNearFrom = start.nearFrom ?? Number.NEGATIVE_INFINITY;
  const inReach = (periodStart: number) => periodStart < nearFrom || r.farIds !== null;
  const check = async (id: string) => {
    if (r.finalIds.has(id) || r.near.has(id) || r.farIds?.has(id)) return;
    const invoice = await readInvoice(steps.walk, id);
    if (!invoice) return;
    const match = toMatch(invoice);
    if (isFinal(match.status)) {
      r.finals.add(match);
      r.finalIds.add(match.id);
    } else r.near.set(match.id, match);
  };
  const oldNearIds = new Set<string>();
  const known = new Set<string>();
  for (const segment of segmentsOf(w, start.near))
    for (let row = 0; row < segment.count; row++) {
      const id = segment.id(row);
      oldNearIds.add(id);
      if (inReach(segment.periodStart[row]!)) known.add(id);
    }
  for (const match of r.tailOpens.values())
    if (inReach(Date.parse(match.periodStartAt))) known.add(match.id);
  for (const id of known) await check(id);
  // Far rows one by one: on a far day they are most of the unissued invoices.
  for (const segment of segmentsOf(w, start.far))
    for (let row = 0; row < segment.count; row++) {
      const periodStart = segment.periodStart[row]!;
      // Planned before the old boundary: an earlier refresh read it again already.
      if (periodStart < oldNearFrom || !inReach(periodStart)) continue;
      const id = segment.id(row);
      if (!oldNearIds.has(id)) await check(id);
    }
}

/**
 * The new near blocks: what was read now, and, between far readings, the unissued
 * invoices planned further out that were created since (or moved out there), whose
 * reading stays the newest until the next far reading.
 */
async function writeNear(
  w: SegmentWriting,
  start: InvoiceManifest,
  nearFrom: number,
  r: Readings,
): Promise<SegmentRef[]> {
  const rows = new Map(r.near);
  if (!r.farIds) {
    // The newer reading first: those created since, then those carried from the last refresh.
    const carried = [
      ...r.tailOpens.values(),
      ...segmentsOf(w, start.near).flatMap((segment) => segment.rows()),
    ];
    for (const match of carried)
      if (Date.parse(match.periodStartAt) >= nearFrom && !r.finalIds.has(match.id))
        rows.set(match.id, rows.get(match.id) ?? match);
  }
  const run = new SegmentRun(w);
  for (const match of rows.values()) await run.add(match);
  return run.finish();
}
