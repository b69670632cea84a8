import { INVOICE_STATUSES } from "../api/enums";
import { contractList } from "./contracts";
import { customerList } from "./customers";
import type { FilterField } from "./define";
import { invoiceList } from "./invoices";
import { paymentList } from "./payments";
import type { PageSearchParams } from "./url-params";

/**
 * The lists' quick views: one click to the views people open most, as the tabs over
 * Stripe's and Lago's invoice lists. Each is a plain link to the list's URL, so a
 * reload, Back, "Save view" and the filter chips treat it as any filtered view, and
 * the chips show what it filters. Dates are on the dashboard's today (UTC), which the
 * server knows (lib/insights/today.ts): the page builds the links.
 */
export interface QuickView {
  id: string;
  label: string;
  /** the list's URL query, without `?` ("" for the whole list) */
  query: string;
  /** what it shows, for a tooltip and screen readers */
  description: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Issued invoices (the Issued view), and those with something still owed (Unpaid). */
const ISSUED_FILTERS = { statuses: ["ISSUED" as const] };
const UNPAID_FILTERS = { statuses: ["ISSUED" as const], hasOutstandingBalance: true };

/** Overdue: issued, something still owed, due before today (due today is not yet overdue). */
export function overdueQuery(today: number): string {
  return invoiceList.apiQuery({
    ...UNPAID_FILTERS,
    dueDateEndAt: new Date(today - 1).toISOString(),
  });
}

/** Drafts waiting for a person to approve them. */
export const DRAFTS_QUERY = invoiceList.apiQuery({ needsApproval: true });

/**
 * The invoice list's quick views on the UTC day starting at `today` (ms). The list
 * opens on Issued; All, newest first, starts at the schedule's furthest drafts (a
 * draft by its period start), so "Issued" and "Upcoming" split it at today.
 */
export function invoiceQuickViews(today: number): QuickView[] {
  return [
    {
      id: "all",
      label: "All",
      // Spelled out: the list without filters opens on Issued (invoiceList.opening).
      query: invoiceList.apiQuery({ statuses: INVOICE_STATUSES.filter((s) => s !== "VOIDED") }),
      description: "Every invoice but voided ones, drafts planned ahead included",
    },
    {
      id: "issued",
      label: "Issued",
      query: invoiceList.apiQuery(ISSUED_FILTERS),
      description: "Invoices sent to customers, newest first (the list opens here)",
    },
    {
      id: "unpaid",
      label: "Unpaid",
      query: invoiceList.apiQuery(UNPAID_FILTERS),
      description: "Issued invoices with something still owed",
    },
    {
      id: "overdue",
      label: "Overdue",
      query: overdueQuery(today),
      description: "Issued invoices still owed after their due date",
    },
    {
      id: "approval",
      label: "Needs approval",
      query: DRAFTS_QUERY,
      description: "Drafts waiting for a person to approve them",
    },
    {
      id: "upcoming",
      label: "Upcoming",
      query: invoiceList.apiQuery({
        issueDateStartAt: isoDay(today + DAY_MS),
        orderBy: "issuedAt:ASC",
      }),
      description: "Invoices planned to issue after today, the next first",
    },
  ];
}

/** The customer list's quick views: the contracts a manager acts on, by health. */
export function customerQuickViews(): QuickView[] {
  return [
    {
      id: "all",
      label: "All",
      query: "",
      description: "Every customer, those that most need attention first",
    },
    {
      id: "renewal",
      label: "Renewal due",
      query: customerList.apiQuery({ contractHealths: ["RENEWAL_DUE"] }),
      description: "Contracts inside their renewal notice period, not renewed",
    },
    {
      id: "ending",
      label: "Ending",
      query: customerList.apiQuery({ contractHealths: ["ENDING"] }),
      description: "Contracts not renewing by themselves, ending within 30 days",
    },
    {
      id: "lapsed",
      label: "No active contract",
      query: customerList.apiQuery({ contractHealths: ["NO_ACTIVE_CONTRACT"] }),
      description: "Customers whose contracts have ended or were cancelled",
    },
  ];
}

/** The payment list's quick views: what finance reconciles. */
export function paymentQuickViews(): QuickView[] {
  return [
    { id: "all", label: "All", query: "", description: "Every payment, newest received first" },
    {
      id: "unapplied",
      label: "Unapplied",
      query: paymentList.apiQuery({ hasUnappliedAmount: true }),
      description: "Payments with money not yet applied to an invoice",
    },
    {
      id: "unattributed",
      label: "Not attributed",
      query: paymentList.apiQuery({ isAttributed: false }),
      description: "Payments not yet matched to a customer",
    },
  ];
}

/**
 * The contract list's quick views, by lifecycle: the running contracts, those still
 * being drafted, and those over (expired or cancelled). Deleted contracts stay out of
 * every view but a Status picked by hand, as the API leaves them out by default.
 */
export function contractQuickViews(): QuickView[] {
  return [
    { id: "all", label: "All", query: "", description: "Every contract but deleted ones" },
    {
      id: "active",
      label: "Active",
      query: contractList.apiQuery({ statuses: ["ACTIVE"] }),
      description: "Contracts whose terms are in force",
    },
    {
      id: "draft",
      label: "Draft",
      query: contractList.apiQuery({ statuses: ["DRAFT"] }),
      description: "Contracts not yet agreed",
    },
    {
      id: "ended",
      label: "Ended",
      query: contractList.apiQuery({ statuses: ["EXPIRED", "CANCELLED"] }),
      description: "Contracts that expired or were cancelled",
    },
  ];
}

interface FilterableList {
  load: (search: URLSearchParams | PageSearchParams) => Record<string, unknown>;
  apiQuery: (values: Record<string, unknown>) => string;
  fields: readonly FilterField[];
  opensOnDefault: (values: Record<string, unknown>) => boolean;
  opening: Record<string, unknown>;
}

/** The lists that have quick views. */
const LISTS = {
  invoices: invoiceList,
  customers: customerList,
  contracts: contractList,
  payments: paymentList,
} as const satisfies Record<string, FilterableList>;
export type QuickViewList = keyof typeof LISTS;

/** Every invoice status but voided: what the API returns when no `statuses` is given. */
const API_DEFAULT_STATUSES = INVOICE_STATUSES.filter((s) => s !== "VOIDED")
  .sort()
  .join();

/**
 * Invoice statuses that say what the API does anyway, left out: once another filter is
 * set the list no longer opens on Issued, so "All" with a customer is the customer alone.
 */
function withoutApiDefault(list: FilterableList, values: Record<string, unknown>) {
  const statuses = values.statuses;
  const isDefault =
    list === (invoiceList as FilterableList) &&
    Array.isArray(statuses) &&
    [...statuses].sort().join() === API_DEFAULT_STATUSES;
  return isDefault ? { ...values, statuses: null } : values;
}

/**
 * A URL query's filters as the list writes them, by parameter: its order and display
 * choices aside, the filters it opens on where it holds none, and each filter's values
 * as a set (Expired and Cancelled picked in either order are one view).
 */
function filtersOf(list: FilterableList, query: string): Map<string, string> {
  const read = list.load(new URLSearchParams(query));
  const shown = withoutApiDefault(
    list,
    list.opensOnDefault(read) ? { ...read, ...list.opening } : read,
  );
  const values = Object.entries(shown).map(([key, value]) => [
    key,
    Array.isArray(value) ? [...value].sort() : value,
  ]);
  const written = list.apiQuery({ ...Object.fromEntries(values), orderBy: null });
  return new Map(new URLSearchParams(written));
}

/** The parameters the list's quick views set between them: what tells one view from another. */
function viewKeysOf(list: FilterableList, views: readonly QuickView[]): Set<string> {
  const keys = new Set(views.flatMap((view) => [...filtersOf(list, view.query).keys()]));
  // A date range is one filter: a view that sets one end owns the other (Overdue's due days).
  for (const field of list.fields)
    if (field.kind === "dateRange" && (keys.has(field.from) || keys.has(field.to)))
      for (const key of [field.from, field.to]) keys.add(key);
  return keys;
}

/**
 * The quick view a list's URL query shows: the one whose filters the URL holds, each
 * parameter any view sets as that view sets it (absent where it sets none). Filters no
 * view sets (a customer, a contract) narrow the view and keep it: "Unpaid" for
 * one customer is still "Unpaid". The order and the chosen columns may differ too
 * (reversing "Issued" is still "Issued"). Null once a filter a view sets is changed
 * by hand.
 */
export function currentQuickView(
  listName: QuickViewList,
  views: readonly QuickView[],
  query: string,
): string | null {
  const list: FilterableList = LISTS[listName];
  const here = filtersOf(list, query);
  const keys = viewKeysOf(list, views);
  const matches = (view: QuickView) => {
    const theirs = filtersOf(list, view.query);
    return [...keys].every((key) => here.get(key) === theirs.get(key));
  };
  return views.find(matches)?.id ?? null;
}

/**
 * A quick view's link from the list's URL query: the view with the filters no view
 * sets kept from the URL, so moving from "Unpaid" to "Overdue" keeps the customer
 * chosen; a chip's remove button or "Clear filters" drops them.
 */
export function quickViewHref(
  listName: QuickViewList,
  views: readonly QuickView[],
  view: QuickView,
  query: string,
): string {
  const list: FilterableList = LISTS[listName];
  const keys = viewKeysOf(list, views);
  const narrowing = Object.entries(list.load(new URLSearchParams(query))).filter(
    ([key, value]) => value !== null && !keys.has(key) && key !== "orderBy",
  );
  const written = narrowing.length
    ? list.apiQuery({
        ...withoutApiDefault(list, list.load(new URLSearchParams(view.query))),
        ...Object.fromEntries(narrowing),
      })
    : view.query;
  return written ? `/${listName}?${written}` : `/${listName}`;
}

/** What a customer's invoices show, on its page and in the Invoices list. */
export const CUSTOMER_INVOICE_CHOICES = ["issued", "unpaid", "all"] as const;
export type CustomerInvoicesShown = (typeof CUSTOMER_INVOICE_CHOICES)[number];

/**
 * The invoice list's filters of each choice: the Issued view's, the Unpaid view's, or
 * none (every status but voided; `voided` adds them).
 */
export function customerInvoiceFilters(shown: CustomerInvoicesShown, voided = false) {
  if (shown === "issued") return ISSUED_FILTERS;
  if (shown === "unpaid") return UNPAID_FILTERS;
  return voided ? { statuses: [...INVOICE_STATUSES] } : {};
}

/**
 * A customer's invoices in the Invoices list, the customer chosen in its Customers
 * filter: issued ones (the Issued view), those with something owed (Unpaid), or all.
 */
export function customerInvoicesHref(
  customerId: string,
  shown: CustomerInvoicesShown,
  options: { voided?: boolean; orderBy?: "issuedAt:ASC" | null } = {},
): string {
  const query = invoiceList.apiQuery({
    customerIds: [customerId],
    ...customerInvoiceFilters(shown, options.voided),
    orderBy: options.orderBy ?? null,
  });
  return `/invoices?${query}`;
}
