import type { FilterField, FilterValues } from "@/lib/lists/define";
import { describeFilters } from "@/lib/lists/describe";

/** A customer's name as the page knows it (the chips' reads), or undefined before it is read. */
export type CustomerNameOf = (id: string) => string | undefined;

/** The ids a customer filter holds: the picker's list, or one set by a link. */
function customerIdsOf(field: FilterField, values: FilterValues): string[] {
  if (field.kind === "customers") return (values[field.key] as string[] | null) ?? [];
  if (field.kind === "id" && field.resource === "customer") {
    const id = values[field.key] as string | null;
    return id ? [id] : [];
  }
  return [];
}

/** "A", "A and B", "A, B and 2 more". */
function nameList(names: string[]): string {
  if (names.length <= 2) return names.join(" and ");
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

/**
 * A saved view's first name: the list, the customers it is about by name, then its
 * other filters in words ("Invoices of Gerhold and Sons: Status is Issued, Has an
 * outstanding balance"). A customer whose name is not known yet is counted instead.
 */
export function suggestedViewName(
  list: string,
  fields: FilterField[],
  values: FilterValues,
  customerName: CustomerNameOf,
): string {
  const label = list.charAt(0).toUpperCase() + list.slice(1);
  const ids = fields.flatMap((field) => customerIdsOf(field, values));
  const names = ids.map(customerName);
  const named = ids.length > 0 && names.every((name) => name !== undefined);
  const described = named
    ? fields.filter((field) => customerIdsOf(field, values).length === 0)
    : fields;
  const filters = describeFilters(described, values);
  const subject = named ? `${label} of ${nameList(names as string[])}` : label;
  if (filters.length > 0) return `${subject}: ${filters.join(", ")}`;
  return named ? subject : `All ${list}`;
}
