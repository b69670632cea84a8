"use client";

import { Checkbox, Dialog, Popover } from "react-aria-components";
import type { MenuProps } from "./table-bar";

/** The column chooser: every column the person can show or hide, ticked when it shows now. */
export default function ColumnMenu({
  triggerRef,
  isOpen,
  onOpenChange,
  columns,
}: MenuProps & {
  columns: {
    id: string;
    header: string;
    /** shown at the table's width now (chosen, or fitting it) */
    shown: boolean;
    /** the identifying column: always shown */
    fixed: boolean;
    onChange: (shown: boolean) => void;
  }[];
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      className="max-h-[70dvh] w-56 overflow-auto rounded-md border border-line bg-surface text-fg shadow outline-none"
    >
      <Dialog aria-label="Columns" className="p-2 outline-none">
        <div className="flex flex-col">
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              isSelected={column.shown}
              isDisabled={column.fixed}
              onChange={column.onChange}
              className="group flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm outline-none hover:bg-surface-muted data-[disabled]:cursor-default data-[disabled]:text-fg-muted"
            >
              {({ isSelected }) => (
                <>
                  <span
                    aria-hidden="true"
                    className="flex size-4 shrink-0 items-center justify-center rounded border border-line-strong bg-surface group-data-[selected]:border-accent group-data-[selected]:bg-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent"
                  >
                    {isSelected ? (
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 12 12"
                        className="size-3 fill-none stroke-accent-fg stroke-2"
                      >
                        <path d="M2.5 6.5l2.5 2.5 4.5-5" />
                      </svg>
                    ) : null}
                  </span>
                  {column.header}
                </>
              )}
            </Checkbox>
          ))}
        </div>
      </Dialog>
    </Popover>
  );
}
