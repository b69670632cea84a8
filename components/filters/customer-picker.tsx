"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, startTransition, useId, useRef, useState } from "react";
import { browserFetcher, customerQueryOptions } from "@/lib/api/client";
import { customerDetail } from "./customer-detail";
import { chipClass, toolbarInputClass } from "./toolbar-classes";
import { useFieldBeforeHydration } from "./use-field-before-hydration";

// React Aria's combobox loads when a person first reaches the picker: not in the list pages' first load.
const CustomerCombobox = lazy(() => import("./customer-combobox"));

/**
 * Picks customers by name through the customers search; shows picked ones by name and
 * e-mail. A plain input until a person reaches it (pointer or focus, also before the
 * page's script ran), then React Aria's combobox (customer-combobox.tsx) takes over with
 * what was typed and the focus.
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
  const [text, setText] = useState("");
  const [reached, setReached] = useState(false);
  // What Enter was pressed on in the plain field: the combobox picks its only suggestion.
  const [enterOn, setEnterOn] = useState<string | null>(null);
  const focused = useRef(false);
  // A transition: the plain input stays, under the person's fingers, until the combobox is here.
  const reach = () => startTransition(() => setReached(true));
  const onFocused = () => {
    focused.current = true;
    reach();
  };
  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-end gap-2">
      {reached ? (
        <CustomerCombobox
          label={label}
          text={text}
          onTextChange={setText}
          autoFocus={focused.current}
          enterBeforeLoad={enterOn !== null && enterOn.trim() === text.trim()}
          onPick={(picked) => {
            if (!selected.includes(picked)) onChange([...selected, picked]);
          }}
        />
      ) : (
        <PlainPicker
          label={label}
          text={text}
          onTextChange={setText}
          onPointerEnter={reach}
          onFocused={onFocused}
          onEnter={() => setEnterOn(text)}
          onBlurred={() => {
            focused.current = false;
          }}
        />
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

/** The picker as the server sends it: what is typed and the focus pass to the combobox. */
function PlainPicker({
  label,
  text,
  onTextChange,
  onPointerEnter,
  onFocused,
  onEnter,
  onBlurred,
}: {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  onPointerEnter: () => void;
  onFocused: () => void;
  onEnter: () => void;
  onBlurred: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useFieldBeforeHydration(input, "", { typed: onTextChange, focused: onFocused });
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        placeholder="Add a customer…"
        className={`${toolbarInputClass} w-52 max-w-full`}
        value={text}
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onEnter();
        }}
        onPointerEnter={onPointerEnter}
        onFocus={onFocused}
        onBlur={onBlurred}
        autoComplete="off"
        data-list-search
      />
    </div>
  );
}

/**
 * A picked customer, named through the cache with its e-mail (and, on hover, health and
 * what it owes), so two customers of one name read apart. A `useQuery` per chip: the
 * list pages load it anyway, where `useQueries` would add its observer to their first load.
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
      className={`${chipClass} max-w-full py-0.5 pr-0.5 pl-2.5`}
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
        className="ml-1 grid size-6 shrink-0 place-items-center rounded-full text-fg-muted hover:bg-surface-muted hover:text-fg"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
