import "server-only";
import { createHmac } from "node:crypto";
import { insightsDataDir } from "@/lib/insights/config";
import { identifierSecret } from "@/lib/insights/identifier-secret";
import { sandboxDbPath } from "@/lib/sandbox/env";
import { type SharedStore, sharedStore } from "@/lib/shared-state/store";
import type { ApiConfig } from "@/lib/upstream/config";
import type { CheckResult } from "./result";
import type { ApiTarget } from "./target";

/**
 * The last check of an API, in the shared store (Redis when REDIS_URL is set, so
 * every instance and the command line on the same Redis see it; memory otherwise).
 * Keyed by the API and key it probed, under an HMAC with the server's identifier
 * secret, so a check of another API never shows as this dashboard's and nothing in a
 * store key can be checked against a guessed key.
 */
export async function checkSource(
  config: ApiConfig,
  target: ApiTarget,
  store: SharedStore = sharedStore(),
): Promise<string> {
  const identity = `${config.baseUrl ?? `built-in\n${sandboxDbPath()}`}\n${target.secret ?? ""}`;
  const secret = await identifierSecret(store.kind === "redis" ? store : insightsDataDir());
  return createHmac("sha256", secret).update(identity).digest("hex").slice(0, 32);
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
