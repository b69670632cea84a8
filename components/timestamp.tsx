"use client";

import { useSyncExternalStore } from "react";
import { formatDate, formatShortTimestamp, formatTimestamp } from "@/lib/format";

const subscribe = () => () => {};

/**
 * A timestamp in the viewer's zone, with the zone named. The server does not know
 * the viewer's zone, so it renders UTC (named) and the browser switches to local.
 */
export function Timestamp({
  iso,
  compact = false,
}: {
  iso: string | null | undefined;
  compact?: boolean;
}) {
  const zone = useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
  if (!iso) return <span>—</span>;
  return (
    <time dateTime={iso} title={compact ? formatTimestamp(iso, zone) : undefined}>
      {compact ? formatShortTimestamp(iso, zone) : formatTimestamp(iso, zone)}
    </time>
  );
}

/**
 * A due date as the day it falls on: "Nov 22, 2026". The API gives `dueAt` as issue
 * time plus whole days; the day (UTC, as the aging buckets and the due-date filters
 * count it) is what people act on, the exact moment is in the title.
 */
export function DueDate({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span>—</span>;
  return (
    <time dateTime={iso} title={`Due ${formatTimestamp(iso, "UTC")}`}>
      {formatDate(iso)}
    </time>
  );
}
