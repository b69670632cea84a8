import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { admitApiCheck } from "@/lib/rate-limits/costly-routes";
import { type SharedStore, sharedStore } from "@/lib/shared-state/store";
import { apiConfig } from "@/lib/upstream/config";
import { allPageReads } from "./affects";
import { runApiCheck } from "./check";
import type { CheckResult } from "./result";
import { checkSource, lastCheck, runLockKey, saveCheck } from "./store";
import { configuredTarget } from "./target";

export type CheckRun =
  | { ok: true; result: CheckResult }
  | { ok: false; message: string; retryAfterSec: number | null };

/** Longest one check may hold the run lock (a few dozen requests, each with its own timeout). */
const RUN_LOCK_MS = 120_000;
const WAIT_STEP_MS = 500;

/**
 * The last check of the API this dashboard reads, whoever ran it (this instance,
 * another, the command line); null when there is none, or when the shared store
 * cannot be read (the key page still shows the key, and the button still runs).
 */
export async function lastApiCheck(
  store: SharedStore = sharedStore(),
): Promise<CheckResult | null> {
  try {
    const config = apiConfig();
    return await lastCheck(await checkSource(config, await configuredTarget(config), store), store);
  } catch (error) {
    console.error("[check-api] the last check could not be read:", (error as Error).message);
    return null;
  }
}

/**
 * The key page's "Run the check": limited per account (per client when open), one
 * check at a time across instances (the run lock in the shared store; a second
 * request waits for the running check and answers its result), with the
 * server-held key, and kept as the last result for every instance.
 */
export async function checkOnRequest(
  limitKey: string,
  store: SharedStore = sharedStore(),
): Promise<CheckRun> {
  const admitted = await admitApiCheck(limitKey);
  if (!admitted.ok)
    return {
      ok: false,
      message: `Not checked: too many checks of the API; try again in ${admitted.retryAfterSec} s. The result below stays as it was.`,
      retryAfterSec: admitted.retryAfterSec,
    };
  const config = apiConfig();
  const target = await configuredTarget(config);
  const source = await checkSource(config, target, store);
  const until = Date.now() + RUN_LOCK_MS;
  let token = await store.acquireLock(runLockKey(source), RUN_LOCK_MS);
  let waited = false;
  while (!token && Date.now() < until) {
    waited = true;
    await sleep(WAIT_STEP_MS);
    token = await store.acquireLock(runLockKey(source), RUN_LOCK_MS);
  }
  if (!token)
    return {
      ok: false,
      message: "Not checked: another check is still running. Try again in a minute.",
      retryAfterSec: 60,
    };
  try {
    if (waited) {
      // Another request's check ended while this one waited: its result is this one's.
      const result = await lastCheck(source, store);
      if (result) return { ok: true, result };
    }
    const result = await runApiCheck(target, { reads: await allPageReads(), ranBy: "dashboard" });
    await saveCheck(source, result, store);
    return { ok: true, result };
  } finally {
    await store.releaseLock(runLockKey(source), token);
  }
}
