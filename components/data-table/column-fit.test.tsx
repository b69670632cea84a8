/**
 * Which columns a table's width holds (column-fit.ts) and the CSS that shows them
 * (column-fit-css.ts), over every list's columns and real records of the built-in API.
 */
import { describe, expect, it } from "vitest";
import type { CustomerRecord, InvoiceRecord } from "@/lib/api/client";
import { api } from "@/lib/sandbox/testing/sandbox";
import { customerColumns } from "../customers/customer-columns";
import { invoiceColumns } from "../invoices/invoice-columns";
import { columnWidths, fitColumns, leastWidth, shownAt, textWidth } from "./column-fit";
import { columnFitCss } from "./column-fit-css";
import { choosableColumns, chosenVisibility, columnIdOf, type TableColumn } from "./table-columns";

async function records<Row>(path: string): Promise<Row[]> {
  const response = await api<{ data: Row[] }>(path);
  expect(response.status).toBe(200);
  expect(response.body.data.length).toBeGreaterThan(20);
  return response.body.data;
}

/** The ids of the columns shown at a table width, in the list's order. */
function shownIds<Row>(columns: TableColumn<Row>[], rows: Row[], width: number, chosen = {}) {
  const visibility = { ...chosenVisibility(columns, null), ...chosen };
  const shown = shownAt(fitColumns(columns, visibility, columnWidths(columns, rows)), width);
  return choosableColumns(columns)
    .map(columnIdOf)
    .filter((id) => shown.has(id));
}

describe("each list declares its column priority; columns show in that order while they fit", () => {
  it("invoices: at 1280 px (a 1,006 px table) number, customer, status, total, remaining and due; Issued from 1440 px", async () => {
    const rows = await records<InvoiceRecord>("/invoices?limit=100&statuses=DRAFT,ISSUED,VOIDED");
    const columns = invoiceColumns();
    expect(shownIds(columns, rows, 1006)).toEqual([
      "number",
      "customer",
      "status",
      "total",
      "remaining",
      "dueAt",
    ]);
    expect(shownIds(columns, rows, 1166)).toEqual([
      "number",
      "customer",
      "status",
      "total",
      "remaining",
      "dueAt",
      "issuedAt",
    ]);
    // A narrow table keeps the identifying column; a column the person chose shows on top.
    expect(shownIds(columns, rows, 300)).toEqual(["number"]);
    expect(shownIds(columns, rows, 1006, { period: true })).toContain("period");
    expect(shownIds(columns, rows, 1006, { period: true })).toContain("dueAt");
    expect(shownIds(columns, rows, 1006, { total: false })).not.toContain("total");
  });

  it("a column past the lead shows only when the names still get their room", async () => {
    const rows = await records<CustomerRecord>("/customers?limit=100");
    const columns = customerColumns();
    const widths = columnWidths(columns, rows);
    const longestName = Math.max(...rows.map((r) => textWidth(r.name)));
    expect(widths.name).toBe(Math.min(340, Math.max(200, longestName + 24)));
    expect(shownIds(columns, rows, 1006)).not.toContain("coverage");
    expect(shownIds(columns, rows, 1600)).toContain("coverage");
  });
});

describe("an amount column is as wide as its longest amount", () => {
  it("grows with the rows' amounts, never below its header", () => {
    const columns = invoiceColumns();
    const invoice = (value: number, code = "USD") =>
      ({
        id: String(value),
        totalAmount: { value, currencyCode: code },
        remainingAmount: { value: 0, currencyCode: code },
        appliedAmount: { value: 0, currencyCode: code },
        customerName: "A",
      }) as unknown as InvoiceRecord;
    const small = columnWidths(columns, [invoice(100)]);
    const large = columnWidths(columns, [invoice(100), invoice(123_456_789_00, "CAD")]);
    expect(large.total).toBeGreaterThan(small.total!);
    expect(large.total).toBeGreaterThanOrEqual(textWidth("CA$123,456,789.00") + 24);
    // "Remaining" in the header, wider than "$0.00".
    expect(small.remaining).toBeGreaterThanOrEqual("Remaining".length * 9.6 + 24);
  });

  it("estimates no narrower than the text: digits are tabular, as wide as the widest font's", () => {
    expect(textWidth("0")).toBe(textWidth("8"));
    expect(textWidth("$1,234.56")).toBeGreaterThan(textWidth("$1234.56"));
  });
});

/**
 * What the CSS shows at a container width: its rules read as a browser applies them
 * (a `@container (width < N)` block hides its cells below N; `>=` sets the least width).
 */
function applyCss(css: string, width: number): { hidden: Set<string>; minWidth: number } {
  const hidden = new Set<string>();
  let minWidth = Number(/^\S+ table\{--table-min:(\d+)px\}/.exec(css)?.[1]);
  for (const match of css.matchAll(/@container \(width (<|>=) (\d+)px\)\{(.*)\}\}/g)) {
    const [, op, at, body] = match;
    const holds = op === "<" ? width < Number(at) : width >= Number(at);
    if (!holds) continue;
    for (const cell of body!.matchAll(/\[data-column="(\w+)"\]/g)) hidden.add(cell[1]!);
    const min = /--table-min:(\d+)px/.exec(body!);
    if (min) minWidth = Number(min[1]);
  }
  return { hidden, minWidth };
}

describe("the CSS shows, at every width, the columns that width holds", () => {
  it.each([
    ["invoices", "/invoices?limit=50&orderBy=issuedAt:DESC", () => invoiceColumns(), {}],
    [
      "invoices, Period chosen and Due hidden",
      "/invoices?limit=50",
      () => invoiceColumns(),
      {
        period: true,
        dueAt: false,
      },
    ],
    ["customers", "/customers?limit=100", () => customerColumns(), {}],
  ] as const)("%s", async (_name, path, columnsOf, choice) => {
    const rows = await records<{ id: string }>(path);
    const columns = columnsOf() as TableColumn<{ id: string }>[];
    const visibility = {
      ...chosenVisibility(columns, null),
      ...(choice as Record<string, boolean>),
    };
    const widths = columnWidths(columns, rows);
    const fit = fitColumns(columns, visibility, widths);
    const least = Object.fromEntries(
      choosableColumns(columns).map((c) => [columnIdOf(c), leastWidth(c, widths)]),
    );
    const css = columnFitCss("«r1»", fit, least);
    expect(css).toContain('[data-table-id="r1"]');
    const inDom = choosableColumns(columns)
      .map(columnIdOf)
      .filter((id) => visibility[id] !== false);
    for (let width = 200; width <= 2400; width += 3) {
      const { hidden, minWidth } = applyCss(css, width);
      const shown = shownAt(fit, width);
      expect(
        inDom.filter((id) => !hidden.has(id)),
        `${width} px`,
      ).toEqual(inDom.filter((id) => shown.has(id)));
      const needed = inDom.filter((id) => shown.has(id)).reduce((n, id) => n + least[id]!, 0);
      expect(minWidth, `${width} px`).toBe(needed);
    }
  });
});
