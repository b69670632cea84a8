import type { ColumnFit } from "./column-fit";

/**
 * The CSS that shows a table's columns by its width (column-fit.ts decides which):
 * a container query per width at which columns come or go, hiding the columns that
 * do not fit yet and setting the table's least width (`--table-min`, the shown
 * columns' widths together: below it the table scrolls sideways). The cells' query
 * container is the table's scrolling box (infinite-table.tsx), so the server's HTML
 * is laid out for the window it lands in, before any script runs.
 */
export function columnFitCss(
  /** the value of the scrolling box's `data-table-id` */
  scope: string,
  fit: ColumnFit,
  /** each column's least width in px (column-fit.ts, leastWidth) */
  least: Record<string, number>,
): string {
  const root = `[data-table-id="${safeScope(scope)}"]`;
  let minWidth = fit.always.reduce((sum, id) => sum + (least[id] ?? 0), 0);
  const rules = [`${root} table{--table-min:${minWidth}px}`];
  for (const [from, ids] of byThreshold(fit.thresholds)) {
    minWidth += ids.reduce((sum, id) => sum + (least[id] ?? 0), 0);
    if (from <= 0) {
      rules[0] = `${root} table{--table-min:${minWidth}px}`;
      continue;
    }
    const cells = ids.map((id) => `${root} [data-column="${id}"]`).join(",");
    rules.push(`@container (width < ${from}px){${cells}{display:none}}`);
    rules.push(`@container (width >= ${from}px){${root} table{--table-min:${minWidth}px}}`);
  }
  return rules.join("\n");
}

/** The thresholds' columns grouped by width, narrowest first. */
function byThreshold(thresholds: ColumnFit["thresholds"]): [number, string[]][] {
  const groups = new Map<number, string[]>();
  for (const { id, from } of thresholds) groups.set(from, [...(groups.get(from) ?? []), id]);
  return [...groups].sort(([a], [b]) => a - b);
}

/** A scope usable inside a quoted attribute selector on both sides (React's ids hold « »). */
export function safeScope(scope: string): string {
  return scope.replace(/[^\w-]/g, "");
}
