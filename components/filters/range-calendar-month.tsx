import { Button, CalendarCell, CalendarGrid, Heading } from "react-aria-components";

const NAV_BUTTON =
  "flex size-7 items-center justify-center rounded text-base hover:bg-surface-muted outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent";

const CELL =
  "m-px flex h-8 cursor-pointer items-center justify-center rounded text-sm outline-none data-[outside-month]:hidden data-[selected]:bg-accent-soft data-[selected]:text-accent data-[selection-start]:bg-accent data-[selection-start]:text-accent-fg data-[selection-end]:bg-accent data-[selection-end]:text-accent-fg data-[hovered]:bg-surface-muted data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent data-[unavailable]:text-fg-subtle data-[disabled]:text-fg-subtle data-[disabled]:cursor-default";

/** A React Aria RangeCalendar's month: its heading between the month arrows, then its days. */
export function RangeCalendarMonth() {
  return (
    <>
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
        {(date) => <CalendarCell date={date} className={CELL} />}
      </CalendarGrid>
    </>
  );
}

/** The line under a range calendar. */
export const RANGE_HINT = "Pick the first day, then the last (UTC days).";
