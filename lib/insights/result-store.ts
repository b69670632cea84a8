import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { SharedStore } from "@/lib/shared-state/store";

/**
 * Where finished walks are kept so that they outlive the process that walked them:
 * in Redis when the instances share one (every instance reads what any walked), on
 * disk under .data/ for a single instance (a restart shows the last result at once).
 * Values are strings; callers serialise.
 */
export interface ResultStore {
  readonly kind: "redis" | "disk";
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Results and rows in Redis live this long without a new walk (a source nobody reads any more). */
const REDIS_RESULT_TTL_MS = 14 * 86_400_000;

/** Results in the shared store (Redis), kept for two weeks after their last write. */
export function sharedResultStore(store: SharedStore): ResultStore {
  return {
    kind: "redis",
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value, REDIS_RESULT_TTL_MS),
    delete: (key) => store.delete(key),
  };
}

/**
 * Results as files in `dir`, one a key. A write goes to a temporary file renamed
 * over the old one, so a reader (or a crash) never sees half a result.
 */
export function diskResultStore(dir: string): ResultStore {
  const fileOf = (key: string) => path.join(dir, `${encodeURIComponent(key)}.json`);
  let made: Promise<unknown> | null = null;
  return {
    kind: "disk",
    async get(key) {
      try {
        return await fs.readFile(fileOf(key), "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async set(key, value) {
      made ??= fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await made;
      const file = fileOf(key);
      const temporary = `${file}.${randomUUID()}.tmp`;
      await fs.writeFile(temporary, value, { mode: 0o600 });
      await fs.rename(temporary, file);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** INSIGHTS_DATA_DIR: where a single instance keeps its results (default .data/insights). */
export function insightsDataDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.INSIGHTS_DATA_DIR || ".data/insights");
}
