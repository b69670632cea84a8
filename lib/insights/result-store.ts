import "server-only";
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { ApiRequestError } from "@/lib/api/errors";
import type { EntryBounds, SharedStore } from "@/lib/shared-state/store";
import { insightsDataDir } from "./config";
import { identifierSecret } from "./identifier-secret";

export { insightsDataDir };

/**
 * Where finished walks are kept so that they outlive the process that walked them:
 * in Redis when the instances share one (every instance reads what any walked), on
 * disk under .data/ for a single instance (a restart shows the last result at once).
 * Values are strings; callers serialise.
 *
 * Each key is stored under a keyed hash of it (storedName): a name of one length
 * whatever the view (a summed view's key holds its whole query), and nothing in it
 * derived from the API key alone. Entries are bounded by age and by count
 * (resultBounds): each view summed leaves a result, and views are many.
 */
export interface ResultStore {
  readonly kind: "redis" | "disk";
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface ResultStoreOptions {
  /** the HMAC key of stored names (default: identifierSecret for where the results live) */
  secret?: () => Promise<string>;
  bounds?: EntryBounds;
  now?: () => number;
  /** the shared store's collection that bounds these entries (default the insights' results) */
  collection?: string;
}

/** Results not written again for two weeks are dropped (a source or a view nobody reads any more). */
const RESULT_MAX_AGE_MS = 14 * 86_400_000;

/**
 * INSIGHTS_RESULTS_KEPT (default 1,000): the most results and pages of rows kept; the
 * ones written longest ago go first. The three views keep theirs fresh by walking
 * again, so what goes is a sum of a view nobody asked for lately.
 */
export function resultBounds(env: Record<string, string | undefined> = process.env): EntryBounds {
  const kept = Number(env.INSIGHTS_RESULTS_KEPT);
  return {
    maxAgeMs: RESULT_MAX_AGE_MS,
    maxEntries: Number.isInteger(kept) && kept > 0 ? kept : 1_000,
  };
}

/** The name `key` is stored under: 32 hex digits of its HMAC. */
export function storedName(secret: string, key: string): string {
  return createHmac("sha256", secret).update(key).digest("hex").slice(0, 32);
}

/** What a viewer is told when results cannot be read or kept; the cause goes to the log only. */
export const RESULTS_UNAVAILABLE =
  "The dashboard could not read or keep its results just now. Try again.";

async function guarded<T>(doing: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error(`[insights] results could not be ${doing}: ${(error as Error).message}`);
    throw new ApiRequestError({
      kind: "server",
      status: null,
      code: "RESULTS_UNAVAILABLE",
      message: RESULTS_UNAVAILABLE,
      issues: [],
    });
  }
}

/** The collection, in the shared store, that bounds the results. */
const RESULTS_COLLECTION = "insights-results";

/** Results in the shared store (Redis): each lives two weeks after its last write, a count at most. */
export function sharedResultStore(
  store: SharedStore,
  options: ResultStoreOptions = {},
): ResultStore {
  const secret = options.secret ?? (() => identifierSecret(store));
  const bounds = options.bounds ?? resultBounds();
  const collection = options.collection ?? RESULTS_COLLECTION;
  const prefix = options.collection ? `${options.collection}:` : "insights:result:";
  const nameOf = async (key: string) => `${prefix}${storedName(await secret(), key)}`;
  return {
    kind: "redis",
    get: (key) => guarded("read", async () => store.get(await nameOf(key))),
    set: (key, value) =>
      guarded("kept", async () => store.setBounded(collection, await nameOf(key), value, bounds)),
    delete: (key) =>
      guarded("deleted", async () => store.deleteBounded(collection, await nameOf(key))),
  };
}

/** A temporary file of a write that never finished (a crash) is removed once it is this old. */
const ABANDONED_WRITE_MS = 60_000;

/**
 * Results as files in `dir`, one a key. A write goes to a temporary file renamed
 * over the old one, so a reader (or a crash) never sees half a result. The files
 * kept are listed once from the folder (this instance is its only writer), then
 * followed as they are written and removed.
 */
export function diskResultStore(dir: string, options: ResultStoreOptions = {}): ResultStore {
  const secret = options.secret ?? (() => identifierSecret(dir));
  const bounds = options.bounds ?? resultBounds();
  const now = options.now ?? Date.now;
  const nameOf = async (key: string) => `${storedName(await secret(), key)}.json`;
  let made: Promise<unknown> | null = null;
  // File name -> when it was written, the oldest first.
  let listing: Promise<Map<string, number>> | null = null;
  const files = () => {
    listing ??= listFolder(dir, now()).catch((error: unknown) => {
      listing = null;
      throw error;
    });
    return listing;
  };
  const isOld = (writtenAt: number) => writtenAt <= now() - bounds.maxAgeMs;

  async function trim(kept: Map<string, number>) {
    for (const [name, writtenAt] of kept) {
      if (!isOld(writtenAt) && kept.size <= bounds.maxEntries) break;
      kept.delete(name);
      await fs.rm(path.join(dir, name), { force: true });
    }
  }

  return {
    kind: "disk",
    get: (key) =>
      guarded("read", async () => {
        const [name, kept] = await Promise.all([nameOf(key), files()]);
        const writtenAt = kept.get(name);
        if (writtenAt !== undefined && isOld(writtenAt)) {
          await trim(kept);
          return null;
        }
        try {
          return await fs.readFile(path.join(dir, name), "utf8");
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
          throw error;
        }
      }),
    set: (key, value) =>
      guarded("kept", async () => {
        made ??= fs.mkdir(dir, { recursive: true, mode: 0o700 });
        await made;
        const [name, kept] = await Promise.all([nameOf(key), files()]);
        const file = path.join(dir, name);
        const temporary = `${file}.${randomUUID()}.tmp`;
        await fs.writeFile(temporary, value, { mode: 0o600 });
        await fs.rename(temporary, file);
        kept.delete(name);
        kept.set(name, now());
        await trim(kept);
      }),
    delete: (key) =>
      guarded("deleted", async () => {
        const [name, kept] = await Promise.all([nameOf(key), files()]);
        kept.delete(name);
        await fs.rm(path.join(dir, name), { force: true });
      }),
  };
}

/** The result files in `dir` by when they were written, the oldest first; abandoned writes removed. */
async function listFolder(dir: string, now: number): Promise<Map<string, number>> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw error;
  }
  const found: [string, number][] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile()) continue;
    if (name.endsWith(".json")) found.push([name, stat.mtimeMs]);
    else if (name.endsWith(".tmp") && stat.mtimeMs < now - ABANDONED_WRITE_MS)
      await fs.rm(path.join(dir, name), { force: true });
  }
  return new Map(found.sort((a, b) => a[1] - b[1]));
}
