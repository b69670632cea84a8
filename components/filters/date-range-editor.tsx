"use client";

import { type CalendarDate, parseDate } from "@internationalized/date";
import { Button, Disclosure, DisclosurePanel, RangeCalendar } from "react-aria-components";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import { displayedEnd, endBoundFor } from "@/lib/lists/describe";
import { useDashboardToday } from "../layout/dashboard-clock";
import { DATE_PRESETS, type DayRange, presetOf, presetRange } from "./date-presets";
import type { SetFilterValues } from "./filter-fields";
import { RANGE_HINT, RangeCalendarMonth } from "./range-calendar-month";

type DateRangeField = Extract<FilterField, { kind: "dateRange" }>;

/** The range a date filter holds in the URL, as first and last day (either may be open). */
export function rangeOf(field: DateRangeField, values: FilterValues): Partial<DayRange> {
  const from = values[field.from] as string | null;
  const to = values[field.to] as string | null;
  return {
    from: from ? from.slice(0, 10) : undefined,
    lastDay: to ? displayedEnd(to, field.toBound) : undefined,
  };
}

const CHOICE_CLASS =
  "rounded-md border border-line px-2.5 py-1 text-left text-sm hover:bg-surface-muted aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent";

/**
 * A date filter's editor: presets, and a calendar for a custom range. In a popover the
 * calendar is always there; in the sheet, where every filter stands one under
 * another, it folds behind "Custom range…" (open when the range held is a custom one).
 */
export function DateRangeEditor({
  field,
  values,
  setValues,
  inSheet,
}: {
  field: DateRangeField;
  values: FilterValues;
  setValues: SetFilterValues;
  inSheet: boolean;
}) {
  const today = useDashboardToday();
  const range = rangeOf(field, values);
  const preset = presetOf(range, today);
  // One write, so one history entry, per applied range.
  const apply = (next: DayRange | null) =>
    setValues(
      {
        [field.from]: next ? next.from : null,
        [field.to]: next ? endBoundFor(next.lastDay, field.toBound) : null,
      },
      { history: "push" },
    );
  const presets = (
    <fieldset className="flex flex-wrap gap-1 sm:flex-col">
      <legend className="sr-only">Presets</legend>
      {DATE_PRESETS.map((p) => (
        <button
          key={p.id}
          type="button"
          aria-pressed={preset === p.id}
          onClick={() => apply(presetRange(p.id, today))}
          className={CHOICE_CLASS}
        >
          {p.label}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={!range.from && !range.lastDay}
        onClick={() => apply(null)}
        className={CHOICE_CLASS}
      >
        Any date
      </button>
    </fieldset>
  );
  const calendar = (
    <DayRangeCalendar label={field.label} range={range} today={today} onPick={apply} />
  );
  if (!inSheet)
    return (
      <div className="flex flex-col gap-3 sm:flex-row">
        {presets}
        {calendar}
      </div>
    );
  const custom = range.from !== undefined && range.lastDay !== undefined && preset === null;
  return (
    <div className="flex flex-col gap-3">
      {presets}
      <Disclosure defaultExpanded={custom}>
        <Button
          slot="trigger"
          className="rounded-md border border-line px-2.5 py-1 text-left text-sm outline-none hover:bg-surface-muted aria-expanded:border-accent aria-expanded:text-accent data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent"
        >
          Custom range…
        </Button>
        <DisclosurePanel className="pt-3">{calendar}</DisclosurePanel>
      </Disclosure>
    </div>
  );
}

/** Two clicks, the first day and the last, in UTC days; it opens on the range held, else on today. */
function DayRangeCalendar({
  label,
  range,
  today,
  onPick,
}: {
  label: string;
  range: Partial<DayRange>;
  today: string;
  onPick: (range: DayRange) => void;
}) {
  const value =
    range.from && range.lastDay
      ? { start: safeDate(range.from, today), end: safeDate(range.lastDay, today) }
      : null;
  return (
    <div>
      <RangeCalendar
        aria-label={`${label}: custom range (UTC days)`}
        key={`${range.from ?? ""}:${range.lastDay ?? ""}`}
        defaultFocusedValue={safeDate(range.from ?? range.lastDay ?? today, today)}
        value={value}
        onChange={(picked) =>
          picked && onPick({ from: picked.start.toString(), lastDay: picked.end.toString() })
        }
        className="w-[17rem]"
      >
        <RangeCalendarMonth />
      </RangeCalendar>
      <p className="mt-1 text-xs text-fg-muted">{RANGE_HINT}</p>
    </div>
  );
}

/** A YYYY-MM-DD day as the calendar's date (an unreadable one as today: the URL parser keeps only readable bounds). */
function safeDate(day: string, today: string): CalendarDate {
  try {
    return parseDate(day);
  } catch {
    return parseDate(today);
  }
}
