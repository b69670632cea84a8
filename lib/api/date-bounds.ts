/**
 * Date bounds as the API reads them (the list filters' `…StartAt`, `…EndAt`,
 * `periodStart…`), without zod: the API's parameters validate with this and the
 * browser's list URLs keep only what it reads, so both take the same dates.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * An ISO 8601 date-time, or a `YYYY-MM-DD` date read as UTC midnight (docs/readings.md, Dates);
 * a date-time without a zone is read as UTC. Returns epoch milliseconds; a bound
 * with digits below the millisecond (`…23.4161Z`) lies between two milliseconds and
 * comes back as the lower one plus 0.5. Records hold whole milliseconds, so every
 * comparison with it is then exact: `>=` and `<` act as on the next millisecond,
 * `<=` as on this one.
 */
export function parseDateBound(raw: string): number | null {
  if (ISO_DATE.test(raw)) return validCalendarDate(raw) ? Date.parse(`${raw}T00:00:00.000Z`) : null;
  const m = ISO_DATE_TIME.exec(raw);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = "00", frac = "0", zone = "Z"] = m;
  if (!validCalendarDate(`${y}-${mo}-${d}`)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (zone.length > 1 && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59))
    return null;
  const ms = Date.parse(
    `${y}-${mo}-${d}T${h}:${mi}:${s}.${frac.padEnd(3, "0").slice(0, 3)}${zone.toUpperCase()}`,
  );
  if (Number.isNaN(ms)) return null;
  return /[1-9]/.test(frac.slice(3)) ? ms + 0.5 : ms;
}

function validCalendarDate(ymd: string): boolean {
  const ms = Date.parse(`${ymd}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === ymd;
}
