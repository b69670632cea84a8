"use client";

import { parseDate } from "@internationalized/date";
import { useRouter } from "next/navigation";
import { RangeCalendar } from "react-aria-components";
import { type StatementRequest, statementHref } from "@/lib/statement/period";
import { RANGE_HINT, RangeCalendarMonth } from "../filters/range-calendar-month";

/** Two clicks, the first day and the last (UTC days, up to today), open the statement for them. */
export default function PeriodCalendar({
  customerId,
  request,
  today,
}: {
  customerId: string;
  request: StatementRequest;
  today: string;
}) {
  const router = useRouter();
  return (
    <div className="inline-block rounded-md border border-line bg-surface p-3">
      <RangeCalendar
        aria-label="Statement period (UTC days)"
        defaultValue={{ start: parseDate(request.from), end: parseDate(request.to) }}
        defaultFocusedValue={parseDate(request.to)}
        maxValue={parseDate(today)}
        onChange={(picked) => {
          if (!picked) return;
          const next = { ...request, from: picked.start.toString(), to: picked.end.toString() };
          router.push(statementHref(customerId, next, today));
        }}
        className="w-[17rem]"
      >
        <RangeCalendarMonth />
      </RangeCalendar>
      <p className="mt-1 text-xs text-fg-muted">{RANGE_HINT}</p>
    </div>
  );
}
