"use client";

import { Menu, MenuItem, Popover } from "react-aria-components";
import type { OrderTerm } from "@/lib/lists/order";
import type { MenuProps } from "./table-bar";
import { sortMark } from "./table-head";

/**
 * The cards' order: each field a header could sort by, as a menu item that does what
 * a click on its header does (sort by it; again, the other way round), with the same
 * arrow. One field at a time: adding a field (shift-click) needs the headers.
 */
export default function SortMenu({
  triggerRef,
  isOpen,
  onOpenChange,
  fields,
  order,
  onSort,
}: MenuProps & {
  fields: { field: string; header: string }[];
  order: OrderTerm[] | null | undefined;
  onSort: (field: string, additive: boolean) => void;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      // Outside a MenuTrigger the popover is a dialog of its own: it needs a name.
      aria-label="Sort by"
      className="w-56 rounded-md border border-line bg-surface text-fg shadow outline-none"
    >
      <Menu
        aria-label="Sort by"
        autoFocus="first"
        className="p-1 outline-none"
        onAction={(key) => {
          onOpenChange(false);
          onSort(String(key), false);
        }}
      >
        {fields.map(({ field, header }) => {
          const term = order?.find((t) => t.field === field);
          const direction = term ? (term.direction === "ASC" ? "ascending" : "descending") : null;
          return (
            <MenuItem
              key={field}
              id={field}
              textValue={header}
              aria-label={`${header}${direction ? `, ${direction}` : ""}`}
              className={`flex cursor-pointer items-center justify-between gap-2 rounded px-2 py-1.5 text-sm outline-none data-[focused]:bg-surface-muted ${
                term ? "font-medium" : ""
              }`}
            >
              {header}
              <span aria-hidden="true" className="text-fg-muted">
                {sortMark(term)}
              </span>
            </MenuItem>
          );
        })}
      </Menu>
    </Popover>
  );
}
