/**
 * A statement's period and view, as its URL says them: `from` and `to` (UTC calendar
 * days, both included, YYYY-MM-DD) and `view` (`activity`, the default, or
 * `open-items`). Pure, for the server page, the CSV route and the browser's picker.
 * By default the last 12 months up to today: the day after the same date a year ago
 * through today.
 */

export interface StatementPeriod {
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day (included), YYYY-MM-DD */
  to: string;
}

export const STATEMENT_VIEWS = ["activity", "open-items"] as const;
export type StatementView = (typeof STATEMENT_VIEWS)[number];

export interface StatementRequest extends StatementPeriod {
  view: StatementView;
}

export const PERIOD_PRESETS = [
  { id: "last12", label: "Last 12 months" },
  { id: "last3", label: "Last 3 months" },
  { id: "thisYear", label: "This year" },
  { id: "lastYear", label: "Last year" },
] as const;
export type PeriodPresetId = (typeof PERIOD_PRESETS)[number]["id"];

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** UTC midnight of a YYYY-MM-DD day, or null when it is no real calendar day. */
export function dayMs(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isoDay(ms) === day ? ms : null;
}

/** `months` calendar months before `day`, then one day on: "2026-11-22", 12 → "2025-11-23". */
function monthsBackDayAfter(day: string, months: number): string {
  const ms = dayMs(day)!;
  const d = new Date(ms);
  const back = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, d.getUTCDate());
  // 31 March less one month is 3 March in Date's arithmetic; clamp to the month's end.
  const lastOfMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months + 1, 0);
  return isoDay(Math.min(back, lastOfMonth) + DAY_MS);
}

/** The period a preset covers on the UTC day `today` (YYYY-MM-DD). */
export function presetPeriod(id: PeriodPresetId, today: string): StatementPeriod {
  const year = Number(today.slice(0, 4));
  switch (id) {
    case "last12":
      return { from: monthsBackDayAfter(today, 12), to: today };
    case "last3":
      return { from: monthsBackDayAfter(today, 3), to: today };
    case "thisYear":
      return { from: `${year}-01-01`, to: today };
    case "lastYear":
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}

/** The preset a period is on the day `today`, or null (custom dates). */
export function presetOfPeriod(period: StatementPeriod, today: string): PeriodPresetId | null {
  for (const preset of PERIOD_PRESETS) {
    const p = presetPeriod(preset.id, today);
    if (p.from === period.from && p.to === period.to) return preset.id;
  }
  return null;
}

type Search = URLSearchParams | Record<string, string | string[] | undefined>;

function valuesOf(search: Search, name: string): string[] {
  if (search instanceof URLSearchParams) return search.getAll(name);
  const value = search[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function namesOf(search: Search): string[] {
  return search instanceof URLSearchParams ? [...new Set(search.keys())] : Object.keys(search);
}

/**
 * The statement a URL asks for on the day `today`, or the issues that keep it from
 * being one, each naming its parameter. `strict` (the CSV route) also refuses
 * parameters it does not know.
 */
export function readStatementRequest(
  search: Search,
  today: string,
  strict = false,
): { ok: true; request: StatementRequest } | { ok: false; issues: string[] } {
  const issues: string[] = [];
  const one = (name: string): string | null => {
    const values = valuesOf(search, name);
    if (values.length > 1) issues.push(`${name}: given more than once`);
    return values[0] ?? null;
  };
  if (strict)
    for (const name of namesOf(search))
      if (!["from", "to", "view"].includes(name)) issues.push(`${name}: unknown parameter`);
  const fallback = presetPeriod("last12", today);
  const dayParam = (name: "from" | "to"): string => {
    const value = one(name);
    if (value === null) return fallback[name];
    if (dayMs(value) === null)
      issues.push(`${name}: a calendar day written YYYY-MM-DD is required`);
    return value;
  };
  const from = dayParam("from");
  const to = dayParam("to");
  const view = one("view") ?? "activity";
  if (!(STATEMENT_VIEWS as readonly string[]).includes(view))
    issues.push(`view: must be one of ${STATEMENT_VIEWS.join(", ")}`);
  if (issues.length === 0) {
    if (to > today) issues.push(`to: cannot be after today (${today})`);
    if (from > to) issues.push("from: must be on or before to");
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, request: { from, to, view: view as StatementView } };
}

/** The URL query of a statement: the defaults left out, so the plain address is the usual one. */
export function statementQuery(request: StatementRequest, today: string): string {
  const params = new URLSearchParams();
  const fallback = presetPeriod("last12", today);
  if (request.from !== fallback.from || request.to !== fallback.to) {
    params.set("from", request.from);
    params.set("to", request.to);
  }
  if (request.view !== "activity") params.set("view", request.view);
  return params.toString();
}

/** `/customers/{id}/statement` with the request's query. */
export function statementHref(
  customerId: string,
  request: StatementRequest,
  today: string,
): string {
  const query = statementQuery(request, today);
  return `/customers/${customerId}/statement${query ? `?${query}` : ""}`;
}
