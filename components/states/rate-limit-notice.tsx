"use client";

import { useEffect, useState } from "react";

/**
 * Shown while a read waits out the dashboard's own rate limit before asking again
 * (lib/api/client.ts retries after the 429's Retry-After): not a failure, the rows
 * come a moment later by themselves. The caller keys it by the failure count, so
 * each wait counts down from its own Retry-After.
 */
export function RateLimitNotice({ retryAfterSec }: { retryAfterSec: number | null }) {
  const [left, setLeft] = useState(retryAfterSec ?? 1);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      role="status"
      className="rounded-md border border-warning-line bg-warning-soft p-3 text-sm text-warning"
    >
      <p className="font-medium">
        {left > 0 ? `Too many requests, retrying in ${left} s` : "Too many requests, retrying now…"}
      </p>
      <p className="mt-1">The rows already loaded stay; the next ones follow by themselves.</p>
    </div>
  );
}
