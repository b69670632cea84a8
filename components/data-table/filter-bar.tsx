"use client";

import { useQuery } from "@tanstack/react-query";
import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import Link from "@/components/layout/link";
import { browserFetcher, customerQueryOptions } from "@/lib/api/client";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import { customerDetail } from "../filters/customer-suggestions";
import {
  chipValue,
  clearedValues,
  type EditableField,
  fieldKey,
  isEditable,
  type SetFilterValues,
} from "../filters/filter-fields";
import { useTypedBeforeHydration } from "../islands/use-typed-before-hydration";
import { useDashboardToday } from "../layout/dashboard-clock";

/** How long typing in a search box rests before the URL (and so the list) follows. */
const SEARCH_DEBOUNCE_MS = 350;

// What only an interaction needs is loaded on the first reach for it (a pointer over
// the toolbar, focus in it): React Aria's menus, popovers, calendar, sheet and
// combobox stay out of every list page's first load (160 kB budget, bench:web).
const loadPopovers = () => import("../filters/filter-popovers");
const loadCombobox = () => import("../filters/customer-combobox");
type Popovers = Awaited<ReturnType<typeof loadPopovers>>;

/** A module loaded on demand, held in state once it is here. */
function useOnDemand<M>(load: () => Promise<M>): [M | null, () => void] {
  const [module, setModule] = useState<M | null>(null);
  const start = () => {
    if (!module) void load().then((m) => setModule(() => m));
  };
  return [module, start];
}

type Open = { kind: "menu" } | { kind: "editor"; key: string } | { kind: "sheet" } | null;

export const chipClass =
  "inline-flex items-center rounded-full border border-line bg-surface-strong text-xs text-fg";
const buttonClass =
  "rounded-md border border-line-strong bg-surface px-2.5 py-1 text-sm text-fg hover:bg-surface-muted";

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
  const [popovers, loadPopoversNow] = useOnDemand(loadPopovers);
  const [open, setOpen] = useState<Open>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const sheetButton = useRef<HTMLButtonElement>(null);
  const chips = useRef(new Map<string, HTMLButtonElement>());
  const editable = fields.filter(isEditable);
  const today = useDashboardToday();
  const setFields = editable.filter((f) => chipValue(f, values, today) !== null);

  const openNow = (next: Open) => {
    loadPopoversNow();
    setOpen(next);
  };
  const triggerOf = (key: string) => chips.current.get(key) ?? addButton.current;
  /**
   * After "Clear filters" the chips are gone: "Add filter" takes the focus (on phones,
   * "Filters"), as after one chip's remove button, not the top of the page.
   */
  const focusAfterClear = () => {
    const shown = [addButton.current, sheetButton.current].find((el) => el?.offsetParent);
    shown?.focus({ preventScroll: true });
  };
  /** Closing gives focus back to what opened it (the chip, or "Add filter" when the chip went). */
  const close = (focus: HTMLElement | null) => {
    setOpen(null);
    focus?.focus({ preventScroll: true });
  };

  return (
    <search
      className="mb-4 flex flex-wrap items-end gap-x-3 gap-y-2"
      aria-label="Filters"
      onPointerEnter={loadPopoversNow}
      onFocus={loadPopoversNow}
    >
      {fields.map((field) =>
        isEditable(field) ? null : (
          <OwnControl key={fieldKey(field)} field={field} values={values} setValues={setValues} />
        ),
      )}
      {editable.length > 0 ? (
        <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
          {setFields.map((field) => {
            const key = fieldKey(field);
            return (
              <li key={key} className={chipClass} data-filter={key}>
                <button
                  type="button"
                  ref={(el) => {
                    if (el) chips.current.set(key, el);
                    else chips.current.delete(key);
                  }}
                  aria-haspopup="dialog"
                  aria-expanded={open?.kind === "editor" && open.key === key}
                  onClick={() => openNow({ kind: "editor", key })}
                  className="rounded-l-full py-1 pr-1 pl-2.5 hover:bg-surface-muted"
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
                  className="rounded-r-full py-1 pr-2.5 pl-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
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
              onClick={() => openNow({ kind: "menu" })}
              className={`${buttonClass} border-dashed`}
            >
              <span aria-hidden="true">+ </span>Add filter
            </button>
          </li>
          <li className="sm:hidden">
            <button
              type="button"
              ref={sheetButton}
              aria-haspopup="dialog"
              aria-expanded={open?.kind === "sheet"}
              onClick={() => openNow({ kind: "sheet" })}
              className={buttonClass}
            >
              Filters{setFields.length > 0 ? ` · ${setFields.length}` : ""}
            </button>
          </li>
        </ul>
      ) : null}
      {active ? (
        <Link
          href={clearHref}
          onClick={focusAfterClear}
          className="py-1 text-sm text-accent underline"
        >
          Clear filters
        </Link>
      ) : null}
      {popovers && open ? (
        <Overlay
          popovers={popovers}
          open={open}
          editable={editable}
          values={values}
          setValues={setValues}
          triggerOf={triggerOf}
          addButton={addButton}
          onOpen={setOpen}
          onClose={close}
          clear={
            active ? (
              <Link
                href={clearHref}
                className="text-accent underline"
                onClick={() => {
                  setOpen(null);
                  focusAfterClear();
                }}
              >
                Clear filters
              </Link>
            ) : null
          }
        />
      ) : null}
    </search>
  );
}

/** The open menu, editor or sheet, once their module is here. */
function Overlay({
  popovers,
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
  popovers: Popovers;
  open: NonNullable<Open>;
  editable: EditableField[];
  values: FilterValues;
  setValues: SetFilterValues;
  triggerOf: (key: string) => HTMLElement | null;
  addButton: React.RefObject<HTMLButtonElement | null>;
  onOpen: (open: Open) => void;
  onClose: (focus: HTMLElement | null) => void;
  clear: React.ReactNode;
}) {
  const { AddFilterMenu, FilterEditorPopover, FilterSheet } = popovers;
  const today = useDashboardToday();
  if (open.kind === "menu")
    return (
      <AddFilterMenu
        triggerRef={addButton}
        isOpen
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
        isOpen
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
  const trigger = { current: triggerOf(open.key) };
  return (
    <FilterEditorPopover
      triggerRef={trigger}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose(triggerOf(open.key));
      }}
      field={field}
      values={values}
      setValues={setValues}
    />
  );
}

/** The controls that are not chips: the name search, the customer picker, a filter set by a link. */
function OwnControl({
  field,
  values,
  setValues,
}: {
  field: Exclude<FilterField, EditableField>;
  values: FilterValues;
  setValues: SetFilterValues;
}) {
  switch (field.kind) {
    case "search":
      return (
        <SearchControl
          field={field}
          value={(values[field.key] as string | null) ?? ""}
          setValues={setValues}
        />
      );
    case "id": {
      const value = values[field.key] as string | null;
      if (!value) return null;
      return (
        <IdChip
          field={field}
          id={value}
          onRemove={() => setValues({ [field.key]: null }, { history: "push" })}
        />
      );
    }
    case "customers":
      return (
        <CustomerPicker
          label={field.label}
          selected={(values[field.key] as string[] | null) ?? []}
          onChange={(ids) =>
            setValues({ [field.key]: ids.length > 0 ? ids : null }, { history: "push" })
          }
        />
      );
  }
}

/** A filter set by a link, e.g. "Contract 1a2b3c4d…" from the contracts list: shown and removable. */
function IdChip({
  field,
  id,
  onRemove,
}: {
  field: Extract<FilterField, { kind: "id" }>;
  id: string;
  onRemove: () => void;
}) {
  const customer = useQuery({
    ...customerQueryOptions(browserFetcher, id),
    enabled: field.resource === "customer",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const name = field.resource === "customer" ? customer.data?.name : undefined;
  return (
    <span className={`${chipClass} py-1 pr-1 pl-2.5`}>
      <span className="text-fg-muted">{field.label}:</span>&nbsp;
      <span className="font-medium" title={id}>
        {name ?? `${id.slice(0, 8)}…`}
      </span>
      <button
        type="button"
        aria-label={`Remove the ${field.label.toLowerCase()} filter`}
        onClick={onRemove}
        className="ml-1 rounded-full px-1.5 text-fg-muted hover:text-fg"
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}

/**
 * What a search field shows once the URL's search changes. When the URL only caught up
 * with the field's own write, what was typed since stays: on a busy page the URL's
 * render can come after the next keystroke, which it would otherwise undo. Any other
 * change (back, forward, "clear") shows what the URL says, but keeps a trailing space
 * being typed, which the URL drops.
 */
export function searchTextAfterUrlChange(
  shown: string,
  inUrl: string,
  written: string | null,
): string {
  if (inUrl === written) return shown;
  return shown.trim() === inUrl ? shown : inUrl;
}

const inputClass =
  "rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg placeholder:text-fg-subtle";

function SearchControl({
  field,
  value,
  setValues,
}: {
  field: Extract<FilterField, { kind: "search" }>;
  value: string;
  setValues: SetFilterValues;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What this field wrote to the URL, until the URL says it; and what the URL says.
  const written = useRef<string | null>(null);
  const inUrl = useRef(value);
  useEffect(() => {
    inUrl.current = value;
    setText((shown) => searchTextAfterUrlChange(shown, value, written.current));
    written.current = null;
  }, [value]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const onTyped = (typed: string) => {
    setText(typed);
    // Typing replaces the history entry, once it rests, so back skips the keystrokes.
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      const next = typed.trim();
      if (next === inUrl.current) return;
      written.current = next;
      setValues({ [field.key]: next || null }, { history: "replace" });
    }, SEARCH_DEBOUNCE_MS);
  };
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, text, onTyped);
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
        {field.label}
      </label>
      <input
        id={id}
        type="search"
        data-list-search
        placeholder="Search by name…"
        className={`${inputClass} w-56 max-w-full`}
        value={text}
        maxLength={200}
        ref={input}
        onChange={(e) => onTyped(e.target.value)}
      />
    </div>
  );
}

/**
 * Picks customers by name through the customers search; shows picked ones by name and
 * e-mail. A plain input until a person reaches it (pointer or focus), then React
 * Aria's combobox (components/filters/customer-combobox.tsx) takes over with what was
 * typed and the focus.
 */
export function CustomerPicker({
  label,
  selected,
  onChange,
}: {
  label: string;
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const focused = useRef(false);
  const plainInput = useRef<HTMLInputElement>(null);
  const [combobox, loadComboboxNow] = useOnDemand(loadCombobox);
  useTypedBeforeHydration(plainInput, "", setText);
  const Combobox: ComponentType<{
    label: string;
    text: string;
    onTextChange: (text: string) => void;
    onPick: (id: string) => void;
    autoFocus: boolean;
  }> | null = combobox?.default ?? null;
  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-end gap-2">
      {Combobox ? (
        <Combobox
          label={label}
          text={text}
          onTextChange={setText}
          autoFocus={focused.current}
          onPick={(picked) => {
            if (!selected.includes(picked)) onChange([...selected, picked]);
          }}
        />
      ) : (
        <div className="min-w-0 max-w-full">
          <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
            {label}
          </label>
          <input
            id={id}
            ref={plainInput}
            role="combobox"
            aria-expanded={false}
            aria-autocomplete="list"
            placeholder="Add a customer…"
            className={`${inputClass} w-52 max-w-full`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPointerEnter={loadComboboxNow}
            onFocus={() => {
              focused.current = true;
              loadComboboxNow();
            }}
            onBlur={() => {
              focused.current = false;
            }}
            autoComplete="off"
            data-list-search
          />
        </div>
      )}
      {selected.length > 0 ? (
        <ul aria-label={`${label} picked`} className="flex flex-wrap gap-1">
          {selected.map((customerId) => (
            <CustomerChip
              key={customerId}
              id={customerId}
              onRemove={() => onChange(selected.filter((s) => s !== customerId))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A picked customer, named through the cache with its e-mail (and, on hover, health and
 * what it owes), so two customers of one name read apart. One `useQuery` per chip
 * rather than `useQueries` for all: the list pages already load `useQuery`,
 * `useQueries` would add its observer to their first load.
 */
function CustomerChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const customer = useQuery({
    ...customerQueryOptions(browserFetcher, id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const record = customer.data;
  const name = record?.name;
  return (
    <li
      className={`${chipClass} max-w-full py-1 pr-1 pl-2.5`}
      title={record ? customerDetail(record) : id}
    >
      <span className="truncate">
        <span className="font-medium">{name ?? (customer.isError ? "Unknown customer" : "…")}</span>
        {record ? <span className="text-fg-muted"> · {record.billingEmail}</span> : null}
      </span>
      <button
        type="button"
        aria-label={`Remove ${name ?? "customer"}`}
        onClick={onRemove}
        className="ml-1 rounded-full px-1.5 text-fg-muted hover:text-fg"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
