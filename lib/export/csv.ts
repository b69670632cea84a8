/**
 * CSV cells and records for the exports: pure helpers, no server or browser code.
 *
 * - RFC 4180: CRLF record ends; a field holding a comma, a quote, CR or LF is quoted
 *   and its quotes doubled (csv-stringify writes that).
 * - Formula injection: a spreadsheet runs a cell starting with `=`, `+`, `-`, `@`,
 *   tab or CR as a formula, so every such cell gets a leading `'` (OWASP's advice,
 *   applied to any cell). That includes a negative amount ("-12.50" is written
 *   "'-12.50", which a spreadsheet shows as text). Our own rule rather than
 *   csv-stringify's `escape_formulas` because it also covers the full-width forms.
 * - Money: minor units as an exact decimal string (every currency has 2 minor
 *   digits, docs/readings.md, Records), never through floating point.
 * - Dates: calendar dates as YYYY-MM-DD, timestamps as full ISO 8601 UTC.
 */
import { stringify } from "csv-stringify/sync";

/** The characters a spreadsheet may read as the start of a formula (fullwidth forms too: Numbers folds them). */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"]);

/**
 * A cell no spreadsheet will run as a formula.
 *
 * @example neutraliseFormula("=HYPERLINK(\"x\")") // "'=HYPERLINK(\"x\")"
 * @example neutraliseFormula("-12.50") // "'-12.50"
 */
export function neutraliseFormula(cell: string): string {
  const first = cell.charAt(0);
  if (!FORMULA_START.has(first)) return cell;
  return `'${cell}`;
}

/** Records as RFC 4180 CSV text, every cell neutralised, each record ending in CRLF. */
export function csvRecords(records: readonly (readonly string[])[]): string {
  if (records.length === 0) return "";
  return stringify(
    records.map((record) => record.map(neutraliseFormula)),
    // quote_record_delimiter: setting record_delimiter turns it off by default, and
    // a cell holding a lone LF or CR must still be quoted (RFC 4180).
    { record_delimiter: "\r\n", quote_record_delimiter: true, eof: true },
  );
}

/** The UTF-8 byte order mark: Excel reads a CSV as UTF-8 only when it starts with one. */
export const BOM = "\uFEFF";

/**
 * Minor units (cents) as an exact decimal string: 123456 → "1234.56", -5 → "-0.05".
 * Integer arithmetic only, so amounts near the spec's ±2^53 range stay exact.
 */
export function decimalOfMinor(minor: number): string {
  const abs = Math.abs(minor);
  const cents = String(abs % 100).padStart(2, "0");
  return `${minor < 0 ? "-" : ""}${Math.floor(abs / 100)}.${cents}`;
}

/** A nullable cell: empty when the API has no value. */
export function textCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  return String(value);
}

/**
 * A calendar date carried at UTC midnight as YYYY-MM-DD. An unparseable value
 * passes through as the API wrote it rather than being lost.
 */
export function calendarDateCell(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * An exclusive end date as the last day it covers (YYYY-MM-DD), the way every
 * page shows it: a period [Nov 1, Dec 1) ends on "2026-11-30".
 */
export function lastDayCell(exclusiveEndIso: string | null | undefined): string {
  if (!exclusiveEndIso) return "";
  const ms = Date.parse(exclusiveEndIso);
  return Number.isNaN(ms) ? exclusiveEndIso : new Date(ms - DAY_MS).toISOString().slice(0, 10);
}

/** A timestamp as ISO 8601 UTC with milliseconds ("2026-11-22T09:30:00.000Z"). */
export function timestampCell(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString();
}
