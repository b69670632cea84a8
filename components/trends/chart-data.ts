/** What the trends chart draws, shared by the page (which builds it) and the chart. */

export const CHART_HEIGHT = 260;

/** The bars of a month, in order, with their legend and colours (design tokens). */
export const SERIES = [
  { key: "invoiced", label: "Invoiced", swatch: "bg-accent" },
  { key: "collected", label: "Collected (posted)", swatch: "bg-success" },
  { key: "overdue", label: "Overdue at month end", swatch: "bg-danger" },
] as const;

export interface ChartMonth {
  /** "2026-11" */
  month: string;
  /** "Nov" */
  short: string;
  /** "2026" */
  year: string;
  /** the invoices issued in the month */
  href: string;
  /** the month's figures in words, for the link's name and tooltip */
  description: string;
  /** major units, for the scale only: the figures as text come from `description` */
  values: { invoiced: number; collected: number; overdueLow: number; overdueHigh: number };
}
