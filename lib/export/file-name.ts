/**
 * An export's file name, said from its view: the list, the filters in words, the day
 * (UTC): "invoices-issued-unpaid-overdue-2026-11-24.csv". Two exports of different
 * views never land under the same name the same day; the order is left out (it does
 * not change what the file holds).
 */
import type { ListName } from "../api/client";
import { contractList } from "../lists/contracts";
import { customerList } from "../lists/customers";
import type { FilterField } from "../lists/define";
import { invoiceList } from "../lists/invoices";
import { paymentList } from "../lists/payments";

/**
 * The filters each list's name says: its toolbar's fields, and the filters only a link
 * sets (a customer's payments, from the customer's page), which have no field.
 */
const FIELDS: Record<ListName, FilterField[]> = {
  invoices: invoiceList.fields,
  customers: customerList.fields,
  contracts: contractList.fields,
  payments: [
    { kind: "id", key: "customerId", label: "Customer", resource: "customer" },
    ...paymentList.fields,
  ],
};

/** Short words for the booleans, true then false; others read their label. */
const BOOLEAN_WORDS: Record<string, [string, string]> = {
  hasOutstandingBalance: ["unpaid", "paid"],
  needsApproval: ["needs-approval", "any-approval"],
  hasAppliedPayments: ["with-payments", "without-payments"],
  hasUncoveredBalance: ["uncovered", "covered"],
  processingInvoices: ["processing", "not-processing"],
  isAttributed: ["attributed", "unattributed"],
  hasUnappliedAmount: ["unapplied", "applied"],
};

const MAX_WORDS_LENGTH = 100;

/** Lower case letters, digits and single hyphens only: safe in any file system and header. */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const day = (value: string) => value.slice(0, 10);

/**
 * Overdue, as the home page counts it: something still owed, due before the day of
 * the export (a due range with an end only, before today).
 */
function isOverdueView(query: URLSearchParams, today: string): boolean {
  const dueEnd = query.get("dueDateEndAt");
  return (
    query.get("hasOutstandingBalance") === "true" &&
    dueEnd !== null &&
    query.get("dueDateStartAt") === null &&
    day(dueEnd) < today
  );
}

function fieldWords(field: FilterField, query: URLSearchParams, overdue: boolean): string[] {
  switch (field.kind) {
    case "multi": {
      const values = query.get(field.key)?.split(",").filter(Boolean) ?? [];
      // Every value picked is no filter at all.
      if (values.length === 0 || values.length >= field.options.length) return [];
      return values.map(slug);
    }
    case "boolean": {
      const value = query.get(field.key);
      if (value === null) return [];
      const words = BOOLEAN_WORDS[field.key] ?? [
        `${slug(field.label)}`,
        `not-${slug(field.label)}`,
      ];
      const word = value === "true" ? words[0] : words[1];
      return field.key === "hasOutstandingBalance" && overdue ? [word, "overdue"] : [word];
    }
    case "dateRange": {
      const from = query.get(field.from);
      const to = query.get(field.to);
      if ((from === null && to === null) || (overdue && field.to === "dueDateEndAt")) return [];
      return [slug(field.label), from ? day(from) : "start", "to", to ? day(to) : "now"];
    }
    case "id": {
      const id = query.get(field.key);
      return id ? [slug(field.label), slug(id.slice(0, 8))] : [];
    }
    case "customers": {
      const ids = query.get(field.key)?.split(",").filter(Boolean) ?? [];
      if (ids.length === 0) return [];
      return ids.length === 1
        ? ["customer", slug(ids[0]!.slice(0, 8))]
        : [`${ids.length}-customers`];
    }
    case "search": {
      const text = query.get(field.key);
      return text ? [slug(field.label), slug(text).slice(0, 30)] : [];
    }
    case "select": {
      const value = query.get(field.key);
      return value ? [slug(value)] : [];
    }
  }
}

/** The file name of an export of `list` for its view's API query, made on `now`'s UTC day. */
export function exportFileName(list: ListName, apiQuery: string, now: Date): string {
  const query = new URLSearchParams(apiQuery);
  const today = now.toISOString().slice(0, 10);
  const overdue = isOverdueView(query, today);
  let words = FIELDS[list]
    .flatMap((field) => fieldWords(field, query, overdue))
    .filter(Boolean)
    .join("-");
  if (words.length > MAX_WORDS_LENGTH) words = words.slice(0, MAX_WORDS_LENGTH).replace(/-+$/, "");
  return `${[list, words, today].filter(Boolean).join("-")}.csv`;
}
