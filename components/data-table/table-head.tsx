import { flexRender, type Table, type VisibilityState } from "@tanstack/react-table";
import { memo, type ReactNode, type Ref } from "react";
import type { OrderTerm } from "@/lib/lists/order";
import {
  type CellPlacement,
  placementClasses,
  placementOf,
  type TableLayout,
} from "./cell-placement";

export type OnSort = (field: string, additive: boolean) => void;

interface TableHeadProps<Row> {
  table: Table<Row>;
  /** not read: the table's shown columns, so the memoized header follows a change */
  visibility: VisibilityState;
  layout: TableLayout;
  headRef: Ref<HTMLTableSectionElement>;
  order: OrderTerm[] | null | undefined;
  onSort: OnSort | undefined;
}

/**
 * The sticky header row: each column's header, a sort button where the column sorts.
 * Memoized: a scroll moves the rows, not the header.
 */
export const TableHead = memo(function TableHead<Row>({
  table,
  layout,
  headRef,
  order,
  onSort,
}: TableHeadProps<Row>) {
  return (
    <thead
      ref={headRef}
      className="sticky top-0 z-10 bg-surface-muted text-left text-xs uppercase tracking-wide text-fg-muted"
    >
      <tr>
        {table.getFlatHeaders().map((header) => (
          <HeaderCell
            key={header.id}
            {...placementOf(header.column.columnDef, layout)}
            order={order}
            onSort={onSort}
          >
            {flexRender(header.column.columnDef.header, header.getContext())}
          </HeaderCell>
        ))}
      </tr>
    </thead>
  );
}) as <Row>(props: TableHeadProps<Row>) => ReactNode;

/** A sort order's mark: ▲ ascending, ▼ descending, ↕ sortable but not sorted by. */
export function sortMark(term: OrderTerm | undefined): string {
  return term ? (term.direction === "ASC" ? "▲" : "▼") : "↕";
}

function HeaderCell({
  columnId,
  width,
  order,
  onSort,
  children,
  ...placement
}: CellPlacement & {
  order: OrderTerm[] | null | undefined;
  onSort: OnSort | undefined;
  children: ReactNode;
}) {
  const { meta } = placement;
  const field = meta?.sortField;
  const index = field ? (order ?? []).findIndex((t) => t.field === field) : -1;
  const term = index >= 0 ? order?.[index] : undefined;
  const ariaSort = term
    ? term.direction === "ASC"
      ? "ascending"
      : "descending"
    : field
      ? "none"
      : undefined;
  return (
    <th
      scope="col"
      data-column={columnId}
      aria-sort={ariaSort}
      style={{ width }}
      className={`border-b border-line bg-surface-muted px-3 py-2 font-medium ${
        meta?.align === "right" ? "text-right" : ""
      } ${placementClasses({ columnId, width, ...placement })}`}
    >
      {field && onSort ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-fg"
          title="Click to sort; shift-click to add to the order"
          onClick={(e) => onSort(field, e.shiftKey)}
        >
          {children}
          <span aria-hidden="true">{sortMark(term)}</span>
          {term && (order?.length ?? 0) > 1 ? (
            <span className="text-[10px] text-fg-muted">{index + 1}</span>
          ) : null}
        </button>
      ) : (
        children
      )}
    </th>
  );
}
