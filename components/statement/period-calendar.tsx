"use client";

import { parseDate } from "@internationalized/date";
import { useRouter } from "next/navigation";
import { Button, CalendarCell, CalendarGrid, Heading, RangeCalendar } from "react-aria-components";
import { type StatementRequest, statementHref } from "@/lib/statement/period";

const NAV_BUTTON =
  "flex size-7 items-center justify-center rounded text-base hover:bg-surface-muted outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent";

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
        <header className="mb-2 flex items-center justify-between">
          <Button slot="previous" className={NAV_BUTTON}>
            ‹
          </Button>
          <Heading className="text-sm font-semibold" />
          <Button slot="next" className={NAV_BUTTON}>
            ›
          </Button>
        </header>
        <CalendarGrid className="w-full border-collapse">
          {(date) => (
            <CalendarCell
              date={date}
              className="m-px flex h-8 cursor-pointer items-center justify-center rounded text-sm outline-none data-[outside-month]:hidden data-[selected]:bg-accent-soft data-[selected]:text-accent data-[selection-start]:bg-accent data-[selection-start]:text-accent-fg data-[selection-end]:bg-accent data-[selection-end]:text-accent-fg data-[hovered]:bg-surface-muted data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent data-[disabled]:text-fg-subtle data-[disabled]:cursor-default"
            />
          )}
        </CalendarGrid>
      </RangeCalendar>
      <p className="mt-1 text-xs text-fg-muted">Pick the first day, then the last (UTC days).</p>
    </div>
  );
}
