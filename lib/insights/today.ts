import "server-only";
import { apiConfig } from "@/lib/upstream/config";
import { utcDay } from "./aggregate";

/**
 * "Today" for days left and days past due: the server's clock in UTC, so the same
 * day for every viewer. With the built-in API, `SANDBOX_NOW` pins it as it pins the
 * API's own "today" (docs/readings.md, Today), so the dashboard and the API agree in tests and
 * demos. A real service is read against the real clock.
 */
export function insightNow(): number {
  return pinnedNow() ?? Date.now();
}

/** The pinned clock (`SANDBOX_NOW` over the built-in API), else null: the real one. */
export function pinnedNow(): number | null {
  const pinned = process.env.SANDBOX_NOW;
  if (!pinned || apiConfig().baseUrl !== null) return null;
  const ms = Date.parse(pinned);
  return Number.isNaN(ms) ? null : ms;
}

export function insightToday(): number {
  return utcDay(insightNow());
}
