import "server-only";
import path from "node:path";

/**
 * A duration in seconds from the environment: a number of seconds, or with a unit
 * (`90s`, `10m`, `1h`). Written here: three units do not call for a library.
 */
export function durationSeconds(value: string | undefined): number | null {
  const match = value?.trim().match(/^(\d+(?:\.\d+)?)\s*(s|m|h)?$/i);
  if (!match) return null;
  const unit = { s: 1, m: 60, h: 3600 }[(match[2] ?? "s").toLowerCase() as "s" | "m" | "h"];
  return Number(match[1]) * unit;
}

/** INSIGHTS_REFRESH_INTERVAL: results older than this are walked again in the background (default 10 min, at least 10 s). */
export function refreshIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = durationSeconds(env.INSIGHTS_REFRESH_INTERVAL);
  return seconds !== null && seconds >= 10 ? seconds * 1000 : 600_000;
}

/** INSIGHTS_LOCK_TTL: how long a walk's lock outlives its last extension (default 30 s, at least 1 s). */
export function lockTtlMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = durationSeconds(env.INSIGHTS_LOCK_TTL);
  return seconds !== null && seconds >= 1 ? seconds * 1000 : 30_000;
}

/** INSIGHTS_DATA_DIR: where a single instance keeps its results (default .data/insights). */
export function insightsDataDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.INSIGHTS_DATA_DIR || ".data/insights");
}
