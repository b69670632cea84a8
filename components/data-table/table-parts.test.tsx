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
import { api } from "@/lib/sandbox/testing/sandbox";
import { contractColumns } from "../contracts/contract-columns";
import { customerColumns } from "../customers/customer-columns";
import { invoiceColumns } from "../invoices/invoice-columns";
import { paymentColumns } from "../payments/payment-columns";
import { renderPlainCell } from "./table-parts";

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
