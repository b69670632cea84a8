import "server-only";
import type { Fetcher } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import type { PageBudget } from "@/lib/insights/budget";
import { createWalkContext, type WalkContext } from "@/lib/insights/walker";
import type { SharedStore } from "@/lib/shared-state/store";
import { CustomerIndex, customerRow } from "./customer-index";
import type { InvoiceManifest } from "./index-store";
import { buildInvoices, newInvoiceManifest } from "./invoice-build";
import { CursorRefused, refreshInvoices } from "./invoice-refresh";
import type { LoadedIndex } from "./loaded-index";
import { walkPages } from "./pages";
import type { SegmentWriting } from "./segment-tail";

/** A walk that failed is tried again after this long (the API down, a key refused). */
export const RETRY_AFTER_MS = 60_000;

/** What the walks of one instance need. */
export interface WalkEnv {
  locks: SharedStore;
  budget: PageBudget;
  fetcher?: Fetcher;
  refreshIntervalMs: number;
  lockTtlMs: number;
  now: () => number;
  /** UTC midnight of today */
  today: () => number;
  /** stopped: writes nothing more (a killed instance, in tests) */
  dead: () => boolean;
}

export type IndexKind = "invoices" | "customers";

class LockLost extends Error {
  constructor() {
    super("The search index's lock was lost to another instance.");
    this.name = "LockLost";
  }
}

/** Whether a part is due: never read, its last reading older than the interval, a failure long enough ago. */
function due(
  env: WalkEnv,
  readAt: number | null,
  error: { at: number } | null,
  building = false,
): boolean {
  if (error && env.now() - error.at < RETRY_AFTER_MS) return false;
  return building || readAt === null || env.now() - readAt >= env.refreshIntervalMs;
}

export function invoicesDue(env: WalkEnv, m: InvoiceManifest | null): boolean {
  return !m || due(env, m.refreshedAt, m.error, m.state === "building");
}

export function customersDue(env: WalkEnv, loaded: LoadedIndex): boolean {
  const m = loaded.customerManifest;
  return !m || due(env, m.readAt, m.error);
}

/**
 * Runs the walk of one index under its lock (one walker per index across the
 * instances; the lock expires if its instance dies, and is extended while the walk
 * goes on). Nothing happens when another instance holds it, or when, once held, the
 * index turns out to be up to date (another instance just walked it).
 */
export async function walkUnderLock(env: WalkEnv, loaded: LoadedIndex, kind: IndexKind) {
  const lockKey = `search:${loaded.store.source}:${kind}`;
  // The shared store away (Redis not answering): no walk now, the next tick asks again.
  const token = await env.locks.acquireLock(lockKey, env.lockTtlMs).catch((error: Error) => {
    console.error(`[search] the ${kind} walk's lock could not be asked for: ${error.message}`);
    return null;
  });
  if (!token) return;
  const abort = new AbortController();
  const heartbeat = setInterval(() => {
    if (env.dead()) return abort.abort(new LockLost());
    env.locks.extendLock(lockKey, token, env.lockTtlMs).then(
      (held) => held || abort.abort(new LockLost()),
      () => {}, // Redis away for a moment: the next beat tries again
    );
  }, env.lockTtlMs / 3);
  heartbeat.unref?.();
  const walk = createWalkContext({
    fetcher: env.fetcher,
    budget: env.budget,
    concurrency: 1,
    signal: abort.signal,
  });
  const stillHeld = async () => {
    if (env.dead() || !(await env.locks.extendLock(lockKey, token, env.lockTtlMs)))
      throw new LockLost();
  };
  try {
    await loaded.sync();
    if (kind === "customers") await walkCustomers(env, loaded, walk, stillHeld);
    else await walkInvoices(env, loaded, walk, stillHeld);
  } catch (error) {
    if (!(error instanceof LockLost) && !(abort.signal.reason instanceof LockLost) && !env.dead())
      await recordFailure(env, loaded, kind, error);
  } finally {
    clearInterval(heartbeat);
    if (!env.dead()) await env.locks.releaseLock(lockKey, token).catch(() => {});
  }
}

async function walkInvoices(
  env: WalkEnv,
  loaded: LoadedIndex,
  walk: WalkContext,
  stillHeld: () => Promise<void>,
) {
  let manifest = loaded.invoiceManifest;
  if (!invoicesDue(env, manifest)) return;
  const w: SegmentWriting = {
    store: loaded.store,
    shared: loaded.shared,
    segments: new Map(loaded.segments),
    now: env.now,
    written: [],
    replaced: [],
  };
  const commit = async (next: InvoiceManifest) => {
    await stillHeld();
    await loaded.store.writeInvoiceManifest(next);
    w.written.length = 0;
    loaded.applyInvoices(next, w.segments);
    for (const key of w.replaced.splice(0)) await loaded.store.deleteBlob(key);
  };
  const steps = { w, walk, commit, today: env.today() };
  try {
    manifest ??= newInvoiceManifest(env.now());
    if (manifest.state === "building") manifest = await buildInvoices(steps, manifest);
    await refreshInvoices(steps, manifest);
  } catch (error) {
    // Blocks written for a manifest never saved: nobody reads them.
    for (const key of w.written.splice(0)) await loaded.store.deleteBlob(key);
    if (!(error instanceof CursorRefused)) throw error;
    // The list is read again from its start; the old blocks go once the new manifest is saved.
    console.error(`[search] ${error.message} The number index is built again.`);
    w.replaced.push(...loaded.segments.keys());
    await commit(newInvoiceManifest(env.now()));
  }
}

async function walkCustomers(
  env: WalkEnv,
  loaded: LoadedIndex,
  walk: WalkContext,
  stillHeld: () => Promise<void>,
) {
  if (!customersDue(env, loaded)) return;
  const rows = [];
  for await (const page of walkPages(walk, "customers", ""))
    for (const record of page.rows) rows.push(customerRow(record));
  const index = CustomerIndex.fromRows(rows);
  const key = await loaded.store.writeBlob(index.toStored());
  const manifest = { v: 1 as const, key, count: index.count, readAt: env.now(), error: null };
  const replaced = loaded.customerManifest?.key;
  try {
    await stillHeld();
    await loaded.store.writeCustomerManifest(manifest);
  } catch (error) {
    await loaded.store.deleteBlob(key);
    throw error;
  }
  loaded.applyCustomers(manifest, index);
  if (replaced) await loaded.store.deleteBlob(replaced);
}

/** A failed walk: said in the log and in the manifest (viewers are told; it is tried again later). */
async function recordFailure(env: WalkEnv, loaded: LoadedIndex, kind: IndexKind, error: unknown) {
  const message = asApiError(error).message;
  console.error(`[search] the ${kind} index could not be read: ${message}`);
  const failure = { message, at: env.now() };
  try {
    if (kind === "invoices") {
      const manifest = {
        ...(loaded.invoiceManifest ?? newInvoiceManifest(env.now())),
        error: failure,
      };
      await loaded.store.writeInvoiceManifest(manifest);
      loaded.applyInvoices(manifest, loaded.segments);
    } else {
      const held = loaded.customerManifest;
      const manifest = {
        v: 1 as const,
        key: null,
        count: 0,
        readAt: null,
        ...held,
        error: failure,
      };
      await loaded.store.writeCustomerManifest(manifest);
      loaded.applyCustomers(manifest, loaded.customers);
    }
  } catch (storeError) {
    console.error(`[search] the failure could not be kept: ${(storeError as Error).message}`);
  }
}
