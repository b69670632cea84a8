"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { lazy, type ReactNode, type RefObject, Suspense, useRef, useState } from "react";
import { formatCountOf } from "@/lib/format";
import type { ColumnChoice } from "@/lib/lists/columns";
import type { OrderTerm } from "@/lib/lists/order";
import { OverlayLoading } from "../states/overlay-loading";
import { type ColumnFit, shownAt } from "./column-fit";
import { choiceAfterToggle, choosableColumns, columnIdOf, headerOf, metaOf } from "./table-columns";
import type { OnSort } from "./table-head";

/** What a menu of the bar is given: the button it opens from, and whether it is open. */
export interface MenuProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

// React Aria's popover and menu: loaded on the first reach for a menu, not with the list.
const loadColumnMenu = () => import("./column-menu");
const loadSortMenu = () => import("./sort-menu");
const ColumnMenu = lazy(loadColumnMenu);
const SortMenu = lazy(loadSortMenu);

/**
 * Above the table: how many rows are loaded (announced as it changes), and its menus:
 * Columns beside a table with columns, Sort beside one showing cards (no headers to
 * click). Which shows is CSS's choice, by the width the cards come at (40rem of the
 * table's box, which is this bar's width less its border and any scrollbar): in the
 * 17 px between, both show, and each works.
 */
export function TableBar<Row>({
  count,
  noun,
  more,
  updating,
  columns,
  choice,
  onChoice,
  fit,
  scrollRef,
  order,
  onSort,
}: {
  count: number;
  noun: string;
  more: boolean;
  updating: boolean;
  columns: ColumnDef<Row, unknown>[];
  choice: ColumnChoice | null;
  onChoice: (choice: ColumnChoice | null) => void;
  fit: ColumnFit;
  scrollRef: RefObject<HTMLElement | null>;
  order: OrderTerm[] | null | undefined;
  onSort: OnSort | undefined;
}) {
  const carded = columns.some((c) => metaOf(c)?.card);
  const sortable = choosableColumns(columns).flatMap((c) => {
    const field = metaOf(c)?.sortField;
    return field ? [{ field, header: headerOf(c) }] : [];
  });
  return (
    <div className="mb-2 flex items-center justify-between gap-4 text-sm text-fg-muted">
      <p aria-live="polite">
        {formatCountOf(count, noun)} loaded
        {more ? ", more below" : ", all loaded"}
        {updating ? " · updating…" : ""}
      </p>
      <div className="flex gap-2">
        <MenuButton
          label="Columns"
          popup="dialog"
          className={carded ? "@max-[40rem]/list:hidden" : ""}
          preload={loadColumnMenu}
          menu={(props) => {
            // Ticked: what shows at the table's width now (the person's choice, else the fit).
            const shown = shownAt(fit, scrollRef.current?.clientWidth ?? 0);
            return (
              <ColumnMenu
                {...props}
                columns={choosableColumns(columns).map((column) => {
                  const id = columnIdOf(column);
                  return {
                    id,
                    header: headerOf(column),
                    shown: shown.has(id),
                    fixed: column.enableHiding === false,
                    onChange: (visible: boolean) =>
                      onChoice(choiceAfterToggle(columns, choice, id, visible)),
                  };
                })}
              />
            );
          }}
        />
        {carded && onSort && sortable.length > 0 ? (
          <MenuButton
            label="Sort"
            popup="menu"
            className="@min-[657px]/list:hidden"
            preload={loadSortMenu}
            menu={(props) => (
              <SortMenu {...props} fields={sortable} order={order} onSort={onSort} />
            )}
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * A button opening a menu whose script loads on the first reach for it (the pointer
 * over it or the focus on it fetches it ahead; a click opens it once it is here).
 */
function MenuButton({
  label,
  popup,
  className,
  preload,
  menu,
}: {
  label: string;
  /** what it opens: a dialog (Columns' checkboxes) or a menu (Sort) */
  popup: "dialog" | "menu";
  className: string;
  preload: () => Promise<unknown>;
  menu: (props: MenuProps) => ReactNode;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup={popup}
        aria-expanded={isOpen}
        onPointerEnter={() => void preload()}
        onFocus={() => void preload()}
        onClick={() => {
          setWanted(true);
          setOpen((open) => !open);
        }}
        className={`rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg hover:bg-surface-muted ${className}`}
      >
        {label}
      </button>
      {wanted ? (
        <Suspense
          fallback={
            isOpen ? <OverlayLoading onCancel={() => setOpen(false)} trigger={triggerRef} /> : null
          }
        >
          {menu({ triggerRef, isOpen, onOpenChange: setOpen })}
        </Suspense>
      ) : null}
    </>
  );
}
