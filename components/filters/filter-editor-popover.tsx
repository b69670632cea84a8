"use client";

import type { ReactNode, RefObject } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay, Popover } from "react-aria-components";
import type { FilterValues } from "@/lib/lists/define";
import { FilterEditor } from "./filter-editors";
import { type EditableField, fieldKey, type SetFilterValues } from "./filter-fields";
import { popoverClass } from "./toolbar-classes";

/** One filter's editor, in a popover under its chip (or under "Add filter"). */
export function FilterEditorPopover({
  triggerRef,
  onOpenChange,
  field,
  values,
  setValues,
}: {
  triggerRef: RefObject<HTMLElement | null>;
  onOpenChange: (open: boolean) => void;
  field: EditableField;
  values: FilterValues;
  setValues: SetFilterValues;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={onOpenChange}
      placement="bottom start"
      className={`${popoverClass} max-w-[calc(100vw-1rem)] p-3`}
    >
      <Dialog aria-label={`${field.label} filter`} className="outline-none">
        <FilterEditor field={field} values={values} setValues={setValues} />
      </Dialog>
    </Popover>
  );
}

/** Phones: every filter of the list in a sheet from the bottom, each applied as chosen. */
export function FilterSheet({
  onOpenChange,
  fields,
  values,
  setValues,
  clear,
}: {
  onOpenChange: (open: boolean) => void;
  fields: EditableField[];
  values: FilterValues;
  setValues: SetFilterValues;
  clear: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 bg-inverse/40"
    >
      <Modal className="fixed inset-x-0 bottom-0 max-h-[85dvh] overflow-auto rounded-t-2xl border-t border-line bg-surface text-fg shadow-xl outline-none">
        <Dialog aria-label="Filters" className="p-4 outline-none">
          <div className="mb-3 flex items-center justify-between">
            <Heading slot="title" className="text-base font-semibold">
              Filters
            </Heading>
            <Button
              slot="close"
              className="rounded-md bg-accent px-3 py-1 text-sm font-medium text-accent-fg"
            >
              Done
            </Button>
          </div>
          <div className="space-y-5">
            {fields.map((field) => (
              <section key={fieldKey(field)} aria-label={field.label}>
                <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-fg-muted">
                  {field.label}
                </h3>
                <FilterEditor field={field} values={values} setValues={setValues} inSheet />
              </section>
            ))}
          </div>
          <div className="mt-4 text-sm">{clear}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
