"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { utcToday } from "../filters/date-presets";

/**
 * The dashboard's "now" in the browser is the server's: the API's pinned clock when
 * it has one (the built-in API under `SANDBOX_NOW`, whose own "today" is pinned too:
 * see lib/insights/today.ts), else the server's clock carried over by its offset from
 * the browser's. Without it, what the browser draws (an Overdue badge, a health's days
 * left, a date preset's range) read a day the server-drawn figures beside it do not,
 * whenever the browser's clock was off (or, in the demo, whenever the day was not the
 * pinned one).
 */
const ServerNow = createContext<(() => number) | null>(null);

/**
 * How the browser reads the server's now, given the server's now when it drew the page
 * and the browser's when the page first rendered here. Measured once: the page's
 * transfer (a second or so) is the error, which only matters that close to midnight UTC.
 */
export function serverNowReader(
  serverNowMs: number,
  pinned: boolean,
  browserNowMs: number,
): () => number {
  if (pinned) return () => serverNowMs;
  const offsetMs = serverNowMs - browserNowMs;
  return () => Date.now() + offsetMs;
}

export function DashboardClock({
  serverNowMs,
  pinned,
  children,
}: {
  /** the server's now when it drew the page */
  serverNowMs: number;
  /** whether that is a pinned clock (it then stands still) */
  pinned: boolean;
  children: ReactNode;
}) {
  const [readNow] = useState(() => serverNowReader(serverNowMs, pinned, Date.now()));
  return <ServerNow.Provider value={readNow}>{children}</ServerNow.Provider>;
}

/** Now, in ms, as the dashboard reads it (for days: overdue, days left, date presets). */
export function useDashboardNow(): number {
  const readNow = useContext(ServerNow);
  return readNow ? readNow() : Date.now();
}

/** The dashboard's UTC day, YYYY-MM-DD (date presets count from it). */
export function useDashboardToday(): string {
  return utcToday(new Date(useDashboardNow()));
}
