/**
 * A list's first page renders its cells without TanStack Table (renderPlainCell), and
 * the virtual table that takes over renders them through it. The swap must change
 * nothing: every list's columns, rendered both ways over real records of the built-in
 * API, give the same markup. A column reading more of TanStack's cell context than
 * `row.original` fails here.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CustomerRecord, InvoiceRecord } from "@/lib/api/client";
import { api } from "@/lib/sandbox/testing/sandbox";
import { contractColumns } from "../contracts/contract-columns";
import { customerColumns } from "../customers/customer-columns";
import { invoiceColumns } from "../invoices/invoice-columns";
import { paymentColumns } from "../payments/payment-columns";
import {
  columnWidths,
  fittedVisibility,
  metaOf,
  renderPlainCell,
  sameColumnsRange,
  textWidth,
} from "./table-parts";

function withQueryClient(children: ReactNode) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>,
  );
}

function ViaTanStack<Row extends { id: string }>({
  rows,
  columns,
}: {
  rows: Row[];
  columns: ColumnDef<Row, unknown>[];
}) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  });
  return (
    <>
      {table.getRowModel().rows.map((row) => (
        <div key={row.id}>
          {row.getAllCells().map((cell) => (
            <span key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</span>
          ))}
        </div>
      ))}
    </>
  );
}

function ViaPlainCells<Row extends { id: string }>({
  rows,
  columns,
}: {
  rows: Row[];
  columns: ColumnDef<Row, unknown>[];
}) {
  return (
    <>
      {rows.map((row) => (
        <div key={row.id}>
          {columns.map((column) => (
            <span key={column.id}>{renderPlainCell(column, row)}</span>
          ))}
        </div>
      ))}
    </>
  );
}

async function records<Row>(path: string): Promise<Row[]> {
  const response = await api<{ data: Row[] }>(path);
  expect(response.status).toBe(200);
  expect(response.body.data.length).toBeGreaterThan(20);
  return response.body.data;
}

// biome-ignore lint/suspicious/noExplicitAny: each list's columns take their own record type
const lists: [string, string, () => ColumnDef<any, unknown>[]][] = [
  ["invoices", "/invoices?limit=100&statuses=DRAFT,ISSUED,VOIDED", () => invoiceColumns()],
  ["invoices of a customer", "/invoices?limit=60", () => invoiceColumns({ hideCustomer: true })],
  ["customers", "/customers?limit=100", () => customerColumns()],
  ["contracts", "/contracts?limit=100", () => contractColumns()],
  ["contracts of a customer", "/contracts?limit=60", () => contractColumns({ hideCustomer: true })],
  ["payments", "/payments?limit=100", () => paymentColumns()],
  ["payments of a customer", "/payments?limit=60", () => paymentColumns({ hideCustomer: true })],
];

describe("the plain first page renders cells as TanStack Table does", () => {
  it.each(lists)("%s", async (_name, path, columnsOf) => {
    const rows = await records<{ id: string }>(path);
    const columns = columnsOf();
    const viaTanStack = withQueryClient(<ViaTanStack rows={rows} columns={columns} />);
    const viaPlain = withQueryClient(<ViaPlainCells rows={rows} columns={columns} />);
    expect(viaPlain.length).toBeGreaterThan(rows.length * columns.length * 10);
    expect(viaPlain).toBe(viaTanStack);
  });

  it("a column whose cell reads more than the record would render differently", async () => {
    const rows = await records<{ id: string }>("/payments?limit=30");
    const reading: ColumnDef<{ id: string }, unknown>[] = [
      { id: "index", header: "#", cell: ({ row }) => `row ${row.index}` },
    ];
    const viaTanStack = withQueryClient(<ViaTanStack rows={rows} columns={reading} />);
    const viaPlain = withQueryClient(<ViaPlainCells rows={rows} columns={reading} />);
    expect(viaPlain).not.toBe(viaTanStack);
  });
});

/** The ids of the columns shown at a table width, in the list's order. */
function shownAt<Row>(columns: ColumnDef<Row, unknown>[], rows: Row[], width: number, chosen = {}) {
  const visibility = fittedVisibility(columns, chosen, columnWidths(columns, rows), width);
  return columns
    .filter((c) => !metaOf(c)?.card && visibility[c.id as string] !== false)
    .map((c) => c.id);
}

describe("each list declares its column priority; columns show in that order while they fit", () => {
  it("invoices: at 1280 px (a 1,006 px table) number, customer, status, total, remaining and due; Issued from 1440 px", async () => {
    const rows = await records<InvoiceRecord>("/invoices?limit=100&statuses=DRAFT,ISSUED,VOIDED");
    const columns = invoiceColumns();
    expect(shownAt(columns, rows, 1006)).toEqual([
      "number",
      "customer",
      "status",
      "total",
      "remaining",
      "dueAt",
    ]);
    expect(shownAt(columns, rows, 1166)).toEqual([
      "number",
      "customer",
      "status",
      "total",
      "remaining",
      "dueAt",
      "issuedAt",
    ]);
    // A narrow table keeps the identifying column; a column the person chose shows on top.
    expect(shownAt(columns, rows, 300)).toEqual(["number"]);
    expect(shownAt(columns, rows, 1006, { period: true })).toContain("period");
    expect(shownAt(columns, rows, 1006, { period: true })).toContain("dueAt");
    expect(shownAt(columns, rows, 1006, { total: false })).not.toContain("total");
  });

  it("a column past the lead shows only when the names still get their room", async () => {
    const rows = await records<CustomerRecord>("/customers?limit=100");
    const columns = customerColumns();
    const widths = columnWidths(columns, rows);
    const longestName = Math.max(...rows.map((r) => textWidth(r.name)));
    expect(widths.name).toBe(Math.min(340, Math.max(200, longestName + 24)));
    expect(shownAt(columns, rows, 1006)).not.toContain("coverage");
    expect(shownAt(columns, rows, 1600)).toContain("coverage");
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

describe("the widths at which the server's columns still hold (what decides whether a list's script loads at once)", () => {
  it("every width in the range shows the same columns; one pixel outside it, others", async () => {
    const rows = await records<InvoiceRecord>("/invoices?limit=50&orderBy=issuedAt:DESC");
    const columns = invoiceColumns();
    const widths = columnWidths(columns, rows);
    for (const width of [700, 1006, 1030, 1166, 1400]) {
      const { from, below } = sameColumnsRange(columns, {}, widths, width);
      expect(from).toBeLessThanOrEqual(width);
      expect(below).toBeGreaterThan(width);
      const atWidth = shownAt(columns, rows, width);
      for (let w = Math.max(from, width - 400); w < Math.min(below, width + 400); w += 7)
        expect(shownAt(columns, rows, w), `${w} px`).toEqual(atWidth);
      if (from > 0) expect(shownAt(columns, rows, from - 1)).not.toEqual(atWidth);
      if (Number.isFinite(below)) expect(shownAt(columns, rows, below)).not.toEqual(atWidth);
    }
    // At the server's assumed 1,030 px the Issued column waits; a 1,166 px table shows it.
    expect(sameColumnsRange(columns, {}, widths, 1030).below).toBeLessThanOrEqual(1166);
  });
});
