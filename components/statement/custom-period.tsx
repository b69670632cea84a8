"use client";

import { lazy, Suspense, useId, useState } from "react";
import type { StatementRequest } from "@/lib/statement/period";

// The calendar is needed only once asked for: loaded then.
const PeriodCalendar = lazy(() => import("./period-calendar"));

/**
 * "Custom dates…": a disclosure holding a range calendar (React Aria's), loaded on
 * first open; picking the first and the last day opens the statement for them.
 */
export function CustomPeriod({
  customerId,
  request,
  today,
  className,
}: {
  customerId: string;
  request: StatementRequest;
  /** the dashboard's UTC day, YYYY-MM-DD: the last day a period may end on */
  today: string;
  className: string;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
        className={className}
      >
        Custom dates…
      </button>
      <div id={panel} hidden={!open} className="mt-2">
        {open ? (
          <Suspense fallback={<p className="text-sm text-fg-muted">Loading the calendar…</p>}>
            <PeriodCalendar customerId={customerId} request={request} today={today} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
