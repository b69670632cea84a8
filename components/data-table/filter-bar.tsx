"use client";

import { lazy, type ReactNode, type RefObject, Suspense, useRef, useState } from "react";
import Link from "@/components/layout/link";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import {
  chipValue,
  clearedValues,
  type EditableField,
  fieldKey,
  isEditable,
  type SetFilterValues,
} from "../filters/filter-fields";
import type { OpenOverlay } from "../filters/filter-overlay";
import { OwnControl } from "../filters/own-controls";
import { chipClass, toolbarButtonClass } from "../filters/toolbar-classes";
import { useDashboardToday } from "../layout/dashboard-clock";
import { OverlayLoading } from "../states/overlay-loading";

// React Aria's menu, popovers, calendar and sheet load on a person's first reach for the
// toolbar (a pointer over it, focus in it), not with every list page.
const loadOverlay = () => import("../filters/filter-overlay");
const FilterOverlay = lazy(loadOverlay);
const preloadOverlay = () => void loadOverlay();

/**
 * The toolbar of a list, rendered from its filter definitions: the list's search (a
 * name search or the customer picker), each set filter as a chip that opens its
 * editor and has a remove button, an "Add filter" menu for the others, and on phones
 * one "Filters" button opening them all in a sheet. Everything shown comes from the
 * URL's values, so back and forward move every control with the rows.
 */
export function FilterBar({
  fields,
  values,
  setValues,
  clearHref,
  active,
}: {
  fields: FilterField[];
  values: FilterValues;
  setValues: SetFilterValues;
  clearHref: string;
  active: boolean;
}) {
  const [open, setOpen] = useState<OpenOverlay | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const sheetButton = useRef<HTMLButtonElement>(null);
  const chips = useRef(new Map<string, HTMLButtonElement>());
  const editable = fields.filter(isEditable);
  /**
   * After "Clear filters" the chips are gone: "Add filter" takes the focus (on phones,
   * "Filters"), as after one chip's remove button, not the top of the page.
   */
  const focusAfterClear = () => {
    const shown = [addButton.current, sheetButton.current].find((el) => el?.offsetParent);
    shown?.focus({ preventScroll: true });
  };
  const clearLink = (onClick: () => void) =>
    active ? (
      <Link href={clearHref} onClick={onClick} className="py-1 text-sm text-accent underline">
        Clear filters
      </Link>
    ) : null;

  return (
    <search
      className="mb-4 flex flex-wrap items-end gap-x-3 gap-y-2"
      aria-label="Filters"
      onPointerEnter={preloadOverlay}
      onFocus={preloadOverlay}
    >
      {fields.map((field) =>
        isEditable(field) ? null : (
          <OwnControl key={fieldKey(field)} field={field} values={values} setValues={setValues} />
        ),
      )}
      {editable.length > 0 ? (
        <ChipList
          editable={editable}
          values={values}
          setValues={setValues}
          open={open}
          onOpen={setOpen}
          chips={chips.current}
          addButton={addButton}
          sheetButton={sheetButton}
          clear={clearLink(focusAfterClear)}
        />
      ) : null}
      {/* On a phone it ends the chips' row, when there is one. */}
      <span className={editable.length > 0 ? "max-sm:hidden" : ""}>
        {clearLink(focusAfterClear)}
      </span>
      {open ? (
        <Suspense fallback={<OverlayLoading onCancel={() => setOpen(null)} />}>
          <FilterOverlay
            open={open}
            editable={editable}
            values={values}
            setValues={setValues}
            triggerOf={(key) => chips.current.get(key) ?? addButton.current}
            addButton={addButton}
            onOpen={setOpen}
            onClose={(focus) => {
              setOpen(null);
              focus?.focus({ preventScroll: true });
            }}
            clear={clearLink(() => {
              setOpen(null);
              focusAfterClear();
            })}
          />
        </Suspense>
      ) : null}
    </search>
  );
}

/** The set filters as chips, then "Add filter" (on phones, "Filters": the sheet). */
function ChipList({
  editable,
  values,
  setValues,
  open,
  onOpen,
  chips,
  addButton,
  sheetButton,
  clear,
}: {
  editable: EditableField[];
  values: FilterValues;
  setValues: SetFilterValues;
  open: OpenOverlay | null;
  onOpen: (open: OpenOverlay) => void;
  /** each chip's editor button, by field key: where the focus returns */
  chips: Map<string, HTMLButtonElement>;
  addButton: RefObject<HTMLButtonElement | null>;
  sheetButton: RefObject<HTMLButtonElement | null>;
  /** "Clear filters", at the row's end on a phone */
  clear: ReactNode;
}) {
  const today = useDashboardToday();
  const setFields = editable.filter((f) => chipValue(f, values, today) !== null);
  return (
    // On a phone one row that scrolls sideways, "Filters" first: the list's rows come higher.
    <ul
      aria-label="Active filters"
      className="flex flex-wrap items-center gap-2 max-sm:w-full max-sm:flex-nowrap max-sm:overflow-x-auto max-sm:py-0.5 max-sm:scroll-shadows-x max-sm:[--scroll-bg:var(--canvas)]"
    >
      {setFields.map((field) => {
        const key = fieldKey(field);
        return (
          <li key={key} className={`${chipClass} shrink-0 whitespace-nowrap`} data-filter={key}>
            <button
              type="button"
              ref={(el) => {
                if (el) chips.set(key, el);
                else chips.delete(key);
              }}
              aria-haspopup="dialog"
              aria-expanded={open?.kind === "editor" && open.key === key}
              onClick={() => onOpen({ kind: "editor", key })}
              className="min-h-6 rounded-l-full py-1 pr-1 pl-2.5 hover:bg-surface-muted"
            >
              <span className="text-fg-muted">{field.label}:</span>{" "}
              <span className="font-medium">{chipValue(field, values, today)}</span>
            </button>
            <button
              type="button"
              aria-label={`Remove the ${field.label} filter`}
              onClick={() => {
                setValues(clearedValues(field), { history: "push" });
                addButton.current?.focus({ preventScroll: true });
              }}
              className="min-h-6 min-w-6 rounded-r-full py-1 pr-2.5 pl-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
      <li className="hidden sm:block">
        <button
          type="button"
          ref={addButton}
          aria-haspopup="menu"
          aria-expanded={open?.kind === "menu"}
          onClick={() => onOpen({ kind: "menu" })}
          className={`${toolbarButtonClass} border-dashed`}
        >
          <span aria-hidden="true">+ </span>Add filter
        </button>
      </li>
      <li className="shrink-0 sm:hidden max-sm:order-first">
        <button
          type="button"
          ref={sheetButton}
          aria-haspopup="dialog"
          aria-expanded={open?.kind === "sheet"}
          onClick={() => onOpen({ kind: "sheet" })}
          className={`${toolbarButtonClass} min-h-11`}
        >
          Filters{setFields.length > 0 ? ` · ${setFields.length}` : ""}
        </button>
      </li>
      {clear ? <li className="shrink-0 whitespace-nowrap sm:hidden">{clear}</li> : null}
    </ul>
  );
}
