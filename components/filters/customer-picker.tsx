"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy } from "react";
import { browserFetcher, customerQueryOptions } from "@/lib/api/client";
import { customerDetail } from "./customer-detail";
import { PlainComboField, useLazyComboField } from "./lazy-combo-field";
import { chipClass } from "./toolbar-classes";

// React Aria's combobox loads when a person first reaches the picker: not in the list pages' first load.
const CustomerCombobox = lazy(() => import("./customer-combobox"));

/**
 * Picks customers by name through the customers search; shows picked ones by name and
 * e-mail. A plain input until a person reaches it (lazy-combo-field.tsx), then React
 * Aria's combobox (customer-combobox.tsx) takes over with what was typed, the focus and
 * an Enter pressed meanwhile.
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
  const field = useLazyComboField();
  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-end gap-2">
      {field.reached ? (
        <CustomerCombobox
          label={label}
          text={field.text}
          onTextChange={field.setText}
          autoFocus={field.autoFocus}
          // Enter in the plain field: the combobox picks the only suggestion.
          enterBeforeLoad={field.enterBeforeLoad}
          onPick={(picked) => {
            if (!selected.includes(picked)) onChange([...selected, picked]);
          }}
        />
      ) : (
        <PlainComboField
          label={label}
          placeholder="Add a customer…"
          width="w-52"
          listSearch
          {...field.plain}
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
