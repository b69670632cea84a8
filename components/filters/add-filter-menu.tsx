"use client";

import type { RefObject } from "react";
import { Menu, MenuItem, Popover } from "react-aria-components";
import { type EditableField, fieldKey } from "./filter-fields";
import { popoverClass } from "./toolbar-classes";

/** "Add filter": the list's chip filters in a menu; a pick opens that filter's editor. */
export function AddFilterMenu({
  triggerRef,
  onOpenChange,
  fields,
  isSet,
  onPick,
}: {
  triggerRef: RefObject<HTMLElement | null>;
  onOpenChange: (open: boolean) => void;
  fields: EditableField[];
  isSet: (field: EditableField) => boolean;
  /** a field was picked: its editor opens in the menu's place */
  onPick: (key: string) => void;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={onOpenChange}
      placement="bottom start"
      aria-label="Add filter"
      className={`${popoverClass} min-w-48 py-1`}
    >
      <Menu
        aria-label="Add filter"
        autoFocus="first"
        className="outline-none"
        onAction={(key) => onPick(String(key))}
      >
        {fields.map((field) => (
          <MenuItem
            key={fieldKey(field)}
            id={fieldKey(field)}
            textValue={field.label}
            className="flex cursor-pointer items-center justify-between gap-4 px-3 py-1.5 outline-none data-[focused]:bg-accent-soft"
          >
            {field.label}
            {isSet(field) ? <span className="text-xs text-fg-muted">set</span> : null}
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
