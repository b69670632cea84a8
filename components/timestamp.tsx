"use client";

import { useSyncExternalStore } from "react";
import { formatShortTimestamp, formatTimestamp } from "@/lib/format";

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
