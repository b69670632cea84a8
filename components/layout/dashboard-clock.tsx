"use client";

import { createContext, type ReactNode, useContext } from "react";

/**
 * The dashboard's "now" in the browser: the server's pinned clock when it has one
 * (the built-in API under `SANDBOX_NOW`, whose own "today" is pinned too: see
 * lib/insights/today.ts), else the browser's. Without it, a badge drawn in the
 * browser (Overdue, a health's reason) read a day the API and the server-drawn
 * figures beside it do not.
 */
const PinnedNow = createContext<number | null>(null);

export function DashboardClock({
  pinnedNowMs,
  children,
}: {
  pinnedNowMs: number | null;
  children: ReactNode;
}) {
  return <PinnedNow.Provider value={pinnedNowMs}>{children}</PinnedNow.Provider>;
}

/** Now, in ms, as the dashboard reads it (for days: overdue, days left). */
export function useDashboardNow(): number {
  return useContext(PinnedNow) ?? Date.now();
}
