"use client";

import type { ReactNode, RefObject } from "react";
import type { FilterValues } from "@/lib/lists/define";
import { useDashboardToday } from "../layout/dashboard-clock";
import { AddFilterMenu } from "./add-filter-menu";
import { FilterEditorPopover, FilterSheet } from "./filter-editor-popover";
import { chipValue, type EditableField, fieldKey, type SetFilterValues } from "./filter-fields";

/** What of the toolbar is open: the "Add filter" menu, a filter's editor, or (phones) the sheet. */
export type OpenOverlay = { kind: "menu" } | { kind: "editor"; key: string } | { kind: "sheet" };

/**
 * The toolbar's open menu, editor or sheet, from React Aria: loaded on a person's first
 * reach for the toolbar (data-table/filter-bar.tsx), not with the page.
 */
export default function FilterOverlay({
  open,
  editable,
  values,
  setValues,
  triggerOf,
  addButton,
  onOpen,
  onClose,
  clear,
}: {
  open: OpenOverlay;
  editable: EditableField[];
  values: FilterValues;
  setValues: SetFilterValues;
  /** the chip of a filter, or "Add filter" when it has none */
  triggerOf: (key: string) => HTMLElement | null;
  addButton: RefObject<HTMLButtonElement | null>;
  onOpen: (open: OpenOverlay) => void;
  /** closed: the focus goes back to `focus` */
  onClose: (focus: HTMLElement | null) => void;
  clear: ReactNode;
}) {
  const today = useDashboardToday();
  if (open.kind === "menu")
    return (
      <AddFilterMenu
        triggerRef={addButton}
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose(addButton.current);
        }}
        fields={editable}
        isSet={(field) => chipValue(field, values, today) !== null}
        onPick={(key) => onOpen({ kind: "editor", key })}
      />
    );
  if (open.kind === "sheet")
    return (
      <FilterSheet
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose(null);
        }}
        fields={editable}
        values={values}
        setValues={setValues}
        clear={clear}
      />
    );
  const field = editable.find((f) => fieldKey(f) === open.key);
  if (!field) return null;
  return (
    <FilterEditorPopover
      triggerRef={{ current: triggerOf(open.key) }}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose(triggerOf(open.key));
      }}
      field={field}
      values={values}
      setValues={setValues}
    />
  );
}
