import "server-only";
import { createHash } from "node:crypto";
import type { ApiConfig } from "@/lib/api/server/config";
import { sandboxDbPath } from "@/lib/sandbox/env";
import { type SharedStore, sharedStore } from "@/lib/shared-state/store";
import type { CheckResult } from "./result";
import type { ApiTarget } from "./target";

/**
 * The last check of an API, in the shared store (Redis when REDIS_URL is set, so
 * every instance and the command line on the same Redis see it; memory otherwise).
 * Keyed by the API and key it probed, hashed, so a check of another API never shows
 * as this dashboard's and the key never appears in a store key.
 */
export function checkSource(config: ApiConfig, target: ApiTarget): string {
  const identity = `${config.baseUrl ?? `built-in\n${sandboxDbPath()}`}\n${target.secret ?? ""}`;
  return createHash("sha256").update(identity).digest("hex").slice(0, 24);
}

const resultKey = (source: string) => `api-check:last:${source}`;
export const runLockKey = (source: string) => `api-check:run:${source}`;
/** Kept a month without a new check. */
const RESULT_TTL_MS = 30 * 86_400_000;

export async function saveCheck(
  source: string,
  result: CheckResult,
  store: SharedStore = sharedStore(),
): Promise<void> {
  await store.set(resultKey(source), JSON.stringify(result), RESULT_TTL_MS);
}

export async function lastCheck(
  source: string,
  store: SharedStore = sharedStore(),
): Promise<CheckResult | null> {
  const text = await store.get(resultKey(source));
  if (!text) return null;
  try {
    const result = JSON.parse(text) as CheckResult;
    return result.version === 1 ? result : null;
  } catch {
    return null;
  }
}
