"use client";

import { useQuery } from "@tanstack/react-query";
import { browserFetcher, customerQueryOptions } from "@/lib/api/client";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import { CustomerPicker } from "./customer-picker";
import type { EditableField, SetFilterValues } from "./filter-fields";
import { SearchControl } from "./search-control";
import { chipClass } from "./toolbar-classes";

/** The controls that are not chips: the name search, the customer picker, a filter set by a link. */
export function OwnControl({
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
    <span className={`${chipClass} py-0.5 pr-0.5 pl-2.5`}>
      <span className="text-fg-muted">{field.label}:</span>&nbsp;
      <span className="font-medium" title={id}>
        {name ?? `${id.slice(0, 8)}…`}
      </span>
      <button
        type="button"
        aria-label={`Remove the ${field.label.toLowerCase()} filter`}
        onClick={onRemove}
        className="ml-1 grid size-6 shrink-0 place-items-center rounded-full text-fg-muted hover:bg-surface-muted hover:text-fg"
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
