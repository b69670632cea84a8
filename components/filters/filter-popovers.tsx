"use client";

import { type CalendarDate, parseDate } from "@internationalized/date";
import { type ReactNode, type RefObject, useState } from "react";
import {
  Button,
  CalendarCell,
  CalendarGrid,
  Checkbox,
  CheckboxGroup,
  Dialog,
  Heading,
  Menu,
  MenuItem,
  Modal,
  ModalOverlay,
  Popover,
  Radio,
  RadioGroup,
  RangeCalendar,
} from "react-aria-components";
import { humanize } from "@/lib/format";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import { displayedEnd, endBoundFor } from "@/lib/lists/describe";
import { useDashboardToday } from "../layout/dashboard-clock";
import { DATE_PRESETS, type DayRange, presetOf, presetRange } from "./date-presets";
import type { EditableField, SetFilterValues } from "./filter-fields";
import { fieldKey } from "./filter-fields";

/**
 * The filter toolbar's interactive parts, loaded on a person's first reach for them
 * (filter-bar.tsx shows the chips and buttons as plain HTML until then), from React
 * Aria: the "Add filter" menu, each filter's editor in a popover, and on phones every
 * filter in a sheet. Every editor shows what the URL holds (its values come from the
 * URL, never a copy), so back and forward move them too; each choice writes one
 * history entry.
 */

const POPOVER_CLASS =
  "rounded-lg border border-line bg-surface text-sm text-fg shadow-lg outline-none";

export function AddFilterMenu({
  triggerRef,
  isOpen,
  onOpenChange,
  fields,
  isSet,
  onPick,
}: {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  fields: EditableField[];
  isSet: (field: EditableField) => boolean;
  /** a field was picked: its editor opens in the menu's place */
  onPick: (key: string) => void;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom start"
      aria-label="Add filter"
      className={`${POPOVER_CLASS} min-w-48 py-1`}
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

export function FilterEditorPopover({
  triggerRef,
  isOpen,
  onOpenChange,
  field,
  values,
  setValues,
}: {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  field: EditableField;
  values: FilterValues;
  setValues: SetFilterValues;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom start"
      className={`${POPOVER_CLASS} max-w-[calc(100vw-1rem)] p-3`}
    >
      <Dialog aria-label={`${field.label} filter`} className="outline-none">
        <FilterEditor field={field} values={values} setValues={setValues} />
      </Dialog>
    </Popover>
  );
}

/** Phones: every filter of the list in a sheet from the bottom, each applied as chosen. */
export function FilterSheet({
  isOpen,
  onOpenChange,
  fields,
  values,
  setValues,
  clear,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  fields: EditableField[];
  values: FilterValues;
  setValues: SetFilterValues;
  clear: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
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

function FilterEditor({
  field,
  values,
  setValues,
  inSheet = false,
}: {
  field: EditableField;
  values: FilterValues;
  setValues: SetFilterValues;
  inSheet?: boolean;
}) {
  switch (field.kind) {
    case "multi":
      return <MultiEditor field={field} values={values} setValues={setValues} />;
    case "boolean":
      return (
        <ChoiceEditor
          label={field.label}
          value={toChoice(values[field.key] as boolean | null, field.no !== undefined)}
          options={
            field.no === undefined
              ? [["true", field.yes]]
              : [
                  ["true", field.yes],
                  ["false", field.no],
                ]
          }
          onChange={(v) =>
            setValues({ [field.key]: v === ANY ? null : v === "true" }, { history: "push" })
          }
        />
      );
    case "select":
      return (
        <ChoiceEditor
          label={field.label}
          value={(values[field.key] as string | null) ?? ANY}
          options={field.options.map((o) => [o, humanize(o)] as const)}
          onChange={(v) => setValues({ [field.key]: v === ANY ? null : v }, { history: "push" })}
        />
      );
    case "dateRange":
      return (
        <DateRangeEditor field={field} values={values} setValues={setValues} inSheet={inSheet} />
      );
  }
}

const ANY = "any";
/** The choice a value shows: false shows as "Any" where false is no filter (no `no` choice). */
const toChoice = (v: boolean | null | undefined, offersFalse: boolean) =>
  v === true ? "true" : v === false && offersFalse ? "false" : ANY;

const BOX =
  "flex size-4 shrink-0 items-center justify-center rounded border border-line-strong bg-surface group-data-[selected]:border-accent group-data-[selected]:bg-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent";

function MultiEditor({
  field,
  values,
  setValues,
}: {
  field: Extract<FilterField, { kind: "multi" }>;
  values: FilterValues;
  setValues: SetFilterValues;
}) {
  const selected = (values[field.key] as string[] | null) ?? [];
  return (
    <CheckboxGroup
      aria-label={field.label}
      value={selected}
      onChange={(next) =>
        // In the order of the options, as the toggles used to write them.
        setValues(
          {
            [field.key]:
              next.length > 0 ? field.options.filter((option) => next.includes(option)) : null,
          },
          { history: "push" },
        )
      }
      className="flex flex-col gap-0.5"
    >
      {field.options.map((option) => (
        <Checkbox
          key={option}
          value={option}
          className="group flex cursor-pointer items-center gap-2 rounded px-1 py-1 outline-none hover:bg-surface-muted"
        >
          {({ isSelected }) => (
            <>
              <span className={BOX} aria-hidden="true">
                {isSelected ? <Tick /> : null}
              </span>
              {humanize(option)}
            </>
          )}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

function Tick() {
  return (
    <svg
      viewBox="0 0 12 12"
      className="size-3 fill-none stroke-accent-fg stroke-2"
      aria-hidden="true"
    >
      <path d="M2.5 6.5l2.5 2.5 4.5-5" />
    </svg>
  );
}

function ChoiceEditor({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <RadioGroup
      aria-label={label}
      value={value}
      onChange={onChange}
      className="flex flex-col gap-0.5"
    >
      {[[ANY, "Any"] as const, ...options].map(([option, words]) => (
        <Radio
          key={option}
          value={option}
          className="group flex cursor-pointer items-center gap-2 rounded px-1 py-1 outline-none hover:bg-surface-muted"
        >
          <span
            aria-hidden="true"
            className="size-4 shrink-0 rounded-full border border-line-strong bg-surface group-data-[selected]:border-[5px] group-data-[selected]:border-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent"
          />
          {words}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** The range a date filter holds in the URL, as first and last day (either may be open). */
export function rangeOf(
  field: Extract<FilterField, { kind: "dateRange" }>,
  values: FilterValues,
): Partial<DayRange> {
  const from = values[field.from] as string | null;
  const to = values[field.to] as string | null;
  return {
    from: from ? from.slice(0, 10) : undefined,
    lastDay: to ? displayedEnd(to, field.toBound) : undefined,
  };
}

function DateRangeEditor({
  field,
  values,
  setValues,
  inSheet,
}: {
  field: Extract<FilterField, { kind: "dateRange" }>;
  values: FilterValues;
  setValues: SetFilterValues;
  inSheet: boolean;
}) {
  const today = useDashboardToday();
  const range = rangeOf(field, values);
  const preset = presetOf(range, today);
  // One write, so one history entry, per applied range.
  const apply = (next: DayRange | null) =>
    setValues(
      {
        [field.from]: next ? next.from : null,
        [field.to]: next ? endBoundFor(next.lastDay, field.toBound) : null,
      },
      { history: "push" },
    );
  // In the sheet, where every filter stands one under another, the calendar opens on
  // request (or when the range held is a custom one); in a popover it is always there.
  const [calendarShown, setCalendarShown] = useState(
    !inSheet || (range.from !== undefined && range.lastDay !== undefined && preset === null),
  );
  const calendarValue =
    range.from && range.lastDay
      ? { start: safeDate(range.from, today), end: safeDate(range.lastDay, today) }
      : null;
  return (
    <div className={`flex gap-3 ${inSheet ? "flex-col" : "flex-col sm:flex-row"}`}>
      <fieldset className="flex flex-wrap gap-1 sm:flex-col">
        <legend className="sr-only">Presets</legend>
        {DATE_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={preset === p.id}
            onClick={() => apply(presetRange(p.id, today))}
            className="rounded-md border border-line px-2.5 py-1 text-left text-sm hover:bg-surface-muted aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent"
          >
            {p.label}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={!range.from && !range.lastDay}
          onClick={() => apply(null)}
          className="rounded-md border border-line px-2.5 py-1 text-left text-sm hover:bg-surface-muted aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-accent"
        >
          Any date
        </button>
        {inSheet ? (
          <button
            type="button"
            aria-expanded={calendarShown}
            onClick={() => setCalendarShown((shown) => !shown)}
            className="rounded-md border border-line px-2.5 py-1 text-left text-sm hover:bg-surface-muted"
          >
            Custom range…
          </button>
        ) : null}
      </fieldset>
      {calendarShown ? (
        <div>
          <RangeCalendar
            aria-label={`${field.label}: custom range (UTC days)`}
            // Open the calendar on the range held, else on today.
            key={`${range.from ?? ""}:${range.lastDay ?? ""}`}
            defaultFocusedValue={safeDate(range.from ?? range.lastDay ?? today, today)}
            value={calendarValue?.start && calendarValue.end ? calendarValue : null}
            onChange={(picked) =>
              picked && apply({ from: picked.start.toString(), lastDay: picked.end.toString() })
            }
            className="w-[17rem]"
          >
            <header className="mb-2 flex items-center justify-between">
              <Button slot="previous" className={NAV_BUTTON}>
                ‹
              </Button>
              <Heading className="text-sm font-semibold" />
              <Button slot="next" className={NAV_BUTTON}>
                ›
              </Button>
            </header>
            <CalendarGrid className="w-full border-collapse">
              {(date) => (
                <CalendarCell
                  date={date}
                  className="m-px flex h-8 cursor-pointer items-center justify-center rounded text-sm outline-none data-[outside-month]:hidden data-[selected]:bg-accent-soft data-[selected]:text-accent data-[selection-start]:bg-accent data-[selection-start]:text-accent-fg data-[selection-end]:bg-accent data-[selection-end]:text-accent-fg data-[hovered]:bg-surface-muted data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent data-[unavailable]:text-fg-subtle"
                />
              )}
            </CalendarGrid>
          </RangeCalendar>
          <p className="mt-1 text-xs text-fg-muted">
            Pick the first day, then the last (UTC days).
          </p>
        </div>
      ) : null}
    </div>
  );
}

const NAV_BUTTON =
  "flex size-7 items-center justify-center rounded text-base hover:bg-surface-muted outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent";

/** A YYYY-MM-DD day as the calendar's date (an unreadable one as today: the URL parser keeps only readable bounds). */
function safeDate(day: string, today: string): CalendarDate {
  try {
    return parseDate(day);
  } catch {
    return parseDate(today);
  }
}
