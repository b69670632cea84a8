/**
 * Date range presets of the filter toolbar, on UTC calendar days (the API's dates are
 * UTC days: docs/readings.md, Dates). A range is its first and last day, both
 * included, as YYYY-MM-DD; the URL's end bound is derived from the last day by the
 * field's own rule (`endBoundFor`), so presets write the URL a hand-picked range would.
 */

export interface DayRange {
  from: string;
  lastDay: string;
}

export const DATE_PRESETS = [
  { id: "today", label: "Today" },
  { id: "last7", label: "Last 7 days" },
  { id: "last30", label: "Last 30 days" },
  { id: "thisMonth", label: "This month" },
  { id: "lastMonth", label: "Last month" },
] as const;

export type DatePresetId = (typeof DATE_PRESETS)[number]["id"];

const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC day of `now` as YYYY-MM-DD (the dashboard's now: components/layout/dashboard-clock.tsx, never the browser's clock). */
export function utcToday(now: Date): string {
  return isoDay(now.getTime());
}

/** The range a preset covers on the UTC day `today` (YYYY-MM-DD). */
export function presetRange(id: DatePresetId, today: string): DayRange {
  const t = Date.parse(`${today}T00:00:00.000Z`);
  const d = new Date(t);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  switch (id) {
    case "today":
      return { from: today, lastDay: today };
    case "last7":
      return { from: isoDay(t - 6 * DAY_MS), lastDay: today };
    case "last30":
      return { from: isoDay(t - 29 * DAY_MS), lastDay: today };
    case "thisMonth":
      return {
        from: isoDay(Date.UTC(year, month, 1)),
        lastDay: isoDay(Date.UTC(year, month + 1, 0)),
      };
    case "lastMonth":
      return {
        from: isoDay(Date.UTC(year, month - 1, 1)),
        lastDay: isoDay(Date.UTC(year, month, 0)),
      };
  }
}

/** The preset a range is, on the day `today`, or null (a custom range). */
export function presetOf(range: Partial<DayRange>, today: string): DatePresetId | null {
  if (!range.from || !range.lastDay) return null;
  for (const preset of DATE_PRESETS) {
    const r = presetRange(preset.id, today);
    if (r.from === range.from && r.lastDay === range.lastDay) return preset.id;
  }
  return null;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const dayFormatNoYear = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
});

const showDay = (day: string, withYear = true) =>
  (withYear ? dayFormat : dayFormatNoYear).format(Date.parse(`${day}T00:00:00.000Z`));

/**
 * A range in words for its chip: "Last 7 days", "Jan 1 – Mar 31, 2026",
 * "from Jan 1, 2026", "until Mar 31, 2026".
 */
export function describeRange(range: Partial<DayRange>, today: string): string {
  const preset = presetOf(range, today);
  if (preset) return DATE_PRESETS.find((p) => p.id === preset)?.label ?? preset;
  const { from, lastDay } = range;
  if (from && lastDay) {
    if (from === lastDay) return showDay(from);
    const sameYear = from.slice(0, 4) === lastDay.slice(0, 4);
    return `${showDay(from, !sameYear)} – ${showDay(lastDay)}`;
  }
  if (from) return `from ${showDay(from)}`;
  if (lastDay) return `until ${showDay(lastDay)}`;
  return "any date";
}
