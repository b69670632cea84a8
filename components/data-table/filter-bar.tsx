"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { browserFetcher, customerQueryOptions, fetchListPage } from "@/lib/api/client";
import { humanize } from "@/lib/format";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import { displayedEnd, endBoundFor } from "@/lib/lists/describe";

type SetValues = (
  values: Record<string, unknown>,
  options?: { history?: "push" | "replace" },
) => void;

/** How long typing in a search box rests before the URL (and so the list) follows. */
const SEARCH_DEBOUNCE_MS = 350;

/** The toolbar of a list, rendered from its filter definitions. */
export function FilterBar({
  fields,
  values,
  setValues,
  clearHref,
  active,
}: {
  fields: FilterField[];
  values: FilterValues;
  setValues: SetValues;
  clearHref: string;
  active: boolean;
}) {
  return (
    <search className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3" aria-label="Filters">
      {fields.map((field) => (
        <FilterControl
          key={field.kind === "dateRange" ? field.from : field.key}
          field={field}
          values={values}
          setValues={setValues}
        />
      ))}
      {active ? (
        <Link href={clearHref} className="pb-1.5 text-sm text-blue-700 underline">
          Clear filters
        </Link>
      ) : null}
    </search>
  );
}

const controlClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

function FilterControl({
  field,
  values,
  setValues,
}: {
  field: FilterField;
  values: FilterValues;
  setValues: SetValues;
}) {
  const id = useId();
  switch (field.kind) {
    case "multi": {
      const selected = (values[field.key] as string[] | null) ?? [];
      const toggle = (option: string) => {
        const next = selected.includes(option)
          ? selected.filter((v) => v !== option)
          : [...selected, option];
        void setValues({ [field.key]: next.length > 0 ? next : null }, { history: "push" });
      };
      return (
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-600">{field.label}</legend>
          <div className="flex flex-wrap gap-1">
            {field.options.map((option) => {
              const on = selected.includes(option);
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(option)}
                  className={`rounded-full border px-2.5 py-0.5 text-xs ${
                    on
                      ? "border-slate-900 bg-slate-900 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {humanize(option)}
                </button>
              );
            })}
          </div>
        </fieldset>
      );
    }
    case "boolean": {
      const v = values[field.key] as boolean | null;
      return (
        <div>
          <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
            {field.label}
          </label>
          <select
            id={id}
            className={controlClass}
            value={v === null || v === undefined ? "" : String(v)}
            onChange={(e) =>
              void setValues(
                { [field.key]: e.target.value === "" ? null : e.target.value === "true" },
                { history: "push" },
              )
            }
          >
            <option value="">Any</option>
            <option value="true">{field.yes}</option>
            <option value="false">{field.no}</option>
          </select>
        </div>
      );
    }
    case "select": {
      const v = (values[field.key] as string | null) ?? "";
      return (
        <div>
          <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
            {field.label}
          </label>
          <select
            id={id}
            className={controlClass}
            value={v}
            onChange={(e) =>
              void setValues({ [field.key]: e.target.value || null }, { history: "push" })
            }
          >
            <option value="">Any</option>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {humanize(o)}
              </option>
            ))}
          </select>
        </div>
      );
    }
    case "dateRange": {
      const from = (values[field.from] as string | null) ?? "";
      const to = (values[field.to] as string | null) ?? "";
      return (
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-600">
            {field.label} (UTC dates)
          </legend>
          <div className="flex items-center gap-1">
            <input
              type="date"
              aria-label={`${field.label} from`}
              className={controlClass}
              value={from.slice(0, 10)}
              onChange={(e) =>
                void setValues({ [field.from]: e.target.value || null }, { history: "push" })
              }
            />
            <span className="text-slate-400">–</span>
            <input
              type="date"
              aria-label={`${field.label} to`}
              className={controlClass}
              value={to ? displayedEnd(to, field.toBound) : ""}
              onChange={(e) =>
                void setValues(
                  {
                    [field.to]: e.target.value ? endBoundFor(e.target.value, field.toBound) : null,
                  },
                  { history: "push" },
                )
              }
            />
          </div>
        </fieldset>
      );
    }
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
          onRemove={() => void setValues({ [field.key]: null }, { history: "push" })}
        />
      );
    }
    case "customers":
      return (
        <CustomerPicker
          label={field.label}
          selected={(values[field.key] as string[] | null) ?? []}
          onChange={(ids) =>
            void setValues({ [field.key]: ids.length > 0 ? ids : null }, { history: "push" })
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
    <div>
      <span className="mb-1 block text-xs font-medium text-slate-600">{field.label}</span>
      <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs">
        <span title={id}>{name ?? `${id.slice(0, 8)}…`}</span>
        <button
          type="button"
          aria-label={`Remove the ${field.label.toLowerCase()} filter`}
          onClick={onRemove}
          className="text-slate-500 hover:text-slate-900"
        >
          ×
        </button>
      </span>
    </div>
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

function SearchControl({
  field,
  value,
  setValues,
}: {
  field: Extract<FilterField, { kind: "search" }>;
  value: string;
  setValues: SetValues;
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
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {field.label}
      </label>
      <input
        id={id}
        type="search"
        data-list-search
        placeholder="Search by name…"
        className={`${controlClass} w-56`}
        value={text}
        maxLength={200}
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          // Typing replaces the history entry, once it rests, so back skips the keystrokes.
          clearTimeout(pending.current);
          pending.current = setTimeout(() => {
            const next = typed.trim();
            if (next === inUrl.current) return;
            written.current = next;
            setValues({ [field.key]: next || null }, { history: "replace" });
          }, SEARCH_DEBOUNCE_MS);
        }}
      />
    </div>
  );
}

/** Picks customers by name through the customers search; shows picked ones by name. */
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
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ["customer-search", term],
    queryFn: ({ signal }) =>
      fetchListPage(
        browserFetcher,
        "customers",
        new URLSearchParams({ search: term, limit: "8", orderBy: "name:ASC" }).toString(),
        undefined,
        signal,
      ),
    enabled: term.length > 0,
  });
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-1">
        {selected.map((customerId) => (
          <CustomerChip
            key={customerId}
            id={customerId}
            onRemove={() => onChange(selected.filter((s) => s !== customerId))}
          />
        ))}
        <input
          id={id}
          type="search"
          placeholder="Add a customer…"
          className={`${controlClass} w-44`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          data-list-search
        />
      </div>
      {term && (search.data || search.isError) ? (
        <ul className="absolute z-30 mt-1 max-h-64 w-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow">
          {search.isError ? <li className="px-3 py-1 text-red-700">Search failed</li> : null}
          {search.data?.data.length === 0 ? (
            <li className="px-3 py-1 text-slate-500">No customer named like “{term}”</li>
          ) : null}
          {search.data?.data.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                className="block w-full px-3 py-1 text-left hover:bg-slate-100"
                onClick={() => {
                  if (!selected.includes(customer.id)) onChange([...selected, customer.id]);
                  setText("");
                  setTerm("");
                }}
              >
                {customer.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A picked customer, named through the cache. One `useQuery` per chip rather than
 * `useQueries` for all: the list pages already load `useQuery`, `useQueries` would add
 * its observer to their first load.
 */
function CustomerChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const customer = useQuery({
    ...customerQueryOptions(browserFetcher, id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const name = customer.data?.name;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs">
      {name ?? (customer.isError ? "Unknown customer" : "…")}
      <button
        type="button"
        aria-label={`Remove ${name ?? "customer"}`}
        onClick={onRemove}
        className="text-slate-500 hover:text-slate-900"
      >
        ×
      </button>
    </span>
  );
}
