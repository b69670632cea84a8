/**
 * The table's memoized rows re-render only for what they draw: a later page that
 * widens a column (the header's business) leaves the loaded rows alone, over real
 * invoices of the built-in API.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InvoiceRecord } from "@/lib/api/client";
import { api } from "@/lib/sandbox/testing/sandbox";
import { invoiceColumns } from "../invoices/invoice-columns";
import type { TableLayout } from "./cell-placement";
import { columnWidths } from "./column-fit";
import { rowsLayoutKey, TableBody } from "./table-body";
import { chosenVisibility, columnIdOf, type TableColumn } from "./table-columns";

function Body({
  rows,
  columns,
  layout,
}: {
  rows: InvoiceRecord[];
  columns: TableColumn<InvoiceRecord>[];
  layout: TableLayout;
}) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    state: { columnVisibility: chosenVisibility(columns, null) },
    getRowId: (row) => row.id,
  });
  return (
    <table>
      <TableBody
        table={table}
        range={{ start: 0, end: 30 }}
        layout={layout}
        active={null}
        onOpen={() => {}}
        onFocusRow={undefined}
      />
    </table>
  );
}

describe("a body row's re-render key", () => {
  it("holds when a second page widens a column, and the rows it keeps draw the same", async () => {
    const response = await api<{ data: InvoiceRecord[] }>(
      "/invoices?limit=100&statuses=DRAFT,ISSUED,VOIDED",
    );
    const all = response.body.data;
    const columns = invoiceColumns();
    const ids = columns.map(columnIdOf);
    // The first page's widths, then with the later rows that widen at least one column.
    const firstPage = all.slice(0, 30);
    const before = columnWidths(columns, firstPage);
    const after = columnWidths(columns, all);
    expect(after).not.toEqual(before);
    const layout = (widths: Record<string, number>): TableLayout => ({
      widths,
      stickyId: "number",
      carded: true,
      cardHeight: 77,
    });
    expect(rowsLayoutKey(ids, layout(after))).toBe(rowsLayoutKey(ids, layout(before)));

    const draw = (rows: InvoiceRecord[], widths: Record<string, number>) =>
      renderToString(
        <QueryClientProvider client={new QueryClient()}>
          <Body rows={rows} columns={columns} layout={layout(widths)} />
        </QueryClientProvider>,
      );
    const drawnBefore = draw(firstPage, before);
    expect(drawnBefore.match(/<tr data-index=/g)).toHaveLength(30);
    // The same 30 rows drawn after the widths changed: identical, bar the spacer below
    // them, which counts the later rows.
    const rowsOnly = (html: string) => html.replace(/<tr style="--spacer-rows.*?<\/tr>/s, "");
    const drawnAfter = rowsOnly(draw(all, after));
    expect(drawnAfter.length).toBe(drawnBefore.length);
    // The first difference and its surroundings, rather than two 60 kB strings.
    const differsAt = [...drawnAfter].findIndex((c, i) => c !== drawnBefore[i]);
    expect(differsAt === -1 ? "" : drawnAfter.slice(differsAt - 80, differsAt + 80)).toBe("");
  });

  it("changes with what a row does draw: the columns, the sticky column, cards", () => {
    const base: TableLayout = { widths: {}, stickyId: "number", carded: true, cardHeight: 77 };
    const key = rowsLayoutKey(["number", "customer"], base);
    expect(rowsLayoutKey(["number"], base)).not.toBe(key);
    expect(rowsLayoutKey(["number", "customer"], { ...base, stickyId: "customer" })).not.toBe(key);
    expect(rowsLayoutKey(["number", "customer"], { ...base, carded: false })).not.toBe(key);
    expect(rowsLayoutKey(["number", "customer"], { ...base, cardHeight: 61 })).not.toBe(key);
  });
});
